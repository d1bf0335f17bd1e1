/** A Markdown summary for a CI step summary (`$GITHUB_STEP_SUMMARY`). */
import type { CheckResult, RunResult } from "../suite/results.js";
import { runPassed } from "../suite/results.js";
import { fuzzSummary } from "./fuzz.js";
import { createdList, matrixLines, summarize, verdict } from "./summary.js";
import { escapeHtml } from "./text.js";

/** Server text in Markdown: HTML escaped (no `</details>`, no `<img>`), one line, no table breaks. */
const cell = (text: string) =>
  escapeHtml(text)
    .replace(/\|/g, "\\|")
    .replace(/[`*_[\]]/g, (char) => `\\${char}`)
    .replace(/\s+/g, " ");

/** A fenced block that no backtick run inside can close. */
function fenced(text: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  return [`${fence}sh`, printableLine(text), fence];
}

const printableLine = (text: string) => escapeHtml(text).replace(/\s+/g, " ");

const icon = { passed: "✅", failed: "❌", "never triggered": "➖ never triggered" } as const;

function matrix(result: RunResult): string[] {
  return [
    "| operation | documented statuses (✅ seen and passing, ❌ failed, ➖ never triggered) |",
    "|---|---|",
    ...matrixLines(result).map(
      (line) =>
        `| \`${line.operation}\` | ${line.cells.map(({ status, cell }) => `${status} ${icon[cell]}`).join(" · ")} |`,
    ),
    "",
  ];
}

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

/** The fuzz section: what was generated and the seed; each cause with its shrunk curl line. */
function fuzzSection(result: RunResult): string[] {
  const { fuzz } = result;
  if (!fuzz) return [];
  const lines = ["### Generated requests (--fuzz)", "", cell(fuzzSummary(fuzz)), ""];
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

export function markdownReport(result: RunResult, extra: readonly string[] = []): string {
  const summaries = summarize(result);
  const lines = [
    `## ${runPassed(result) && !result.stoppedEarly ? "✅" : "❌"} Pet Store contract: ${cell(result.baseUrl)}`,
    "",
    `**${verdict(result)}** · run tag ${cell(result.tag)}${result.readOnly ? " · read-only" : ""}${result.strict ? " · strict" : ""}`,
    "",
    ...result.notes.flatMap((note) => [`> ${cell(note)}`, ""]),
    "| operation | passed | failed | advisory | skipped |",
    "|---|---:|---:|---:|---:|",
    ...summaries.map(
      (s) =>
        `| \`${s.operation}\` | ${s.passed} | ${s.failed.length} | ${s.warnings.length} | ${s.skipped} |`,
    ),
    "",
    ...matrix(result),
    ...findings(
      "Failures",
      summaries.flatMap((s) => s.failed),
    ),
    ...findings(
      "Advisory findings",
      summaries.flatMap((s) => s.warnings),
    ),
    ...fuzzSection(result),
    `Created by this run: ${createdList(result)}.`,
    "",
    ...extra,
  ];
  return `${lines.join("\n")}\n`;
}
