/** Records as JSON text: exactly JSON.stringify's, and every change to the store shown at once in the lists. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPetstore } from "../runtime/lifecycle.js";
import { recordJson } from "./serialize.js";

const devAuth = { authorization: "Bearer petstore-dev-key" };
const list = async (
  handle: Awaited<ReturnType<typeof createPetstore>>["handle"],
  query: string,
) => {
  const response = await handle({
    method: "GET",
    path: "/pets",
    query,
    header: (name) => devAuth[name as keyof typeof devAuth],
    body: undefined,
  });
  return JSON.parse(response.body ?? "null") as { id: number; name: string }[];
};

describe("the record-text cache", () => {
  it("gives JSON.stringify's text for every record, asked once or again, kept or not", () => {
    const record = fc
      .record(
        { id: fc.nat(), name: fc.string({ maxLength: 8 }), status: fc.constantFrom("sold", "") },
        { requiredKeys: ["id"] },
      )
      .map((fields) => Object.freeze(fields));
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), (records) => {
        for (const one of [...records, ...records]) {
          expect(recordJson(one, false)).toBe(JSON.stringify(one));
          expect(recordJson(one)).toBe(JSON.stringify(one));
        }
      }),
    );
  });
});

describe("list answers", () => {
  it("show every change to the store at once, and each store its own records", async () => {
    const one = await createPetstore({ counts: { pets: 3 } });
    const other = await createPetstore({ counts: { pets: 3 }, seed: 99 });
    const before = await list(one.handle, "limit=5");
    expect(await list(one.handle, "limit=5")).toEqual(before);
    await one.store.pets.update((q) => q.where({ id: 2 }), {
      data(pet) {
        pet.name = "Renamed";
      },
    });
    expect((await list(one.handle, "limit=5"))[1]?.name).toBe("Renamed");
    const created = await one.store.createPet({ name: "Newest", categoryId: 1 });
    expect((await list(one.handle, "limit=5")).map((pet) => pet.id)).toContain(created.id);
    await one.store.pets.delete((q) => q.where({ id: 1 }));
    expect((await list(one.handle, "limit=5")).map((pet) => pet.id)).not.toContain(1);
    expect((await list(other.handle, "limit=5")).map((pet) => pet.name)).not.toContain("Renamed");
    await one.reset();
    expect(await list(one.handle, "limit=5")).toEqual(before);
  });
});
