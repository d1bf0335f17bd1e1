/**
 * A fuzz run in the suite's result: each cause of failure becomes a failed
 * check of its operation (`<operation>.fuzz.<check>`), with its shrunk curl
 * line and the seed; an operation whose generated requests all kept every
 * rule gets one passed check. Every report then shows them like any other.
 */
import type { OperationId } from "../../mocks/interface/spec.js";
import { operationIds } from "../../mocks/interface/spec.js";
import { type CheckResult, checkId } from "../suite/results.js";
import type { FuzzFailure, FuzzResult } from "./run.js";

export const replayFlags = (fuzz: Pick<FuzzResult, "requested" | "seed">) =>
  `--fuzz ${fuzz.requested} --fuzz-seed ${fuzz.seed}`;

/** The failed check a cause of failure becomes: `<operation>.fuzz.<check>`. */
export const fuzzCheckId = (failure: Pick<FuzzFailure, "operation" | "slug">): string =>
  checkId(`${failure.operation}.fuzz`, failure.slug);

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
    caseId: `${failure.operation}.fuzz`,
    operation: failure.operation,
    kind: failure.kind,
    outcome: "failed",
    expected: failure.expected,
    actual: `${failure.actual} (generated requests failed this way ${times}; shrunk; replay with ${replayFlags(fuzz)})`,
    curl: failure.curl,
  };
}

function passedCheck(fuzz: FuzzResult, operation: OperationId): CheckResult {
  return {
    id: fuzzCheckId({ operation, slug: "every-rule" }),
    caseId: `${operation}.fuzz`,
    operation,
    kind: "documented",
    outcome: "passed",
    expected: `${fuzz.perOperation[operation] ?? 0} generated requests (seed ${fuzz.seed}) keep every rule`,
  };
}

export function fuzzChecks(fuzz: FuzzResult): CheckResult[] {
  return operationIds.flatMap((operation) => {
    const failures = fuzz.failures.filter((failure) => failure.operation === operation);
    if (failures.length) return failures.map((failure) => failedCheck(fuzz, failure));
    return fuzz.perOperation[operation] ? [passedCheck(fuzz, operation)] : [];
  });
}
