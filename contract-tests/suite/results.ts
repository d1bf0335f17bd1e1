/** What a run produces: one result per check, the requests sent, the records created. */

import type { CheckKind } from "../../mocks/interface/checks.js";
import type { Collection } from "../../mocks/interface/operations.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import type { RuleId } from "../../mocks/interface/statements.js";
import type { Id } from "../../mocks/util/exact-json.js";
import type { Exchange } from "../transport/http.js";

export type { CheckKind };
export type Outcome = "passed" | "failed" | "skipped";

/** A check result's stable id: `<case>.<check>`. */
export const checkId = (caseId: string, slug: string): string => `${caseId}.${slug}`;

export interface CheckResult {
  /** Stable id: `<case>.<check>`, e.g. `listPets.limit-5.at-most-limit`. */
  readonly id: string;
  readonly caseId: string;
  readonly operation: OperationId;
  readonly kind: CheckKind;
  readonly outcome: Outcome;
  /** What the contract expects, in words. */
  readonly expected: string;
  /** On failure: what came back. */
  readonly actual?: string;
  /** On failure: a command that reproduces the request (key in `$PETSTORE_API_KEY`). */
  readonly curl?: string;
  /**
   * How long the exchange the check judged took, in ms (the checks of one
   * request share it); absent when none was timed for it (a check skipped
   * before its request was sent, or judged over many generated requests).
   */
  readonly durationMs?: number;
  /** Why a check was skipped. */
  readonly note?: string;
}

/** A check the run meant to evaluate, with the statements it enforces. */
export interface PlannedCheck extends Pick<CheckResult, "id" | "operation" | "kind" | "expected"> {
  readonly rules: readonly RuleId[];
}

export interface CaseRecord {
  readonly caseId: string;
  readonly operation: OperationId;
  readonly exchange: Exchange;
  /** The suite sent this request to be rejected (bad credential or input). */
  readonly provocation: boolean;
  /** A command that reproduces the request, redacted (key in `$PETSTORE_API_KEY`). */
  readonly curl: string;
}

export interface CreatedRecord {
  readonly collection: Collection;
  /** Exactly as the deployment wrote it: a bigint beyond 2^53. */
  readonly id: Id;
  readonly name: string;
  /** Why its name does not start with the run tag, when it does not. */
  readonly untagged?: string;
}

/**
 * Why a run stopped early: its `--max-time`; the deployment not answering (at
 * the start or mid-run); or, at the start, no pet list at this path or no JSON.
 */
export type StopReason = "max-time" | "not-answering" | "wrong-base-path" | "not-this-api";

export interface RunResult {
  readonly baseUrl: string;
  readonly tag: string;
  readonly readOnly: boolean;
  readonly strict: boolean;
  readonly checks: readonly CheckResult[];
  readonly cases: readonly CaseRecord[];
  readonly created: readonly CreatedRecord[];
  readonly durationMs: number;
  /** Notes for the reader that are not check results (e.g. the key looks rejected). */
  readonly notes: readonly string[];
  /** Every check the run meant to evaluate. */
  readonly plan?: readonly PlannedCheck[];
  /** Set when the run stopped early: why, in words. */
  readonly stoppedEarly?: string;
  /** Why the run stopped early. */
  readonly stopReason?: StopReason;
  /** The most of an answer's body the run read, in bytes (`--max-answer-bytes`). */
  readonly maxAnswerBytes?: number;
  /** The recording this run replayed (`--replay`), as named on the command line. */
  readonly replayOf?: string;
}

export function failingChecks(result: RunResult): CheckResult[] {
  return result.checks.filter(
    (check) => check.outcome === "failed" && (check.kind === "documented" || result.strict),
  );
}

export function advisoryWarnings(result: RunResult): CheckResult[] {
  return result.checks.filter(
    (check) => check.outcome === "failed" && check.kind === "advisory" && !result.strict,
  );
}

export function runPassed(result: RunResult): boolean {
  return failingChecks(result).length === 0;
}

/** Every check passed and the run was not cut short: the deployment conforms. */
export function runConforms(result: RunResult): boolean {
  return runPassed(result) && result.stopReason === undefined;
}
