/**
 * The contract CLI's command, from command-line flags and the environment
 * (`PETSTORE_URL`, `PETSTORE_API_KEY`): `parse(argv, env)` never throws; bad
 * input becomes an `invalid` command whose one-line message the CLI prints
 * before it exits 2.
 */
import { baseUrlProblem } from "../../mocks/interface/base-url.js";
import { type OperationId, operationIds } from "../../mocks/interface/spec.js";
import { type InvalidCommand, parseFlags, parseOrInvalid } from "../../mocks/util/cli.js";
import { maxSeed } from "../fuzz/random.js";
import {
  defaultConsumerWrites,
  defaultFuzzWrites,
  defaultMaxTimeS,
  defaultTimeoutMs,
  maxMaxAnswerBytes,
  type RunOptions,
  retryPolicy,
  UsageError,
} from "../suite/settings.js";
import { apiKeyVariable, defaultMaxBodyBytes } from "../transport/http.js";

/** The report files asked for (none: not asked for). */
interface ReportFiles {
  readonly junitFile: string | undefined;
  readonly markdownFile: string | undefined;
  readonly jsonFile: string | undefined;
  readonly htmlFile: string | undefined;
}

export interface CliOptions extends RunOptions, ReportFiles {
  readonly compareMock: boolean;
  /** `--compare-mock` runs the mock under this behaviour profile file (`--behaviour`). */
  readonly behaviourFile?: string | undefined;
  /** Run through Prism's validation proxy in front of the target (`--via-prism`). */
  readonly viaPrism: boolean;
  /** Replay this recording (`petstore-mock --record`) instead of the suite (`--replay`). */
  readonly replayFile?: string | undefined;
  /** Verify this consumer contract (`--consumer`) instead of running the suite. */
  readonly consumerFile?: string | undefined;
  /** Probe the deployment's silent choices and write the profile learned here (`--learn`) instead of running the suite. */
  readonly learnFile?: string | undefined;
  /** `--check`: learn again, write nothing, compare with `learnFile`. */
  readonly learnCheck?: boolean;
  /** `--learn-untagged`: send the creates whose blank name the run tag cannot mark. */
  readonly learnUntagged?: boolean;
  /**
   * Where the key came from: `--key`, or the environment variable the curl
   * lines read it from (`PETSTORE_API_KEY`). From `--key`, the reports say how
   * to set the variable before pasting a curl line.
   */
  readonly keyFrom?: "--key" | typeof apiKeyVariable;
}

/** `--consumer FILE --against-spec`: the contract against openapi.yaml alone, no deployment. */
export interface SpecOptions extends ReportFiles {
  readonly consumerFile: string;
  readonly strict: boolean;
  readonly only: readonly OperationId[];
}

export type Command =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "list-checks" }
  | InvalidCommand
  | { readonly kind: "run"; readonly options: CliOptions }
  | { readonly kind: "against-spec"; readonly options: SpecOptions };

const maxTimeoutMs = 120_000;
const maxFuzz = 100_000;
const maxFuzzWrites = 10_000;
const maxMaxTimeS = 86_400;

export const usage = `Usage: petstore-contract --url URL [--key KEY] [--read-only] [--strict]
  [--only OPERATION[,OPERATION]] [--timeout MS] [--max-time S] [--max-answer-bytes N]
  [--junit FILE] [--markdown FILE]
  [--json FILE] [--html FILE] [--compare-mock [--behaviour FILE] | --via-prism | --replay FILE
  | --consumer FILE [--consumer-writes N]
  | --learn FILE [--check] [--learn-untagged] [--consumer-writes N]]
  [--fuzz N [--fuzz-seed S] [--fuzz-only] [--fuzz-writes N]]
       petstore-contract --consumer FILE --against-spec [--strict] [--only OPERATION[,OPERATION]]
  [--junit FILE] [--markdown FILE] [--json FILE] [--html FILE]
       petstore-contract --list-checks | --version
  URL is the API base including /v1 (env PETSTORE_URL). The bearer key comes from the
  environment: export PETSTORE_API_KEY; --key KEY also works, but ps shows it to every user.
  OPERATION is one of ${operationIds.join(", ")}.
  --via-prism sends the suite through Prism's validation proxy (a checkout with its dev
  dependencies: npm run contract:proxy); it fails on every violation Prism reports.
  --replay FILE sends the requests of a petstore-mock --record file, in order, and judges
  each answer by the interface's rules (docs/proxy.md); a bad file exits 2.
  --consumer FILE verifies a consumer contract the kit wrote (Pact v4): each interaction's
  provider states set up through the interface (at most --consumer-writes creates, default
  ${defaultConsumerWrites}), its answer judged by the interface and by the app's expectations; with
  --against-spec, no URL: the interactions that rely on what openapi.yaml does not promise.
  --compare-mock lists the requests the deployment and the kit's mock answer differently; with
  --behaviour FILE the mock answers by that behaviour profile (docs/behaviour.md), and the run
  raises no advice about the answers the profile chooses.
  --learn FILE probes the deployment's choices where the interface is silent (reads first, at
  most --consumer-writes tagged creates, none with --read-only) and writes the behaviour profile
  it learned to FILE, for petstore-mock --behaviour FILE (docs/contract.md, The loop); a run
  that cannot judge (a refused key, a broken statement, exit 3 or 4) writes none. With --check
  it writes nothing and compares with FILE (exit 5 when a choice changed); --learn-untagged also
  sends the two creates with a blank name, which the run tag cannot mark.
  --max-answer-bytes N reads at most N bytes of an answer's body (default ${defaultMaxBodyBytes},
  1024 to ${maxMaxAnswerBytes}); a larger answer is judged by its status alone, with a
  too-large advisory.
  Report folders are created when missing.
  Exit codes: 0 passed, 1 a check failed, 2 bad usage, 3 the deployment is not answering
  (at the start, or stopped mid-run) or is not a JSON API at this URL, 4 the run hit --max-time
  (reports hold what was checked until then), 5 --learn --check found a choice changed,
  6 a report file could not be written.`;

