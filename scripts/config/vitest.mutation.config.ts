/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the unit
 * project (scripts/config/vitest.config.ts says which files that is), in one
 * worker. The modules stay loaded between test files (`isolate: false`):
 * Stryker switches mutants at run time, and each test builds its own mock, so
 * nothing leaks; it cuts Stryker's cost per mutant by half. The node and
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
    isolate: false,
    reporters: ["default"],
  },
});
