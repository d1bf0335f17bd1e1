/**
 * The reports of `--consumer <file> --against-spec`, in every format the
 * contract CLI writes: the console, Markdown, one offline HTML page, JSON and
 * JUnit. Each names the contract file, lists every interaction that relies
 * on what openapi.yaml does not promise with the tests behind it, and each
 * finding with what it relies on, the statement the interface lacks (or the
 * id it would need) and what the interface says instead. Text from the file
 * is escaped for each format like a deployment's.
 */
import { plural } from "../../mocks/util/text.js";
import {
  failingFindings,
  type SpecFinding,
  type SpecResult,
  specFailed,
} from "../consumer/against-spec.js";
import { testsOf } from "./consumer.js";
import { markdownTable } from "./markdown.js";
import {
  markdownCell as cell,
  escapeHtml,
  escapeXml,
  junitSeconds,
  printable,
  printableData,
} from "./text.js";
import { reportVersions, versionsLine } from "./versions.js";

/** Interactions with a finding that fails the run, and those with only warnings. */
function tally(result: SpecResult) {
  const read = result.interactions.filter((interaction) => interaction.skipped === undefined);
  const failing = read.filter((interaction) => failingFindings(result, interaction).length > 0);
  const findings = read.flatMap((interaction) => interaction.findings);
  const advisory = findings.filter((finding) => finding.severity === "advisory").length;
  return { read, failing, findings: findings.length, advisory };
}

/** The verdict line every format shares. */
export function specVerdict(result: SpecResult): string {
  const { read, failing, findings, advisory } = tally(result);
  const counts = `${plural(findings, "finding")}, ${advisory} advisory`;
  const time = `in ${(result.durationMs / 1000).toFixed(2)} s`;
  return specFailed(result)
    ? `FAILED: ${failing.length} of ${plural(read.length, "interaction")} rely on what openapi.yaml does not promise (${counts}) ${time}`
    : `PASSED: ${read.length === 1 ? "the interaction relies" : `the ${read.length} interactions rely`} only on what openapi.yaml promises (${counts}) ${time}`;
}

const heading = (result: SpecResult) =>
  `consumer contract ${result.file} (${result.consumer} → ${result.provider}) against openapi.yaml${result.strict ? ", strict" : ""}`;

const lacking = (finding: SpecFinding) =>
  `${finding.lacks}${finding.wouldNeed ? `; it would need a statement such as ${finding.wouldNeed}` : ""}`;

export function specConsoleReport(result: SpecResult): string {
  const lines = [`${versionsLine()} → ${heading(result)}`];
  for (const interaction of result.interactions) {
    if (interaction.skipped !== undefined) {
      lines.push(`- ${interaction.description}: not read (${interaction.skipped})`);
      continue;
    }
    if (interaction.findings.length === 0) continue;
    const fails = failingFindings(result, interaction).length > 0;
    lines.push(
      `${fails ? "✗" : "!"} ${interaction.description}`,
      `    relied on by: ${testsOf(interaction)}`,
    );
    for (const finding of interaction.findings) {
      lines.push(
        `    ${finding.severity === "documented" ? "✗" : "!"} ${finding.kind} [${finding.severity}]: relies on ${finding.relies}`,
        `        lacks:   ${lacking(finding)}`,
        `        instead: ${finding.instead}`,
      );
    }
  }
  lines.push(specVerdict(result));
  return `${printable(lines.join("\n"))}\n`;
}

/** Every finding with its interaction, in file order. */
const rows = (result: SpecResult) =>
  result.interactions.flatMap((interaction) =>
    interaction.findings.map((finding) => ({ interaction, finding })),
  );

