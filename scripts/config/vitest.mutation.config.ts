/**
 * The tests Stryker runs against each mutant (`npm run mutation`): every Node
 * test that imports the sources, without the suites that only exercise a
 * built package or a browser (a mutant of the sources never reaches them).
 */
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        "**/node_modules/**",
        "**/dist/**",
        "**/*.browser.test.ts",
        "scripts/**",
        "mocks/robustness/soak.node.test.ts",
        "mocks/test-support/chromium.node.test.ts",
        "contract-tests/shipped-cli.test.ts",
        "contract-tests/prism-proxy.test.ts",
      ],
      reporters: ["default"],
    },
  }),
);
