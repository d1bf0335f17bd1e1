/**
 * The Playwright suite of the fixture (`petstore-mock-kit/playwright`), driving
 * Debian's Chromium. `npm test` runs it through playwright-suite.test.ts; by
 * hand: `npx playwright test --config examples/playwright/playwright.config.ts`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import type { PetstoreTestOptions } from "petstore-mock-kit/playwright";

// Where the parallel tests meet (isolation.spec.ts); one folder per run, shared with the workers.
process.env.PETSTORE_RENDEZVOUS ??= mkdtempSync(join(tmpdir(), "petstore-rendezvous-"));

export default defineConfig<PetstoreTestOptions>({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "../../test-results/playwright",
  fullyParallel: true,
  workers: 2,
  // Generous: npm test runs this beside the other suites on a busy machine.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PETSTORE_PLAYWRIGHT_JSON
    ? [["json", { outputFile: process.env.PETSTORE_PLAYWRIGHT_JSON }]]
    : "list",
  use: {
    baseURL: "http://app.test",
    // Every test merges what its requests relied on into one consumer contract.
    petstoreOptions: {
      contract: {
        file:
          process.env.PETSTORE_CONTRACT_FILE ??
          fileURLToPath(
            new URL("../../test-results/pacts/pet-page-petstore.json", import.meta.url),
          ),
        consumer: "pet-page",
      },
    },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
});
