/** The record limits on a seed (a full store's 409 store_full: operations.test.ts). */
import { describe, expect, it } from "vitest";
import { checkSeedWithinLimits } from "./limits.js";

describe("checkSeedWithinLimits", () => {
  const limits = { pets: 10, categories: 3 };

  it("takes seed counts up to the caps", () => {
    expect(() => checkSeedWithinLimits({ pets: 10, categories: 3 }, limits)).not.toThrow();
  });

  it.each([
    [
      { pets: 11, categories: 3 },
      undefined,
      "pets 11 is more than the store holds: at most 10 pets (--max-pets)",
    ],
    [
      { pets: 10, categories: 4 },
      "reset: ",
      "reset: categories 4 is more than the store holds: at most 3 categories (--max-categories)",
    ],
  ])("refuses %j naming the flag that raises the cap", (counts, prefix, message) => {
    expect(() => checkSeedWithinLimits(counts, limits, prefix)).toThrow(new RangeError(message));
  });
});
