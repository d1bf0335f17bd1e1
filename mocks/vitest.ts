/**
 * `petstore-mock-kit/vitest`: vitest's `test` with a `petstore` fixture. Each
 * test file gets one mock (msw/node, intercepting from its first test to its
 * last), and every test starts from it as start-up left it: the seeded store,
 * the start-up faults, an empty journal. No set-up lines. With
 * `provide: { petstoreContract: { file } }` in the vitest config, every file's
 * mock merges what its tests relied on into that consumer contract file; with
 * `provide: { petstoreBehaviourFile: "petstore.behaviour.json" }` (or
 * `PETSTORE_BEHAVIOUR_FILE`), every file's mock answers by that profile.
 *
 * @example
 * import { expect, test } from "petstore-mock-kit/vitest";
 *
 * test.override({ petstoreOptions: { seed: 7 } }); // optional, once per file
 *
 * test("shows a failed save", async ({ petstore }) => {
 *   petstore.faults.add({ operation: "createPet", status: 503, times: 1 });
 *   // ... call your code ...
 *   expect(petstore.journal.forOperation("createPet")[0]?.status).toBe(503);
 * });
 */
import type { SetupServer } from "msw/node";
import { test as base, type TestAPI } from "vitest";
import { setupPetstore } from "./node.js";
import type { PetstoreTestMock } from "./runtime/lifecycle.js";
import type { PetstoreNodeOptions } from "./server/options.js";
import type { ContractOptions } from "./store/options.js";

/** What a test gets as `petstore`: the mock answering this file's requests. */
export interface PetstoreTestFixture extends PetstoreTestMock {
  /** The msw server, for `server.use(...)` handlers of your own (removed after the test). */
  readonly server: SetupServer;
}

export interface PetstoreTestContext {
  /** The mock's options for this file: `test.override({ petstoreOptions: { seed: 7 } })`. */
  petstoreOptions: PetstoreNodeOptions;
  /**
   * The consumer contract of every file, from the vitest config:
   * `test: { provide: { petstoreContract: { file: "pacts/web-petstore.json", consumer: "web" } } }`.
   * A file's `petstoreOptions.contract` wins over it.
   */
  petstoreContract: ContractOptions | null;
  /**
   * The behaviour profile file of every file, from the vitest config:
   * `test: { provide: { petstoreBehaviourFile: "petstore.behaviour.json" } }`
   * (relative to where vitest runs; `""`, the default, names none). It wins
   * over `PETSTORE_BEHAVIOUR_FILE`; a file's `petstoreOptions.behaviour` or
   * `behaviourFile` wins over it.
   */
  petstoreBehaviourFile: string;
  /** The mock of this test; it answers whether or not the test names it. */
  petstore: PetstoreTestFixture;
}

declare module "vitest" {
  interface ProvidedContext {
    /** `petstore-mock-kit/vitest`: the consumer contract every test file's mock writes to. */
    petstoreContract?: ContractOptions;
    /** `petstore-mock-kit/vitest`: the behaviour profile file every test file's mock answers by. */
    petstoreBehaviourFile?: string;
  }
}

export const test: TestAPI<PetstoreTestContext> = base
  .extend("petstoreOptions", { scope: "file" }, {} as PetstoreNodeOptions)
  // Not `undefined`: vitest gives a fixture declared with an undefined value `{}`.
  .extend("petstoreContract", { scope: "file", injected: true }, null as ContractOptions | null)
  .extend("petstoreBehaviourFile", { scope: "file", injected: true }, "")
  .extend(
    "petstoreFile",
    { scope: "file" },
    async ({ petstoreOptions, petstoreContract, petstoreBehaviourFile }, { onCleanup }) => {
      const contract = petstoreOptions.contract ?? petstoreContract;
      // The file's own profile wins; "" (nothing provided) names no file.
      const ownProfile =
        petstoreOptions.behaviour !== undefined || petstoreOptions.behaviourFile !== undefined;
      const mock = await setupPetstore({
        ...petstoreOptions,
        ...(contract ? { contract } : {}),
        ...(ownProfile || petstoreBehaviourFile === ""
          ? {}
          : { behaviourFile: petstoreBehaviourFile }),
      });
      mock.listen();
      onCleanup(() => mock.close());
      const { store, faults, journal, server } = mock;
      return {
        store,
        faults,
        journal,
        server,
        options: petstoreOptions,
        reset: () => mock.reset(),
        contract: () => mock.contract(),
      } satisfies PetstoreTestFixture;
    },
  )
  .extend("petstore", { auto: true }, ({ petstoreFile }, { onCleanup }) => {
    onCleanup(() => petstoreFile.reset());
    return petstoreFile;
  }) as unknown as TestAPI<PetstoreTestContext>;

export { expect } from "vitest";
export * from "./runtime/entry-exports.js";
