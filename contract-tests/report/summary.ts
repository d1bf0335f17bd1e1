/** Figures every report shares: per-operation counts and the overall verdict. */
import type { OperationId } from "../../mocks/spec.js";
import { operationIds } from "../options.js";
import {
  advisoryWarnings,
  type CheckResult,
  failingChecks,
  type RunResult,
  runPassed,
} from "../suite/results.js";

export interface OperationSummary {
  readonly operation: OperationId;
  readonly passed: number;
  readonly failed: readonly CheckResult[];
  readonly warnings: readonly CheckResult[];
  readonly skipped: number;
  readonly total: number;
}

export function summarize(result: RunResult): OperationSummary[] {
  const failing = new Set(failingChecks(result));
  const warning = new Set(advisoryWarnings(result));
  return operationIds
    .map((operation) => {
      const checks = result.checks.filter((check) => check.operation === operation);
      return {
        operation,
        passed: checks.filter((check) => check.outcome === "passed").length,
        failed: checks.filter((check) => failing.has(check)),
        warnings: checks.filter((check) => warning.has(check)),
        skipped: checks.filter((check) => check.outcome === "skipped").length,
        total: checks.length,
      };
    })
    .filter((summary) => summary.total > 0);
}

export function verdict(result: RunResult): string {
  const failed = failingChecks(result).length;
  const warnings = advisoryWarnings(result).length;
  const passed = result.checks.filter((check) => check.outcome === "passed").length;
  const skipped = result.checks.filter((check) => check.outcome === "skipped").length;
  const head = runPassed(result)
    ? "PASSED"
    : `FAILED: ${failed} ${result.strict ? "" : "documented "}check${failed === 1 ? "" : "s"} failed`;
  return `${head} (${passed} passed, ${warnings} advisory warning${warnings === 1 ? "" : "s"}, ${skipped} skipped) in ${(result.durationMs / 1000).toFixed(2)} s`;
}

export function createdList(result: RunResult): string {
  if (result.created.length === 0) return "none";
  const of = (collection: "pets" | "categories") =>
    result.created.filter((record) => record.collection === collection).map((record) => record.id);
  const pets = of("pets");
  const categories = of("categories");
  return [
    pets.length ? `pets ${pets.join(", ")}` : "",
    categories.length ? `categories ${categories.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}
