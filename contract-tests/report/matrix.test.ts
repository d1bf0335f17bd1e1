/**
 * The status matrix counts the generated requests' answers (`--fuzz`) as it
 * counts the fixed requests': a status only the fuzz saw is seen (and says
 * so), a documented check the fuzz found failing on an answer with a status
 * fails that cell, and every report prints the same cells. The console's
 * fuzz section marks failures and advisory warnings as the rest of it does.
 */
import { describe, expect, it } from "vitest";
import type { OperationId } from "../../mocks/interface/spec.js";
import { fuzzChecks } from "../fuzz/results.js";
import type { FuzzFailure, FuzzResult } from "../fuzz/run.js";
import type { CaseRecord, CheckResult } from "../suite/results.js";
import { consoleReport } from "./console.js";
import { diagnose } from "./diagnosis.js";
import { htmlReport } from "./html.js";
import { jsonReport } from "./json.js";
import { junitReport } from "./junit.js";
import { markdownReport } from "./markdown.js";
import type { ReportedRun } from "./run.js";
import { statusMatrix } from "./summary.js";

type Statuses = FuzzResult["statuses"];

function failure(
  operation: OperationId,
  slug: string,
  kind: FuzzFailure["kind"],
  statuses: Record<string, number>,
): FuzzFailure {
  const count = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    key: `${operation} ${slug}`,
    operation,
    slug,
    kind,
    expected: slug,
    actual: "got something else",
    curl: "curl -g -sS -i 'http://127.0.0.1:1/v1/pets'",
    count,
    statuses,
    request: { operation, expect: "valid", credential: "valid", query: [], path: {} },
    durationMs: 3,
  };
}

function fuzzOf(statuses: Statuses, failures: readonly FuzzFailure[]): FuzzResult {
  const perOperation = Object.fromEntries(
    Object.entries(statuses).map(([operation, seen]) => [
      operation,
      Object.values(seen ?? {}).reduce((sum, n) => sum + n, 0),
    ]),
  );
  return {
    seed: 4,
    requested: 200,
    generated: 200,
    sent: 248,
    writeBudget: 60,
    writes: 50,
    readOnly: false,
    failures,
    perOperation,
    passedMs: {},
    durationMs: 40,
    statuses,
    created: [],
  };
}

/** A fixed request's record and its passed checks: an answer with `status`. */
function fixedCase(operation: OperationId, caseId: string, status: number) {
  const record: CaseRecord = {
    caseId,
    operation,
    provocation: false,
    curl: "curl",
    exchange: {
      request: { method: "GET", path: "/pets" },
      url: "http://127.0.0.1:1/v1/pets",
      response: { status, headers: {}, text: "[]", json: [], isJson: true },
      retries: 0,
      durationMs: 1,
    },
  };
  const check: CheckResult = {
    id: `${caseId}.status-${status}`,
    caseId,
    operation,
    kind: "documented",
    outcome: "passed",
    expected: `HTTP ${status}`,
  };
  return { record, check };
}

function run(
  fuzz: FuzzResult,
  fixed: ReturnType<typeof fixedCase>[] = [],
  strict = false,
): ReportedRun {
  return {
    baseUrl: "http://127.0.0.1:1/v1",
    tag: "ct-matrix",
    readOnly: false,
    strict,
    checks: [...fixed.map((c) => c.check), ...fuzzChecks(fuzz)],
    cases: fixed.map((c) => c.record),
    created: [],
    durationMs: 1,
    notes: [],
    fuzz,
  };
}

const cells = (result: ReportedRun, operation: OperationId) =>
  statusMatrix(result, diagnose(result))
    .filter((row) => row.operation === operation)
    .map((row) => `${row.status} ${row.cell} ${row.answers.fixed}+${row.answers.fuzz}`);

/** A --fuzz-only run against a deployment that answers 235 pets to a limit over 100. */
const overMaximum = fuzzOf(
  {
    listPets: { "200": 42, "400": 6, "401": 14 },
    getPet: { "200": 19, "404": 5, "422": 6 },
  },
  [
    failure("listPets", "status-400", "advisory", { "200": 8 }),
    failure("getPet", "status-400", "advisory", { "404": 3, "422": 6 }),
    failure("listPets", "never-over-maximum", "documented", { "200": 1 }),
  ],
);

