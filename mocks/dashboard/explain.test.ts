import { describe, expect, it } from "vitest";
import { curlLine, explainProblem } from "./explain.js";
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
  it("is the deployment's, with the statements its answer broke", () => {
    const explained = explainProblem({
      code: "never-over-maximum",
      message: "the answer has 101 pets",
      by: "deployment",
      rules: ["§4.1.limit-range"],
    });
    expect(explained.summary).toMatch(/^The deployment's answer broke the interface/);
    expect(explained.statements.map((statement) => statement.id)).toEqual(["§4.1.limit-range"]);
  });
});

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
