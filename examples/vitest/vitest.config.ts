/**
 * The example app's own tests (`*.spec.ts`), run with the kit's vitest
 * fixture: every test file's mock merges what its tests relied on into one
 * consumer contract (`PETSTORE_CONTRACT_FILE`, else `test-results/pacts/pet-app-petstore.json`).
 * `npm test` runs it through pact-verifier.node.test.ts; by hand:
 * `npx vitest run --config examples/vitest/vitest.config.ts`.
 */
import { fileURLToPath } from "node:url";
import type {} from "petstore-mock-kit/vitest"; // types provide.petstoreContract
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    include: ["*.spec.ts"],
    // Two files in two workers: both parts reach the one contract file.
    maxWorkers: 2,
    provide: {
      petstoreContract: {
        file:
          process.env.PETSTORE_CONTRACT_FILE ??
          fileURLToPath(new URL("../../test-results/pacts/pet-app-petstore.json", import.meta.url)),
        consumer: "pet-app",
      },
    },
  },
});
