/**
 * Every option of the kit, in one place: the base every entry shares (msw
 * handlers, the node and browser setups, the standalone server, the CLI), the
 * server's and the browser worker's extras, their defaults, and the reading of
 * seed options from JSON (admin reset, state snapshots). Runtime-neutral.
 *
 * @example
 * const petstore = await setupPetstore({ seed: 7, counts: { pets: 10 }, preset: "flaky-writes" });
 */
import { defaultSeedOptions, resolveSeedOptions, type SeedOptions } from "../../fixtures/seed.js";
import { coreDefaults } from "../core/defaults.js";
import type { PetstoreCore } from "../core/exchange.js";
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

/** What a recording may hold: the recorder writes no more, `--replay` reads no more. */
export const recordingLimits = {
  /** The largest file. */
  maxBytes: 256 * 1024 * 1024,
  /** The longest line (one exchange); a longer exchange is not recorded. */
  maxLineBytes: 4 * 1024 * 1024,
  /** The most exchanges in one file. */
  maxExchanges: 10_000,
} as const;

/** Standing in front of a real deployment (`--proxy`); see docs/proxy.md. */
export interface ProxyOptions {
  /** The deployment's API base URL, including `/v1`; only paths below it are reachable. */
  url: string;
  /** The bearer key sent to the deployment (the client's credential never is); default none. */
  key?: string | undefined;
  /** `"mock"`: when the deployment gives no answer, the in-memory mock answers. Default: a 502. */
  fallback?: "mock" | undefined;
  /** Deadline of one whole answer, in ms; default 10,000. */
  timeoutMs?: number | undefined;
  /** The most of an answer body read, in bytes; default 1 MiB. */
  maxBodyBytes?: number | undefined;
}

/** Recording every exchange as JSON lines (`--record`); see docs/proxy.md. */
export interface RecordOptions {
  file: string;
  /** The file stops growing at this size (a log line says so); default 16 MiB. */
  maxBytes?: number | undefined;
}

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
  /**
   * Log the admin reads too (the CLI's `--log admin`): GET and HEAD under
   * `/__mock/`, i.e. the dashboard's page, files and polling and health
   * probes, and `/favicon.ico`. Default false: the log shows the API's
   * requests and the admin writes (reset, faults, state import).
   */
  logAdminReads?: boolean | undefined;
  /**
   * Requests at work at once; beyond them (and a few connections kept for the
   * admin endpoints) idle connections are closed to make room, and a 503
   * `too_many_connections` comes only when every connection is at work.
   * Default: from the process's descriptor limit, at most 10,000.
   */
  maxConnections?: number | undefined;
  /**
   * Origins whose pages may call the API besides the loopback ones (any port
   * of `localhost`, `127.0.0.1`, `[::1]`, always allowed), e.g.
   * `["http://192.168.1.20:5173"]`; `"*"` allows every origin. A page of any
   * other origin gets a 403 `cross_site_forbidden` and no CORS headers. A bad
   * origin rejects the start with a RangeError.
   */
  corsOrigins?: readonly string[] | undefined;
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
  /**
   * Forward every API request to a deployment and judge its answers by the
   * interface's rules (violations in the journal and the `petstore-violations`
   * header). Faults, latency and the store then act only on `fallback: "mock"`.
   */
  proxy?: ProxyOptions | undefined;
  /** Append every exchange (credentials removed) to a JSON-lines file: a path, or the file and its cap. */
  record?: string | RecordOptions | undefined;
  /**
   * Wraps the core.
   * @deprecated A test hook, not an option; it still works in 0.x. For faults
   * use `faults`/`preset`; to wrap the core, build your own runtime on `createPetstore`.
   */
  wrapHandler?: ((handle: PetstoreCore) => PetstoreCore) | undefined;
}

/** A bearer key is visible ASCII: no space, no control character, nothing a header cannot carry. */
const isBearerKey = (key: string) => /^[\x21-\x7e]+$/.test(key);

const integerIn = (value: number, minimum: number, maximum: number) =>
  Number.isSafeInteger(value) && value >= minimum && value <= maximum;

/**
 * Validated proxy options with their defaults: `url` an http(s) base without
 * query, fragment or credentials (no trailing slash kept). Throws a RangeError
 * naming the option.
 */
export function resolveProxyOptions(
  options: ProxyOptions,
): Required<Omit<ProxyOptions, "key" | "fallback">> & Pick<ProxyOptions, "key" | "fallback"> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new RangeError(
      `proxy URL must be an absolute http(s) URL such as https://staging.example.com/v1`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new RangeError(`proxy URL must use http or https, got ${url.protocol.slice(0, 20)}`);
  }
  if (url.search || url.hash) throw new RangeError("proxy URL must not carry a query or fragment");
  if (url.username || url.password) {
    throw new RangeError("proxy URL must not carry credentials; give the key as the proxy key");
  }
  if (options.key !== undefined && !isBearerKey(options.key)) {
    throw new RangeError("proxy key must be printable ASCII without spaces");
  }
  if (options.fallback !== undefined && options.fallback !== "mock") {
    throw new RangeError(
      `proxy fallback must be "mock", got ${JSON.stringify(options.fallback).slice(0, 40)}`,
    );
  }
  const timeoutMs = options.timeoutMs ?? defaults.proxyTimeoutMs;
  if (!integerIn(timeoutMs, 1, 120_000)) {
    throw new RangeError(`proxy timeoutMs must be an integer from 1 to 120000, got ${timeoutMs}`);
  }
  const maxBodyBytes = options.maxBodyBytes ?? defaults.proxyMaxBodyBytes;
  if (!integerIn(maxBodyBytes, 1, 64 * 1024 * 1024)) {
    throw new RangeError(
      `proxy maxBodyBytes must be an integer from 1 to ${64 * 1024 * 1024}, got ${maxBodyBytes}`,
    );
  }
  return {
    url: url.href.replace(/\/+$/, ""),
    key: options.key,
    fallback: options.fallback,
    timeoutMs,
    maxBodyBytes,
  };
}

/** Validated record options with their defaults. Throws a RangeError naming the option. */
export function resolveRecordOptions(options: string | RecordOptions): Required<RecordOptions> {
  const { file, maxBytes = defaults.recordMaxBytes } =
    typeof options === "string" ? { file: options } : options;
  if (file.trim() === "") throw new RangeError("record file must not be empty");
  if (!integerIn(maxBytes, 1, recordingLimits.maxBytes)) {
    throw new RangeError(
      `record maxBytes must be an integer from 1 to ${recordingLimits.maxBytes}, got ${maxBytes}`,
    );
  }
  return { file, maxBytes };
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
