/**
 * The options shared by the one-call setups (`petstore-mock-kit/node` and
 * `petstore-mock-kit/browser`) and their mapping onto the store's seed options.
 * Runtime-neutral: nothing here imports Node or browser APIs.
 */
import type { FaultInput, FaultPreset } from "./core/faults.js";
import type { Latency } from "./core/latency.js";
import type { SeedOptions } from "./store.js";

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
  /** At most this many pets are stored; creates beyond get a 409 `store_full`. Default 10,000. */
  maxPets?: number;
  /** At most this many categories are stored; default 1,000. */
  maxCategories?: number;
  /** Faults active from the start and again after every `reset()`. */
  faults?: readonly FaultInput[];
  /** A named fault preset active from the start and again after every `reset()`. */
  preset?: FaultPreset;
  /** Requests the journal keeps (the oldest go first); default 1,000. */
  journalSize?: number;
}

/** Seed options from the public `seed`/`counts` shape. */
export function seedOptionsOf(options: Pick<PetstoreOptions, "seed" | "counts">): SeedOptions {
  return {
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...options.counts,
  };
}
