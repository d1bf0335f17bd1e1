#!/usr/bin/env node
/**
 * `petstore-mock` (and `npm start`): the bin only wires `process` to
 * `main` (./run.ts), which runs the standalone mock until SIGINT or SIGTERM.
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
