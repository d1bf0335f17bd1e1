# The Pet Store mock (`petstore-mock`, the default command) and the contract
# CLI (`petstore-contract`) in one image; docs/container.md shows its use.
# This file builds it from the sources (a checkout, or the repository's URL at
# a release's tag `v<version>`, which exists once `npm version` has made it);
# docs/container/Dockerfile, shipped in the npm package, builds the same image
# from the package.
#
#   docker build --tag petstore-mock-kit .    # from a checkout
#   docker build --tag petstore-mock-kit "https://github.com/petstore-mock-kit/petstore-mock-kit.git#v<version>"
#   docker run --rm --publish 127.0.0.1:4000:4000 petstore-mock-kit
#   docker run --rm petstore-mock-kit petstore-contract --help
#
# Needs BuildKit (`RUN --mount`): Docker Engine 23+ and Docker Desktop use it
# by default; on an older engine, DOCKER_BUILDKIT=1 or `docker buildx build`.
# Podman and Buildah build it as it is.
ARG BASE=node:24-slim

# 1. Install every dependency, build, and pack the kit exactly as npm would publish it.
FROM ${BASE} AS build
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /src
COPY package.json package-lock.json ./
# No install scripts: nothing is downloaded beside the registry's tarballs (the
# build waits for the sources below). npm's cache survives builds.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
  npm ci --prefer-offline --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && mkdir /pack && npm pack --ignore-scripts --pack-destination /pack

# 2. The packed kit and its production dependencies, at the versions of package-lock.json.
FROM ${BASE} AS kit
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /kit
COPY --from=build /pack/ /pack/
COPY --from=build /src/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
  tar -xzf /pack/petstore-mock-kit-*.tgz --strip-components=1 \
  && npm ci --prefer-offline --omit=dev --omit=peer --ignore-scripts --no-audit --no-fund \
  && rm package-lock.json \
  && chmod 755 dist/mocks/server/cli.js dist/contract-tests/cli/cli.js

# 3. The runtime: node, the kit, a non-root user, a volume for the state file.
FROM ${BASE}
COPY --from=kit /kit /usr/local/lib/node_modules/petstore-mock-kit
RUN ln -s ../lib/node_modules/petstore-mock-kit/dist/mocks/server/cli.js /usr/local/bin/petstore-mock \
  && ln -s ../lib/node_modules/petstore-mock-kit/dist/contract-tests/cli/cli.js /usr/local/bin/petstore-contract

# From here on, the same runtime as docs/container/Dockerfile (scripts/container/dockerfiles.test.ts holds them equal).
ENV NODE_ENV=production \
    PETSTORE_STATE_FILE=/data/state.json
RUN chmod 755 /usr/local/lib/node_modules/petstore-mock-kit/docs/container/entrypoint.sh \
  && ln -s ../lib/node_modules/petstore-mock-kit/docs/container/entrypoint.sh /usr/local/bin/petstore-entrypoint \
  && mkdir -p /data \
  && chown node:node /data
USER node
EXPOSE 4000
VOLUME /data
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 4000}/__mock/health`, { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["petstore-entrypoint"]
CMD ["petstore-mock"]
