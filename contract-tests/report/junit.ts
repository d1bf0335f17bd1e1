/**
 * JUnit XML: one testsuite per operation, one testcase per check. Advisory
 * findings outside `--strict` are passing testcases with the finding in
 * `system-out`, so CI dashboards show them without going red.
 */
import { operationIds } from "../../mocks/spec.js";
import { diagnose } from "../diagnosis.js";
import { type CheckResult, failingChecks, type RunResult } from "../suite/results.js";
import { statusMatrix } from "./summary.js";
import { escapeXml } from "./text.js";

/** The diagnosis title explaining each check it explains, by check id. */
type Causes = ReadonlyMap<string, string>;

function details(check: CheckResult, causes: Causes): string {
  const cause = causes.get(check.id);
  return `${cause ? `likely cause: ${cause}\n` : ""}expected: ${check.expected}\ngot: ${check.actual ?? ""}\nreproduce: ${check.curl ?? ""}`;
}

function testcase(check: CheckResult, strict: boolean, causes: Causes): string {
  const open = `    <testcase classname="${escapeXml(check.operation)}" name="${escapeXml(`${check.id} [${check.kind}]`)}">`;
  if (check.outcome === "skipped") {
    return `${open}<skipped message="${escapeXml(check.note ?? "skipped")}"/></testcase>`;
  }
  if (check.outcome === "passed") return `${open}</testcase>`;
  if (check.kind === "advisory" && !strict) {
    return `${open}<system-out>${escapeXml(`ADVISORY (not failing the run)\n${details(check, causes)}`)}</system-out></testcase>`;
  }
  return `${open}<failure message="${escapeXml(check.expected)}" type="${check.kind}">${escapeXml(details(check, causes))}</failure></testcase>`;
}

export function junitReport(result: RunResult): string {
  const failing = new Set(failingChecks(result));
  const matrix = statusMatrix(result);
  const causes = new Map(
    diagnose(result).flatMap((diagnosis) => diagnosis.checks.map((id) => [id, diagnosis.title])),
  );
  const suites = operationIds
    .map((operation) => result.checks.filter((check) => check.operation === operation))
    .filter((checks) => checks.length > 0)
    .map((checks) => {
      const operation = checks[0]?.operation ?? "";
      const failures = checks.filter((check) => failing.has(check)).length;
      const skipped = checks.filter((check) => check.outcome === "skipped").length;
      const properties = matrix
        .filter((row) => row.operation === operation)
        .map((row) => `      <property name="status.${row.status}" value="${row.cell}"/>`);
      return [
        `  <testsuite name="${escapeXml(operation)}" tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
        ...(properties.length ? ["    <properties>", ...properties, "    </properties>"] : []),
        ...checks.map((check) => testcase(check, result.strict, causes)),
        "  </testsuite>",
      ].join("\n");
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
    }).map(([name, value]) => `      <property name="fuzz.${name}" value="${value}"/>`);
    suites.push(
      [
        `  <testsuite name="fuzz" tests="0" failures="0" errors="0" skipped="0">`,
        "    <properties>",
        ...properties,
        "    </properties>",
        "  </testsuite>",
      ].join("\n"),
    );
  }
  const total = result.checks.length;
  const failures = failing.size;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="petstore-contract ${escapeXml(result.baseUrl)}" tests="${total}" failures="${failures}" errors="0" time="${(result.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
