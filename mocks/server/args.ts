/**
 * The `petstore-mock` command line: flags and environment variables into
 * server options. Every bad value is one `CliUsageError` line.
 */
import { parseArgs } from "node:util";
import { defaultApiKey } from "../core/handler.js";
import { parseLatency } from "../core/latency.js";
import { defaultHost, defaultPort, type PetstoreServerOptions } from "./server.js";

export class CliUsageError extends Error {
  override name = "CliUsageError";
}

export type CliCommand =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "serve"; readonly options: PetstoreServerOptions & { quiet: boolean } };

export const usage = `Usage: petstore-mock [options]

Serves the stateful Pet Store mock at http://<host>:<port>/v1.

Options:
  --port <n>          TCP port, 0 for any free one (env PORT; default ${defaultPort})
  --host <address>    address to bind (default ${defaultHost})
  --api-key <key>     accepted bearer key; repeat for several
                      (env PETSTORE_API_KEYS, comma-separated; default ${defaultApiKey})
  --seed <n>          seed of the generated data (default 42)
  --pets <n>          number of seeded pets (default 50)
  --categories <n>    number of seeded categories (default 5)
  --latency <ms>      delay before every answer: ms (200) or a range (100-400)
  --state-file <path> keep the data in this JSON file across restarts: loaded
                      when it exists, else created from the seed
                      (env PETSTORE_STATE_FILE)
  --quiet             no banner and no request log, only the "listening" line
  --help              show this help
  --version           show the version

POST /__mock/reset (optional JSON body {"seed": n}) restores the seeded data;
GET /__mock/state exports it as a snapshot, PUT /__mock/state imports one.`;

const flags = {
  port: { type: "string" },
  host: { type: "string" },
  "api-key": { type: "string", multiple: true },
  seed: { type: "string" },
  pets: { type: "string" },
  categories: { type: "string" },
  latency: { type: "string" },
  "state-file": { type: "string" },
  quiet: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

function integer(name: string, text: string, minimum: number, maximum: number): number {
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < minimum || value > maximum) {
    const range = maximum === Number.MAX_SAFE_INTEGER ? `>= ${minimum}` : `${minimum}-${maximum}`;
    throw new CliUsageError(`${name} must be an integer ${range}, got "${text}"`);
  }
  return value;
}

function apiKeysFrom(flagged: readonly string[] | undefined, env: string | undefined): string[] {
  if (flagged !== undefined) {
    if (flagged.some((key) => key.trim() === "")) {
      throw new CliUsageError("--api-key must not be empty");
    }
    return flagged.map((key) => key.trim());
  }
  const keys = (env ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key !== "");
  return keys.length > 0 ? keys : [defaultApiKey];
}

/** Parses the command line; throws `CliUsageError` with a one-line reason. */
export function parseCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CliCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof flags; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: flags, strict: true, allowPositionals: false });
  } catch (error) {
    throw new CliUsageError((error as Error).message.split("\n")[0] ?? "invalid arguments");
  }
  const { values } = parsed;
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };

  const portText = values.port ?? (env.PORT?.trim() || undefined);
  const host = values.host ?? defaultHost;
  if (host.trim() === "") throw new CliUsageError("--host must not be empty");
  const counts: { pets?: number; categories?: number } = {};
  if (values.pets !== undefined) counts.pets = integer("--pets", values.pets, 0, 1_000_000);
  if (values.categories !== undefined) {
    counts.categories = integer("--categories", values.categories, 0, 1_000_000);
  }
  if ((counts.pets ?? 50) > 0 && counts.categories === 0) {
    throw new CliUsageError("--categories must be >= 1 while there are pets");
  }
  const options: PetstoreServerOptions & { quiet: boolean } = {
    port:
      portText === undefined
        ? defaultPort
        : integer(values.port === undefined ? "PORT" : "--port", portText, 0, 65_535),
    host,
    apiKeys: apiKeysFrom(values["api-key"], env.PETSTORE_API_KEYS),
    counts,
    quiet: values.quiet ?? false,
  };
  if (values.seed !== undefined) {
    options.seed = integer("--seed", values.seed, 0, Number.MAX_SAFE_INTEGER);
  }
  if (values.latency !== undefined) {
    try {
      options.latency = parseLatency(values.latency);
    } catch (error) {
      throw new CliUsageError(`--${(error as Error).message}`);
    }
  }
  const stateFile = values["state-file"] ?? (env.PETSTORE_STATE_FILE?.trim() || undefined);
  if (stateFile !== undefined) {
    if (stateFile.trim() === "") throw new CliUsageError("--state-file must not be empty");
    options.stateFile = stateFile;
  }
  return { kind: "serve", options };
}