/** Validates and normalises a base URL: http(s), no credentials, query or fragment, no trailing slash. */
function parseBaseUrl(raw: string): string {
  const problem = baseUrlProblem(raw, "export the key as PETSTORE_API_KEY");
  if (problem !== undefined) throw new UsageError(`--url ${problem}`);
  return new URL(raw).href.replace(/\/+$/, "");
}

/** The flags that take a value. */
type ValueFlag = {
  [F in keyof Flags]-?: Flags[F] extends string | undefined ? F : never;
}[keyof Flags];

/** An integer flag within bounds (in `unit`), `absent` when not given, or a usage error naming it. */
function parseCount<A>(
  values: Flags,
  flag: ValueFlag,
  min: number,
  max: number,
  absent: A,
  unit = "",
) {
  const raw = values[flag];
  if (raw === undefined) return absent;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}${unit} (got ${raw})`);
  }
  return value;
}

/** A bearer key is visible ASCII: no space, no control character, nothing a header cannot carry. */
function checkKey(key: string): string {
  const bad = [...key].findIndex((char) => !/^[\x21-\x7e]$/.test(char));
  if (bad >= 0) {
    const code = key.codePointAt(bad) ?? 0;
    throw new UsageError(
      `--key must be printable ASCII without spaces (character ${bad + 1} is U+${code.toString(16).toUpperCase().padStart(4, "0")})`,
    );
  }
  return key;
}

function parseOnly(raw: readonly string[]): OperationId[] {
  const names = raw.flatMap((value) => value.split(",")).map((name) => name.trim());
  for (const name of names) {
    if (!operationIds.includes(name as OperationId)) {
      throw new UsageError(
        `--only: unknown operation ${JSON.stringify(name)}; use one of ${operationIds.join(", ")}`,
      );
    }
  }
  return [...new Set(names as OperationId[])];
}

export type Env = Readonly<Record<string, string | undefined>>;

/** The command the arguments ask for; flags win over the environment. */
export function parse(argv: readonly string[], env: Env): Command {
  return parseOrInvalid(() => parseOrThrow(argv, env));
}

function parseOrThrow(argv: readonly string[], env: Env): Command {
  const values = readFlags(argv);
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  if (values["list-checks"]) return { kind: "list-checks" };
  const consumer = values.consumer;
  if (consumer?.trim() === "") throw new UsageError("--consumer needs a file");
  if (values["against-spec"]) return againstSpecCommand(values, consumer);
  exclusive(values, "consumer", ["replay", "compare-mock", "via-prism", "fuzz"]);
  const learn = values.learn;
  if (learn?.trim() === "") throw new UsageError("--learn needs a file");
  // --learn sends its own probes, to every operation.
  exclusive(values, "learn", ["consumer", "replay", "compare-mock", "via-prism", "fuzz", "only"]);
  needs(values, ["check", "learn-untagged"], learn !== undefined, "--learn FILE");
  const consumerOrLearn = consumer !== undefined || learn !== undefined;
  needs(values, ["consumer-writes"], consumerOrLearn, "--consumer FILE or --learn FILE");
  exclusive(values, "compare-mock", ["via-prism"]);
  needs(values, ["behaviour"], values["compare-mock"] !== undefined, "--compare-mock");
  if (values.behaviour?.trim() === "") throw new UsageError("--behaviour needs a file");
  const replay = values.replay;
  if (replay !== undefined && (values["compare-mock"] || values["via-prism"])) {
    throw new UsageError("--replay is not available with --compare-mock or --via-prism");
  }
  if (replay?.trim() === "") throw new UsageError("--replay needs a file");
  const fuzz = parseCount(values, "fuzz", 1, maxFuzz, 0);
  needs(values, ["fuzz-seed", "fuzz-only", "fuzz-writes"], fuzz > 0, "--fuzz N");
  exclusive(values, "fuzz", ["via-prism", "replay"]);
  const url = values.url ?? env.PETSTORE_URL;
  const key = values.key ?? env.PETSTORE_API_KEY;
  if (!url) throw new UsageError("missing --url (or PETSTORE_URL): the API base including /v1");
  if (!key) throw new UsageError("missing the API key: export PETSTORE_API_KEY (or pass --key)");
  const options: CliOptions = {
    baseUrl: parseBaseUrl(url),
    apiKey: checkKey(key),
    keyFrom: values.key === undefined ? apiKeyVariable : "--key",
    readOnly: values["read-only"] ?? false,
    strict: values.strict ?? false,
    only: parseOnly(values.only ?? []),
    timeoutMs: parseCount(values, "timeout", 1, maxTimeoutMs, defaultTimeoutMs, " ms"),
    maxTimeMs: parseCount(values, "max-time", 1, maxMaxTimeS, defaultMaxTimeS, " s") * 1000,
    maxAnswerBytes: parseCount(
      values,
      "max-answer-bytes",
      1024,
      maxMaxAnswerBytes,
      defaultMaxBodyBytes,
      " bytes",
    ),
    ...retryPolicy,
    junitFile: values.junit,
    markdownFile: values.markdown,
    jsonFile: values.json,
    htmlFile: values.html,
    compareMock: values["compare-mock"] ?? false,
    ...(values.behaviour !== undefined ? { behaviourFile: values.behaviour } : {}),
    viaPrism: values["via-prism"] ?? false,
    ...(replay !== undefined ? { replayFile: replay } : {}),
    fuzz,
    fuzzSeed: parseCount(values, "fuzz-seed", 0, maxSeed, undefined),
    fuzzOnly: values["fuzz-only"] ?? false,
    fuzzWrites: parseCount(values, "fuzz-writes", 0, maxFuzzWrites, defaultFuzzWrites),
    ...(consumer !== undefined ? { consumerFile: consumer } : {}),
    ...(learn !== undefined ? { learnFile: learn } : {}),
    ...(values.check ? { learnCheck: true } : {}),
    ...(values["learn-untagged"] ? { learnUntagged: true } : {}),
    consumerWrites: parseCount(values, "consumer-writes", 0, maxFuzzWrites, defaultConsumerWrites),
  };
  return { kind: "run", options };
}

/** A usage error when one of `flags` is given without what it needs. */
function needs(values: Flags, flags: readonly (keyof Flags)[], met: boolean, what: string): void {
  const given = flags.find((flag) => values[flag] !== undefined);
  if (!met && given !== undefined) throw new UsageError(`--${given} needs ${what}`);
}

/** A usage error when `mode` is given with one of `flags`. */
function exclusive(values: Flags, mode: keyof Flags, flags: readonly (keyof Flags)[]): void {
  const other = flags.find((flag) => values[flag] !== undefined);
  if (values[mode] !== undefined && other !== undefined) {
    throw new UsageError(`--${mode} is not available with --${other}`);
  }
}

/** The flags `--against-spec` reads; every other one is about a deployment (reaching it, what to send it). */
const specFlags: ReadonlySet<string> = new Set([
  "consumer",
  "against-spec",
  "strict",
  "only",
  "junit",
  "markdown",
  "json",
  "html",
] satisfies (keyof Flags)[]);

function againstSpecCommand(values: Flags, consumer: string | undefined): Command {
  if (consumer === undefined) throw new UsageError("--against-spec needs --consumer FILE");
  // parseArgs gives only the flags on the command line (no defaults).
  const given = Object.keys(values).find((flag) => !specFlags.has(flag));
  if (given !== undefined) {
    throw new UsageError(
      `--against-spec reads the contract against openapi.yaml alone: --${given} does not apply`,
    );
  }
  return {
    kind: "against-spec",
    options: {
      consumerFile: consumer,
      strict: values.strict ?? false,
      only: parseOnly(values.only ?? []),
      junitFile: values.junit,
      markdownFile: values.markdown,
      jsonFile: values.json,
      htmlFile: values.html,
    },
  };
}

type Flags = ReturnType<typeof readFlags>;

const readFlags = (argv: readonly string[]) =>
  parseFlags(argv, {
    text: [
      "url key timeout max-time max-answer-bytes junit markdown json html behaviour replay",
      "fuzz fuzz-seed fuzz-writes consumer consumer-writes learn",
    ],
    repeatable: ["only"],
    switches: [
      "read-only strict list-checks compare-mock via-prism fuzz-only against-spec check learn-untagged",
    ],
  });
