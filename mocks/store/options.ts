/**
 * The options every entry shares (msw handlers, the node and browser setups,
 * the standalone server, the CLI), the browser worker's extras, every default
 * of the kit's options, and the reading of seed options from JSON (admin
 * reset, state snapshots). Runtime-neutral; the standalone server's own
 * options are in `mocks/server/options.ts`.
 *
 * @example
 * const petstore = await setupPetstore({ seed: 7, counts: { pets: 10 }, preset: "flaky-writes" });
 */
import { defaultSeedOptions, resolveSeedOptions, type SeedOptions } from "../../fixtures/seed.js";
import { coreDefaults } from "../core/defaults.js";
import type { CoreOptions } from "../core/options.js";

export { defaultApiKey } from "../core/defaults.js";
export type { SeedOptions };

/** Every default of the kit's options, where an option leaves a value out. */
export const defaults = {
  ...coreDefaults,
  seed: defaultSeedOptions.seed,
  counts: { pets: defaultSeedOptions.pets, categories: defaultSeedOptions.categories },
  port: 4000,
  host: "127.0.0.1",
  /** Behind `--proxy`: the deadline of one whole answer from the deployment, in ms. */
  proxyTimeoutMs: 10_000,
  /** Behind `--proxy`: the most of an answer body read from the deployment (the contract suite's cap). */
  proxyMaxBodyBytes: 1024 * 1024,
  /** `--record`: the recording file stops growing at this size. */
  recordMaxBytes: 16 * 1024 * 1024,
} as const;

/**
 * The consumer contract: what the app's requests relied on, as a Pact v4 file
 * (docs/testing.md, "A consumer contract from your tests").
 */
export interface ContractOptions {
  /** The consumer's name (your app), Pact's `consumer.name`; default `petstore-consumer`. */
  consumer?: string | undefined;
  /** The provider's name, Pact's `provider.name`; default `petstore`. */
  provider?: string | undefined;
  /**
   * Node runtimes (`setupPetstore`, the vitest and Playwright fixtures, the
   * server): when the mock closes, its contract is merged into this file
   * (created with its folder; mode 0600). Not in a browser.
   */
  file?: string | undefined;
}

/** The options every entry takes: the core's (keys, latency, caps, faults, journal) and the seed. */
export interface PetstoreBaseOptions extends CoreOptions {
  /** Faker seed of the store; default 42. */
  seed?: number | undefined;
  /** How many records to seed; default 5 categories and 50 pets. */
  counts?: { pets?: number | undefined; categories?: number | undefined } | undefined;
  /** Names the consumer contract (`contract()`) and, in Node, the file it is written to. */
  contract?: ContractOptions | undefined;
}

/** The msw setups' options (`petstore-mock-kit/node`, `/browser`). */
export interface PetstoreOptions extends PetstoreBaseOptions {
  /** The API base URL to intercept; default any origin, any path ending in `/v1`. */
  baseUrl?: string | undefined;
}

/** Where the browser worker keeps its data across reloads. */
export type PersistMode = "session" | "local";

/** `setupPetstoreWorker`'s options: the msw setups' plus the page's own. */
export interface PetstoreWorkerOptions extends PetstoreOptions {
  /**
   * Read a preset from the page: the URL query parameter `petstore-preset`
   * (e.g. `?petstore-preset=server-down`), else the `localStorage` key
   * `petstore-preset`. Default true; an explicit `preset` option wins.
   */
  presetFromPage?: boolean | undefined;
  /**
   * Keep the data across reloads: `"session"` in sessionStorage (this tab),
   * `"local"` in localStorage (every tab of the origin). Off by default.
   */
  persist?: PersistMode | undefined;
}

/** The store's seed options from the public `seed`/`counts` shape. */
export function seedOptionsOf(options: Pick<PetstoreBaseOptions, "seed" | "counts">): SeedOptions {
  const seedOptions: SeedOptions = {};
  if (options.seed !== undefined) seedOptions.seed = options.seed;
  if (options.counts?.pets !== undefined) seedOptions.pets = options.counts.pets;
  if (options.counts?.categories !== undefined) seedOptions.categories = options.counts.categories;
  return seedOptions;
}

interface SeedJsonContext {
  /** What the object is, for the message when it is not one, e.g. `The reset body`. */
  readonly name: string;
  /** Put before a field's name in messages, e.g. `seedOptions.`. */
  readonly fieldPrefix?: string;
  /** Every field required. */
  readonly complete?: boolean;
}

const seedFields = ["seed", "pets", "categories"] as const satisfies readonly (keyof SeedOptions)[];

/**
 * Seed options from JSON (a reset body, a snapshot): an object of non-negative
 * integers `seed`, `pets`, `categories`, all of them when `complete`. Throws a
 * RangeError naming the object (`name`) or the field (after `fieldPrefix`).
 */
export function seedOptionsFromJson(
  value: unknown,
  { name, fieldPrefix: prefix = "", complete = false }: SeedJsonContext,
): SeedOptions {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RangeError(`${name} must be a JSON object such as {"seed": 7}`);
  }
  const options: SeedOptions = {};
  for (const [name, field] of Object.entries(value)) {
    if (!(seedFields as readonly string[]).includes(name)) {
      throw new RangeError(
        `Unknown field "${prefix}${name.slice(0, 40)}"; accepted: ${seedFields.join(", ")}`,
      );
    }
    if (typeof field !== "number" || !Number.isSafeInteger(field) || field < 0) {
      throw new RangeError(
        `${prefix}${name} must be a non-negative integer, got ${JSON.stringify(field)?.slice(0, 40)}`,
      );
    }
    options[name as (typeof seedFields)[number]] = field;
  }
  const missing = complete ? seedFields.find((name) => !(name in options)) : undefined;
  if (missing) throw new RangeError(`${prefix}${missing} is missing`);
  resolveSeedOptions(options);
  return options;
}
