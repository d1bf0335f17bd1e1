/**
 * The consumer section every report adds to a `--consumer` run: which of the
 * app's interactions the deployment would break, each with the tests that
 * rely on it and the failed checks behind it (the consumer's expectations,
 * and the interface's with the statements they rest on), and those not
 * verified, with why. An interaction sent is broken when a check of its own
 * case or of a case that set its provider states up failed (as the verdict
 * counts: documented, advisory too under `--strict`); one not sent (a state
 * that could not be set up, `--read-only`, the write budget, `--only`) is
 * not verified, with the failed checks of its states' set-up beside why.
 */

import { foundParts } from "../../mocks/interface/failure-lines.js";
import type { ConsumerCase } from "../consumer/run.js";
import { type CheckResult, failingChecks } from "../suite/results.js";
import type { ReportedRun } from "./run.js";
import { markdownCell as cell, escapeHtml, escapeXml, junitSeconds, printable } from "./text.js";

export type ConsumerOutcome = "passed" | "broken" | "not verified";

export interface ConsumerVerdict {
  readonly interaction: ConsumerCase;
  readonly outcome: ConsumerOutcome;
  /** Why it was not verified. */
  readonly why?: string;
  /** The failed checks behind its outcome: its own, then its provider states'. */
  readonly failed: readonly CheckResult[];
  /**
   * Each failed check in one line: its id, what it rests on (the interface's
   * statements, or the app's own expectation), expectation and what came (no body).
   */
  readonly failures: readonly string[];
}

/** Each interaction of a consumer run with its outcome; none for another run. */
export function consumerVerdicts(result: ReportedRun): ConsumerVerdict[] {
  if (!result.consumer) return [];
  const failing = failingChecks(result);
  const judged = new Set(
    result.checks.filter((check) => check.outcome !== "skipped").map((check) => check.caseId),
  );
  const rules = new Map((result.plan ?? []).map((planned) => [planned.id, planned.rules]));
  const failureLine = (check: CheckResult) => {
    const ids = rules.get(check.id) ?? [];
    const restsOn = ids.length > 0 ? `interface: ${ids.join(", ")}` : "the app's expectation";
    return `${check.id} [${restsOn}]: expected ${check.expected}; got ${foundParts(check.actual).reason}`;
  };
  return result.consumer.interactions.map((interaction): ConsumerVerdict => {
    const cases = new Set([interaction.caseId, ...interaction.stateCases]);
    const failed = failing.filter((check) => cases.has(check.caseId));
    const verdict = { interaction, failed, failures: failed.map(failureLine) };
    // Not sent: nothing of the app's was asked, whatever its set-up met.
    if (interaction.skipped !== undefined) {
      return { ...verdict, outcome: "not verified", why: interaction.skipped };
    }
    if (failed.length > 0) return { ...verdict, outcome: "broken" };
    if (!judged.has(interaction.caseId)) {
      return { ...verdict, outcome: "not verified", why: "the run stopped before it" };
    }
    return { ...verdict, outcome: "passed" };
  });
}

/** "9 interactions: 1 would break, 7 pass, 1 not verified; 3 of 60 creates". */
export function consumerCounts(result: ReportedRun): string {
  const verdicts = consumerVerdicts(result);
  const count = (outcome: ConsumerOutcome) => verdicts.filter((v) => v.outcome === outcome).length;
  const { consumer } = result;
  const writes = consumer ? `; ${consumer.writes} of ${consumer.writeBudget} creates` : "";
  return `${verdicts.length} interaction${verdicts.length === 1 ? "" : "s"}: ${count("broken")} would break, ${count("passed")} pass, ${count("not verified")} not verified${writes}`;
}

/** What an interaction sent without the run tag says of it: its create's name could not carry it. */
const untaggedNote = (interaction: ConsumerCase) =>
  interaction.untagged === undefined ? [] : [`sent without the run tag: ${interaction.untagged}`];

/** The lines behind an interaction's outcome: why it was not verified, its untagged create, its failed checks. */
const detailsOf = (verdict: ConsumerVerdict) => [
  ...(verdict.why ? [verdict.why] : []),
  ...untaggedNote(verdict.interaction),
  ...verdict.failures,
];

export const testsOf = (interaction: { readonly tests: readonly string[] }) =>
  interaction.tests.length > 0 ? interaction.tests.join("; ") : "(no test known)";

/** The console's lines: the counts, then every interaction that would break or was not verified. */
export function consumerConsoleLines(result: ReportedRun): string[] {
  if (!result.consumer) return [];
  const { file, consumer, provider } = result.consumer;
  const lines = [
    `consumer contract ${file} (${consumer} → ${provider}): ${consumerCounts(result)}`,
  ];
  for (const verdict of consumerVerdicts(result)) {
    const { interaction } = verdict;
    if (verdict.outcome === "passed") {
      lines.push(
        ...untaggedNote(interaction).map((note) => `  ${interaction.description}: ${note}`),
      );
      continue;
    }
    const mark = verdict.outcome === "broken" ? "✗ would break" : "- not verified";
    lines.push(
      `  ${mark}: ${interaction.description}${verdict.why ? ` (${verdict.why})` : ""}`,
      `      relied on by: ${testsOf(interaction)}`,
      ...untaggedNote(interaction).map((note) => `      ${note}`),
      ...verdict.failures.map((line) => `      ✗ ${line}`),
    );
  }
  return lines.map(printable);
}

