/**
 * A fuzz run in the suite's result: each cause of failure becomes a failed
 * check of its operation (`<operation>.fuzz.<check>`), with its shrunk curl
 * line and the seed; an operation whose generated requests all kept every
 * rule gets one passed check. Every report then shows them like any other.
 */
import type { OperationId } from "../../mocks/interface/spec.js";
import { operationIds } from "../../mocks/interface/spec.js";
import type { CheckResult } from "../suite/results.js";
import type { FuzzFailure, FuzzResult } from "./run.js";

export const replayFlags = (fuzz: Pick<FuzzResult, "requested" | "seed">) =>
  `--fuzz ${fuzz.requested} --fuzz-seed ${fuzz.seed}`;

function failedCheck(fuzz: FuzzResult, failure: FuzzFailure): CheckResult {
  const times = failure.count === 1 ? "once" : `${failure.count} times`;
  return {
    id: `${failure.operation}.fuzz.${failure.slug}`,
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
    id: `${operation}.fuzz.every-rule`,
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
