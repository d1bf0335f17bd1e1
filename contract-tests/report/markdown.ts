/**
 * A Markdown summary for a CI step summary (`$GITHUB_STEP_SUMMARY`): the
 * diagnosis first, then counts, the matrix and every failure. Server text is
 * HTML-escaped outside code fences; inside a fence it stays literal (so a curl
 * line copies as is) and the fence is longer than any backtick run in it.
 */

import type { CheckResult } from "../suite/results.js";
import { consumerMarkdown } from "./consumer.js";
import type { Diagnosis } from "./diagnosis.js";
import { fuzzSummary } from "./fuzz.js";
import type { ReportedRun } from "./run.js";
import { cellLabel, reportContent } from "./summary.js";
import { markdownCell as cell, escapeHtml, printable } from "./text.js";
import { versionsLine } from "./versions.js";

/**
 * A one-line fenced block holding `text` literally (control characters made
 * visible, a line break as a space; a curl line holds neither, so it stays
 * exactly as printed, runs of spaces included): its fence is longer than any
 * backtick run inside, so nothing in the text can close it, and Markdown
 * renders nothing inside a fence.
 */
export function fenced(text: string): string[] {
  const line = printable(text).replace(/\n/g, " ");
  const longest = Math.max(2, ...[...line.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  return [`${fence}sh`, line, fence];
}

const icon = {
  passed: "✅",
  failed: "❌",
  "not judged": "❔ not judged",
  "never triggered": "➖ never triggered",
} as const;

/** A Markdown table (its header row, its rule, its rows) and a blank line; nothing without rows. */
export const markdownTable = (header: string, rule: string, rows: readonly string[]): string[] =>
  rows.length === 0 ? [] : [header, rule, ...rows, ""];

const matrixHeader =
  "| operation | documented statuses (✅ seen and passing, ❌ failed, ❔ not judged: a cause above explains its failures, or its answers were the rejection of a rejected key, ➖ never triggered; (fuzz only): seen only in answers to generated requests) |";

function findings(title: string, checks: readonly CheckResult[]): string[] {
  if (checks.length === 0) return [];
  const lines = [`### ${title}`, ""];
  for (const check of checks) {
    lines.push(
      `<details><summary><code>${escapeHtml(check.id)}</code> (${check.kind}): ${cell(check.expected)}</summary>`,
      "",
      `- **expected:** ${cell(check.expected)}`,
      `- **got:** ${cell(check.actual ?? "")}`,
      "",
      ...fenced(check.curl ?? ""),
      "</details>",
      "",
    );
  }
  return lines;
}

function diagnosisSection(diagnoses: readonly Diagnosis[], explained?: string) {
  if (diagnoses.length === 0) return [];
  const lines = ["### Diagnosis", ""];
  if (explained !== undefined) lines.push(`${explained}:`, "");
  for (const diagnosis of diagnoses) {
    lines.push(
      diagnosis.severity === "advice"
        ? `- ⚠️ advice: **${cell(diagnosis.title)}** (\`${diagnosis.cause}\`, ${diagnosis.checks.length} advisory checks)`
        : `- ❌ **${cell(diagnosis.title)}** (\`${diagnosis.cause}\`, ${diagnosis.checks.length} checks)`,
      `  - ${cell(diagnosis.evidence)}`,
      `  - _What to do:_ ${cell(diagnosis.hint)}`,
    );
    if (diagnosis.checks.length > 0) {
      lines.push(
        `  - <details><summary>The ${diagnosis.checks.length} checks</summary>${diagnosis.checks.map((id) => `<code>${escapeHtml(id)}</code>`).join(", ")}</details>`,
      );
    }
  }
  return [...lines, ""];
}

/** The fuzz section: what was generated and the seed; each cause with its shrunk curl line. */
function fuzzSection(result: ReportedRun): string[] {
  const { fuzz } = result;
  if (!fuzz) return [];
  const lines = ["### Generated requests (--fuzz)", "", cell(fuzzSummary(fuzz, result.strict)), ""];
  for (const failure of fuzz.failures) {
    lines.push(
      `- \`${cell(failure.key)}\` (${failure.kind}) ×${failure.count}`,
      "",
      ...fenced(failure.curl),
      "",
    );
  }
  return lines;
}

export function markdownReport(result: ReportedRun, extra: readonly string[] = []): string {
  const content = reportContent(result, cell);
  const lines = [
    `## ${content.conforms ? "✅" : "❌"} Pet Store contract: ${cell(result.baseUrl)}`,
    "",
    `**${content.verdict}** · ${content.facts.join(" · ")} · ${cell(versionsLine())}`,
    "",
    ...result.notes.flatMap((note) => [`> ${cell(note)}`, ""]),
    ...diagnosisSection(content.diagnoses, content.explained),
    ...consumerMarkdown(result),
    ...markdownTable(
      "| operation | passed | failed | advisory | skipped |",
      "|---|---:|---:|---:|---:|",
      content.summaries.map(
        (s) =>
          `| \`${s.operation}\` | ${s.passed} | ${s.failed.length} | ${s.warnings.length} | ${s.skipped} |`,
      ),
    ),
    ...markdownTable(
      matrixHeader,
      "|---|---|",
      content.matrix.map(
        (line) =>
          `| \`${line.operation}\` | ${line.cells.map((row) => `${row.status} ${cellLabel(row, icon)}`).join(" · ")} |`,
      ),
    ),
    ...findings("Failures", content.failed),
    ...findings("Advisory findings", content.warnings),
    ...fuzzSection(result),
    `Created by this run: ${cell(content.created)}.`,
    "",
    ...extra,
  ];
  return `${lines.join("\n")}\n`;
}
