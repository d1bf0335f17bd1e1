/**
 * The standalone server's options: `startPetstoreServer`'s own beside the
 * base every entry shares (`mocks/store/options.ts`), standing in front of a
 * deployment (`proxy`) and recording (`record`), with their validation.
 */
import { type PublicOptions, publicBaseOptions } from "../admin/dashboard.js";
import type { PetstoreCore } from "../core/exchange.js";
import { baseUrlProblem } from "../interface/base-url.js";
import { defaults, type PetstoreBaseOptions, type PetstoreOptions } from "../store/options.js";

/** What a recording may hold: the recorder writes no more, `--replay` reads no more. */
export const recordingLimits = {
  /** The largest file. */
  maxBytes: 256 * 1024 * 1024,
  /** The longest line (one exchange); a longer exchange is not recorded. */
  maxLineBytes: 4 * 1024 * 1024,
  /** The most exchanges in one file. */
  maxExchanges: 10_000,
} as const;

/** The Node entries' options (`setupPetstore`, the vitest and Playwright fixtures): the msw setups' and a profile file. */
export interface PetstoreNodeOptions extends PetstoreOptions {
  /**
   * A behaviour profile file (JSON; docs/behaviour.md, "Choices and
   * profiles"), read at set-up; default the file `PETSTORE_BEHAVIOUR_FILE`
   * names, unless `behaviour` is given. Not with `behaviour`. A missing,
   * oversized or invalid file rejects the set-up with `BehaviourProfileError`,
   * naming the file and what is wrong.
   */
  behaviourFile?: string | undefined;
}

/** Standing in front of a real deployment (`--proxy`); see docs/proxy.md. */
export interface ProxyOptions {
  /** The deployment's API base URL, including `/v1`; only paths below it are reachable. */
  url: string;
  /** The bearer key sent to the deployment (the client's credential never is); default none. */
  key?: string | undefined;
  /** `"mock"`: when the deployment gives no usable answer (unreachable, too slow, too large, broken, a redirect), the in-memory mock answers. Default: a 502. */
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
   * A behaviour profile file (JSON; docs/behaviour.md, "Choices and
   * profiles"), read at start like `behaviour` given in code (not both). A
   * missing, oversized or invalid file rejects the start with
   * `BehaviourProfileError`, naming the file and the bad choice or alternative.
   */
  behaviourFile?: string | undefined;
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

/** `value` when it is an integer from 1 to `maximum`, else a RangeError naming the option. */
function positive(name: string, value: number, maximum: number): number {
  if (Number.isSafeInteger(value) && value >= 1 && value <= maximum) return value;
  throw new RangeError(`${name} must be an integer from 1 to ${maximum}, got ${value}`);
}

/**
 * Validated proxy options with their defaults: `url` an http(s) base without
 * query, fragment or credentials (no trailing slash kept). Throws a RangeError
 * naming the option.
 */
export function resolveProxyOptions(
  options: ProxyOptions,
): Required<Omit<ProxyOptions, "key" | "fallback">> & Pick<ProxyOptions, "key" | "fallback"> {
  const problem = baseUrlProblem(options.url, "give the key as the proxy key");
  if (problem !== undefined) throw new RangeError(`proxy URL ${problem}`);
  if (options.key !== undefined && !isBearerKey(options.key)) {
    throw new RangeError("proxy key must be printable ASCII without spaces");
  }
  if (options.fallback !== undefined && options.fallback !== "mock") {
    throw new RangeError(
      `proxy fallback must be "mock", got ${JSON.stringify(options.fallback).slice(0, 40)}`,
    );
  }
  return {
    url: new URL(options.url).href.replace(/\/+$/, ""),
    key: options.key,
    fallback: options.fallback,
    timeoutMs: positive("proxy timeoutMs", options.timeoutMs ?? defaults.proxyTimeoutMs, 120_000),
    maxBodyBytes: positive(
      "proxy maxBodyBytes",
      options.maxBodyBytes ?? defaults.proxyMaxBodyBytes,
      64 * 1024 * 1024,
    ),
  };
}

/** Validated record options with their defaults. Throws a RangeError naming the option. */
export function resolveRecordOptions(options: string | RecordOptions): Required<RecordOptions> {
  const { file, maxBytes = defaults.recordMaxBytes } =
    typeof options === "string" ? { file: options } : options;
  if (file.trim() === "") throw new RangeError("record file must not be empty");
  return { file, maxBytes: positive("record maxBytes", maxBytes, recordingLimits.maxBytes) };
}

/** Whether the server logs requests: `quiet` decides when given, else a given `log` turns it on. */
export const logsRequests = (options: Pick<PetstoreServerOptions, "log" | "quiet">): boolean =>
  options.quiet === undefined ? options.log !== undefined : !options.quiet;

/** What the page shows of the standalone server's options (whether an admin key is set, not the key). */
export function publicServerOptions(options: PetstoreServerOptions): PublicOptions {
  const { apiKeys, ...rest } = publicBaseOptions(options);
  return {
    host: options.host ?? defaults.host,
    apiKeys,
    adminKey: options.adminKey !== undefined,
    maxConnections: options.maxConnections ?? null,
    ...rest,
    stateFile: options.stateFile ?? null,
    // The deployment every API request goes to (its URL holds no credential:
    // resolveProxyOptions refuses one), and whether the mock answers when it does not.
    proxy: options.proxy ? resolveProxyOptions(options.proxy).url : null,
    fallback: options.proxy?.fallback ?? null,
  };
}
