/** The case checker must catch every kind of mismatch, or the case table proves nothing. */
import { expect, it } from "vitest";
import { type CaseExpectation, type CaseResult, checkCase } from "./cases.js";

const error = (status: number, code = "not_found") =>
  JSON.stringify({ code, message: "No pet with id 9.", status });

it.each<[string, CaseExpectation, CaseResult, number]>([
  [
    "accepts a result that meets the expectation",
    { status: 404, code: "not_found", messageIncludes: "9", headers: { sunset: true } },
    { status: 404, headers: { sunset: "x" }, text: error(404) },
    0,
  ],
  [
    "reports a wrong status, a missing or wrong header, and a wrong code",
    { status: 404, code: "not_found", headers: { sunset: true, allow: "GET, POST" } },
    { status: 400, headers: { allow: "GET" }, text: error(400, "invalid_path") },
    4,
  ],
  [
    "reports an Error body whose status differs from the HTTP status",
    { status: 404 },
    { status: 404, headers: {}, text: error(400) },
    1,
  ],
  ["reports a non-JSON body", { status: 200 }, { status: 200, headers: {}, text: "<html>" }, 1],
  [
    "reports arrays of the wrong length, order or content",
    { status: 200, length: { min: 3, max: 5 }, everyItem: { status: "sold" }, idsFrom: 1 },
    { status: 200, headers: {}, text: '[{"id":2,"status":"sold"},{"id":1,"status":"pending"}]' },
    3,
  ],
  [
    "reports fields that differ, and fields that should be absent",
    { status: 201, fields: { name: "Max" }, absentFields: ["status"] },
    { status: 201, headers: {}, text: '{"name":"Rex","status":"sold"}' },
    2,
  ],
])("checkCase %s", (_name, expectation, result, problems) => {
  expect(checkCase(expectation, result)).toHaveLength(problems);
});
