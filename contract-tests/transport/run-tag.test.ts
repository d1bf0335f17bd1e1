import { describe, expect, it } from "vitest";
import { isRunTagged, newRunTag } from "./run-tag.js";

describe("the run tag", () => {
  it("marks a name made with a fresh tag, alone or first, as the kit's own", () => {
    const tag = newRunTag();
    expect(isRunTagged(tag)).toBe(true);
    expect(isRunTagged(`${tag} Rex`)).toBe(true);
  });

  it("leaves a deployment's own names alone, even ones that start like a tag", () => {
    for (const name of ["Rex", "ct-", "ct-abc", `${newRunTag()}x`, `Rex ${newRunTag()}`]) {
      expect(isRunTagged(name), name).toBe(false);
    }
  });
});
