/**
 * Every option of the kit, in one place: the base every entry shares (msw
 * handlers, the node and browser setups, the standalone server, the CLI), the
 * server's and the browser worker's extras, their defaults, and the reading of
 * seed options from JSON (admin reset, state snapshots). Runtime-neutral.
 *
 * @example
 * const petstore = await setupPetstore({ seed: 7, counts: { pets: 10 }, preset: "flaky" });
 */
import { defaultSeedOptions, resolveSeedOptions, type SeedOptions } from "../fixtures/seed.js";
import type { FaultInput, FaultPreset } from "./core/faults.js";
import type { Latency } from "./core/latency.js";
import type { PetstoreCore } from "./core/petstore-core.js";

export type { SeedOptions };

/** The bearer key accepted when none is configured. It is public: the banner prints it. */
export const defaultApiKey = "petstore-dev-key";

/** Every default, where the options below leave a value out. */
export const defaults = {
  apiKeys: [defaultApiKey] as readonly string[],
  seed: defaultSeedOptions.seed,
  counts: { pets: defaultSeedOptions.pets, categories: defaultSeedOptions.categories },
  maxPets: 10_000,
  maxCategories: 1_000,
  journalSize: 1_000,
  port: 4000,
  host: "127.0.0.1",
  maxConnections: 128,
} as const;

/** The options every entry takes. */
export interface PetstoreBaseOptions {
  /** Accepted bearer keys; default `["petstore-dev-key"]`. */
  apiKeys?: readonly string[] | undefined;
  /** Faker seed of the store; default 42. */
  seed?: number | undefined;
  /** How many records to seed; default 5 categories and 50 pets. */
  counts?: { pets?: number | undefined; categories?: number | undefined } | undefined;
  /** Added delay before every answer, in ms or a `[min, max]` range; default none. */
  latency?: Latency | undefined;
  /** At most this many pets are stored; creates beyond get a 409 `store_full`. Default 10,000. */
  maxPets?: number | undefined;
  /** At most this many categories are stored; default 1,000. */
  maxCategories?: number | undefined;
  /** Faults active from the start and again after every reset. */
  faults?: readonly FaultInput[] | undefined;
  /** A named fault preset active from the start and again after every reset. */
  preset?: FaultPreset | undefined;
  /** Requests the journal keeps (the oldest go first); default 1,000. */
  journalSize?: number | undefined;
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

/** `startPetstoreServer`'s options: the base plus the standalone server's own. */
export interface PetstoreServerOptions extends PetstoreBaseOptions {
  /** TCP port; default 4000; 0 picks a free one. */
  port?: number | undefined;
  /** Address to bind; default `127.0.0.1`. */
  host?: string | undefined;
  /** Where request log lines go; giving it turns the log on. Default stdout when `quiet: false`. */
  log?: ((line: string) => void) | undefined;
  /** No request log. Default true, unless `log` is given (the CLI logs unless `--quiet`). */
  quiet?: boolean | undefined;
  /** Open connections beyond this many get a 503 `too_many_connections`; default 128. */
  maxConnections?: number | undefined;
  /**
   * The key the admin endpoints (`/__mock/...`) want as a Bearer token. Without
   * one they are open on loopback and refused (403) on any other address.
   */
  adminKey?: string | undefined;
  /**
   * Keeps the store in this JSON file: loaded at start when it exists (its
   * records and seed options win over `seed`/`counts`), else seeded and
   * created; rewritten soon after every change and on `close()`. A damaged or
   * incompatible file rejects the start with `StateFileError`.
   */
  stateFile?: string | undefined;
  /** Wraps the core, e.g. to inject faults in tests. */
  wrapHandler?: ((handle: PetstoreCore) => PetstoreCore) | undefined;
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
  { name, fieldPrefix = "", complete = false }: SeedJsonContext,
): SeedOptions {
  const prefix = fieldPrefix;
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

/** Whether the server logs requests: `quiet` decides when given, else a given `log` turns it on. */
export const logsRequests = (options: Pick<PetstoreServerOptions, "log" | "quiet">): boolean =>
  options.quiet === undefined ? options.log !== undefined : !options.quiet;