const outcomeMark: Record<ConsumerOutcome, string> = {
  broken: "❌ would break",
  passed: "✅ passes",
  "not verified": "➖ not verified",
};

/** The Markdown section: a table of every interaction, its tests, its outcome and the checks behind it. */
export function consumerMarkdown(result: ReportedRun): string[] {
  if (!result.consumer) return [];
  const { file, consumer, provider } = result.consumer;
  const rows = consumerVerdicts(result).map((verdict) => {
    const { interaction } = verdict;
    const details = detailsOf(verdict).map(cell).join("<br>");
    return `| ${cell(interaction.description)} | ${cell(testsOf(interaction))} | ${outcomeMark[verdict.outcome]} | ${details} |`;
  });
  return [
    `### The app's interactions: consumer contract ${cell(file)} (${cell(consumer)} → ${cell(provider)})`,
    "",
    cell(consumerCounts(result)),
    "",
    "| interaction | relied on by | outcome | why |",
    "|---|---|---|---|",
    ...rows,
    "",
  ];
}

/** The HTML section: the same table. */
export function consumerHtml(result: ReportedRun): string {
  if (!result.consumer) return "";
  const { file, consumer, provider } = result.consumer;
  const rows = consumerVerdicts(result).map((verdict) => {
    const { interaction } = verdict;
    const details = detailsOf(verdict)
      .map((line) => `<div>${escapeHtml(line)}</div>`)
      .join("");
    const cls =
      verdict.outcome === "broken" ? "failed" : verdict.outcome === "passed" ? "passed" : "never";
    return `<tr><td>${escapeHtml(interaction.description)}</td><td>${escapeHtml(testsOf(interaction))}</td><td class="${cls}">${escapeHtml(outcomeMark[verdict.outcome])}</td><td>${details}</td></tr>`;
  });
  return `<h2 id="consumer">The app's interactions: consumer contract <code>${escapeHtml(file)}</code> (${escapeHtml(consumer)} → ${escapeHtml(provider)})</h2>
<p>${escapeHtml(consumerCounts(result))}</p>
<table><thead><tr><th>interaction</th><th>relied on by</th><th>outcome</th><th>why</th></tr></thead><tbody>
${rows.join("\n")}</tbody></table>`;
}

/** The JSON report's `consumer` member. */
export function consumerJson(result: ReportedRun): object | null {
  if (!result.consumer) return null;
  const { interactions: _cases, ...run } = result.consumer;
  return {
    ...run,
    interactions: consumerVerdicts(result).map(({ interaction, outcome, why, failed }) => ({
      ...interaction,
      outcome,
      why: why ?? null,
      failed: failed.map((check) => check.id),
    })),
  };
}

/**
 * The JUnit testsuite of a consumer run: a testcase per interaction, timed by
 * its own request (0 for one not sent), the testsuite by every request the
 * run sent for the interactions and their provider states; none for another
 * run.
 */
export function consumerJunitSuite(result: ReportedRun) {
  if (!result.consumer) return undefined;
  const verdicts = consumerVerdicts(result);
  const timeOf = new Map(result.checks.map((check) => [check.caseId, check.durationMs ?? 0]));
  const sent = new Set(result.consumer.interactions.flatMap((i) => [i.caseId, ...i.stateCases]));
  const total = [...sent].reduce((sum, caseId) => sum + (timeOf.get(caseId) ?? 0), 0);
  const testcases = verdicts.map(({ interaction, outcome, why, failures }) => {
    const time = junitSeconds(timeOf.get(interaction.caseId) ?? 0);
    const open = `    <testcase classname="${escapeXml(interaction.operation)}" name="${escapeXml(interaction.description)}" time="${time}">`;
    const relied = `relied on by: ${testsOf(interaction)}`;
    if (outcome === "not verified") {
      return `${open}<skipped message="${escapeXml(why ?? "")}"/></testcase>`;
    }
    if (outcome === "passed")
      return `${open}<system-out>${escapeXml(relied)}</system-out></testcase>`;
    const text = [relied, ...failures].join("\n");
    return `${open}<failure message="${escapeXml(`would break: ${interaction.description}`)}" type="consumer">${escapeXml(text)}</failure></testcase>`;
  });
  const failures = verdicts.filter((v) => v.outcome === "broken").length;
  const skipped = verdicts.filter((v) => v.outcome === "not verified").length;
  const suite = [
    `  <testsuite name="${escapeXml(`consumer contract ${result.consumer.file}`)}" tests="${verdicts.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${junitSeconds(total)}">`,
    ...testcases,
    "  </testsuite>",
  ].join("\n");
  return { suite, tests: verdicts.length, failures };
}
