import { describe, expect, it } from "vitest";
import { createPetstore } from "../lifecycle.js";
import { listJson, rememberedLists } from "./serialize.js";

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

describe("rememberedLists", () => {
  it("gives the same text for the same records, and new text once any record is another object", () => {
    const listText = rememberedLists(2);
    const [a, b] = [{ id: 1 }, { id: 2 }];
    expect(listText("k", [a, b])).toBe(listJson([a, b]));
    expect(listText("k", [a, { id: 2, name: "changed" }])).toBe(
      '[{"id":1},{"id":2,"name":"changed"}]',
    );
    expect(listText("k", [a])).toBe('[{"id":1}]');
    expect(listText("k", [b, a])).toBe('[{"id":2},{"id":1}]');
    expect(listText("k", [b])).toBe('[{"id":2}]');
    expect(listText("k", [b, a])).toBe('[{"id":2},{"id":1}]');
  });

  it("lets go of every list it holds once it holds `size` keys", () => {
    const listText = rememberedLists(2);
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

  it("keeps lists apart by key, past its size", () => {
    const listText = rememberedLists(2);
    const records = Array.from({ length: 5 }, (_, id) => ({ id }));
    for (let round = 0; round < 2; round++) {
      for (const [index, record] of records.entries()) {
        expect(listText(`key ${index}`, [record])).toBe(`[{"id":${index}}]`);
      }
    }
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
