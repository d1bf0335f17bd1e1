/** A run's verdict: which failures fail it, which only warn, and when it conforms. */
import { describe, expect, it } from "vitest";
import {
  advisoryWarnings,
  type CheckKind,
  type CheckResult,
  failingChecks,
  type Outcome,
  type RunResult,
  runConforms,
  runPassed,
} from "./results.js";

const check = (id: string, kind: CheckKind, outcome: Outcome): CheckResult => ({
  id,
  caseId: "listPets.default",
  operation: "listPets",
  kind,
  outcome,
  expected: "HTTP 200",
});

const checks = [
  check("documented-passed", "documented", "passed"),
  check("documented-failed", "documented", "failed"),
  check("documented-skipped", "documented", "skipped"),
  check("advisory-passed", "advisory", "passed"),
  check("advisory-failed", "advisory", "failed"),
  check("advisory-skipped", "advisory", "skipped"),
];

function run(overrides: Partial<RunResult> = {}): RunResult {
  return {
    baseUrl: "http://127.0.0.1:1/v1",
    tag: "ct-test",
    readOnly: false,
    strict: false,
    checks,
    cases: [],
    created: [],
    durationMs: 1,
    notes: [],
    ...overrides,
  };
}

const ids = (results: readonly CheckResult[]) => results.map((result) => result.id);

describe("a run's failures", () => {
  it("fails on documented checks and warns on advisory ones", () => {
    expect(ids(failingChecks(run()))).toEqual(["documented-failed"]);
    expect(ids(advisoryWarnings(run()))).toEqual(["advisory-failed"]);
  });

  it("fails on advisory checks too under --strict, with nothing left to warn about", () => {
    expect(ids(failingChecks(run({ strict: true })))).toEqual([
      "documented-failed",
      "advisory-failed",
    ]);
    expect(advisoryWarnings(run({ strict: true }))).toEqual([]);
  });
});

describe("a run's verdict", () => {
  const passing = checks.filter((result) => result.id !== "documented-failed");

  it("conforms when no check fails it and the run was not cut short", () => {
    expect(runConforms(run({ checks: passing }))).toBe(true);
  });

  it("does not conform when a documented check fails", () => {
    expect(runConforms(run())).toBe(false);
  });

  it("does not conform when every check passed but the run stopped early", () => {
    const stopped = run({ checks: passing, stopReason: "max-time", stoppedEarly: "--max-time" });
    expect(runPassed(stopped)).toBe(true);
    expect(runConforms(stopped)).toBe(false);
  });
});
