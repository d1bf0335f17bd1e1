/**
 * JUnit XML: one testsuite per operation, one testcase per check; with
 * `--fuzz`, a `fuzz` testsuite holding the generated requests' checks (one
 * testcase per cause of failure, one per operation whose requests kept every
 * rule); with `--consumer`, a testsuite of the app's interactions. Every
 * testcase and testsuite has its measured `time`. Advisory findings outside
 * `--strict` are passing testcases with the finding in `system-out`, so CI
 * dashboards show them without going red.
 */
import { operationIds } from "../../mocks/interface/spec.js";
import { isFuzzCheck } from "../fuzz/results.js";
import { type CheckResult, failingChecks } from "../suite/results.js";
import { consumerJunitSuite } from "./consumer.js";
import { diagnose } from "./diagnosis.js";
import { keyNote, needsKey } from "./key-note.js";
import type { ReportedRun } from "./run.js";
import { cellLabel, statusMatrix } from "./summary.js";
import { escapeXml, junitSeconds as seconds } from "./text.js";
import { reportVersions, versionsLine } from "./versions.js";

/** The diagnosis title explaining each check it explains, by check id. */
type Causes = ReadonlyMap<string, string>;

/** A failure's details; `keyNoted`: the run's notes say how to set the key its curl lines read. */
function details(check: CheckResult, causes: Causes, keyNoted: boolean): string {
  const cause = causes.get(check.id);
  const key = keyNoted && needsKey(check) ? `\n${keyNote}` : "";
  return `${cause ? `likely cause: ${cause}\n` : ""}expected: ${check.expected}\ngot: ${check.actual ?? ""}\nreproduce: ${check.curl ?? ""}${key}`;
}

function testcase(check: CheckResult, strict: boolean, causes: Causes, keyNoted: boolean): string {
  // The time of the exchange the check judged (of the generated requests behind a fuzz check); 0 for one not sent.
  const open = `    <testcase classname="${escapeXml(check.operation)}" name="${escapeXml(`${check.id} [${check.kind}]`)}" time="${seconds(check.durationMs ?? 0)}">`;
  if (check.outcome === "skipped") {
    return `${open}<skipped message="${escapeXml(check.note ?? "skipped")}"/></testcase>`;
  }
  if (check.outcome === "passed") return `${open}</testcase>`;
  if (check.kind === "advisory" && !strict) {
    return `${open}<system-out>${escapeXml(`ADVISORY (not failing the run)\n${details(check, causes, keyNoted)}`)}</system-out></testcase>`;
  }
  return `${open}<failure message="${escapeXml(check.expected)}" type="${check.kind}">${escapeXml(details(check, causes, keyNoted))}</failure></testcase>`;
}

export function junitReport(result: ReportedRun): string {
  const versions = reportVersions();
  const property = (name: string, value: string | number) =>
    `      <property name="${name}" value="${escapeXml(String(value))}"/>`;
  const versionProperties = [
    property("petstore-contract.version", versions.kit),
    property("interface.version", versions.interface),
    ...(result.replayOf !== undefined ? [property("replay.recording", result.replayOf)] : []),
    ...(result.consumer ? [property("consumer.contract", result.consumer.file)] : []),
  ];
  const failing = new Set(failingChecks(result));
  const keyNoted = result.notes.includes(keyNote);
  const diagnoses = diagnose(result);
  const matrix = statusMatrix(result, diagnoses);
  const causes = new Map(
    diagnoses.flatMap((diagnosis) => diagnosis.checks.map((id) => [id, diagnosis.title])),
  );
  /** A testsuite of these checks, its time given or the sum over their requests (each once). */
  const suite = (
    name: string,
    checks: readonly CheckResult[],
    properties: readonly string[],
    ms = [...new Map(checks.map((c) => [c.caseId, c.durationMs ?? 0])).values()].reduce(
      (sum, each) => sum + each,
      0,
    ),
  ) => {
    const failures = checks.filter((check) => failing.has(check)).length;
    const skipped = checks.filter((check) => check.outcome === "skipped").length;
    return [
      `  <testsuite name="${escapeXml(name)}" tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(ms)}">`,
      "    <properties>",
      ...properties,
      "    </properties>",
      ...checks.map((check) => testcase(check, result.strict, causes, keyNoted)),
      "  </testsuite>",
    ].join("\n");
  };
  const fixed = result.checks.filter((check) => !isFuzzCheck(check));
  // An operation only the fuzz reached keeps its suite (no testcase): its matrix row lives there.
  const suites = operationIds.flatMap((operation) => {
    const checks = fixed.filter((check) => check.operation === operation);
    const rows = matrix.filter((row) => row.operation === operation);
    const answered = rows.some((row) => row.answers.fixed + row.answers.fuzz > 0);
    if (checks.length === 0 && !answered) return [];
    return [
      suite(operation, checks, [
        ...versionProperties,
        ...rows.map((row) => property(`status.${row.status}`, cellLabel(row))),
      ]),
    ];
  });
  if (result.fuzz) {
    const { fuzz } = result;
    const properties = Object.entries({
      seed: fuzz.seed,
      requested: fuzz.requested,
      generated: fuzz.generated,
      sent: fuzz.sent,
      writes: fuzz.writes,
      causes: fuzz.failures.length,
    }).map(([name, value]) => property(`fuzz.${name}`, value));
    const checks = result.checks.filter(isFuzzCheck);
    suites.push(suite("fuzz", checks, [...versionProperties, ...properties], fuzz.durationMs));
  }
  const consumer = consumerJunitSuite(result);
  if (consumer) suites.unshift(consumer.suite);
  const total = result.checks.length + (consumer?.tests ?? 0);
  const failures = failing.size + (consumer?.failures ?? 0);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${escapeXml(`${versionsLine()} ${result.baseUrl}`)}" tests="${total}" failures="${failures}" errors="0" time="${seconds(result.durationMs)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
