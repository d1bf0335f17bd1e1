import { describe, expect, it } from "vitest";
import { createPetstoreCore } from "../core/create-core.js";
import type { Problem } from "../core/journal.js";
import { createJournal } from "../core/journal.js";
import { rules } from "../interface/statements.js";
import { createPetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import {
  curlLine,
  type Explained,
  explainProblem,
  problemLabel,
  repeatNote,
  statementLead,
} from "./explain.js";
import { diffSnapshots, idRanges } from "./snapshot-diff.js";

describe("explainProblem", () => {
  it("quotes the statements the journal names, in the table's words", () => {
    const explained = explainProblem({
      by: "client",
      code: "invalid_query",
      message: "limit must be <= 100 (got 500)",
      rules: ["§4.1.limit-range"],
    });
    expect(explained.summary).toBe("A query parameter has a value the interface does not allow.");
    expect(explained.detail).toBe("limit must be <= 100 (got 500)");
    expect(explained.statements).toEqual([
      {
        id: "§4.1.limit-range",
        section: "4.1, 8",
        statement: expect.stringContaining("`limit` is an integer from 1 to 100"),
      },
    ]);
  });

  it("names none for the mock's own limits, and ignores ids the table does not have", () => {
    const explained = explainProblem({
      code: "payload_too_large",
      message: "too big",
      rules: ["§99.nothing", "§4.media-type", "§4.media-type"],
    });
    expect(explained.statements.map((statement) => statement.id)).toEqual(["§4.media-type"]);
    expect(explainProblem({ code: "store_full", message: "full" }).statements).toEqual([]);
    expect(explainProblem({ code: "teapot", message: "x" }).summary).toBe(
      "The mock refused the request (teapot).",
    );
  });
});

describe("a deployment's problem (proxy mode)", () => {
  it("is the deployment's, with the statements its answer broke; advice for an advisory check", () => {
    const documented: Problem = {
      by: "deployment",
      code: "never-over-maximum",
      kind: "documented",
      message: "at most 100 items: 235 items",
      rules: ["§4.1.limit-range"],
    };
    // A conforming 422 to GET /pets/abc: the interface shows no error for a non-numeric petId.
    const advisory: Problem = {
      by: "deployment",
      code: "status-400",
      kind: "advisory",
      message: "HTTP 400: HTTP 422",
      rules: ["§4.3.petId"],
    };
    const broke = explainProblem(documented);
    const advised = explainProblem(advisory);
    expect(broke.summary).toMatch(
      /^The deployment's answer broke the interface .* a contract run fails on it\.$/,
    );
    expect(broke.statements.map((statement) => statement.id)).toEqual(["§4.1.limit-range"]);
    expect(advised.summary).toMatch(
      /^Advice, not a violation: the interface allows the deployment's answer/,
    );
    expect(advised.summary).not.toMatch(/broke|breaks/i);
    const leads = (explained: Explained) =>
      explained.statements.map((statement) => statementLead(explained, statement));
    expect(leads(broke)).toEqual(["Breaks interface §4.1, 8: "]);
    expect(leads(advised)).toEqual([
      `Advice, resting on interface §${rules["§4.3.petId"].section}: `,
    ]);
    expect([documented, advisory].map(problemLabel)).toEqual([
      "never-over-maximum",
      "status-400 (advice)",
    ]);
  });

  it("names the proxy's own problems for what they are, not as broken rules", () => {
    const noAnswer = explainProblem({ by: "deployment", code: "no_answer", message: "timeout" });
    expect(noAnswer.summary).toMatch(/^The deployment gave no usable answer/);
    expect(
      explainProblem({ by: "deployment", code: "proxy_key_rejected", message: "401" }).summary,
    ).toMatch(/check --proxy-key\.$/);
    expect(explainProblem({ by: "deployment", code: "other", message: "x" }).summary).toBe(
      "The proxy found a problem with the deployment's answer (other).",
    );
  });
});

const secretKey = "petstore-secret-key-123";

/** A `GET /pets/1` to the core, sending `authorization` when given. */
const request = (authorization: string | undefined) =>
  coreRequest("GET", "/pets/1", authorization === undefined ? {} : { headers: { authorization } });

describe("curlLine", () => {
  it("repeats a request with the key as a shell variable, quoting what the shell would read", () => {
    expect(
      curlLine("http://127.0.0.1:4000/v1", { method: "GET", path: "/pets?name=O'Neil&a=$(x)" }),
    ).toBe(
      `curl -g -i 'http://127.0.0.1:4000/v1/pets?name=O'\\''Neil&a=$(x)' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
    );
    expect(curlLine("http://h/v1", { method: "POST", path: "/pets" })).toBe(
      `curl -g -i -X POST 'http://h/v1/pets' -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data @body.json`,
    );
    expect(curlLine("http://h/v1", { method: "HEAD", path: "/pets" })).toMatch(/^curl -g -i -I /);
  });

  it("repeats a refused credential as it was sent: a missing one missing, a wrong one wrong and masked", () => {
    const url = "http://h/v1";
    const get = { method: "GET", path: "/pets/1" } as const;
    expect(curlLine(url, { ...get, credential: "missing" })).toBe(
      "curl -g -i 'http://h/v1/pets/1'",
    );
    expect(curlLine(url, { ...get, credential: "wrong", sentAs: "Bearer [redacted]" })).toBe(
      "curl -g -i 'http://h/v1/pets/1' -H 'Authorization: Bearer [redacted]'",
    );
    expect(curlLine(url, { ...get, credential: "wrong", sentAs: "Basic [redacted]" })).toBe(
      "curl -g -i 'http://h/v1/pets/1' -H 'Authorization: Basic [redacted]'",
    );
    expect(curlLine(url, { ...get, credential: "valid" })).toContain("$PETSTORE_API_KEY");
    expect(curlLine(url, { ...get, credential: "valid", scenario: 503 })).toBe(
      `curl -g -i 'http://h/v1/pets/1' -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Prefer: code=503'`,
    );
    expect(repeatNote({ credential: "wrong", sentAs: "Bearer" })).toMatch(
      /sends it masked \(`Authorization: Bearer`\), so it is refused again/,
    );
    expect(repeatNote({ credential: "missing" })).toMatch(/sends none either/);
  });

  it("repeats a 401 as a 401 and a 200 as a 200 against the mock, never holding the key", async () => {
    const journal = createJournal();
    const store = await createPetstoreStore({ pets: 1, categories: 1 });
    const core = createPetstoreCore({ store, journal, apiKeys: [secretKey] });
    const sent = [
      undefined,
      " ",
      "Bearer",
      "Bearer not-the-key",
      "bearer petstore-other-environment-key",
      "Basic dXNlcjpwYXNz",
      secretKey,
      `Token ${secretKey}`,
      `Bearer ${secretKey}`,
    ];
    for (const authorization of sent) {
      await core(request(authorization));
    }
    const headers = { authorization: `Bearer ${secretKey}`, prefer: "code=401" };
    await core(coreRequest("GET", "/pets/1", { headers }));
    const entries = journal.all();
    expect(entries.map((entry) => entry.status)).toEqual([...Array(8).fill(401), 200, 401]);
    for (const entry of entries) {
      const line = curlLine("http://h/v1", entry);
      expect(line).not.toContain(secretKey);
      expect(line).not.toContain("not-the-key");
      expect(line).not.toContain("dXNlcjpwYXNz");
      const header = /-H '?"?Authorization: ([^'"]*)/.exec(line)?.[1];
      const prefer = /-H 'Prefer: ([^']*)'/.exec(line)?.[1];
      // What the line sends gets the answer the entry had.
      const authorization = header?.replace("$PETSTORE_API_KEY", secretKey);
      const again = await core(
        coreRequest("GET", "/pets/1", {
          headers: {
            ...(authorization === undefined ? {} : { authorization }),
            ...(prefer === undefined ? {} : { prefer }),
          },
        }),
      );
      expect({ authorization: header, status: again.status }).toEqual({
        authorization: header,
        status: entry.status,
      });
    }
    expect(entries.map((entry) => entry.sentAs)).toEqual([
      undefined,
      undefined,
      "Bearer",
      "Bearer [redacted]",
      "Bearer [redacted]",
      "Basic [redacted]",
      "[redacted]",
      "Token [redacted]",
      undefined,
      undefined,
    ]);
  });
});

describe("diffSnapshots", () => {
  it("counts and lists the ids an upload adds, removes and changes", () => {
    const pet = (id: number, name = `pet ${id}`) => ({ id, name });
    const diff = diffSnapshots(
      {
        pets: [1, 2, 3, 4, 5].map((id) => pet(id)),
        categories: [pet(1)],
        seedOptions: { seed: 42 },
      },
      { pets: [pet(1, "renamed"), pet(2), pet(9)], categories: [pet(1)], seedOptions: { seed: 7 } },
    );
    expect(diff.pets).toEqual({
      before: 5,
      after: 3,
      added: [9],
      removed: [3, 4, 5],
      changed: [1],
    });
    expect(diff.categories).toEqual({ before: 1, after: 1, added: [], removed: [], changed: [] });
    expect(diff.seed).toEqual({ before: 42, after: 7 });
  });

  it("shows ids as ranges, capped", () => {
    expect(idRanges([1, 2, 3, 7, 9, 10])).toBe("1–3, 7, 9–10");
    expect(idRanges([1, 3, 5, 7], 2)).toBe("1, 3 and 2 more");
  });
});
