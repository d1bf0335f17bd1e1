/**
 * One behaviour profile for every test file: `provide.petstoreBehaviourFile`
 * names it once, and each file's mock (`petstore-mock-kit/vitest`) answers by
 * it. profile.node.test.ts runs it; by hand, after `npm run build`:
 * `npx vitest run --config examples/vitest/profile/vitest.config.ts`.
 */
import { fileURLToPath } from "node:url";
import type {} from "petstore-mock-kit/vitest"; // types provide.petstoreBehaviourFile
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    include: ["*.spec.ts"],
    // Two files in two workers: the one profile reaches both.
    maxWorkers: 2,
    provide: {
      petstoreBehaviourFile: fileURLToPath(new URL("staging.behaviour.json", import.meta.url)),
    },
  },
});
