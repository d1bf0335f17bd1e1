/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the
 * in-process tests of the mutated modules, about half a minute in one worker. The
 * modules stay loaded between test files (`isolate: false`): Stryker switches
 * mutants at run time, and each test builds its own mock, so nothing leaks;
 * it cuts Stryker's cost per mutant by half.
 * Left out: suites that run the compiled CLI or build `dist/` first (a mutant
 * of the sources never reaches a child process), browser suites, and the
 * long robustness, load and hostile-deployment suites, which prove bounds
 * of time and descriptors rather than the modules' answers.
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

// Spread, not mergeConfig: that would add these lists to the base's.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "mocks/*.test.ts",
      "mocks/core/*.test.ts",
      "mocks/server/*.test.ts",
      "mocks/robustness/security.node.test.ts",
      "mocks/robustness/control-plane.node.test.ts",
      "mocks/robustness/msw-malformed-url.node.test.ts",
      "contract-tests/*.test.ts",
      "contract-tests/fuzz/agreement.test.ts",
    ],
    exclude: [
      "**/node_modules/**",
      "**/dist/**",
      "**/*.browser.test.ts",
      // They build dist/ and run the compiled CLI.
      "mocks/server/cli.node.test.ts",
      "mocks/server/cli-faults.node.test.ts",
      "mocks/server/state-file.node.test.ts",
      "contract-tests/cli.test.ts",
      "contract-tests/shipped-cli.test.ts",
      "contract-tests/prism-proxy.test.ts",
      // Bounds of the HTTP layer and the fuzzer, seconds each.
      "contract-tests/hostile-deployments.test.ts",
      "contract-tests/fuzz-proof.test.ts",
      "contract-tests/http.test.ts",
      // Formats with Biome in a child process.
      "contract-tests/rules.test.ts",
    ],
    isolate: false,
    reporters: ["default"],
  },
});
