/**
 * `petstore-mock-kit/node`: a ready msw server with its own store, for test setups.
 *
 * @example
 * const petstore = await setupPetstore({ seed: 7 });
 * beforeAll(() => petstore.listen());
 * afterEach(() => petstore.reset());
 * afterAll(() => petstore.close());
 */
import type { RequestHandler } from "msw";
import { type SetupServer, setupServer } from "msw/node";
import { createPetstoreHandlers } from "./msw.js";
import { type PetstoreOptions, seedOptionsOf } from "./setup-options.js";
import type { PetstoreStore } from "./store.js";
import { createPetstoreStore } from "./store.js";
import { withUnhandledDefault } from "./unhandled.js";

/** `server.listen`'s options, as the installed msw major (2 or 3) defines them. */
export type PetstoreListenOptions = Parameters<SetupServer["listen"]>[0];

export interface Petstore {
  /** The underlying msw server (for `use`, events, ...). */
  readonly server: SetupServer;
  /** The typed store behind the handlers: arrange and inspect records. */
  readonly store: PetstoreStore;
  /** The kit's handlers, for composing with your own msw setup. */
  readonly handlers: readonly RequestHandler[];
  /**
   * Starts intercepting. Requests no handler matches are errors unless you say
   * otherwise (msw 2: `onUnhandledRequest`, msw 3: `onUnhandledFrame`).
   */
  listen(options?: PetstoreListenOptions): void;
  /** Removes runtime handlers added with `server.use` and restores the seeded store. */
  reset(): Promise<void>;
  close(): void;
}

export async function setupPetstore(options: PetstoreOptions = {}): Promise<Petstore> {
  const store = await createPetstoreStore(seedOptionsOf(options));
  const handlers = createPetstoreHandlers({ ...options, store });
  const server = setupServer(...handlers);
  return {
    server,
    store,
    handlers,
    listen: (listenOptions) => server.listen(withUnhandledDefault("error", listenOptions)),
    async reset() {
      server.resetHandlers();
      await store.reset();
    },
    close: () => server.close(),
  };
}

export { type PetstoreOptions, seedOptionsOf } from "./setup-options.js";
export type { PetstoreStore, SeedOptions } from "./store.js";
export type * from "./types.js";
