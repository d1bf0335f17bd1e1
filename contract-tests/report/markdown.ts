/** A Markdown summary for a CI step summary (`$GITHUB_STEP_SUMMARY`). */
import type { CheckResult, RunResult } from "../suite/results.js";
import { runPassed } from "../suite/results.js";
import { createdList, summarize, verdict } from "./summary.js";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function findings(title: string, checks: readonly CheckResult[]): string[] {
  if (checks.length === 0) return [];
  const lines = [`### ${title}`, ""];
  for (const check of checks) {
    lines.push(
      `<details><summary><code>${check.id}</code> (${check.kind}): ${cell(check.expected)}</summary>`,
      "",
      `- **expected:** ${check.expected}`,
      `- **got:** ${check.actual ?? ""}`,
      "",
      "```sh",
      check.curl ?? "",
      "```",
      "</details>",
      "",
    );
  }
  return lines;
}

export function markdownReport(result: RunResult, extra: readonly string[] = []): string {
  const summaries = summarize(result);
  const lines = [
    `## ${runPassed(result) ? "✅" : "❌"} Pet Store contract: \`${result.baseUrl}\``,
    "",
    `**${verdict(result)}** · run tag \`${result.tag}\`${result.readOnly ? " · read-only" : ""}${result.strict ? " · strict" : ""}`,
    "",
    ...result.notes.flatMap((note) => [`> ${note}`, ""]),
    "| operation | passed | failed | advisory | skipped |",
    "|---|---:|---:|---:|---:|",
    ...summaries.map(
      (s) =>
        `| \`${s.operation}\` | ${s.passed} | ${s.failed.length} | ${s.warnings.length} | ${s.skipped} |`,
    ),
    "",
    ...findings(
      "Failures",
      summaries.flatMap((s) => s.failed),
    ),
    ...findings(
      "Advisory findings",
      summaries.flatMap((s) => s.warnings),
    ),
    `Created by this run: ${createdList(result)}.`,
    "",
    ...extra,
  ];
  return `${lines.join("\n")}\n`;
}
