import { isEqual as toolkitIsEqual, isPlainObject as toolkitIsPlainObject } from "es-toolkit";
import { get as toolkitGet, set as toolkitSet, unset as toolkitUnset } from "es-toolkit/compat";
import { describe, expect, it } from "vitest";
import { get, isEqual, isPlainObject, set, unset } from "./es-toolkit-on-demand.js";

describe("es-toolkit as @msw/data gets it in the bundles", () => {
  it("reads paths and plain objects with es-toolkit's own functions from the start", () => {
    expect(get).toBe(toolkitGet);
    expect(isPlainObject).toBe(toolkitIsPlainObject);
  });

  it("compares, sets and unsets as es-toolkit does once the relations' chunk has arrived", async () => {
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
  });
});
