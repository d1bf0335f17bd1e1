/**
 * Runs the whole suite against one base URL and returns every check's
 * result. Used by the CLI, `npm run contract`, the proxy run, the parity
 * comparison and the proof-of-power tests alike.
 *
 * @example
 * const result = await runContractSuite({ baseUrl: "http://127.0.0.1:4000/v1", apiKey: "petstore-dev-key" });
 * if (!runPassed(result)) console.log(failingChecks(result));
 */
import { nestedTooDeep } from "../../mocks/interface/checks.js";
import { maxJsonDepth } from "../../mocks/util/json.js";
import { createRedactor } from "../../mocks/util/redact.js";
import { randomSeed } from "../fuzz/random.js";
import { fuzzChecks } from "../fuzz/results.js";
import { type FuzzResult, runFuzz } from "../fuzz/run.js";
import { authCases } from "../suite/auth.js";
import { categoryCases } from "../suite/categories.js";
import { describeResponse, SuiteContext, type SuiteContextOptions } from "../suite/context.js";
import { petCases } from "../suite/pets.js";
import type { RunResult, StopReason } from "../suite/results.js";
import { type RunOptions, runDefaults } from "../suite/settings.js";
import type { Exchange, Target } from "../transport/http.js";
import { curlLine, RunBudget, RunDeadlineError, send } from "../transport/http.js";
import { DeploymentSilentError, firstProbe } from "../transport/liveness.js";
import { newRunTag } from "../transport/run-tag.js";

export type SuiteOptions = Pick<RunOptions, "baseUrl" | "apiKey"> &
  Partial<Omit<RunOptions, "baseUrl" | "apiKey">> & {
    /** The run tag in created names; default `ct-<time>-<random>`. */
    readonly tag?: string;
    /** Marks answers that did not come from the target (see the proxy run). */
    readonly foreignAnswer?: SuiteContextOptions["foreignAnswer"];
    /** The target's choices where the interface is silent (`--behaviour`), or `learning` (`--learn`). */
    readonly behaviour?: SuiteContextOptions["behaviour"];
    /** The run's time, when its clock started before the run (a consumer contract's patterns compiled on it). */
    readonly budget?: RunBudget;
  };

/** Why no check can run: no answer, no pet list at this path, or no JSON there. */
export type Unavailable = Extract<StopReason, "not-answering" | "wrong-base-path" | "not-this-api">;

/** The target is down, or is not a JSON API at this URL: no check can run. */
export class TargetUnavailableError extends Error {
  override readonly name = "TargetUnavailableError";

  constructor(
    message: string,
    readonly reason: Unavailable = "not-answering",
  ) {
    super(message);
  }
}

/** One GET before the suite: is anything there, and does it speak JSON? */
export async function preflight(target: Target): Promise<void> {
  const redact = createRedactor([target.apiKey]);
  const probe: Exchange = await send(target, firstProbe);
  const where = `${target.baseUrl}${firstProbe.path}`;
  if (!probe.response) {
    // An answer too large to read is an answer: the run's checks say what they can of it.
    if (probe.tooLarge !== undefined) return;
    throw new TargetUnavailableError(
      `cannot reach ${where}: ${probe.error}. Is the deployment up, and is the URL its API base (including /v1)?`,
    );
  }
  const { response } = probe;
  if (!response.isJson && response.unread === undefined) {
    // Redacted before the cut, so no part of an echoed key is left behind.
    const start = redact(response.text).replace(/\s+/g, " ").trim().slice(0, 80);
    throw new TargetUnavailableError(
      `${where} answered HTTP ${response.status} with ${response.headers["content-type"] ?? "no content type"}, ${nestedTooDeep(response.text) ? `JSON nested deeper than ${maxJsonDepth} levels` : "not JSON"}` +
        `${start ? ` ("${start}…")` : ""}. Is the URL the API base (including /v1)?`,
      response.status === 404 ? "wrong-base-path" : "not-this-api",
    );
  }
  if (response.status === 404) {
    throw new TargetUnavailableError(
      `${where} answered 404: no pet list there. Is the URL the API base (including /v1)?`,
      "wrong-base-path",
    );
  }
}

type Stop = Pick<RunResult, "stoppedEarly" | "stopReason">;

