/**
 * The `petstore-mock` command line: flags and environment variables into
 * server options. Every bad value is one `UsageError` line.
 */
import { addressOf, isLoopback, parseCorsOrigin } from "../admin/site.js";
import {
  contractFileOf,
  contractNamesOf,
  defaultContractNames,
} from "../contract/contract-names.js";
import { type FaultInput, faultPresetNames, parseFaultInput } from "../core/faults.js";
import { journalLimits } from "../core/journal.js";
import { parseLatency } from "../core/latency.js";
import { type ContractOptions, defaultApiKey, defaults } from "../store/options.js";
import { type InvalidCommand, parseFlags, parseOrInvalid, UsageError } from "../util/cli.js";
import { parseJson } from "../util/json.js";
import { checkProxyExposure } from "./front.js";
import {
  type PetstoreServerOptions,
  type ProxyOptions,
  resolveProxyOptions,
  resolveRecordOptions,
} from "./options.js";

export type CliCommand =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "serve"; readonly options: PetstoreServerOptions & { quiet: boolean } }
  | InvalidCommand;

export const usage = `Usage: petstore-mock [options]

Serves the stateful Pet Store mock at http://<host>:<port>/v1.

Options:
  --port <n>          TCP port, 0 for any free one (env PORT; default ${defaults.port})
  --host <address>    address to bind (default ${defaults.host})
  --api-key <key>     accepted bearer key; repeat for several
                      (env PETSTORE_API_KEYS, comma-separated; default ${defaultApiKey})
  --seed <n>          seed of the generated data (default ${defaults.seed})
  --pets <n>          number of seeded pets (default ${defaults.counts.pets})
  --categories <n>    number of seeded categories (default ${defaults.counts.categories})
  --latency <ms>      delay before every answer: ms (200) or a range (100-400)
  --max-pets <n>      most pets stored; creates beyond get 409
                      (env PETSTORE_MAX_PETS; default ${defaults.maxPets})
  --max-categories <n>  most categories stored
                      (env PETSTORE_MAX_CATEGORIES; default ${defaults.maxCategories})
  --max-connections <n> most requests at work at once; idle connections make
                      room for new ones, 503 only when all are at work
                      (env PETSTORE_MAX_CONNECTIONS; default from the
                      descriptor limit, at most 10000)
  --preset <name>     start with a fault preset: ${faultPresetNames.join(", ")}
  --fault <json>      start with a fault, e.g. '{"operation":"createPet","status":503}';
                      repeat for several
  --journal-size <n>  requests the journal keeps (default ${defaults.journalSize})
  --cors-origin <origin>  let pages of this origin call the API, e.g.
                      http://192.168.1.20:5173; repeat for several; * for any
                      (env PETSTORE_CORS_ORIGINS, comma-separated); pages on
                      localhost, 127.0.0.1 and [::1] (any port) always may
  --admin-key <key>   key the /__mock/ admin endpoints want as a Bearer token
                      (env PETSTORE_ADMIN_KEY); required to use them when --host
                      is not a loopback address (in any spelling: 127.1 is)
  --state-file <path> keep the data in this JSON file across restarts: loaded
                      when it exists, else created from the seed; one server
                      per file (a <path>.lock beside it; exit 3 when taken)
                      (env PETSTORE_STATE_FILE)
  --behaviour <file>  answer by this behaviour profile where the interface is
                      silent (JSON; docs/behaviour.md, "Choices and profiles";
                      env PETSTORE_BEHAVIOUR_FILE; GET /__mock/behaviour)
  --proxy <url>       forward every API request to this deployment base URL
                      (including /v1) and judge its answers by the interface's
                      rules (env PETSTORE_PROXY_URL; see docs/proxy.md)
  --proxy-key <key>   bearer key sent to the deployment; the client's never is
                      (env PETSTORE_PROXY_KEY)
  --fallback mock     behind --proxy: the mock answers when the deployment
                      gives no usable answer: unreachable, no whole answer
                      within ${defaults.proxyTimeoutMs / 1000} s, one over ${defaults.proxyMaxBodyBytes / 1024 / 1024} MiB or a broken one, or
                      a redirect (default: 502 bad_gateway)
  --record <file>     append every exchange, credentials removed, to this
                      JSON-lines file, up to ${defaults.recordMaxBytes / 1024 / 1024} MiB (env PETSTORE_RECORD_FILE)
  --log <what>        what the request log shows: api (default: the API's
                      requests and admin writes such as reset and faults) or
                      admin (also the admin reads: the dashboard's polling,
                      health probes)
  --contract <file>   record what the API's requests relied on as a Pact v4
                      consumer contract and, on stop, merge it into this
                      file (env PETSTORE_CONTRACT_FILE; GET /__mock/contract
                      any time); without it or --contract-consumer, nothing
                      is recorded
  --contract-consumer <name>  the contract's consumer name (default
                      ${defaultContractNames.consumer}); alone, records the
                      contract for GET /__mock/contract without a file
  --quiet             no banner and no request log, only the "listening" line
  --help              show this help
  --version           show the version

Admin endpoints (outside /v1): POST /__mock/reset (optional JSON body {"seed": n}),
/__mock/faults, /__mock/requests (the journal), GET /__mock/behaviour (the
behaviour profile), GET/PUT /__mock/state (snapshot
export and import), GET/DELETE /__mock/contract (the consumer contract), POST
/__mock/provider-state (Pact's state changes), GET /__mock/health (no key
needed); the dashboard: open
http://127.0.0.1:4000/__mock/ in a browser.`;

