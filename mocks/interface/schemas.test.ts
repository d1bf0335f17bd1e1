/** A body's violations of a component schema, in the words a report shows. */
import { describe, expect, it } from "vitest";
import { violations } from "./schemas.js";

const pet = { id: 1, name: "Rex", categoryId: 2, status: "sold" };

describe("violations", () => {
  it.each([
    ["one", pet, undefined],
    ["one", { ...pet, name: 5 }, "/name must be string"],
    ["one", [], "(body) must be object"],
    ["array", [pet, pet], undefined],
    ["array", { ...pet }, "(body) must be array"],
    ["array", [pet, { ...pet, name: 5 }], "/1/name must be string"],
    [
      "array",
      Array.from({ length: 7 }, () => ({ ...pet, name: 5 })),
      [0, 1, 2, 3, 4].map((index) => `/${index}/name must be string`).join("; "),
    ],
  ] as const)("%s %j: %s", (shape, value, found) => {
    expect(violations("Pet", shape, value)).toBe(found);
  });

  it("reads no item of a wrong list past its fifth finding (a hostile list costs five)", () => {
    const wrong = Array.from({ length: 7 }, () => ({ ...pet, name: 5 }));
    Object.defineProperty(wrong, 6, {
      get: () => {
        throw new Error("read past the fifth finding");
      },
    });
    expect(violations("Pet", "array", wrong)).toMatch(/^\/0\/name must be string; .*\/4\//);
  });
});
