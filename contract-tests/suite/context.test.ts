/**
 * The suite's runner state (suite/context.ts): what a failure report shows of
 * an answer, what a run plans, skips, records and lists for clean-up.
 */
import { type AddressInfo, createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { reason } from "../../mocks/interface/judge.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { startTinyServer, type TinyServer } from "../../mocks/test-support/servers.js";
import type { ContractResponse, Exchange, Target } from "../transport/http.js";
import { type CaseDefinition, describeResponse, recordIn, SuiteContext } from "./context.js";

const answer = (
  text: string,
  headers: Readonly<Record<string, string>> = {},
  status = 200,
): ContractResponse => ({ status, headers, text, json: undefined, isJson: false });

const exchangeOf = (response: ContractResponse | undefined, error?: string): Exchange => ({
  request: { method: "GET", path: "/pets" },
  url: "http://127.0.0.1/v1/pets",
  ...(response ? { response } : {}),
  ...(error ? { error } : {}),
  retries: 0,
  durationMs: 1,
});

describe("describeResponse", () => {
  it("shows the status, the headers that explain a failure in a fixed order, and the body", () => {
    const headers = {
      "retry-after": "5",
      location: "/v1/pets/7",
      "x-request-id": "abc",
      "content-type": "application/json",
    };
    expect(describeResponse(exchangeOf(answer('{"id": 7}', headers, 201)))).toBe(
      'HTTP 201 | content-type: application/json | location: /v1/pets/7 | retry-after: 5 | {"id": 7}',
    );
    expect(describeResponse(exchangeOf(answer("no", { "www-authenticate": "Bearer" }, 401)))).toBe(
      "HTTP 401 | www-authenticate: Bearer | no",
    );
  });

  it("folds whitespace runs to one space and trims the body", () => {
    expect(describeResponse(exchangeOf(answer("  a \n\n  b\t c  ")))).toBe("HTTP 200 | a b c");
  });

  it("names an empty or blank body", () => {
    expect(describeResponse(exchangeOf(answer("")))).toBe("HTTP 200 | (empty body)");
    expect(describeResponse(exchangeOf(answer(" \n ")))).toBe("HTTP 200 | (empty body)");
  });

  it("cuts a body over 300 characters and marks the cut", () => {
    const exactly = "x".repeat(300);
    expect(describeResponse(exchangeOf(answer(exactly)))).toBe(`HTTP 200 | ${exactly}`);
    expect(describeResponse(exchangeOf(answer(`${exactly}yz`)))).toBe(`HTTP 200 | ${exactly}…`);
  });

  it("redacts the body with the given redactor", () => {
    const shown = describeResponse(exchangeOf(answer("key=hunter2")), (text) =>
      text.replace("hunter2", "[redacted]"),
    );
    expect(shown).toBe("HTTP 200 | key=[redacted]");
  });

  it("says why there was no answer", () => {
    expect(describeResponse(exchangeOf(undefined, "ECONNREFUSED"))).toBe(
      "no answer (ECONNREFUSED)",
    );
    expect(describeResponse(exchangeOf(undefined))).toBe("no answer (unknown error)");
  });
});

describe("reason", () => {
  it("is the first non-blank line of an error, trimmed", () => {
    expect(reason(new Error("\n  \n  expected 200, got 500  \nrepeated below"))).toBe(
      "expected 200, got 500",
    );
  });

  it("takes a thrown non-Error as text and names an empty message", () => {
    expect(reason("plain words")).toBe("plain words");
    expect(reason(new Error(""))).toBe("check failed");
    expect(reason(new Error(" \n "))).toBe("check failed");
  });
});

describe("recordIn", () => {
  const json = (value: unknown): ContractResponse => ({ ...answer(""), json: value, isJson: true });

  it("reads a safe-integer id and a string name", () => {
    expect(recordIn(json({ id: 7, name: "Rex" }))).toEqual({ id: 7, name: "Rex" });
    expect(recordIn(json({ id: 7, name: 42 }))).toEqual({ id: 7, name: undefined });
  });

  it("finds no record in null, a non-object or an unsafe id", () => {
    expect(recordIn(json(null))).toBeUndefined();
    expect(recordIn(json("7"))).toBeUndefined();
    expect(recordIn(json({ id: 2 ** 53 }))).toBeUndefined();
    expect(recordIn(undefined)).toBeUndefined();
  });
});

describe("SuiteContext", () => {
  let server: TinyServer | undefined;
  const seen: string[] = [];
  afterEach(async () => {
    await server?.close();
    server = undefined;
    seen.length = 0;
  });

  /** A deployment answering every request with `status` and `body` (JSON). */
  async function contextFor(
    options: { status?: number; body?: unknown; readOnly?: boolean; only?: OperationId[] } = {},
    foreignAnswer?: (exchange: Exchange) => string | undefined,
  ) {
    server = await startTinyServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(options.status ?? 200, { "content-type": "application/json" });
      response.end(JSON.stringify(options.body ?? {}));
    });
    return contextAt(server.url, options, foreignAnswer);
  }

  function contextAt(
    baseUrl: string,
    options: { readOnly?: boolean; only?: OperationId[] } = {},
    foreignAnswer?: (exchange: Exchange) => string | undefined,
  ) {
    const target: Target = {
      baseUrl,
      apiKey: "secret-key-123456",
      timeoutMs: 2000,
      maxRetries: 0,
      maxRetryWaitMs: 50,
      wrongKey: "wrong-key",
      tag: "ct-test",
    };
    return new SuiteContext({
      target,
      tag: "ct-test",
      readOnly: options.readOnly ?? false,
      only: options.only ?? [],
      redact: (text) => text,
      ...(foreignAnswer ? { foreignAnswer } : {}),
    });
  }

  /** What the report says of a created record whose name, as answered, lacks the run tag. */
  const untagged = "its name as answered does not start with the tag";

  /** A body without `categoryId`: the judge wants it refused with a 400. */
  const createCase: CaseDefinition = {
    id: "createPet.t",
    operation: "createPet",
    request: { method: "POST", path: "/pets", json: { name: "Rex" } },
  };
  const listCase: CaseDefinition = {
    id: "listPets.t",
    operation: "listPets",
    request: { method: "GET", path: "/pets" },
  };
  const createChecks = [
    "no-5xx",
    "rejected",
    "status-400",
    "error-body",
    "media-type",
    "body-Pet",
    "rate-limited",
    "too-large",
  ].map((slug) => `createPet.t.${slug}`);

  it("starts with nothing planned, recorded or noted", async () => {
    const ctx = await contextFor();
    expect([ctx.plan, ctx.results, ctx.cases, ctx.created, ctx.notes]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
  });

  it("plans, sends and records the judge's checks of a case, and keeps the case", async () => {
    const ctx = await contextFor({ body: { id: 3, name: "Rex" }, status: 201 });
    await ctx.run(createCase);
    expect(ctx.plan.map((check) => check.id)).toEqual(createChecks);
    expect(ctx.plan[1]).toEqual({
      id: "createPet.t.rejected",
      operation: "createPet",
      kind: "documented",
      expected: "not a 2xx answer: the request must be rejected",
      rules: ["§2.NewPet", "§4.2.400"],
    });
    expect(ctx.results.map((result) => [result.id, result.outcome])).toEqual([
      ["createPet.t.no-5xx", "passed"],
      ["createPet.t.rejected", "failed"],
      ["createPet.t.status-400", "failed"],
      ["createPet.t.media-type", "passed"],
      ["createPet.t.body-Pet", "failed"],
    ]);
    expect(ctx.results[1]).toEqual(
      expect.objectContaining({
        actual:
          'HTTP 201 accepted the request — got HTTP 201 | content-type: application/json | {"id":3,"name":"Rex"}',
        curl: expect.stringContaining("curl -g"),
        durationMs: expect.any(Number),
      }),
    );
    expect(ctx.cases.map((record) => [record.caseId, record.provocation])).toEqual([
      ["createPet.t", true],
    ]);
    expect(ctx.created).toEqual([{ collection: "pets", id: 3, name: "Rex", untagged }]);
  });

  it("judges a case's extra checks on the same answer, after the judge's, planned and skipped alike", async () => {
    const ctx = await contextFor({ body: [] });
    const extra = {
      slug: "consumer-status",
      kind: "documented" as const,
      expected: "HTTP 201, as the app's tests expect",
      rules: [],
      assert(answer: ContractResponse) {
        if (answer.status !== 201) throw new Error(`HTTP ${answer.status}`);
      },
    };
    await ctx.run({ ...listCase, extraChecks: [extra] });
    expect(ctx.plan.at(-1)).toMatchObject({ id: "listPets.t.consumer-status", rules: [] });
    expect(ctx.results.at(-1)).toMatchObject({
      id: "listPets.t.consumer-status",
      outcome: "failed",
      // The status is the answer's first word: said once, not "HTTP 200 — got HTTP 200".
      actual: expect.stringMatching(/^HTTP 200 \| content-type: application\/json \| \[/),
    });
    expect(ctx.results.filter((result) => result.outcome === "passed").length).toBeGreaterThan(2);
    ctx.skip({ ...listCase, id: "listPets.u", extraChecks: [extra] }, "not set up");
    expect(ctx.results.at(-1)).toMatchObject({
      id: "listPets.u.consumer-status",
      outcome: "skipped",
    });
  });

  it("marks a case not sent to be rejected as no provocation, and learns what a list shows", async () => {
    const ctx = await contextFor({ body: [{ id: 5, name: "Mia", categoryId: 1 }] });
    await ctx.run(listCase);
    expect(ctx.cases.map((record) => record.provocation)).toEqual([false]);
    expect(ctx.results.every((result) => result.outcome === "passed")).toBe(true);
    expect(ctx.knowledge.known("pets").get(5)).toEqual({
      record: { id: 5, name: "Mia", categoryId: 1 },
      source: "listed",
    });
  });

  it("lists for clean-up only what a 2xx answer created, with an empty name when none came back", async () => {
    const created = await contextFor({ status: 200, body: { id: 4 } });
    await created.run(createCase);
    expect(created.created).toEqual([{ collection: "pets", id: 4, name: "", untagged }]);
    const tagged = await contextFor({ status: 201, body: { id: 5, name: "ct-test Rex" } });
    await tagged.run(createCase);
    expect(tagged.created).toEqual([{ collection: "pets", id: 5, name: "ct-test Rex" }]);
    await server?.close();
    const redirected = await contextFor({ status: 300, body: { id: 5, name: "Rex" } });
    await redirected.run(createCase);
    expect(redirected.created).toEqual([]);
  });

  it("lists nothing as created from an answer whose status is below 200", async () => {
    // node:http hands a status line such as `099` over as an answer.
    const raw = createServer((socket) =>
      socket.once("data", () =>
        socket.end(
          'HTTP/1.1 099 Odd\r\ncontent-type: application/json\r\ncontent-length: 8\r\nconnection: close\r\n\r\n{"id":6}',
        ),
      ),
    );
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    try {
      const ctx = contextAt(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`);
      const exchange = await ctx.run(createCase);
      expect(exchange?.response?.status).toBe(99);
      expect(ctx.created).toEqual([]);
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it("with --read-only, skips a write without sending it and still sends reads", async () => {
    const ctx = await contextFor({ readOnly: true });
    expect(await ctx.run(createCase)).toBeUndefined();
    expect(seen).toEqual([]);
    const note = "--read-only: the suite sends no writes";
    expect(ctx.results.map((result) => [result.id, result.outcome, result.note])).toEqual(
      createChecks.map((id) => [id, "skipped", note]),
    );
    expect(ctx.plan.map((check) => check.id)).toEqual(createChecks);
    expect(await ctx.run(listCase)).toBeDefined();
    expect(seen).toEqual(["GET /v1/pets"]);
  });

  it("sends a case another selected operation needs, but plans and reports none of its checks", async () => {
    const ctx = await contextFor({ only: ["getPet"], status: 201, body: { id: 9, name: "Rex" } });
    expect(await ctx.run(listCase)).toBeUndefined();
    expect(await ctx.run(createCase, ["getPet"])).toBeDefined();
    expect(seen).toEqual(["POST /v1/pets"]);
    expect([ctx.plan, ctx.results, ctx.cases]).toEqual([[], [], []]);
    expect(ctx.created).toEqual([{ collection: "pets", id: 9, name: "Rex", untagged }]);
    const readOnly = await contextFor({ only: ["getPet"], readOnly: true });
    expect(await readOnly.run(createCase, ["getPet"])).toBeUndefined();
    expect([readOnly.plan, readOnly.results]).toEqual([[], []]);
  });

  it("skips the checks of an answer that did not come from the target", async () => {
    const ctx = await contextFor({}, () => "the proxy answered itself");
    await ctx.run(listCase);
    expect(new Set(ctx.results.map((result) => [result.outcome, result.note].join(": ")))).toEqual(
      new Set(["skipped: the proxy answered itself"]),
    );
    expect(ctx.results.map((result) => result.id)).toContain("listPets.t.status-200");
    // Planned once, like every case.
    expect(ctx.plan.map((check) => check.id)).toEqual(ctx.results.map((result) => result.id));
    expect(ctx.cases).toHaveLength(1);
  });

  it("fails the first check of a case that got no answer, skips the rest, and lists nothing as created", async () => {
    const ctx = await contextFor();
    await server?.close();
    await ctx.run(createCase);
    expect(ctx.created).toEqual([]);
    expect(ctx.results.map((result) => [result.id, result.outcome])).toEqual(
      createChecks.map((id, index) => [id, index === 0 ? "failed" : "skipped"]),
    );
    expect(ctx.results[0]?.actual).toMatch(/^no answer \([^)]+\)$/);
    expect(ctx.results[1]?.note).toBe("no answer came");
  });
});
