/**
 * The console summary: the diagnosis first (each likely cause with a count and
 * its first few failures), then counts per operation with every failure no
 * cause explains (expectation, answer, curl line), the matrix and the verdict.
 */

import { failureLines, foundParts } from "../../mocks/interface/failure-lines.js";
import { plural } from "../../mocks/util/text.js";
import type { CheckResult } from "../suite/results.js";
import { consumerConsoleLines } from "./consumer.js";
import type { Diagnosis } from "./diagnosis.js";
import { fuzzConsoleLines } from "./fuzz.js";
import { keyNote, needsKey } from "./key-note.js";
import type { ReportedRun } from "./run.js";
import { cellLabel, type MatrixLine, matrixLegend, reportContent } from "./summary.js";
import { printable } from "./text.js";
import { versionsLine } from "./versions.js";

/** The operation × documented-status matrix as aligned text. */
function matrix(lines: readonly MatrixLine[]): string[] {
  if (lines.length === 0) return [];
  const width = Math.max(0, ...lines.map((line) => line.operation.length));
  const cells = (line: MatrixLine) =>
    line.cells.map((row) => `${row.status} ${cellLabel(row, { failed: "FAILED" })}`).join(", ");
  return [
    `documented statuses (${matrixLegend}):`,
    ...lines.map((line) => `  ${line.operation.padEnd(width)}  ${cells(line)}`),
  ];
}

/** Failures shown in full under each cause on the console; the report files list them all. */
export const shownPerCause = 3;

function diagnosisLines(result: ReportedRun, diagnoses: readonly Diagnosis[], explained?: string) {
  if (diagnoses.length === 0) return [];
  const byId = new Map(result.checks.map((check) => [check.id, check]));
  const lines = [explained === undefined ? "diagnosis:" : `diagnosis: ${explained}`];
  for (const diagnosis of diagnoses) {
    const advice = diagnosis.severity === "advice";
    const count = diagnosis.checks.length;
    const checks = count ? `: ${plural(count, advice ? "advisory check" : "check")}` : "";
    // Advice (only advisory checks) is marked like an advisory warning, never as a failure.
    const mark = advice ? "!" : "✗";
    lines.push(
      `${mark} ${advice ? "advice: " : ""}${diagnosis.title} [${diagnosis.cause}]${checks}`,
      `    evidence: ${diagnosis.evidence}`,
      `    hint:     ${diagnosis.hint}`,
    );
    for (const id of diagnosis.checks.slice(0, shownPerCause)) {
      const check = byId.get(id);
      if (check) lines.push(...failureLines(check, mark));
    }
    const rest = diagnosis.checks.length - shownPerCause;
    if (rest > 0) {
      lines.push(`  … and ${rest} more with this cause (every one is in the report files)`);
    }
  }
  return lines;
}

export function consoleReport(result: ReportedRun): string {
  const content = reportContent(result, printable);
  const { diagnoses, summaries } = content;
  const lines = [`${versionsLine()} → ${result.baseUrl} (${content.facts.join(", ")})`];
  const notesAt = lines.length;
  lines.push(...diagnosisLines(result, diagnoses, content.explained));
  lines.push(...consumerConsoleLines(result));
  const explained = new Set(diagnoses.flatMap((diagnosis) => diagnosis.checks));
  const unexplained = (checks: readonly CheckResult[]) =>
    checks.filter((check) => !explained.has(check.id));
  const width = Math.max(...summaries.map((summary) => summary.operation.length));
  for (const summary of summaries) {
    const failed = unexplained(summary.failed);
    const warnings = unexplained(summary.warnings);
    const underCauses = summary.failed.length - failed.length;
    const onRejectedKey = summary.passedOnRejectedKey;
    const counts = [
      `${summary.passed} passed${onRejectedKey ? ` (${onRejectedKey} of them on answers rejecting the key: not judged)` : ""}`,
      summary.failed.length
        ? `${summary.failed.length} FAILED${underCauses ? ` (${underCauses} under the diagnosis above)` : ""}`
        : "",
      summary.warnings.length ? `${summary.warnings.length} advisory` : "",
      summary.skipped ? `${summary.skipped} skipped` : "",
    ].filter(Boolean);
    lines.push(`${summary.operation.padEnd(width)}  ${counts.join(", ")}`);
    for (const check of failed) lines.push(...failureLines(check, "✗"));
    for (const check of warnings) {
      lines.push(`  ! ${check.id} [advisory]: ${foundParts(check.actual).reason}`);
    }
  }
  lines.push(...matrix(content.matrix));
  lines.push(...fuzzConsoleLines(result));
  lines.push(`created: ${content.created}`);
  lines.push(content.verdict);
  // The key note only above a curl line that reads the key (the console leaves advisory ones out).
  const readsKey = lines.some((line) => needsKey({ curl: line }));
  const notes = result.notes.filter((note) => note !== keyNote || readsKey);
  lines.splice(notesAt, 0, ...notes.map((note) => `note: ${note}`));
  // Server text reaches the terminal only with its control characters made visible.
  return `${printable(lines.join("\n"))}\n`;
}
