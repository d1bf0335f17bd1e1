/** The judge the proxy and `--replay` share: the interface's rules for one answer, derived from rules.ts. */
import { describe, expect, it } from "vitest";
import { contractResponse } from "./http.js";
import { documentedStatusesOf, judgeAnswer } from "./judge.js";

const json = { "content-type": "application/json" };
const answer = (status: number, body: unknown, headers: Record<string, string> = json) =>
  contractResponse({ status, headers, text: body === undefined ? "" : JSON.stringify(body) });
const pet = (id: number, status = "available") => ({
  id,
  name: `Pet ${id}`,
  categoryId: 1,
  status,
});
const checks = (found: ReturnType<typeof judgeAnswer>) => found.map((violation) => violation.check);

describe("judgeAnswer", () => {
  it("documents each operation's statuses as rules.ts does", () => {
    expect(documentedStatusesOf("listPets")).toEqual([200, 400, 401]);
    expect(documentedStatusesOf("getPet")).toEqual([200, 401, 404]);
    expect(documentedStatusesOf("createCategory")).toEqual([201, 400, 401]);
  });

  it("finds nothing wrong with a conforming answer", () => {
    const query = new URLSearchParams("limit=2&status=sold");
    expect(judgeAnswer("listPets", query, answer(200, [pet(1, "sold"), pet(2, "sold")]))).toEqual(
      [],
    );
  });

  it.each([
    ["more than limit", "limit=1", answer(200, [pet(1), pet(2)]), ["at-most-limit"]],
    [
      "more than the default",
      "",
      answer(
        200,
        Array.from({ length: 21 }, (_, i) => pet(i + 1)),
      ),
      ["at-most-default"],
    ],
    [
      "over 100 for an invalid limit",
      "limit=500",
      answer(
        200,
        Array.from({ length: 101 }, (_, i) => pet(i + 1)),
      ),
      ["never-over-maximum"],
    ],
    [
      "another status than asked",
      "status=sold",
      answer(200, [pet(1, "pending")]),
      ["every-status-sold"],
    ],
    ["a 500", "", answer(500, { code: "boom", message: "x", status: 500 }), ["status-documented"]],
    [
      "an Error with another status",
      "",
      answer(400, { code: "bad", message: "x", status: 422 }),
      ["error-body"],
    ],
    ["text/plain", "", answer(200, [], { "content-type": "text/plain" }), ["media-type"]],
    ["a string id", "", answer(200, [{ ...pet(1), id: "1" }]), ["body-Pet-array"]],
  ])("flags %s", (_name, query, response, expected) => {
    expect(checks(judgeAnswer("listPets", new URLSearchParams(query), response))).toEqual(expected);
  });

  it("names the rules and marks advisory findings", () => {
    const [found] = judgeAnswer("getPet", new URLSearchParams(), answer(200, pet(1)));
    expect(found).toMatchObject({
      check: "header-Sunset",
      kind: "advisory",
      rules: ["§4.3.deprecated"],
    });
  });
});
