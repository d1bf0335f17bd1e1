/** The id-index cache changes no answer: after any creates, updates and deletes, it answers as the collection's records do. */
import { Collection } from "@msw/data";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IdIndex } from "./id-index.js";
import { petSchema } from "./store.js";

type Step =
  | { readonly kind: "create"; readonly id: number }
  | { readonly kind: "update" | "delete" | "read"; readonly pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.integer({ min: 1, max: 60 }).map((id) => ({ kind: "create", id }) as const),
  },
  fc.record({ kind: fc.constantFrom("update", "delete", "read"), pick: fc.nat() }),
);

describe("the id-index cache", () => {
  it("answers every read as the collection's records do, and hands out frozen records", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const collection = new Collection({ schema: petSchema });
        const index = new IdIndex(collection);
        let renames = 0;
        for (const next of steps) {
          const records = collection.all();
          const picked = next.kind === "create" ? undefined : records[next.pick % records.length];
          if (next.kind === "create") {
            // Ids stay unique, as the store assigns them.
            if (records.some((record) => record.id === next.id)) continue;
            await collection.create({ id: next.id, name: `Pet ${next.id}`, categoryId: 1 });
          } else if (next.kind === "update" && picked) {
            await collection.update((q) => q.where({ id: picked.id }), {
              data(pet) {
                pet.name = `Renamed ${++renames}`;
              },
            });
          } else if (next.kind === "delete" && picked) {
            collection.delete((q) => q.where({ id: picked.id }));
          }
          const all = collection.all();
          const ids = all.map((record) => record.id);
          expect(index.size).toBe(all.length);
          expect(index.maxId).toBe(Math.max(0, ...ids));
          expect(index.ordered()).toEqual([...all].sort((a, b) => a.id - b.id));
          for (let id = 0; id <= 61; id++) {
            expect(index.get(id)).toBe(all.find((record) => record.id === id));
          }
          expect(index.ordered().every((record) => Object.isFrozen(record))).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