/** `--log` values: the API's requests and admin writes, or the admin reads too. */
const logChoices = ["api", "admin"] as const;

function integer(name: string, text: string, minimum: number, maximum: number): number {
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < minimum || value > maximum) {
    const range = maximum === Number.MAX_SAFE_INTEGER ? `>= ${minimum}` : `${minimum}-${maximum}`;
    throw new UsageError(`${name} must be an integer ${range}, got "${text}"`);
  }
  return value;
}

function nonEmpty(flag: string, text: string): string {
  if (text.trim() === "") throw new UsageError(`${flag} must not be empty`);
  return text;
}

function oneOf<Choice extends string>(flag: string, choices: readonly Choice[], text: string) {
  if (!(choices as readonly string[]).includes(text)) {
    throw new UsageError(
      `${flag} must be one of ${choices.join(", ")}, got "${text.slice(0, 40)}"`,
    );
  }
  return text as Choice;
}

/** A flag's value, else its environment variable's, trimmed (an empty one counts as unset). */
const flagOrEnv = (flagged: string | undefined, env: string | undefined) =>
  flagged ?? (env?.trim() || undefined);

/** A comma-separated variable's items, trimmed, the empty ones left out. */
const commaList = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

function apiKeysFrom(flagged: readonly string[] | undefined, env: string | undefined): string[] {
  if (flagged !== undefined) return flagged.map((key) => nonEmpty("--api-key", key).trim());
  const keys = commaList(env);
  return keys.length > 0 ? keys : [defaultApiKey];
}

/** `--cors-origin` (repeated), else `PETSTORE_CORS_ORIGINS` (comma-separated), each checked and normalised. */
function corsOriginsFrom(
  flagged: readonly string[] | undefined,
  env: string | undefined,
): string[] {
  const given = flagged ?? commaList(env);
  const name = flagged === undefined ? "PETSTORE_CORS_ORIGINS" : "--cors-origin";
  return given.map((origin) => checked(name, () => parseCorsOrigin(origin)));
}

type Env = Readonly<Record<string, string | undefined>>;

/** The command line as a command; a bad flag or value is `{ kind: "invalid", message }`. */
export function parse(argv: readonly string[], env: Env): CliCommand {
  return parseOrInvalid(() => parseCommand(argv, env));
}

