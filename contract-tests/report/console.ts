/** The console summary: counts per operation, then each failure with its expectation, answer and curl line. */
import type { CheckResult, RunResult } from "../suite/results.js";
import { fuzzConsoleLines } from "./fuzz.js";
import { createdList, matrixLines, summarize, verdict } from "./summary.js";
import { printable } from "./text.js";

/** The operation × documented-status matrix as aligned text. */
function matrix(result: RunResult): string[] {
  const lines = matrixLines(result);
  const width = Math.max(0, ...lines.map((line) => line.operation.length));
  return [
    "documented statuses (passed: seen, every check passed; FAILED; never triggered):",
    ...lines.map(
      (line) =>
        `  ${line.operation.padEnd(width)}  ${line.cells
          .map(({ status, cell }) => `${status} ${cell === "failed" ? "FAILED" : cell}`)
          .join(", ")}`,
    ),
  ];
}

function describe(check: CheckResult, mark: string): string[] {
  return [
    `  ${mark} ${check.id} [${check.kind}]`,
    `      expected: ${check.expected}`,
    `      got:      ${check.actual ?? ""}`,
    `      repro:    ${check.curl ?? ""}`,
  ];
}

export function consoleReport(result: RunResult): string {
  const lines = [
    `petstore-contract → ${result.baseUrl} (run tag ${result.tag}${result.readOnly ? ", read-only" : ""}${result.strict ? ", strict" : ""})`,
  ];
  for (const note of result.notes) lines.push(`note: ${note}`);
  const width = Math.max(...summarize(result).map((summary) => summary.operation.length));
  for (const summary of summarize(result)) {
    const counts = [
      `${summary.passed} passed`,
      summary.failed.length ? `${summary.failed.length} FAILED` : "",
      summary.warnings.length ? `${summary.warnings.length} advisory` : "",
      summary.skipped ? `${summary.skipped} skipped` : "",
    ].filter(Boolean);
    lines.push(`${summary.operation.padEnd(width)}  ${counts.join(", ")}`);
    for (const check of summary.failed) lines.push(...describe(check, "✗"));
    for (const check of summary.warnings) {
      lines.push(`  ! ${check.id} [advisory]: ${check.actual?.split(" — got ")[0] ?? ""}`);
    }
  }
  lines.push(...matrix(result));
  lines.push(...fuzzConsoleLines(result));
  lines.push(
    `created: ${createdList(result)}${result.created.length ? ` (names start with ${result.tag})` : ""}`,
  );
  lines.push(verdict(result));
  // Server text reaches the terminal only with its control characters made visible.
  return `${printable(lines.join("\n"))}\n`;
}
