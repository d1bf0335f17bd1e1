/** Figures every report shares: per-operation counts and the overall verdict. */

import { interfaceOperation, interfaceOperations } from "../../mocks/interface/operations.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { operationIds } from "../../mocks/interface/spec.js";
import { failedStatuses } from "../fuzz/results.js";
import {
  advisoryWarnings,
  type CheckResult,
  failingChecks,
  runConforms,
  runPassed,
  type StopReason,
} from "../suite/results.js";
import {
  type Diagnosis,
  type DiagnosisCause,
  diagnose,
  rejectionStatuses,
  sentWithKey,
  statusOf,
} from "./diagnosis.js";
import type { ReportedRun } from "./run.js";

/** Per operation the run reported on: its checks' counts, its failures and its warnings. */
function summarize(result: ReportedRun, diagnoses: readonly Diagnosis[]) {
  const failing = new Set(failingChecks(result));
  const warning = new Set(advisoryWarnings(result));
  const rejections = keyRejections(result, diagnoses);
  return operationIds.flatMap((operation) => {
    const checks = result.checks.filter((check) => check.operation === operation);
    if (checks.length === 0) return [];
    const passed = checks.filter((check) => check.outcome === "passed");
    return {
      operation,
      passed: passed.length,
      /** Of the passed checks, those of answers that were the rejection of a rejected key: not judged. */
      passedOnRejectedKey: passed.filter((check) => rejections.has(check.caseId)).length,
      failed: checks.filter((check) => failing.has(check)),
      warnings: checks.filter((check) => warning.has(check)),
      skipped: checks.filter((check) => check.outcome === "skipped").length,
    };
  });
}

const stopped: Record<StopReason, string> = {
  "max-time": "STOPPED at --max-time",
  "not-answering": "STOPPED: the deployment is not answering",
  "wrong-base-path": "STOPPED: no pet list at this URL",
  "not-this-api": "STOPPED: no JSON API at this URL",
};

function verdict(result: ReportedRun): string {
  const failed = failingChecks(result).length;
  const warnings = advisoryWarnings(result).length;
  const passed = result.checks.filter((check) => check.outcome === "passed").length;
  const skipped = result.checks.filter((check) => check.outcome === "skipped").length;
  const head = result.stopReason
    ? `${stopped[result.stopReason]}: ${result.checks.length === 0 ? "no check ran" : `${failed} documented check${failed === 1 ? "" : "s"} failed so far`}`
    : runPassed(result)
      ? "PASSED"
      : `FAILED: ${failed} ${result.strict ? "" : "documented "}check${failed === 1 ? "" : "s"} failed`;
  return `${head} (${passed} passed, ${warnings} advisory warning${warnings === 1 ? "" : "s"}, ${skipped} skipped) in ${(result.durationMs / 1000).toFixed(2)} s`;
}

/**
 * What a report's header says of the run: its tag, what it sent when not the
 * suite (a replay, a consumer contract), read-only, strict; `shown` renders
 * the run's own text.
 */
function runFacts(result: ReportedRun, shown: (text: string) => string): string[] {
  return [
    `run tag ${shown(result.tag)}`,
    result.replayOf !== undefined
      ? `replay of ${shown(result.replayOf)}`
      : result.consumer
        ? `consumer contract ${shown(result.consumer.file)}`
        : "",
    result.readOnly ? "read-only" : "",
    result.strict ? "strict" : "",
  ].filter(Boolean);
}

/**
 * What the run created, by collection, and how its names start: with the
 * run tag, but for each record whose create could not carry it, named with
 * why ("pets 51, 52 (names start with ct-…; pets 52: no run tag, its name
 * is a number, not a string)").
 */
function createdList(result: ReportedRun): string {
  if (result.created.length === 0) return "none";
  const list = [...new Set(interfaceOperations.map((operation) => operation.collection))]
    .flatMap((collection) => {
      const ids = result.created.filter((record) => record.collection === collection);
      return ids.length ? [`${collection} ${ids.map((record) => record.id).join(", ")}`] : [];
    })
    .join("; ");
  const untagged = result.created.filter((record) => record.untagged !== undefined);
  const names = [
    ...(untagged.length < result.created.length ? [`names start with ${result.tag}`] : []),
    ...untagged.map(
      (record) => `${record.collection} ${record.id}: no run tag, ${record.untagged}`,
    ),
  ];
  return `${list} (${names.join("; ")})`;
}

export type MatrixCell = "passed" | "failed" | "not judged" | "never triggered";

export interface MatrixRow {
  readonly operation: OperationId;
  readonly status: number;
  readonly cell: MatrixCell;
  /** How many answers had this status: to the fixed requests, and to the generated ones (`--fuzz`). */
  readonly answers: { readonly fixed: number; readonly fuzz: number };
}

/**
 * The cases whose answer was the rejection of a rejected key (the diagnosis
 * says the key was rejected): a 401 or 403 to a request sent with the key.
 * Such an answer is not the operation passing its checks: it is not judged.
 */
function keyRejections(result: ReportedRun, diagnoses: readonly Diagnosis[]): Set<string> {
  if (!diagnoses.some((diagnosis) => diagnosis.cause === "key-rejected")) return new Set();
  return new Set(
    result.cases
      .filter((record) => sentWithKey(record) && rejectionStatuses.includes(statusOf(record)))
      .map((record) => record.caseId),
  );
}

/** Causes that make the deployment's answers unjudgeable as a whole (the key, the URL, silence). */
const wholeRunCauses: ReadonlySet<DiagnosisCause> = new Set([
  "not-answering",
  "key-rejected",
  "wrong-base-path",
  "not-this-api",
]);