export function specMarkdownReport(result: SpecResult): string {
  const table = rows(result).map(
    ({ interaction, finding }) =>
      `| ${cell(interaction.description)} | ${cell(testsOf(interaction))} | ${finding.severity === "documented" ? "❌" : "⚠️"} ${finding.kind} | ${cell(finding.relies)} | ${cell(lacking(finding))} | ${cell(finding.instead)} |`,
  );
  const skipped = result.interactions.filter((interaction) => interaction.skipped !== undefined);
  return `${[
    `## ${specFailed(result) ? "❌" : "✅"} Pet Store ${cell(heading(result))}`,
    "",
    `**${cell(specVerdict(result))}** · ${cell(versionsLine())}`,
    "",
    ...markdownTable(
      "| interaction | relied on by | finding | relies on | the interface lacks | it says instead |",
      "|---|---|---|---|---|---|",
      table,
    ),
    ...skipped.map(
      (interaction) =>
        `- not read: ${cell(interaction.description)} (${cell(interaction.skipped ?? "")})`,
    ),
  ].join("\n")}\n`;
}

export function specHtmlReport(result: SpecResult): string {
  const table = rows(result)
    .map(
      ({ interaction, finding }) =>
        `<tr><td>${escapeHtml(interaction.description)}</td><td>${escapeHtml(testsOf(interaction))}</td><td class="${finding.severity === "documented" ? "failed" : "not"}">${escapeHtml(`${finding.kind} [${finding.severity}]`)}</td><td>${escapeHtml(finding.relies)}</td><td>${escapeHtml(lacking(finding))}</td><td>${escapeHtml(finding.instead)}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Pet Store ${escapeHtml(heading(result))}</title><style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1f24;max-width:80rem}
table{border-collapse:collapse}th,td{border:1px solid #ccd;padding:.3rem .6rem;text-align:left;vertical-align:top}
td.failed{background:#fee2e2;font-weight:600}td.not{background:#fef9c3}
.verdict{padding:.6rem 1rem;border-radius:6px;font-weight:600}.ok{background:#dcfce7}.bad{background:#fee2e2}
</style></head>
<body>
<h1>Pet Store ${escapeHtml(heading(result))}</h1>
<p class="verdict ${specFailed(result) ? "bad" : "ok"}">${escapeHtml(specVerdict(result))}</p>
<p>${escapeHtml(versionsLine())}</p>
<table><thead><tr><th>interaction</th><th>relied on by</th><th>finding</th><th>relies on</th><th>the interface lacks</th><th>it says instead</th></tr></thead><tbody>
${table}</tbody></table>
</body></html>
`;
}

export function specJsonReport(result: SpecResult): string {
  const versions = reportVersions();
  return `${JSON.stringify(
    printableData({
      tool: { name: "petstore-contract", version: versions.kit },
      interface: { version: versions.interface },
      againstSpec: { file: result.file, consumer: result.consumer, provider: result.provider },
      strict: result.strict,
      passed: !specFailed(result),
      durationMs: Math.round(result.durationMs),
      interactions: result.interactions.map((interaction) => ({
        ...interaction,
        durationMs: Math.round(interaction.durationMs * 1000) / 1000,
      })),
    }),
    null,
    2,
  )}\n`;
}

export function specJunitReport(result: SpecResult): string {
  const testcases = result.interactions.map((interaction) => {
    const open = `    <testcase classname="${escapeXml(interaction.operation)}" name="${escapeXml(interaction.description)}" time="${junitSeconds(interaction.durationMs)}">`;
    if (interaction.skipped !== undefined) {
      return `${open}<skipped message="${escapeXml(interaction.skipped)}"/></testcase>`;
    }
    const text = [
      `relied on by: ${testsOf(interaction)}`,
      ...interaction.findings.map(
        (f) =>
          `${f.kind} [${f.severity}]: relies on ${f.relies}\n  lacks: ${lacking(f)}\n  instead: ${f.instead}`,
      ),
    ].join("\n");
    if (failingFindings(result, interaction).length > 0) {
      return `${open}<failure message="${escapeXml("relies on what openapi.yaml does not promise")}" type="against-spec">${escapeXml(text)}</failure></testcase>`;
    }
    return `${open}<system-out>${escapeXml(text)}</system-out></testcase>`;
  });
  const { read, failing } = tally(result);
  const failures = failing.length;
  const count = result.interactions.length;
  const skipped = count - read.length;
  const versions = reportVersions();
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${escapeXml(`${versionsLine()} ${heading(result)}`)}" tests="${count}" failures="${failures}" errors="0" time="${junitSeconds(result.durationMs)}">`,
    `  <testsuite name="${escapeXml(`against-spec ${result.file}`)}" tests="${count}" failures="${failures}" errors="0" skipped="${skipped}" time="${junitSeconds(result.durationMs)}">`,
    "    <properties>",
    `      <property name="petstore-contract.version" value="${escapeXml(versions.kit)}"/>`,
    `      <property name="interface.version" value="${escapeXml(versions.interface)}"/>`,
    `      <property name="consumer.contract" value="${escapeXml(result.file)}"/>`,
    "    </properties>",
    ...testcases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
