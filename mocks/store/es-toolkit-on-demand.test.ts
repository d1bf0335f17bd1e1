import { isEqual as toolkitIsEqual, isPlainObject as toolkitIsPlainObject } from "es-toolkit";
import { get as toolkitGet, set as toolkitSet, unset as toolkitUnset } from "es-toolkit/compat";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { get, isEqual, isPlainObject, set, unset } from "./es-toolkit-on-demand.js";

describe("es-toolkit as @msw/data gets it in the bundles", () => {
  it("tells plain objects as es-toolkit's isPlainObject does, from the start", () => {
    class Record {}
    const special = [Object.create(null), new Record(), [], new Map(), new Date(0), /x/];
    const withTag = { [Symbol.toStringTag]: "Other" };
    for (const value of [...special, withTag, Object.create(Object.create(null)), null, 0, ""]) {
      expect(isPlainObject(value)).toBe(toolkitIsPlainObject(value));
    }
    fc.assert(
      fc.property(
        fc.anything({ withObjectString: true, withNullPrototype: true, withMap: true }),
        (value) => {
          expect(isPlainObject(value)).toBe(toolkitIsPlainObject(value));
        },
      ),
    );
  });

  it("reads an array path as es-toolkit/compat's get does, from the start", () => {
    const key = fc.oneof(
      fc.constantFrom("a", "b", "0", "__proto__", "constructor", "length"),
      fc.nat(3),
      fc.string(),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.anything({ maxDepth: 0 }),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom("a", "b", "0", "constructor"), tie("node"), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(
        tree,
        fc.array(key, { maxLength: 4 }),
        fc.anything({ maxDepth: 0 }),
        (object, path, fallback) => {
          expect(get(object, path, fallback)).toEqual(toolkitGet(object, path, fallback));
          expect(get(object, path)).toEqual(toolkitGet(object, path));
        },
      ),
    );
  });

  it("compares, sets, unsets and reads any other path as es-toolkit does once the relations' chunk has arrived", async () => {
    await import("./es-toolkit-late.js");
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const [a, b] of [
      [
        ["pets", 0, "name"],
        ["pets", 0, "name"],
      ],
      [
        ["pets", 0],
        ["pets", 1],
      ],
      [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }],
    ] as const) {
      expect(isEqual(a, b)).toBe(toolkitIsEqual(a, b));
    }
    const record = { owner: { name: "Ann" }, tags: ["a"] };
    const theirs = structuredClone(record);
    expect(set(record, ["owner", "name"], "Bo")).toEqual(
      toolkitSet(theirs, ["owner", "name"], "Bo"),
    );
    expect(unset(record, ["tags", 0])).toBe(toolkitUnset(theirs, ["tags", 0]));
    expect(record).toEqual(theirs);
    for (const path of ["owner.name", "tags[0]", "missing.path", 0] as const) {
      expect(get(record, path, "none")).toEqual(toolkitGet(record, path, "none"));
    }
  });
});
