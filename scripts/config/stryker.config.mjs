// Mutation testing (`npm run mutation`): StrykerJS with the vitest runner over
// the modules whose every line a user relies on. Incremental: a re-run only
// tests mutants in code (or tests) changed since the last run's report.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // Not `related`: each mutant runs the tests that covered it anyway, and vitest
  // would walk the import graph of every test file again for each one.
  vitest: { configFile: "scripts/config/vitest.mutation.config.ts", related: false },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "mocks/core/*.ts",
    "mocks/store/store.ts",
    "mocks/store/state.ts",
    "mocks/server/listener.ts",
    "mocks/admin/admin.ts",
    "mocks/server/state-file.ts",
    "mocks/playwright/route.ts",
    "mocks/runtime/msw.ts",
    "mocks/runtime/msw-adapter.ts",
    "mocks/runtime/intercept.ts",
    "mocks/interface/*.ts",
    "contract-tests/suite/*.ts",
    "!**/*.test.ts",
    "!**/*.test-d.ts",
    // Caches only save time: a mutant that makes one keep less, or nothing,
    // answers the same. Each has its own test that it changes no answer.
    "!mocks/core/query-cache.ts",
    "!mocks/core/list-cache.ts",
    "!mocks/core/serialize.ts",
    "!mocks/store/id-index.ts",
    "!mocks/store/seed-cache.ts",
  ],
  coverageAnalysis: "perTest",
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  // Mutants in module-level code (tables, constants) would each rerun every
  // test: Stryker counts them as ignored instead.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 5000,
  dryRunTimeoutMinutes: 10,
  thresholds: { high: 90, low: 80, break: null },
};
