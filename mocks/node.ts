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
import { type SetupServer, type SetupServerApi, setupServer } from "msw/node";
import type { Latency } from "./core/latency.js";
import { createPetstoreHandlers } from "./msw.js";
import type { PetstoreStore, SeedOptions } from "./store.js";
import { createPetstoreStore } from "./store.js";

export interface PetstoreOptions {
  /** Accepted bearer keys; default `["petstore-dev-key"]`. */
  apiKeys?: readonly string[];
  /** Faker seed of the store; default 42. */
  seed?: number;
  /** How many records to seed; default 5 categories and 50 pets. */
  counts?: { pets?: number; categories?: number };
  /** The API base URL to intercept; default any origin, any path ending in `/v1`. */
  baseUrl?: string;
  /** Added delay before every answer, in ms or a `[min, max]` range; default none. */
  latency?: Latency;
}

export interface Petstore {
  /** The underlying msw server (for `use`, events, ...). */
  readonly server: SetupServer;
  /** The typed store behind the handlers: arrange and inspect records. */
  readonly store: PetstoreStore;
  /** The kit's handlers, for composing with your own msw setup. */
  readonly handlers: readonly RequestHandler[];
  /** Starts intercepting; unhandled requests are errors unless you say otherwise. */
  listen(options?: Parameters<SetupServerApi["listen"]>[0]): void;
  /** Removes runtime handlers added with `server.use` and restores the seeded store. */
  reset(): Promise<void>;
  close(): void;
}

/** Seed options from the public `seed`/`counts` shape. */
export function seedOptionsOf(options: Pick<PetstoreOptions, "seed" | "counts">): SeedOptions {
  return {
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...options.counts,
  };
}

export async function setupPetstore(options: PetstoreOptions = {}): Promise<Petstore> {
  const store = await createPetstoreStore(seedOptionsOf(options));
  const handlers = createPetstoreHandlers({ ...options, store });
  const server = setupServer(...handlers);
  return {
    server,
    store,
    handlers,
    listen: (listenOptions) => server.listen({ onUnhandledRequest: "error", ...listenOptions }),
    async reset() {
      server.resetHandlers();
      await store.reset();
    },
    close: () => server.close(),
  };
}

export type { PetstoreStore, SeedOptions } from "./store.js";
export type * from "./types.js";
