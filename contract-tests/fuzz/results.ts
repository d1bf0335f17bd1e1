/**
 * A fuzz run in the suite's result: each cause of failure becomes a failed
 * check of its operation (`<operation>.fuzz.<check>`), with its shrunk curl
 * line, the seed and the time spent on it; an operation whose generated
 * requests all kept every rule gets one passed check, timed by them. Every
 * report then shows them like any other (JUnit in its `fuzz` testsuite).
 */
import type { OperationId } from "../../mocks/interface/spec.js";
import { operationIds } from "../../mocks/interface/spec.js";
import { type CheckResult, checkId } from "../suite/results.js";
import type { FuzzFailure, FuzzResult } from "./run.js";

export const replayFlags = (fuzz: Pick<FuzzResult, "requested" | "seed">) =>
  `--fuzz ${fuzz.requested} --fuzz-seed ${fuzz.seed}`;

const fuzzCaseId = (operation: OperationId) => `${operation}.fuzz`;

/** The failed check a cause of failure becomes: `<operation>.fuzz.<check>`. */
export const fuzzCheckId = (failure: Pick<FuzzFailure, "operation" | "slug">): string =>
  checkId(fuzzCaseId(failure.operation), failure.slug);

/**
 * The statuses of the answers behind each failed check a cause of failure
 * became (`fuzzCheckId` → status → how many answers failed that way).
 */
export const failedStatuses = (
  fuzz: FuzzResult | undefined,
): ReadonlyMap<string, Readonly<Record<string, number>>> =>
  new Map((fuzz?.failures ?? []).map((failure) => [fuzzCheckId(failure), failure.statuses]));

function failedCheck(fuzz: FuzzResult, failure: FuzzFailure): CheckResult {
  const times = failure.count === 1 ? "once" : `${failure.count} times`;
  return {
    id: fuzzCheckId(failure),
    caseId: fuzzCaseId(failure.operation),
    operation: failure.operation,
    kind: failure.kind,
    outcome: "failed",
    expected: failure.expected,
    actual: `${failure.actual} (generated requests failed this way ${times}; shrunk; replay with ${replayFlags(fuzz)})`,
    curl: failure.curl,
    durationMs: failure.durationMs,
  };
}

/** Whether a check is one of a fuzz run's (`<operation>.fuzz.<check>`). */
export const isFuzzCheck = (check: Pick<CheckResult, "caseId" | "operation">): boolean =>
  check.caseId === fuzzCaseId(check.operation);

function passedCheck(fuzz: FuzzResult, operation: OperationId): CheckResult {
  return {
    id: fuzzCheckId({ operation, slug: "every-rule" }),
    caseId: fuzzCaseId(operation),
    operation,
    kind: "documented",
    outcome: "passed",
    expected: `${fuzz.perOperation[operation] ?? 0} generated requests (seed ${fuzz.seed}) keep every rule`,
    durationMs: fuzz.passedMs[operation] ?? 0,
  };
}

export function fuzzChecks(fuzz: FuzzResult): CheckResult[] {
  return operationIds.flatMap((operation) => {
    const failures = fuzz.failures.filter((failure) => failure.operation === operation);
    if (failures.length) return failures.map((failure) => failedCheck(fuzz, failure));
    return fuzz.perOperation[operation] ? [passedCheck(fuzz, operation)] : [];
  });
}
