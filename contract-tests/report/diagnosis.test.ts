/**
 * Diagnosis first: a red run names its likely cause before the list of
 * checks, on the console (short, grouped) and in every report file (whole).
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractText } from "../../mocks/contract/pact.js";
import { behaviourFrom } from "../../mocks/interface/behaviour-profile.js";
import { type RunningPetstoreServer, startPetstoreServerWith } from "../../mocks/server/server.js";
import { startMock, testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { startTinyServer, type TinyServer } from "../../mocks/test-support/servers.js";
import { exitCodes } from "../cli/cli-main.js";
import { recordContract } from "../test-support/recorded-contract.js";
import { closedAfter, runCliWithReports } from "../test-support/runs.js";
import { shownPerCause } from "./console.js";
import type { Diagnosis } from "./diagnosis.js";

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  readonly json: {
    diagnoses: Diagnosis[];
    checks: Array<{ id: string; outcome: string; kind: string }>;
  };
  readonly markdown: string;
  readonly html: string;
  readonly junit: string;
}

/** The CLI with every report, against `url`. */
async function contract(url: string, key = testApiKey, ...args: string[]): Promise<Run> {
  const run = await runCliWithReports(["--url", url, ...args], { PETSTORE_API_KEY: key });
  return { ...run, ...run.reports, json: JSON.parse(run.reports.json) };
}

const failedIds = (run: Run) =>
  run.json.checks.filter((check) => check.outcome === "failed").map((check) => check.id);
/** The failed checks as a diagnosis lists them: documented ones first, in run order. */
const failedInDiagnosisOrder = (run: Run) => {
  const failed = run.json.checks.filter((check) => check.outcome === "failed");
  return [
    ...failed.filter((check) => check.kind === "documented"),
    ...failed.filter((check) => check.kind !== "documented"),
  ].map((check) => check.id);
};
const causes = (run: Run) => run.json.diagnoses.map((diagnosis) => diagnosis.cause);

describe('a URL that is not the Pet Store API (every request answers 200 {"ok":true})', () => {
  let alwaysOk: TinyServer;
  let run: Run;
  beforeAll(async () => {
    alwaysOk = await startTinyServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"ok":true}');
    });
    run = await contract(alwaysOk.url);
  });
  afterAll(() => alwaysOk.close());

  it("exits 1 with the cause named first and a console under 150 lines", () => {
    expect(run.code).toBe(exitCodes.failed);
    const lines = run.out.trimEnd().split("\n");
    expect(lines.length).toBeLessThan(150);
    expect(lines[1]).toMatch(
      /^diagnosis: 1 likely cause explains (\d+) of the \1 failed documented checks( and (\d+) of the \3 advisory warnings?)?$/,
    );
    expect(lines[2]).toMatch(/^✗ Not the Pet Store API at this URL.*\[not-this-api\]: \d+ checks$/);
    expect(lines[3]).toContain(
      'were the same: HTTP 200 | content-type: application/json | {"ok":true}',
    );
    expect(run.out.match(/^ {2}✗ /gm)).toHaveLength(shownPerCause);
    expect(run.out).toMatch(/^ {2}… and \d+ more with this cause/m);
  });

  it("shows the failures that fail the run first under a cause, advisory ones after", () => {
    const kinds = new Map(run.json.checks.map((check) => [check.id, check.kind]));
    const explained = run.json.diagnoses[0]?.checks.map((id) => kinds.get(id)) ?? [];
    expect(explained).toContain("advisory");
    const documented = explained.filter((kind) => kind === "documented").length;
    expect(documented).toBeGreaterThanOrEqual(shownPerCause);
    expect(explained).toEqual([
      ...Array(documented).fill("documented"),
      ...Array(explained.length - documented).fill("advisory"),
    ]);
    expect(run.out.match(/^ {2}✗ \S+ \[\w+\]$/gm)).toEqual(
      Array(shownPerCause).fill(expect.stringMatching(/\[documented\]$/)),
    );
  });

  it("explains every failure in the JSON report, and lists each one in the others", () => {
    const failed = failedIds(run);
    expect(failed.length).toBeGreaterThan(100);
    expect(run.json.diagnoses).toEqual([
      {
        cause: "not-this-api",
        title: expect.any(String),
        evidence: expect.stringContaining('{"ok":true}'),
        hint: expect.stringContaining("--url"),
        checks: failedInDiagnosisOrder(run),
        severity: "failure",
      },
    ]);
    for (const id of failed) {
      expect(run.markdown).toContain(`<code>${id}</code>`);
      expect(run.html).toContain(`<code>${id}</code>`);
    }
    expect(run.junit).toContain("likely cause: Not the Pet Store API at this URL");
  });

  it("puts the diagnosis before the counts and the failures in Markdown and HTML", () => {
    const order = (text: string, marks: string[]) => marks.map((mark) => text.indexOf(mark));
    const markdown = order(run.markdown, ["### Diagnosis", "| operation | passed", "### Failures"]);
    expect(markdown[0]).toBeGreaterThan(0);
    expect(markdown).toEqual([...markdown].sort((a, b) => a - b));
    const html = order(run.html, ['id="diagnosis"', 'id="matrix"', "<h2>Failures"]);
    expect(html[0]).toBeGreaterThan(0);
    expect(html).toEqual([...html].sort((a, b) => a - b));
  });
});

