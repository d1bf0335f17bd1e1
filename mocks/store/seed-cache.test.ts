/** The seed-data cache changes no answer: for any run of seed options, what loadSeedData gives without it. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSeedData } from "../../fixtures/seed.js";
import { cachedSeedData } from "./seed-cache.js";

describe("the seed-data cache", () => {
  it("gives the seed data of every options asked for, the same or others, in any order", async () => {
    const options = fc.record({
      seed: fc.integer({ min: 0, max: 3 }),
      pets: fc.integer({ min: 0, max: 3 }),
      categories: fc.integer({ min: 1, max: 2 }),
    });
    const defaults = { seed: 42, pets: 50, categories: 5 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(options, fc.constant(defaults)), { minLength: 1, maxLength: 8 }),
        async (asked) => {
          const seedData = cachedSeedData();
          for (const one of asked) {
            expect(await seedData({ ...one })).toEqual(await loadSeedData(one));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
