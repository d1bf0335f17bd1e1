/** The case checker must catch every kind of mismatch, or the case table proves nothing. */
import { describe, expect, it } from "vitest";
import { checkCase } from "./cases.js";

const error = (status: number, code = "not_found") =>
  JSON.stringify({ code, message: "No pet with id 9.", status });

describe("checkCase", () => {
  it("accepts a result that meets the expectation", () => {
    const result = { status: 404, headers: { sunset: "x" }, text: error(404) };
    expect(
      checkCase(
        { status: 404, code: "not_found", messageIncludes: "9", headers: { sunset: true } },
        result,
      ),
    ).toEqual([]);
  });

  it("reports a wrong status, a missing or wrong header, and a wrong code", () => {
    const result = { status: 400, headers: { allow: "GET" }, text: error(400, "invalid_path") };
    const problems = checkCase(
      { status: 404, code: "not_found", headers: { sunset: true, allow: "GET, POST" } },
      result,
    );
    expect(problems).toHaveLength(4);
  });

  it("reports an Error body whose status differs from the HTTP status", () => {
    expect(checkCase({ status: 404 }, { status: 404, headers: {}, text: error(400) })).toHaveLength(
      1,
    );
  });

  it("reports a non-JSON body", () => {
    expect(checkCase({ status: 200 }, { status: 200, headers: {}, text: "<html>" })).toHaveLength(
      1,
    );
  });

  it("reports arrays of the wrong length, order or content", () => {
    const text = JSON.stringify([
      { id: 2, status: "sold" },
      { id: 1, status: "pending" },
    ]);
    const problems = checkCase(
      { status: 200, length: { min: 3, max: 5 }, everyItem: { status: "sold" }, idsFrom: 1 },
      { status: 200, headers: {}, text },
    );
    expect(problems).toHaveLength(3);
  });

  it("reports fields that differ, and fields that should be absent", () => {
    const text = JSON.stringify({ name: "Rex", status: "sold" });
    expect(
      checkCase(
        { status: 201, fields: { name: "Max" }, absentFields: ["status"] },
        { status: 201, headers: {}, text },
      ),
    ).toHaveLength(2);
  });
});
