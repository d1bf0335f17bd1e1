import { describe, expect, it } from "vitest";
import type { NumberedEntry } from "../server/dashboard.js";
import { curlLine, explainProblem } from "./explain.js";
import { diffSnapshots, idRanges } from "./snapshot-diff.js";

const entry = (overrides: Partial<NumberedEntry>): NumberedEntry => ({
  id: 1,
  seq: 1,
  method: "GET",
  path: "/pets",
  operationId: "listPets",
  status: 400,
  durationMs: 1,
  fault: null,
  problems: [],
  ...overrides,
});

describe("explainProblem", () => {
  it("names the interface statements each failure class breaks", () => {
    const cases: [Partial<NumberedEntry>, string, string, string[]][] = [
      [{}, "invalid_query", "limit must be <= 100 (got 500)", ["§4.1.limit-range"]],
      [
        {},
        "invalid_query",
        "status must be one of available, pending, sold",
        ["§2.PetStatus", "§4.1.status-filter"],
      ],
      [{ operationId: "createPet" }, "invalid_body", "name is required", ["§4.2.400", "§2.NewPet"]],
      [{ operationId: "createCategory" }, "invalid_body", "name is required", ["§2.NewCategory"]],
      [
        { operationId: "getPet" },
        "invalid_path",
        "petId must be a positive integer",
        ["§4.3.petId"],
      ],
      [{}, "unauthorized", "missing credential", ["§4.1.401", "§5.401", "§5.bearer"]],
      [
        { operationId: null },
        "unauthorized",
        "missing credential",
        ["§4.auth-required", "§5.bearer"],
      ],
      [{ operationId: "createPet" }, "unsupported_media_type", "not JSON", ["§4.media-type"]],
      [{ operationId: null }, "payload_too_large", "too big", []],
    ];
    for (const [overrides, code, message, ids] of cases) {
      const explained = explainProblem(entry(overrides), { code, message });
      expect(
        explained.statements.map((s) => s.id),
        `${code}: ${message}`,
      ).toEqual(ids);
      expect(explained.detail).toBe(message);
      expect(explained.summary).not.toBe("");
    }
  });
});

describe("a deployment's problem (proxy mode)", () => {
  it("is the deployment's, with no client statement pinned on the request", () => {
    const explained = explainProblem(entry({}), {
      code: "invalid_query",
      message: "the answer has 101 pets",
      by: "deployment",
    });
    expect(explained.summary).toMatch(/^The deployment's answer broke the interface/);
    expect(explained.statements).toEqual([]);
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
      `curl -g -i -X 'POST' 'http://h/v1/pets' -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data @body.json`,
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
