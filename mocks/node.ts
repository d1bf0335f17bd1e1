/**
 * `petstore-mock-kit/node`: a ready msw server with its own store, for test setups.
 *
 * @example
 * const petstore = await setupPetstore({ seed: 7 });
 * beforeAll(() => petstore.listen());
 * afterEach(() => petstore.reset());
 * afterAll(() => petstore.close());
 */
import { type SetupServer, type SetupServerApi, setupServer } from "msw/node";
import type { PetstoreOptions } from "./setup-options.js";
import { createPetstoreParts, type PetstoreParts } from "./setup-parts.js";

export interface Petstore extends PetstoreParts {
  /** The underlying msw server (for `use`, events, ...). */
  readonly server: SetupServer;
  /** Starts intercepting; unhandled requests are errors unless you say otherwise. */
  listen(options?: Parameters<SetupServerApi["listen"]>[0]): void;
  /**
   * Removes runtime handlers added with `server.use`, restores the seeded
   * store and the start-up faults, and empties the journal.
   */
  reset(): Promise<void>;
  close(): void;
}

export async function setupPetstore(options: PetstoreOptions = {}): Promise<Petstore> {
  const { restore, ...parts } = await createPetstoreParts(options);
  const server = setupServer(...parts.handlers);
  return {
    ...parts,
    server,
    listen: (listenOptions) => server.listen({ onUnhandledRequest: "error", ...listenOptions }),
    async reset() {
      server.resetHandlers();
      await restore();
    },
    close: () => server.close(),
  };
}

export type { Fault, FaultInput, FaultPreset } from "./core/faults.js";
export { faultPresetNames } from "./core/faults.js";
export type { JournalEntry, Problem } from "./core/journal.js";
export { type PetstoreOptions, seedOptionsOf } from "./setup-options.js";
export type { PetstoreStore, SeedOptions } from "./store.js";
export type * from "./types.js";
