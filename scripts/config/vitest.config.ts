/**
 * The test projects, chosen by a test file's suffix alone:
 * - `name.test.ts` (unit): the sources in this process, nothing built: no
 *   child running the code under test, no browser. Loopback sockets are fine.
 *   `npm run mutation` runs exactly these.
 * - `name.node.test.ts` (node): the code under test runs outside this process
 *   (the built `dist/`, the CLI, Prism, Biome, Pact's native core), or the
 *   test proves a bound with seconds of load.
 * - `name.browser.test.ts` (browser): Chromium drives a page.
 * - `name.gate.test.ts` (gate): proofs of the regression gate's floors,
 *   minutes of valgrind: they run only when asked
 *   (`PETSTORE_GATE_PROOF=1 … --project gate`), as `.ci/run` does after
 *   the gate.
 * `npm test -- --project browser` runs one project.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const roots = "{mocks,fixtures,contract-tests,scripts,examples}";
const ignored = ["**/node_modules/**", "**/dist/**"];

/** Each project's files: its suffix, and for the unit project every other suffix left out. */
export const projectFiles = {
  unit: {
    include: [`${roots}/**/*.test.ts`],
    exclude: [...ignored, "**/*.node.test.ts", "**/*.browser.test.ts", "**/*.gate.test.ts"],
  },
  node: { include: [`${roots}/**/*.node.test.ts`], exclude: ignored },
  browser: { include: [`${roots}/**/*.browser.test.ts`], exclude: ignored },
} as const;

const gateProof = { include: [`${roots}/**/*.gate.test.ts`], exclude: ignored } as const;
const projects =
  process.env.PETSTORE_GATE_PROOF === "1" ? { ...projectFiles, gate: gateProof } : projectFiles;

export const testSettings = {
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    ...testSettings,
    reporters: process.env.CI ? ["default", "junit"] : ["default"],
    outputFile: { junit: "test-results/junit.xml" },
    projects: Object.entries(projects).map(([name, files]) => ({
      extends: true,
      test: { name, include: [...files.include], exclude: [...files.exclude] },
    })),
  },
});
