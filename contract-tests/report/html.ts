/**
 * `--html FILE`: one self-contained page (inline CSS, no script, no external
 * asset) with the verdict, the diagnosis, the status matrix, failures with
 * their redacted curl lines, and advisory findings. Every text from the run is
 * HTML-escaped.
 */

import type { CheckResult } from "../suite/results.js";
import { consumerHtml } from "./consumer.js";
import type { Diagnosis } from "./diagnosis.js";
import { fuzzSummary } from "./fuzz.js";
import type { ReportedRun } from "./run.js";
import { cellLabel, type MatrixRow, matrixLegend, reportContent } from "./summary.js";
import { escapeHtml } from "./text.js";
import { versionsLine } from "./versions.js";

const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1f24;max-width:72rem}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ccd;padding:.3rem .6rem;text-align:left}
td.passed{background:#dcfce7}td.failed{background:#fee2e2;font-weight:600}td.never{background:#f1f5f9;color:#64748b}td.not{background:#fef9c3}
.verdict{padding:.6rem 1rem;border-radius:6px;font-weight:600}.ok{background:#dcfce7}.bad{background:#fee2e2}
details{border:1px solid #ccd;border-radius:6px;padding:.4rem .8rem;margin:.4rem 0}
pre{white-space:pre-wrap;word-break:break-all;background:#f6f8fa;padding:.5rem;border-radius:4px}
code{font-family:ui-monospace,monospace}
.cause{border-left:4px solid #dc2626;background:#fef2f2;padding:.4rem .8rem;margin:.5rem 0}
.cause.advice{border-left-color:#d97706;background:#fffbeb}`;

function finding(check: CheckResult): string {
  return `<details><summary><code>${escapeHtml(check.id)}</code> [${check.kind}]: ${escapeHtml(check.expected)}</summary>
<p><strong>expected:</strong> ${escapeHtml(check.expected)}</p>
<p><strong>got:</strong> ${escapeHtml(check.actual ?? "")}</p>
<pre><code>${escapeHtml(check.curl ?? "")}</code></pre></details>`;
}

function diagnosisSection(diagnoses: readonly Diagnosis[], explained: string | undefined): string {
  if (diagnoses.length === 0) return "";
  const causes = diagnoses.map(
    (
      diagnosis,
    ) => `<div class="cause ${diagnosis.severity}"><p>${diagnosis.severity === "advice" ? "Advice: " : ""}<strong>${escapeHtml(diagnosis.title)}</strong> (<code>${diagnosis.cause}</code>, ${diagnosis.checks.length} ${diagnosis.severity === "advice" ? "advisory " : ""}checks)</p>
<p>${escapeHtml(diagnosis.evidence)}</p>
<p><strong>What to do:</strong> ${escapeHtml(diagnosis.hint)}</p>
<details><summary>The ${diagnosis.checks.length} checks</summary><p>${diagnosis.checks.map((id) => `<code>${escapeHtml(id)}</code>`).join(", ")}</p></details></div>`,
  );
  const counts = explained === undefined ? "" : `<p>${escapeHtml(explained)}.</p>\n`;
  return `<h2 id="diagnosis">Diagnosis</h2>\n${counts}${causes.join("\n")}`;
}

function section(title: string, checks: readonly CheckResult[]): string {
  if (checks.length === 0) return `<h2>${title}</h2><p>None.</p>`;
  return `<h2>${title} (${checks.length})</h2>\n${checks.map(finding).join("\n")}`;
}

/** The fuzz section: what was generated and the seed; each cause with its shrunk curl line. */
function fuzzSection(result: ReportedRun): string {
  const { fuzz } = result;
  if (!fuzz) return "";
  const causes = fuzz.failures
    .map(
      (failure) =>
        `<li><code>${escapeHtml(failure.key)}</code> [${failure.kind}] ×${failure.count}<pre><code>${escapeHtml(failure.curl)}</code></pre></li>`,
    )
    .join("\n");
  return `<h2 id="fuzz">Generated requests (--fuzz)</h2><p>${escapeHtml(fuzzSummary(fuzz, result.strict))}</p>${causes ? `<ul>${causes}</ul>` : ""}`;
}

export function htmlReport(result: ReportedRun): string {
  const content = reportContent(result, (text) => `<code>${escapeHtml(text)}</code>`);
  const cell = (row: MatrixRow) =>
    `<td class="${row.cell.split(" ")[0]}"><strong>${row.status}</strong> ${cellLabel(row)}</td>`;
  const rows = content.matrix.map(
    (line) => `<tr><th><code>${line.operation}</code></th>${line.cells.map(cell).join("")}</tr>`,
  );
  const matrix = `<table id="matrix"><thead><tr><th>operation</th><th colspan="3">documented statuses</th></tr></thead><tbody>
${rows.join("\n")}</tbody></table>`;
  const counts = content.summaries
    .map(
      (s) =>
        `<tr><th><code>${s.operation}</code></th><td>${s.passed}</td><td>${s.failed.length}</td><td>${s.warnings.length}</td><td>${s.skipped}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Pet Store contract: ${escapeHtml(result.baseUrl)}</title><style>${style}</style></head>
<body>
<h1>Pet Store contract: <code>${escapeHtml(result.baseUrl)}</code></h1>
<p class="verdict ${content.conforms ? "ok" : "bad"}">${escapeHtml(content.verdict)}</p>
<p>${escapeHtml(versionsLine())} · ${content.facts.join(" · ")}</p>
${result.notes.map((note) => `<blockquote>${escapeHtml(note)}</blockquote>`).join("\n")}
${diagnosisSection(content.diagnoses, content.explained)}
${consumerHtml(result)}
<h2>Documented statuses</h2>
<p>${escapeHtml(matrixLegend)}</p>
${matrix}
<h2>Checks per operation</h2>
<table><thead><tr><th>operation</th><th>passed</th><th>failed</th><th>advisory</th><th>skipped</th></tr></thead><tbody>
${counts}</tbody></table>
${section("Failures", content.failed)}
${section("Advisory findings", content.warnings)}
${fuzzSection(result)}
<h2>Created by this run</h2><p>${escapeHtml(content.created)}</p>
</body></html>
`;
}