/** Parses the command line into a command; throws `UsageError` with a one-line reason. */
export function parseCommand(argv: readonly string[], env: Env): CliCommand {
  const values = parseFlags(argv, {
    text: [
      "port host seed pets categories latency preset journal-size log",
      "max-pets max-categories max-connections",
      "admin-key state-file behaviour record contract contract-consumer",
      "proxy proxy-key fallback",
    ],
    repeatable: ["api-key fault cors-origin"],
    switches: ["quiet"],
  });
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };

  /** An integer from its flag, else its environment variable; undefined when neither is set. */
  const integerFlag = (
    flag: "port" | "max-pets" | "max-categories" | "max-connections",
    envName: string,
    minimum: number,
    maximum: number,
  ): number | undefined => {
    const text = flagOrEnv(values[flag], env[envName]);
    const name = values[flag] === undefined ? envName : `--${flag}`;
    return text === undefined ? undefined : integer(name, text, minimum, maximum);
  };
  const host = nonEmpty("--host", values.host ?? defaults.host);
  const counts: { pets?: number; categories?: number } = {};
  if (values.pets !== undefined) counts.pets = integer("--pets", values.pets, 0, 1_000_000);
  if (values.categories !== undefined) {
    counts.categories = integer("--categories", values.categories, 0, 1_000_000);
  }
  if ((counts.pets ?? defaults.counts.pets) > 0 && counts.categories === 0) {
    throw new UsageError("--categories must be >= 1 while there are pets");
  }
  const options: PetstoreServerOptions & { quiet: boolean } = {
    port: integerFlag("port", "PORT", 0, 65_535) ?? defaults.port,
    host,
    apiKeys: apiKeysFrom(values["api-key"], env.PETSTORE_API_KEYS),
    counts,
    quiet: values.quiet ?? false,
  };
  if (values.log !== undefined) {
    const log = oneOf("--log", logChoices, values.log);
    if (options.quiet) throw new UsageError("--log and --quiet contradict each other: pick one");
    if (log === "admin") options.logAdminReads = true;
  }
  if (values.seed !== undefined) {
    options.seed = integer("--seed", values.seed, 0, Number.MAX_SAFE_INTEGER);
  }
  const limits = {
    maxPets: integerFlag("max-pets", "PETSTORE_MAX_PETS", 0, 10_000_000),
    maxCategories: integerFlag("max-categories", "PETSTORE_MAX_CATEGORIES", 0, 10_000_000),
    maxConnections: integerFlag("max-connections", "PETSTORE_MAX_CONNECTIONS", 1, 10_000_000),
  };
  for (const [name, value] of Object.entries(limits)) {
    if (value !== undefined) options[name as keyof typeof limits] = value;
  }
  const seeded = { ...defaults.counts, ...counts };
  const maxima = {
    pets: limits.maxPets ?? defaults.maxPets,
    categories: limits.maxCategories ?? defaults.maxCategories,
  };
  for (const kind of ["pets", "categories"] as const) {
    if (seeded[kind] > maxima[kind]) {
      throw new UsageError(
        `--${kind} ${seeded[kind]} exceeds the ${maxima[kind]} ${kind} the store may hold (raise --max-${kind})`,
      );
    }
  }
  if (values.latency !== undefined) {
    try {
      options.latency = parseLatency(values.latency);
    } catch (error) {
      throw new UsageError(`--${(error as Error).message}`);
    }
  }
  if (values.preset !== undefined)
    options.preset = oneOf("--preset", faultPresetNames, values.preset);
  if (values.fault !== undefined) options.faults = values.fault.map(faultFlag);
  if (values["journal-size"] !== undefined) {
    options.journalSize = integer(
      "--journal-size",
      values["journal-size"],
      1,
      journalLimits.maxSize,
    );
  }
  const corsOrigins = corsOriginsFrom(values["cors-origin"], env.PETSTORE_CORS_ORIGINS);
  if (corsOrigins.length > 0) options.corsOrigins = corsOrigins;
  const adminKey = flagOrEnv(values["admin-key"], env.PETSTORE_ADMIN_KEY);
  if (adminKey !== undefined) options.adminKey = nonEmpty("--admin-key", adminKey).trim();
  const stateFile = flagOrEnv(values["state-file"], env.PETSTORE_STATE_FILE);
  if (stateFile !== undefined) options.stateFile = nonEmpty("--state-file", stateFile);
  const behaviourFile = flagOrEnv(values.behaviour, env.PETSTORE_BEHAVIOUR_FILE);
  if (behaviourFile !== undefined) options.behaviourFile = nonEmpty("--behaviour", behaviourFile);
  const proxy = proxyFlags(values, env);
  if (proxy) options.proxy = proxy;
  // An address in any spelling, or localhost, is judged here; another name once the start has looked it up.
  if (addressOf(host) !== undefined || isLoopback(host)) {
    checked("--proxy", () => checkProxyExposure(options, isLoopback(host)));
  }
  const record = flagOrEnv(values.record, env.PETSTORE_RECORD_FILE);
  if (record !== undefined)
    options.record = checked("--record", () => resolveRecordOptions(record));
  const contract = contractFlags(values, env);
  if (contract) options.contract = contract;
  return { kind: "serve", options };
}

