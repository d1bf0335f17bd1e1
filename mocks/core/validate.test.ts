/** Request validation: every failure names the field, what it must be, and what came. */
import type { ErrorObject } from "ajv";
import { describe, expect, it } from "vitest";
import * as parameters from "../generated/parameter-validators.js";
import * as validators from "../generated/validators.js";
import { maxStringLength } from "./limits.js";
import { shown } from "./shown.js";
import { bodyValidator, describeError, pathValidator, queryValidator } from "./validate.js";

const listPetsQuery = () =>
  queryValidator<{ limit: number; status?: string }>("listPets", parameters.listPetsQuery);

// A validator is built inside each test: its memory then holds no verdict from
// an earlier test, and building it (the int64 fields, the defaults) is tested too.
const listPets = (query: string) => listPetsQuery()(query);
const getPet = (captured: Record<string, string>) =>
  pathValidator<{ petId: number }>("getPet", parameters.getPetPath)(captured);
const newPet = (body: unknown) =>
  bodyValidator<Record<string, unknown>>("createPet", validators.NewPet)(body);

const failure = (result: { ok: boolean; message?: string }) => (result.ok ? "ok" : result.message);

describe("shown", () => {
  it("quotes what came, cuts it at 60 characters, and names non-finite numbers", () => {
    expect(shown("abc")).toBe('"abc"');
    expect(shown("x".repeat(58))).toBe(JSON.stringify("x".repeat(58)));
    expect(shown("x".repeat(59))).toBe(`"${"x".repeat(56)}...`);
    expect(shown(Number.NaN)).toBe("NaN");
    expect(shown(Number.POSITIVE_INFINITY)).toBe("Infinity");
    expect(shown(undefined)).toBe("undefined");
    expect(shown({ a: 1 })).toBe('{"a":1}');
  });
});

describe("describeError", () => {
  const error = (keyword: string, params: object, instancePath = "", message?: string) =>
    ({ keyword, params, instancePath, schemaPath: "", message }) as ErrorObject;

  it.each([
    [error("required", { missingProperty: "name" }), "name is required"],
    [error("required", { missingProperty: "id" }, "/owner"), "owner.id is required"],
    [error("type", { type: "integer" }, "/count"), "count must be an integer (got 1.5)"],
    [error("type", { type: "null" }, "/count"), "count must be null (got 1.5)"],
    [error("enum", { allowedValues: ["a", "b"] }, "/count"), "count must be one of a, b (got 1.5)"],
    [error("minimum", { limit: 1 }, "/count"), "count must be >= 1 (got 1.5)"],
    [error("maximum", { limit: 1 }, "/count"), "count must be <= 1 (got 1.5)"],
    [error("format", {}, "/count", "must match format"), "count must match format (got 1.5)"],
    [error("format", {}, "/count"), "count is invalid (got 1.5)"],
    [error("type", { type: "object" }), 'body must be a JSON object (got {"count":1.5})'],
  ])("%#: %s", (given, sentence) => {
    expect(describeError(given, { count: 1.5 }, "body")).toBe(sentence);
  });

  it("names a nested field by its dotted path", () => {
    const nested = error("minimum", { limit: 1 }, "/owner/age");
    expect(describeError(nested, { owner: { age: 0 } }, "body")).toBe(
      "owner.age must be >= 1 (got 0)",
    );
  });
});

describe("queryValidator's answers", () => {
  it("fills the default, converts integers, ignores unknown and empty pairs", () => {
    expect(listPets("")).toStrictEqual({ ok: true, value: { limit: 20 } });
    expect(listPets("&limit=5&&other=1&status=sold")).toStrictEqual({
      ok: true,
      value: { limit: 5, status: "sold" },
    });
    expect(listPets("status=s%6Fld&limit=%2B7")).toEqual({
      ok: true,
      value: { limit: 7, status: "sold" },
    });
  });

  it.each([
    ["limit=5&limit=6", "limit must be given at most once"],
    ["limit=+7", 'limit must be an integer (got " 7")'],
    ["limit", 'limit must be an integer (got "")'],
    ["limit=abc", 'limit must be an integer (got "abc")'],
    ["limit=0", "limit must be >= 1 (got 0)"],
    ["status=lost", 'status must be one of available, pending, sold (got "lost")'],
    // A string parameter's digits stay text.
    ["status=123", 'status must be one of available, pending, sold (got "123")'],
    ["limit=%ZZ", 'query string is not valid percent-encoding (got "limit=%ZZ")'],
    ["%ZZ=1", 'query string is not valid percent-encoding (got "%ZZ=1")'],
  ])("refuses %s", (query, message) => {
    expect(failure(listPets(query))).toBe(message);
  });
});

describe("pathValidator", () => {
  it("decodes and converts the id, and names a bad one", () => {
    expect(getPet({ petId: "%37" })).toEqual({ ok: true, value: { petId: 7 } });
    expect(failure(getPet({ petId: "%ZZ" }))).toBe(
      'petId is not valid percent-encoding (got "%ZZ")',
    );
    expect(failure(getPet({ petId: "abc" }))).toBe('petId must be an integer (got "abc")');
    expect(failure(getPet({}))).toBe("petId is required");
    expect(failure(getPet({ petId: "9007199254740993" }))).toBe(
      `petId must be an integer between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER} (got "9007199254740993")`,
    );
  });

  it.each([
    ["2^63", "9223372036854775808", '"9223372036854775808"'],
    ["-2^63 - 1", "-9223372036854775809", '"-9223372036854775809"'],
    ["2^63 percent-encoded", "%39223372036854775808", '"9223372036854775808"'],
    ["500 digits (Infinity as a number)", "1".repeat(500), `"${"1".repeat(56)}...`],
    [
      "-2^63 - 1 after 200 zeros",
      `-${"0".repeat(200)}9223372036854775809`,
      `"-${"0".repeat(55)}...`,
    ],
  ])("names int64's range (openapi.yaml's format) for %s, echoing it as sent", (_, petId, got) => {
    expect(failure(getPet({ petId }))).toBe(
      `petId must be an integer between -9223372036854775808 and 9223372036854775807 (got ${got})`,
    );
  });

  it("takes int64's bounds as within int64 (then beyond the safe integers)", () => {
    for (const petId of [
      "9223372036854775807",
      "-9223372036854775808",
      `+${"0".repeat(500)}9007199254740993`,
    ]) {
      expect(failure(getPet({ petId }))).toBe(
        `petId must be an integer between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER} (got ${shown(petId)})`,
      );
    }
  });
});

describe("bodyValidator", () => {
  it("keeps only the declared fields, and no key for an absent one", () => {
    expect(newPet({ name: "Rex", categoryId: 1, color: "red" })).toStrictEqual({
      ok: true,
      value: { name: "Rex", categoryId: 1 },
    });
  });

  it("refuses a string over the length cap, at the cap it is taken", () => {
    expect(newPet({ name: "x".repeat(maxStringLength), categoryId: 1 }).ok).toBe(true);
    expect(failure(newPet({ name: "x".repeat(maxStringLength + 1), categoryId: 1 }))).toBe(
      `name must be at most ${maxStringLength} characters (got ${maxStringLength + 1})`,
    );
  });

  it("refuses an unsafe int64 and a missing field", () => {
    expect(failure(newPet({ name: "Rex", categoryId: 2 ** 60 }))).toMatch(
      /^categoryId must be an integer between -9007199254740991 and 9007199254740991 \(got /,
    );
    expect(failure(newPet({ categoryId: 1 }))).toBe("name is required");
  });
});