/** Why the run stopped early, from what stopped it; any other error is rethrown. */
function whyStopped(error: unknown, maxTimeMs: number): Required<Stop> {
  if (error instanceof RunDeadlineError) {
    return {
      stopReason: "max-time",
      stoppedEarly: `the run reached its --max-time of ${Math.round(maxTimeMs / 1000)} s and stopped; checks not reached are missing`,
    };
  }
  if (error instanceof DeploymentSilentError) {
    return { stopReason: "not-answering", stoppedEarly: error.message };
  }
  if (error instanceof TargetUnavailableError) {
    return { stopReason: error.reason, stoppedEarly: error.message };
  }
  throw error;
}

/** A run's result, with the generated requests' run when it had one (`--fuzz`). */
export interface SuiteRun extends RunResult {
  readonly fuzz?: FuzzResult;
}

/** The suite's fixed cases. */
export async function suiteCases(ctx: SuiteContext): Promise<void> {
  await categoryCases(ctx);
  await petCases(ctx);
  await authCases(ctx);
}

export function runContractSuite(options: SuiteOptions): Promise<SuiteRun> {
  return runCases(options, async (ctx) => {
    if (!options.fuzzOnly) await suiteCases(ctx);
  });
}

/**
 * A run of the given cases against one base URL: the preflight, the run's
 * deadline and retry budget, then `cases` on a fresh context (the suite's
 * own, or a replayed recording's), and the result every report reads.
 */
export async function runCases(
  options: SuiteOptions,
  cases: (ctx: SuiteContext) => Promise<void>,
): Promise<SuiteRun> {
  const started = performance.now();
  const given = Object.entries(options).filter(([, value]) => value !== undefined);
  const settings: RunOptions = { ...runDefaults, ...(Object.fromEntries(given) as SuiteOptions) };
  const tag = options.tag ?? newRunTag();
  const target: Target = {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    apiKey: options.apiKey,
    timeoutMs: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    maxRetryWaitMs: settings.maxRetryWaitMs,
    wrongKey: `wrong-key-${tag}`,
    tag,
    maxBodyBytes: settings.maxAnswerBytes,
    budget: options.budget ?? new RunBudget(settings.maxTimeMs, settings.maxRetryTotalMs),
  };
  const redact = createRedactor([options.apiKey]);
  const ctx = new SuiteContext({
    target,
    tag,
    readOnly: settings.readOnly,
    only: settings.only,
    redact,
    ...(options.foreignAnswer ? { foreignAnswer: options.foreignAnswer } : {}),
    behaviour: options.behaviour,
  });
  let stopped: Stop = {};
  let fuzz: FuzzResult | undefined;
  try {
    await preflight(target);
    await cases(ctx);
    if (settings.fuzz > 0) {
      // `--fuzz`: the generated requests, on the suite's transport, budget and run tag.
      fuzz = await runFuzz({
        count: settings.fuzz,
        seed: settings.fuzzSeed ?? randomSeed(),
        tag,
        readOnly: settings.readOnly,
        writeBudget: settings.fuzzWrites,
        only: settings.only,
        send: (request) => send(target, request),
        curl: (request) => redact(curlLine(target, request)),
        describe: (exchange) => describeResponse(exchange, redact),
        behaviour: options.behaviour,
      });
      ctx.results.push(...fuzzChecks(fuzz));
      ctx.created.push(...fuzz.created);
      if (fuzz.stopped) throw new RunDeadlineError(fuzz.stopped);
    }
  } catch (error) {
    const stop = whyStopped(error, settings.maxTimeMs);
    // A deployment that is not answering, or not the API, is the diagnosis's to report.
    if (stop.stopReason === "max-time") ctx.notes.push(stop.stoppedEarly);
    stopped = stop;
  }
  if (target.budget?.retryBudgetSpent()) {
    ctx.notes.push(
      `the retry budget (${Math.round(settings.maxRetryTotalMs / 1000)} s of Retry-After waits per run) ran out; later 429/503 answers were not retried`,
    );
  }
  return {
    baseUrl: target.baseUrl,
    tag,
    readOnly: ctx.readOnly,
    strict: settings.strict,
    checks: ctx.results,
    cases: ctx.cases,
    created: ctx.created,
    durationMs: performance.now() - started,
    notes: ctx.notes,
    plan: ctx.plan,
    maxAnswerBytes: settings.maxAnswerBytes,
    ...stopped,
    ...(fuzz ? { fuzz } : {}),
  };
}