/**
 * Operation × documented status: was the status seen (in an answer to a
 * fixed request or to a generated one), and did every check of the answers
 * with it (and every check expecting it) pass? A status no answer had is
 * "never triggered"; a failed check of an answer with it, or one that
 * expected it and did not get it, makes it "failed", unless every failure
 * behind it is explained by a cause that leaves the whole run unjudged (a
 * rejected key, a wrong URL): then "not judged". When the key was rejected,
 * a 401 (or 403) that answered a request sent with the key is that
 * rejection, not the operation passing: its status is "not judged" too. A
 * generated request's failure counts on the statuses of the answers that
 * failed that way.
 */
export function statusMatrix(result: ReportedRun, diagnoses: readonly Diagnosis[]): MatrixRow[] {
  return matrixLines(result, diagnoses).flatMap((line) => line.cells);
}

export interface MatrixLine {
  readonly operation: OperationId;
  readonly cells: readonly MatrixRow[];
}

/** The matrix per operation, only for operations the run reported on. */
function matrixLines(result: ReportedRun, diagnoses: readonly Diagnosis[]): MatrixLine[] {
  const reported = new Set(result.checks.map((check) => check.operation));
  const failedChecks = failingChecks(result);
  const unjudged = new Set(
    diagnoses
      .filter((diagnosis) => wholeRunCauses.has(diagnosis.cause))
      .flatMap((diagnosis) => diagnosis.checks),
  );
  const fuzzFailed = failedStatuses(result.fuzz);
  const rejections = keyRejections(result, diagnoses);
  return operationIds
    .filter((operation) => reported.has(operation))
    .map((operation) => ({
      operation,
      cells: interfaceOperation(operation).documentedStatuses.map((status): MatrixRow => {
        const records = result.cases.filter(
          (record) => record.operation === operation && statusOf(record) === status,
        );
        const cases = new Set(records.map((record) => record.caseId));
        const answers = {
          fixed: records.length,
          fuzz: result.fuzz?.statuses[operation]?.[status] ?? 0,
        };
        const behind = failedChecks.filter(
          (check) =>
            check.operation === operation &&
            (cases.has(check.caseId) ||
              check.id.endsWith(`.status-${status}`) ||
              (fuzzFailed.get(check.id)?.[status] ?? 0) > 0),
        );
        const cell: MatrixCell =
          behind.length > 0
            ? behind.every((check) => unjudged.has(check.id))
              ? "not judged"
              : "failed"
            : records.some((record) => rejections.has(record.caseId))
              ? "not judged"
              : answers.fixed + answers.fuzz > 0
                ? "passed"
                : "never triggered";
        return { operation, status, cell, answers };
      }),
    }));
}

/**
 * A cell's words: its state (in a report's own `words` where it has them),
 * then "(fuzz only)" when only answers to generated requests had its status.
 */
export function cellLabel(
  row: Pick<MatrixRow, "cell" | "answers">,
  words: Partial<Record<MatrixCell, string>> = {},
): string {
  const fuzzOnly = row.answers.fixed === 0 && row.answers.fuzz > 0;
  return `${words[row.cell] ?? row.cell}${fuzzOnly ? " (fuzz only)" : ""}`;
}

/** What the matrix's cells mean, in every report's words. */
export const matrixLegend =
  "passed: seen, every check passed; FAILED; not judged: a cause above explains its failures, or its answers were the rejection of a rejected key; never triggered; (fuzz only): seen only in answers to generated requests";

/**
 * How much of a red run the diagnosis explains, counted the way the verdict
 * counts: the failures that fail the run, then the advisory warnings;
 * undefined when no check failed.
 */
function explainedCounts(result: ReportedRun, diagnoses: readonly Diagnosis[]): string | undefined {
  const explained = new Set(diagnoses.flatMap((diagnosis) => diagnosis.checks));
  const failing = failingChecks(result);
  const warnings = advisoryWarnings(result);
  if (failing.length + warnings.length === 0) return undefined;
  const of = (checks: readonly CheckResult[], noun: string) => {
    const count = checks.filter((check) => explained.has(check.id)).length;
    return `${count} of the ${checks.length} ${noun}${checks.length === 1 ? "" : "s"}`;
  };
  const cause =
    diagnoses.length === 1
      ? "1 likely cause explains"
      : `${diagnoses.length} likely causes explain`;
  const failingNoun = result.strict ? "failed check" : "failed documented check";
  if (failing.length === 0) return `${cause} ${of(warnings, "advisory warning")}`;
  return warnings.length > 0
    ? `${cause} ${of(failing, failingNoun)} and ${of(warnings, "advisory warning")}`
    : `${cause} ${of(failing, failingNoun)}`;
}

/**
 * What the console, Markdown and HTML reports show of a run, worked out once
 * (the diagnosis among it); `shown` renders the run's own text in the header's facts.
 */
export function reportContent(result: ReportedRun, shown: (text: string) => string) {
  const diagnoses = diagnose(result);
  const summaries = summarize(result, diagnoses);
  return {
    verdict: verdict(result),
    conforms: runConforms(result),
    facts: runFacts(result, shown),
    diagnoses,
    explained: explainedCounts(result, diagnoses),
    summaries,
    /** The failures and the advisory warnings, operation by operation. */
    failed: summaries.flatMap((summary) => summary.failed),
    warnings: summaries.flatMap((summary) => summary.warnings),
    matrix: matrixLines(result, diagnoses),
    created: createdList(result),
  };
}