describe("the matrix of a fuzz run with a documented failure on a status", () => {
  const result = run(overMaximum);

  it("fails the cell of the status the failing answers had, and counts the fuzz's answers", () => {
    expect(cells(result, "listPets")).toEqual(["200 failed 0+42", "401 passed 0+14"]);
  });

  it("leaves a cell passed when only an advisory check failed on it, unless --strict", () => {
    expect(cells(result, "getPet")).toEqual([
      "200 passed 0+19",
      "401 never triggered 0+0",
      "404 passed 0+5",
    ]);
    expect(cells(run(overMaximum, [], true), "getPet")).toContain("404 failed 0+5");
  });

  it("says in every report that only the fuzz saw these statuses", () => {
    expect(consoleReport(result)).toMatch(
      /^ {2}listPets +200 FAILED \(fuzz only\), 401 passed \(fuzz only\)$/m,
    );
    expect(consoleReport(result)).toMatch(
      /^ {2}getPet +200 passed \(fuzz only\), 401 never triggered, 404 passed \(fuzz only\)$/m,
    );
    expect(markdownReport(result)).toContain(
      "| `listPets` | 200 ❌ (fuzz only) · 401 ✅ (fuzz only) |",
    );
    expect(htmlReport(result)).toContain(
      '<td class="failed"><strong>200</strong> failed (fuzz only)</td><td class="passed"><strong>401</strong> passed (fuzz only)</td>',
    );
    const junit = junitReport(result);
    expect(junit).toContain('<property name="status.200" value="failed (fuzz only)"/>');
    expect(junit).toContain('<property name="status.401" value="never triggered"/>');
    expect(JSON.parse(jsonReport(result)).matrix).toContainEqual({
      operation: "listPets",
      status: 200,
      cell: "failed",
      answers: { fixed: 0, fuzz: 42 },
    });
  });
});

describe("the fuzz section of the console", () => {
  const line = (result: ReportedRun, key: string) =>
    consoleReport(result)
      .split("\n")
      .find((text) => text.includes(` ${key} [`));

  it("marks a cause of failure ✗ and an advisory one ! (a failure too under --strict)", () => {
    expect(line(run(overMaximum), "listPets never-over-maximum")).toMatch(/^ {2}✗ /);
    expect(line(run(overMaximum), "listPets status-400")).toMatch(
      /^ {2}! listPets status-400 \[advisory\] ×8: curl /,
    );
    expect(line(run(overMaximum, [], true), "listPets status-400")).toMatch(/^ {2}✗ /);
  });

  it("counts causes of failure apart from advisory causes", () => {
    const summary = (result: ReportedRun) =>
      consoleReport(result)
        .split("\n")
        .find((text) => text.startsWith("fuzz: "));
    expect(summary(run(overMaximum))).toMatch(/; 1 cause of failure; 2 advisory causes$/);
    const advisoryOnly = fuzzOf({ listPets: { "200": 8 } }, [
      failure("listPets", "status-400", "advisory", { "200": 8 }),
    ]);
    expect(summary(run(advisoryOnly))).toMatch(/; no failure; 1 advisory cause$/);
    expect(summary(run(overMaximum, [], true))).toMatch(
      /; 3 causes of failure; 2 of them advisory \(--strict\)$/,
    );
    expect(summary(run(advisoryOnly, [], true))).toMatch(
      /; 1 cause of failure; 1 of them advisory \(--strict\)$/,
    );
  });
});

describe("the matrix of a fuzz run without failure", () => {
  const result = run(
    fuzzOf({ listPets: { "200": 30, "400": 4 }, createCategory: { "201": 12, "422": 3 } }, []),
  );

  it("marks every status the fuzz saw passed, and the others never triggered", () => {
    expect(cells(result, "listPets")).toEqual(["200 passed 0+30", "401 never triggered 0+0"]);
    expect(cells(result, "createCategory")).toEqual(["201 passed 0+12"]);
    expect(consoleReport(result)).toMatch(
      /^ {2}listPets +200 passed \(fuzz only\), 401 never triggered$/m,
    );
  });
});

describe("the matrix of fixed and generated requests together", () => {
  const fixed = [fixedCase("listPets", "listPets.limit-5", 200)];

  it("fails a cell the fixed requests passed when the fuzz found a documented failure on it", () => {
    const result = run(overMaximum, fixed);
    expect(cells(result, "listPets")).toEqual(["200 failed 1+42", "401 passed 0+14"]);
    expect(consoleReport(result)).toMatch(/^ {2}listPets +200 FAILED, 401 passed \(fuzz only\)$/m);
  });

  it("keeps a cell both saw passed, without the fuzz-only mark", () => {
    const result = run(fuzzOf({ listPets: { "200": 30 } }, []), fixed);
    expect(cells(result, "listPets")).toEqual(["200 passed 1+30", "401 never triggered 0+0"]);
    expect(consoleReport(result)).toMatch(/^ {2}listPets +200 passed, 401 never triggered$/m);
  });

  it("says not judged where a rejected key explains the fuzz's failures too", () => {
    const rejected = (caseId: string): ReturnType<typeof fixedCase> => {
      const { record, check } = fixedCase("listPets", caseId, 401);
      const failed = { id: `${caseId}.status-200`, expected: "HTTP 200", actual: "HTTP 401" };
      return { record, check: { ...check, ...failed, outcome: "failed" } };
    };
    const result = run(
      fuzzOf({ listPets: { "401": 20 } }, [
        failure("listPets", "status-200", "documented", { "401": 20 }),
      ]),
      ["listPets.a", "listPets.b", "listPets.c"].map(rejected),
    );
    expect(cells(result, "listPets")).toEqual(["200 not judged 0+0", "401 not judged 3+20"]);
  });
});
