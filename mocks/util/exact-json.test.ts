import { describe, expect, it } from "vitest";
import { idOf, idOfText, memberOf, parseJsonExact, toJson } from "./exact-json.js";
import { JsonDepthError, maxJsonDepth } from "./json.js";

describe("integers beyond 2^53, read and written exactly", () => {
  it("reads an id JSON.parse rounds as a bigint, leaves strings and safe numbers alone", () => {
    const text =
      '{"name":"a\\"9007199254740993","id":4611686018427387905,"pets":[{"id":9223372036854775807},{"id":3}],"big":1e300}';
    const value = parseJsonExact(text) as { pets: unknown[]; name: string; big: number };
    expect(BigInt(JSON.parse(text).id)).toBe(2n ** 62n);
    expect(idOf(value)).toBe(4611686018427387905n);
    expect(value.name).toBe('a"9007199254740993');
    expect(idOf(value.pets[0])).toBe(9223372036854775807n);
    expect(idOf(value.pets[1])).toBe(3);
    expect(memberOf(value, "big")).toBe(1e300);
    expect(idOf(value, "big")).toBeUndefined();
    // An id is an int64 (§2): a longer integer is no id, however it is written.
    expect(idOf(parseJsonExact('{"id":9223372036854775808}'))).toBeUndefined();
    expect(idOf(parseJsonExact(`{"id":-${"9".repeat(400)}}`))).toBeUndefined();
    // The parsed value itself is JSON.parse's: schema checks see numbers.
    expect(value).toEqual(JSON.parse(text));
  });

  it("throws what JSON.parse throws, and refuses a text nested deeper than the kit reads", () => {
    expect(() => parseJsonExact('{"id": 4611686018427387905')).toThrow(SyntaxError);
    const deep = (levels: number) =>
      `${"[".repeat(levels)}4611686018427387905${"]".repeat(levels)}`;
    expect(() => parseJsonExact(deep(maxJsonDepth + 1))).toThrow(JsonDepthError);
    expect(() => parseJsonExact(deep(maxJsonDepth))).not.toThrow();
  });

  it("writes a bigint as its digits and reads path ids in the one form", () => {
    expect(toJson({ id: 4611686018427387905n, ids: [1, 2n ** 63n - 1n] }, 0)).toBe(
      '{"id":4611686018427387905,"ids":[1,9223372036854775807]}',
    );
    expect(toJson({ name: "x" })).toBe('{"name":"x"}');
    expect(idOfText("4611686018427387905")).toBe(4611686018427387905n);
    expect(idOfText("42")).toBe(42);
    expect([idOfText("1.5"), idOfText("abc"), idOfText("")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
