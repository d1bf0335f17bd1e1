/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the unit
 * project (scripts/config/vitest.config.ts says which files that is), in one
 * worker. Each test file gets fresh modules (`isolate: true`): with them
 * kept between files, state that outlives a file (pactum's reporters, a
 * collections chunk already loaded, msw's interceptors) failed tests of later
 * files, and which ones depended on the order; fresh modules cost the unit
 * project no more time (101 s against 104 s, 2026-12-08). The node and
 * browser projects run their code in another process, which a mutant of the
 * sources never reaches. The repository's own tooling tests (`scripts/`) are
 * left out: they read the sources as text, and Stryker's sources are
 * instrumented (a mutated `state.ts` looks like a table to
 * development-paths.test.ts).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { projectFiles, testSettings } from "./vitest.config.js";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    ...testSettings,
    include: [...projectFiles.unit.include],
    exclude: [...projectFiles.unit.exclude, "scripts/**"],
    isolate: true,
    reporters: ["default"],
  },
});
