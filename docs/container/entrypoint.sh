#!/bin/sh
# The image's entrypoint. With no command, or flags only, it runs
# `petstore-mock` bound to 0.0.0.0 (every interface of the container, so a
# published port reaches it; a later --host still wins). Any other command runs
# as given: `petstore-contract --url ...`, `petstore-mock --help`, `sh`.
# `exec` keeps node as PID 1, where it receives SIGTERM from `docker stop`.
set -e
case "${1:-}" in
  "" | -*) set -- petstore-mock "$@" ;;
esac
if [ "$1" = petstore-mock ]; then
  shift
  set -- petstore-mock --host 0.0.0.0 "$@"
fi
exec "$@"