/** An option's validation (options.ts), its RangeError as a usage error naming the flag. */
function checked<T>(flag: string, resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new UsageError(`${flag}: ${error.message}`);
  }
}

/** `--proxy`, `--proxy-key`, `--fallback` (and their env), validated; undefined without `--proxy`. */
function proxyFlags(
  values: { proxy?: string; "proxy-key"?: string; fallback?: string },
  env: Env,
): ProxyOptions | undefined {
  const url = flagOrEnv(values.proxy, env.PETSTORE_PROXY_URL);
  const key = flagOrEnv(values["proxy-key"], env.PETSTORE_PROXY_KEY);
  const { fallback } = values;
  if (url === undefined) {
    if (values["proxy-key"] !== undefined || fallback !== undefined) {
      throw new UsageError("--proxy-key and --fallback need --proxy <deployment base URL>");
    }
    return undefined;
  }
  if (fallback !== undefined && fallback !== "mock") {
    throw new UsageError(`--fallback must be "mock", got "${fallback.slice(0, 40)}"`);
  }
  const proxy: ProxyOptions = { url, key, fallback };
  checked("--proxy", () => resolveProxyOptions(proxy));
  return proxy;
}

/** `--contract` (or its env) and `--contract-consumer`, validated; undefined without either. */
function contractFlags(
  values: { contract?: string; "contract-consumer"?: string },
  env: Env,
): ContractOptions | undefined {
  const file = flagOrEnv(values.contract, env.PETSTORE_CONTRACT_FILE);
  const consumer = values["contract-consumer"];
  if (file === undefined && consumer === undefined) return undefined;
  if (file !== undefined) checked("--contract", () => contractFileOf({ file }));
  if (consumer !== undefined) checked("--contract-consumer", () => contractNamesOf({ consumer }));
  return {
    ...(file === undefined ? {} : { file }),
    ...(consumer === undefined ? {} : { consumer }),
  };
}

/** One `--fault` value: a JSON fault object. */
function faultFlag(text: string): FaultInput {
  let value: unknown;
  try {
    value = parseJson(text);
  } catch {
    throw new UsageError(
      `--fault must be a JSON object such as '{"operation":"createPet","status":503}', got ${JSON.stringify(text.slice(0, 60))}`,
    );
  }
  try {
    return parseFaultInput(value);
  } catch (error) {
    throw new UsageError(`--fault: ${(error as Error).message}`);
  }
}
