/** The id-index cache changes no answer: after any creates, updates and deletes, the store reads as its collection's records say. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPetstoreStore } from "./store.js";

type Step =
  | { readonly kind: "create"; readonly id: number }
  | { readonly kind: "update" | "delete"; readonly pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.integer({ min: 1, max: 40 }).map((id) => ({ kind: "create", id }) as const),
  },
  fc.record({ kind: fc.constantFrom("update", "delete"), pick: fc.nat() }),
);

describe("the id-index cache", () => {
  it("answers every read as the collection's records do, and hands out frozen records", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5 }),
        fc.array(step, { maxLength: 25 }),
        async (seeded, steps) => {
          const store = await createPetstoreStore({ pets: seeded, categories: 1 });
          let renames = 0;
          for (const next of steps) {
            const records = store.pets.all();
            if (next.kind === "create") {
              // Ids stay unique, as the store assigns them.
              if (records.some((record) => record.id === next.id)) continue;
              await store.pets.create({ id: next.id, name: `Pet ${next.id}`, categoryId: 1 });
            } else {
              const picked = records[next.pick % records.length];
              if (!picked) continue;
              if (next.kind === "delete") store.pets.delete((q) => q.where({ id: picked.id }));
              else {
                await store.pets.update((q) => q.where({ id: picked.id }), {
                  data(pet) {
                    pet.name = `Renamed ${++renames}`;
                  },
                });
              }
            }
            const all = store.pets.all();
            const ascending = [...all].sort((a, b) => a.id - b.id);
            expect(store.listPets({ limit: 100 })).toEqual(ascending);
            expect(store.count().pets).toBe(all.length);
            expect(store.snapshot().nextIds.pets).toBe(
              Math.max(0, ...all.map((pet) => pet.id)) + 1,
            );
            for (let id = 0; id <= 41; id++) {
              expect(store.getPet(id)).toBe(all.find((record) => record.id === id));
            }
            expect(ascending.every((record) => Object.isFrozen(record))).toBe(true);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
