/**
 * The fuzz section every report adds when the run had `--fuzz`: what was
 * generated, the seed that replays it, and each cause of failure once (its
 * shrunk request is the failed check's curl line).
 */
import { plural } from "../../mocks/util/text.js";
import { replayFlags } from "../fuzz/results.js";
import type { FuzzFailure, FuzzResult } from "../fuzz/run.js";
import type { ReportedRun } from "./run.js";

/** The summary line; under `--strict` advisory causes are causes of failure too. */
export function fuzzSummary(fuzz: FuzzResult, strict: boolean): string {
  const advisories = fuzz.failures.filter((failure) => failure.kind === "advisory").length;
  const failing = strict ? fuzz.failures.length : fuzz.failures.length - advisories;
  const writes = fuzz.readOnly
    ? "read-only, no write"
    : `${fuzz.writes} of ${fuzz.writeBudget} creates`;
  const advice = strict
    ? `${advisories} of them advisory (--strict)`
    : plural(advisories, "advisory cause");
  return [
    `${fuzz.generated} of ${fuzz.requested} requests generated from openapi.yaml (seed ${fuzz.seed}; replay: ${replayFlags(fuzz)})`,
    `${fuzz.sent} sent with read-backs and shrinking, ${writes}`,
    failing === 0 ? "no failure" : `${plural(failing, "cause")} of failure`,
    ...(advisories === 0 ? [] : [advice]),
    ...(fuzz.stopped ? [fuzz.stopped] : []),
  ].join("; ");
}

/** The console's fuzz lines (none without `--fuzz`): `✗` for a failure, `!` for an advisory warning, as elsewhere. */
export function fuzzConsoleLines(result: ReportedRun): string[] {
  const { fuzz } = result;
  if (!fuzz) return [];
  const mark = (failure: FuzzFailure) =>
    failure.kind === "advisory" && !result.strict ? "!" : "✗";
  return [
    `fuzz: ${fuzzSummary(fuzz, result.strict)}`,
    ...fuzz.failures.map((f) => `  ${mark(f)} ${f.key} [${f.kind}] ×${f.count}: ${f.curl}`),
  ];
}

/** The JSON report's `fuzz` member: everything but the structured requests. */
export function fuzzJson(result: ReportedRun): object | null {
  const { fuzz } = result;
  if (!fuzz) return null;
  const { created: _created, failures, ...rest } = fuzz;
  return { ...rest, failures: failures.map(({ request: _request, ...failure }) => failure) };
}
