/**
 * The pactum example suite (`*.spec.ts`): `npm test` runs it through
 * pactum-suite.node.test.ts against the mock, another deployment and faulty
 * ones behind the proxy; by hand: `npx vitest run --config examples/pactum/vitest.config.ts`
 * (the kit's mock), with `PETSTORE_URL` and `PETSTORE_API_KEY` (a deployment),
 * or `PETSTORE_PROXY_TO` and `PETSTORE_PROXY_KEY` (through the proxy).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: { include: ["*.spec.ts"], maxWorkers: 1 },
});
