/** The list-text cache changes no answer: every text is `JSON.stringify`'s, whatever was listed before; and it holds a bounded number of lists. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cachedLists } from "./list-cache.js";

describe("the list-text cache", () => {
  it("gives JSON.stringify's text for every list, in any order of keys and records", () => {
    // Stored records are frozen, and a change replaces a record's object: so here.
    const record = fc
      .record({ id: fc.nat(), name: fc.string({ maxLength: 6 }) }, { requiredKeys: ["id"] })
      .map((fields) => Object.freeze(fields));
    const key = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom("", "limit=5", "limit=5&status=sold", "a", "b") },
      fc.string({ minLength: 250, maxLength: 260 }),
    );
    const step = fc.tuple(key, fc.array(fc.nat(), { maxLength: 5 }), fc.option(record));
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(step, { maxLength: 60 }),
        (initial, size, steps) => {
          const pool = [...initial];
          const listText = cachedLists(size);
          for (const [listKey, picks, replacement] of steps) {
            // A change: one record's object replaced by another.
            if (replacement) pool[replacement.id % pool.length] = replacement;
            const records = picks.map((pick) => pool[pick % pool.length] as object);
            expect(listText(listKey, records)).toBe(JSON.stringify(records));
          }
        },
      ),
    );
  });

  it("lets go of every list it holds once it holds `size` keys", () => {
    const listText = cachedLists(2);
    let reads = 0;
    const held = new Proxy([{ id: 1 }], {
      get(target, property, receiver) {
        reads++;
        return Reflect.get(target, property, receiver);
      },
    });
    listText("first", held);
    listText("second", []);
    listText("third", []);
    reads = 0;
    expect(listText("first", [{ id: 1 }])).toBe('[{"id":1}]');
    expect(reads).toBe(0);
  });
});
