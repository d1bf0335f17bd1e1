/**
 * What a run of the contract suite takes, whoever starts it (the CLI, a
 * test, the proxy run): the target, the bounds of time, retries and writes,
 * and the defaults of each. The CLI (contract-tests/cli/options.ts) parses
 * its flags into these.
 */
import type { OperationId } from "../../mocks/interface/spec.js";
import { UsageError } from "../../mocks/util/cli.js";
import { defaultMaxBodyBytes } from "../transport/http.js";

export { UsageError };

export interface RunOptions {
  /** The API base URL, including `/v1`, without a trailing slash. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Skip every request that could write (all POSTs). */
  readonly readOnly: boolean;
  /** Advisory checks fail the run too. */
  readonly strict: boolean;
  /** Run only these operations' checks (empty: all). */
  readonly only: readonly OperationId[];
  /** Deadline for each whole request (connect, headers, body), in ms. */
  readonly timeoutMs: number;
  /** At most this many retries of a GET answered 429/503. */
  readonly maxRetries: number;
  /** The longest `Retry-After` wait honoured, in ms. */
  readonly maxRetryWaitMs: number;
  /** All retry waits of a run together, in ms. */
  readonly maxRetryTotalMs: number;
  /** The whole run's deadline, in ms (`--max-time` is in seconds). */
  readonly maxTimeMs: number;
  /** Requests to generate from openapi.yaml after the fixed checks (`--fuzz`); 0: none. */
  readonly fuzz: number;
  /** The generator's seed (`--fuzz-seed`); a random one when absent. */
  readonly fuzzSeed?: number | undefined;
  /** Generated requests only, no fixed checks (`--fuzz-only`). */
  readonly fuzzOnly: boolean;
  /** The most creates the generated requests may ask for (`--fuzz-writes`). */
  readonly fuzzWrites: number;
  /** The most creates a consumer contract's run may send (`--consumer-writes`): states and requests. */
  readonly consumerWrites: number;
  /**
   * The most of an answer's body read, in bytes (`--max-answer-bytes`); a
   * larger answer is judged by its status alone.
   */
  readonly maxAnswerBytes: number;
}

export const defaultTimeoutMs = 10_000;
/** GETs answered 429/503 are retried this often, waiting at most this long each time. */
export const retryPolicy = {
  maxRetries: 3,
  maxRetryWaitMs: 30_000,
  maxRetryTotalMs: 60_000,
} as const;
/** Creates `--fuzz` may ask for unless `--fuzz-writes` says otherwise. */
export const defaultFuzzWrites = 60;
/** Creates `--consumer` may send unless `--consumer-writes` says otherwise (as `--fuzz-writes`). */
export const defaultConsumerWrites = defaultFuzzWrites;
/** The most `--max-answer-bytes` may ask for: 16 MiB (a run keeps each case's answer text). */
export const maxMaxAnswerBytes = 16 * 1024 * 1024;
/** The whole run's default deadline, in seconds. */
export const defaultMaxTimeS = 300;

/** What a run does when its caller leaves an option out (the CLI's defaults too). */
export const runDefaults: Omit<RunOptions, "baseUrl" | "apiKey"> = {
  readOnly: false,
  strict: false,
  only: [],
  timeoutMs: defaultTimeoutMs,
  maxTimeMs: defaultMaxTimeS * 1000,
  ...retryPolicy,
  fuzz: 0,
  fuzzOnly: false,
  fuzzWrites: defaultFuzzWrites,
  consumerWrites: defaultConsumerWrites,
  maxAnswerBytes: defaultMaxBodyBytes,
};
