#!/usr/bin/env -S node --max-semi-space-size=4
/**
 * `petstore-mock` (and `npm start`): the bin only wires `process` to
 * `main` (./run.ts), which runs the standalone mock until SIGINT or SIGTERM.
 *
 * Node runs it with V8's young generation held to 4 MiB semi-spaces (the
 * line above; `npm start` passes the same flags, a test holds them equal).
 * Under steady load the journal's last entries survive every scavenge, and
 * V8 then grows the semi-spaces up to 64 MiB: each new object lands on
 * memory no cache holds, and a list cost 2–10 % more CPU (docs/benchmarks.md,
 * issue 45's sixth look).
 *
 * `npm run build` bundles this file with its imports into one module
 * (`postbuild`, esbuild), so start-up loads one file instead of the hundreds
 * the dependencies spread over; the core inside is the same code.
 */
import { main } from "./run.js";

const code = await main(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  onStop(listener) {
    process.on("SIGINT", listener);
    process.on("SIGTERM", listener);
  },
});
// Help and version end here; a server keeps the process alive until it has stopped.
process.exit(code);
