/**
 * `petstore-mock-kit/vitest`: vitest's `test` with a `petstore` fixture. Each
 * test file gets one mock (msw/node, intercepting from its first test to its
 * last), and every test starts from it as start-up left it: the seeded store,
 * the start-up faults, an empty journal. No set-up lines.
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
import type { FaultRegistry } from "./core/faults.js";
import type { Journal } from "./core/journal.js";
import { setupPetstore } from "./node.js";
import type { PetstoreOptions } from "./options.js";
import type { PetstoreStore } from "./store.js";

/** What a test gets as `petstore`: the mock answering this file's requests. */
export interface PetstoreTestFixture {
  /** The typed store: arrange and inspect records. */
  readonly store: PetstoreStore;
  /** Faults to apply from now on: `add`, `list`, `remove`, `clear`, `preset`. */
  readonly faults: FaultRegistry;
  /** Every request the mock answered in this test: `all`, `forOperation`, `clear`. */
  readonly journal: Journal;
  /** The msw server, for `server.use(...)` handlers of your own (removed after the test). */
  readonly server: SetupServer;
  /** The options of this file's mock. */
  readonly options: Readonly<PetstoreOptions>;
  /** Back to start-up within a test; runs by itself after each one. */
  reset(): Promise<void>;
}

export interface PetstoreTestContext {
  /** The mock's options for this file: `test.override({ petstoreOptions: { seed: 7 } })`. */
  petstoreOptions: PetstoreOptions;
  /** The mock of this test; it answers whether or not the test names it. */
  petstore: PetstoreTestFixture;
}

export const test: TestAPI<PetstoreTestContext> = base
  .extend("petstoreOptions", { scope: "file" }, {} as PetstoreOptions)
  .extend("petstoreFile", { scope: "file" }, async ({ petstoreOptions }, { onCleanup }) => {
    const mock = await setupPetstore(petstoreOptions);
    mock.listen();
    onCleanup(() => mock.close());
    const { store, faults, journal, server } = mock;
    const fixture: PetstoreTestFixture = {
      store,
      faults,
      journal,
      server,
      options: petstoreOptions,
      reset: () => mock.reset(),
    };
    return fixture;
  })
  .extend("petstore", { auto: true }, ({ petstoreFile }, { onCleanup }) => {
    onCleanup(() => petstoreFile.reset());
    return petstoreFile;
  }) as unknown as TestAPI<PetstoreTestContext>;

export { expect } from "vitest";
export type { Fault, FaultInput, FaultPreset } from "./core/faults.js";
export { faultPresetNames } from "./core/faults.js";
export type { JournalEntry, Problem } from "./core/journal.js";
export type { PetstoreOptions } from "./options.js";
export type { PetstoreStore, SeedOptions } from "./store.js";
export type * from "./types.js";