describe("causes against the kit's own mock", () => {
  let mock: RunningPetstoreServer;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());

  it("a rejected key: one cause for every failure, instead of a note", async () => {
    const run = await contract(mock.url, "not-the-key", "--only", "listPets,getPet");
    expect(run.code).toBe(exitCodes.failed);
    expect(causes(run)).toEqual(["key-rejected"]);
    expect(run.json.diagnoses[0]?.checks).toEqual(failedInDiagnosisOrder(run));
    expect(run.out).toMatch(/^✗ The key was rejected \[key-rejected\]/m);
    expect(run.out).toMatch(/hint: +Check PETSTORE_API_KEY \(or --key\)/);
  });

  it("a rejected key: the hint shows its placeholder Bearer <key> intact in every format that carries it", async () => {
    const run = await contract(mock.url, "not-the-key", "--only", "listPets");
    const hint = "It is sent as Authorization: Bearer <key>.";
    const escaped = "It is sent as Authorization: Bearer &lt;key&gt;.";
    expect(run.out).toContain(hint);
    expect(run.json.diagnoses[0]?.hint).toContain(hint);
    expect(run.markdown).toContain(escaped);
    expect(run.html).toContain(escaped);
    // JUnit names the cause on each failure, without the hint.
    expect(run.junit).toContain("likely cause: The key was rejected");
    for (const report of [run.out, run.markdown, run.html, run.junit, JSON.stringify(run.json)]) {
      expect(report).not.toMatch(/Bearer \[redacted\]|\[redacted\];key/);
    }
  });

  it("a rejected key: the matrix says the answers were not judged, and the counts agree", async () => {
    const run = await contract(mock.url, "not-the-key");
    const failed = /^FAILED: (\d+) documented checks? failed/m.exec(run.out)?.[1];
    expect(failed).toBeDefined();
    expect(run.out).toContain(
      `diagnosis: 1 likely cause explains ${failed} of the ${failed} failed documented checks`,
    );
    const matrix = (run.json as unknown as { matrix: { status: number; cell: string }[] }).matrix;
    expect(matrix.filter((row) => row.cell === "failed")).toEqual([]);
    expect(matrix.filter((row) => row.cell === "not judged").length).toBeGreaterThan(0);
    expect(run.out).toMatch(/^ {2}listPets +200 not judged, 401 not judged$/m);
    expect(run.markdown).toContain("❔ not judged");
    expect(run.html).toContain('<td class="not"><strong>200</strong> not judged</td>');
  });

  it.each([
    ["without /v1", "", /The URL has no \/v1 \(\/\): the API base includes it/],
    ["with /v1 twice", "/v1/v1", /The URL has \/v1 2 times \(\/v1\/v1\): it belongs there once/],
  ])("a base URL %s: exit 3, the reports written with the advice", async (_, path, advice) => {
    const run = await contract(`${mock.origin}${path}`);
    expect(run.code).toBe(exitCodes.unavailable);
    expect(run.err).toMatch(/answered 404: no pet list there/);
    expect(causes(run)).toEqual(["wrong-base-path"]);
    expect(run.json.diagnoses[0]?.hint).toMatch(advice);
    expect(run.out).toMatch(advice);
    expect(run.markdown).toMatch(advice);
    expect(run.out).toMatch(/^STOPPED: no pet list at this URL: no check ran/m);
  });

  const without = (path: string) =>
    startMock(
      (handle) => async (request) =>
        request.method === "POST" && request.path === path
          ? {
              status: 405,
              headers: { "content-type": "application/json", allow: "GET" },
              body: JSON.stringify({ code: "method_not_allowed", message: "no", status: 405 }),
            }
          : handle(request),
    );

  it("one operation missing: every request to it answered 405", async () => {
    const noCreatePet = await without("/pets");
    const run = await closedAfter(noCreatePet, () => contract(noCreatePet.url));
    expect(run.code).toBe(exitCodes.failed);
    expect(causes(run)).toEqual(["operation-missing"]);
    expect(run.json.diagnoses[0]).toMatchObject({
      title: "One operation is missing: createPet",
      severity: "failure",
    });
    const createPetFailures = failedInDiagnosisOrder(run).filter((id) =>
      id.startsWith("createPet."),
    );
    expect(run.json.diagnoses[0]?.checks).toEqual(createPetFailures);
  });

  it("not for an operation whose every request expected the 404 it got: a consumer contract's absent pets", async () => {
    const recorded = await recordContract(
      "absent-app",
      [
        { test: "a > lists pets", method: "GET", target: "/pets?limit=5" },
        { test: "a > says pet 99999 is gone", method: "GET", target: "/pets/99999" },
        { test: "b > says pet 0 is gone", method: "GET", target: "/pets/0" },
      ],
      behaviourFrom({ version: 1, choices: { petIdOutOfRange: "notFound" } }, "test"),
    );
    const file = join(await mkdtemp(join(tmpdir(), "petstore-diagnosis-")), "absent-app.json");
    await writeFile(file, contractText(recorded));
    // This staging answers pet 0's 404 with an Error body that lacks its message.
    const staging = await startPetstoreServerWith(
      {
        port: 0,
        apiKeys: [testApiKey],
        behaviour: { version: 1, choices: { petIdOutOfRange: "notFound" } },
      },
      {
        wrapCore: (handle) => async (request) => {
          const response = await handle(request);
          return request.path === "/pets/0"
            ? { ...response, body: JSON.stringify({ code: "not_found", status: 404 }) }
            : response;
        },
      },
    );
    const run = await closedAfter(staging, () =>
      contract(staging.url, testApiKey, "--consumer", file),
    );
    expect(run.code).toBe(exitCodes.failed);
    expect(failedIds(run).length).toBeGreaterThan(0);
    expect(causes(run)).not.toContain("operation-missing");
    expect(run.out).not.toMatch(/missing: getPet/);
  });

  it("a category operation refusing every request: advice, since the interface shows none of its errors", async () => {
    const noCreateCategory = await without("/categories");
    const run = await closedAfter(noCreateCategory, () => contract(noCreateCategory.url));
    expect(run.code).toBe(exitCodes.passed);
    expect(run.json.diagnoses).toEqual([
      expect.objectContaining({
        cause: "operation-missing",
        title: "One operation is missing: createCategory",
        severity: "advice",
      }),
    ]);
    expect(run.out).toMatch(/^! advice: One operation is missing: createCategory/m);
  });

  it("unlabelled errors only where the interface shows none: advice, after no failure, citing no §4", async () => {
    const problemJson = await startMock((handle) => async (request) => {
      const response = await handle(request);
      return request.path === "/categories" && response.status >= 400
        ? {
            ...response,
            headers: { ...response.headers, "content-type": "application/problem+json" },
          }
        : response;
    });
    const run = await closedAfter(problemJson, () => contract(problemJson.url));
    expect(run.code).toBe(exitCodes.passed);
    expect(run.json.diagnoses).toEqual([
      expect.objectContaining({ cause: "not-json", severity: "advice" }),
    ]);
    const hint = run.json.diagnoses[0]?.hint ?? "";
    expect(hint).not.toMatch(/errors included|§4/);
    expect(hint).toMatch(/§7/);
    expect(run.out).not.toMatch(/^ *✗ /m);
    expect(run.out).toMatch(
      /^diagnosis: 1 likely cause explains (\d+) of the \d+ advisory warnings$/m,
    );
    expect(run.out).toMatch(
      /^! advice: Answers are not labelled application\/json \[not-json\]: \d+ advisory checks$/m,
    );
    expect(run.out).toMatch(/^ {2}! createCategory\.[\w.-]+\.error-media-type \[advisory\]$/m);
    expect(run.markdown).toContain("- ⚠️ advice: **Answers are not labelled application/json**");
    expect(run.html).toContain('<div class="cause advice"><p>Advice: ');
  });

  it("unlabelled answers the interface calls JSON: a failure first, citing §4", async () => {
    const textErrors = await startMock((handle) => async (request) => {
      const response = await handle(request);
      return request.path === "/pets" && response.status >= 400
        ? { ...response, headers: { ...response.headers, "content-type": "text/plain" } }
        : response;
    });
    const run = await closedAfter(textErrors, () => contract(textErrors.url));
    expect(run.code).toBe(exitCodes.failed);
    expect(run.json.diagnoses[0]).toMatchObject({ cause: "not-json", severity: "failure" });
    expect(run.json.diagnoses[0]?.hint).toMatch(/\(interface §4: /);
    expect(run.out).toMatch(
      /^✗ Answers are not labelled application\/json \[not-json\]: \d+ checks$/m,
    );
  });

  it("no diagnosis when the deployment conforms", async () => {
    const run = await contract(mock.url, testApiKey, "--only", "getPet");
    expect(run.code).toBe(exitCodes.passed);
    expect(run.json.diagnoses).toEqual([]);
    expect(run.out).not.toMatch(/diagnosis/);
    expect(run.markdown).not.toMatch(/Diagnosis/);
  });
});
