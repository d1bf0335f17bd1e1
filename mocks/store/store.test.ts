/** The store: seeded deterministically, ids assigned once, indexes kept true, reset exact. */
import { describe, expect, it, vi } from "vitest";
import { generateSeedData } from "../../fixtures/generate-seed.js";
import { collectGarbage } from "../test-support/gc.js";
import { changeEveryWay } from "../test-support/store-changes.js";
import { maxNextId, SnapshotError } from "./state.js";
import { createPetstoreStore, IdsExhaustedError, type StoreSnapshot } from "./store.js";

/** Only the records of a snapshot, to compare with seed data. */
const records = ({ categories, pets }: StoreSnapshot) => ({ categories, pets });

describe("createPetstoreStore", () => {
  it("holds exactly the seed data, and the same seed gives a deep-equal store", async () => {
    const a = await createPetstoreStore({ seed: 5, pets: 30 });
    const b = await createPetstoreStore({ seed: 5, pets: 30 });
    expect(records(a.snapshot())).toEqual(generateSeedData({ seed: 5, pets: 30 }));
    expect(a.snapshot()).toEqual(b.snapshot());
  });

  it("restores the seeded state after any mutation, ids included", async () => {
    const store = await createPetstoreStore();
    const fresh = store.snapshot();
    await changeEveryWay(store, { renameId: 3, deleteId: 4 });
    expect(store.snapshot()).not.toEqual(fresh);

    await store.reset();
    expect(store.snapshot()).toEqual(fresh);
    expect((await store.createPet({ name: "Again", categoryId: 1 })).id).toBe(51);
  });

  it("reseeds when reset is given options, and keeps them for later resets", async () => {
    const store = await createPetstoreStore();
    await store.reset({ seed: 9, pets: 4 });
    expect(records(store.snapshot())).toEqual(generateSeedData({ seed: 9, pets: 4 }));
    await store.createPet({ name: "Rex", categoryId: 1 });
    await store.reset();
    expect(records(store.snapshot())).toEqual(generateSeedData({ seed: 9, pets: 4 }));
  });

  it("assigns sequential, unique ids to concurrent creates", async () => {
    const store = await createPetstoreStore({ pets: 10 });
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, i) => store.createPet({ name: `Pet ${i}`, categoryId: 1 })),
    );
    const ids = created.map((pet) => pet.id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => i + 11));
    expect(created.every((pet) => store.getPet(pet.id) === pet)).toBe(true);
    const categories = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.createCategory({ name: `kind ${i}` })),
    );
    expect(categories.map((category) => category.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 6),
    );
  });

  it("stores only the declared fields", async () => {
    const store = await createPetstoreStore({ pets: 1 });
    const input = { name: "Rex", categoryId: 1, color: "red" } as unknown as {
      name: string;
      categoryId: number;
    };
    expect(await store.createPet(input)).toEqual({ id: 2, name: "Rex", categoryId: 1 });
  });

  it("answers lookups and lists truly after direct collection updates and deletes", async () => {
    const store = await createPetstoreStore({ pets: 10 });
    await store.pets.update((q) => q.where({ id: 2 }), {
      data(pet) {
        pet.status = "sold";
        pet.name = "Updated";
      },
    });
    store.pets.delete((q) => q.where({ id: 1 }));
    expect(store.getPet(1)).toBeUndefined();
    expect(store.getPet(2)?.name).toBe("Updated");
    expect(store.listPets({ limit: 1 })[0]?.id).toBe(2);
    expect(store.listPets({ status: "sold", limit: 100 }).some((pet) => pet.id === 2)).toBe(true);
  });

  it("keeps stored records read-only, so a change goes through update and is served", async () => {
    const store = await createPetstoreStore({ pets: 3 });
    const pet = store.getPet(2) as { status?: string };
    expect(() => {
      pet.status = "sold";
    }).toThrow(TypeError);
    const created = (await store.createPet({ name: "Rex", categoryId: 1 })) as { name: string };
    expect(() => {
      created.name = "Max";
    }).toThrow(TypeError);
    // Created straight through the collection, one or many: read-only and served at once too.
    const direct = await store.pets.create({ id: 60, name: "Direct", categoryId: 1 });
    const [many] = await store.pets.createMany(1, () => ({ id: 61, name: "Many", categoryId: 1 }));
    expect(Object.isFrozen(direct) && Object.isFrozen(many)).toBe(true);
    expect([store.getPet(60)?.name, store.getPet(61)?.name]).toEqual(["Direct", "Many"]);
    await store.pets.update((q) => q.where({ id: 2 }), {
      data(draft) {
        draft.status = "sold";
      },
    });
    expect(store.getPet(2)?.status).toBe("sold");
    expect(Object.isFrozen(store.getPet(2))).toBe(true);
  });

  it("lists by ascending id even when records were created out of order", async () => {
    const store = await createPetstoreStore({ pets: 3 });
    await store.pets.create({ id: 100, name: "Late", categoryId: 1, status: "sold" });
    await store.pets.create({ id: 50, name: "Middle", categoryId: 1, status: "sold" });
    expect(store.listPets({ limit: 100 }).map((pet) => pet.id)).toEqual([1, 2, 3, 50, 100]);
    expect(store.getPet(50)?.name).toBe("Middle");
    expect((await store.createPet({ name: "Next", categoryId: 1 })).id).toBe(101);
  });

  it("rejects records that break the openapi.yaml schema", async () => {
    const store = await createPetstoreStore({ pets: 1 });
    const bad = { id: "x", name: "Rex", categoryId: 1 } as unknown as {
      id: number;
      name: string;
      categoryId: number;
    };
    const quiet = console.error;
    console.error = () => {};
    try {
      await expect(store.pets.create(bad)).rejects.toThrow(/does not match the schema/);
    } finally {
      console.error = quiet;
    }
  });

  it("filters by status and stops at the limit", async () => {
    const store = await createPetstoreStore({ pets: 200 });
    const sold = store.listPets({ status: "sold", limit: 7 });
    expect(sold).toHaveLength(7);
    expect(sold.every((pet) => pet.status === "sold")).toBe(true);
    const all = store
      .snapshot()
      .pets.filter((pet) => pet.status === "sold")
      .slice(0, 7);
    expect(sold.map((pet) => pet.id)).toEqual(all.map((pet) => pet.id));
  });
});

describe("the store's bounds", () => {
  it("refuses seed options beyond its caps, at creation and at a reset, leaving the store as it was", async () => {
    await expect(createPetstoreStore({ pets: 11 }, { pets: 10, categories: 5 })).rejects.toThrow(
      "pets 11 is more than the store holds: at most 10 pets (--max-pets)",
    );
    const store = await createPetstoreStore({ pets: 10 }, { pets: 10, categories: 5 });
    const before = store.snapshot();
    await expect(store.reset({ pets: 11 })).rejects.toThrow(RangeError);
    expect(store.snapshot()).toEqual(before);
  });

  it("hands out the last safe id, then refuses with IdsExhaustedError", async () => {
    const store = await createPetstoreStore({ pets: 1 });
    const snapshot = store.snapshot();
    await store.restore({
      ...snapshot,
      nextIds: { pets: maxNextId - 1, categories: maxNextId - 1 },
    });
    expect((await store.createPet({ name: "Last", categoryId: 1 })).id).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect((await store.createCategory({ name: "last" })).id).toBe(Number.MAX_SAFE_INTEGER);
    const refused = store.createPet({ name: "One too many", categoryId: 1 });
    await expect(refused).rejects.toThrow(IdsExhaustedError);
    await expect(refused).rejects.toThrow(
      `No pets id is left: the next would pass ${Number.MAX_SAFE_INTEGER} (Number.MAX_SAFE_INTEGER); reset the store or load a snapshot with lower ids`,
    );
    await expect(store.createCategory({ name: "again" })).rejects.toThrow(
      "No categories id is left",
    );
    expect(store.snapshot().nextIds).toEqual({ pets: maxNextId, categories: maxNextId });
  });

  it("lists nothing for a limit of 0, and counts creates still in progress", async () => {
    const store = await createPetstoreStore({ pets: 3, categories: 2 });
    expect(store.listPets({ limit: 0 })).toEqual([]);
    const creating = [
      store.createPet({ name: "A", categoryId: 1 }),
      store.createCategory({ name: "c" }),
    ];
    expect(store.count()).toEqual({ pets: 4, categories: 3 });
    await Promise.all(creating);
    expect(store.count()).toEqual({ pets: 4, categories: 3 });
  });

  it("leaves an optional field out of its records and snapshot when it was not given", async () => {
    const store = await createPetstoreStore({ pets: 1 });
    const pet = await store.createPet({ name: "Rex", categoryId: 1 });
    const category = await store.createCategory({ name: "newt" });
    expect(Object.keys(pet)).not.toContain("status");
    expect(Object.keys(category)).not.toContain("description");
    const snapshot = store.snapshot();
    expect(snapshot).toStrictEqual(JSON.parse(JSON.stringify(snapshot)));
  });

  it("keeps its seed when a restored snapshot has the same seed options", async () => {
    const store = await createPetstoreStore({ seed: 4, pets: 3 });
    const saved = store.snapshot();
    await store.createPet({ name: "Kept", categoryId: 1 });
    await store.restore(store.snapshot());
    await store.reset();
    expect(store.snapshot()).toEqual(saved);
  });

  it("keeps a created pet in under 500 bytes of heap, so a store grown by many creates stays cheap to hold and to collect", async () => {
    const store = await createPetstoreStore({}, { pets: 100_000, categories: 10 });
    const count = 20_000;
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let index = 0; index < count; index++) {
      await store.createPet({ name: `Pet ${index % 10}`, categoryId: 1, status: "available" });
    }
    collectGarbage();
    const perPet = (process.memoryUsage().heapUsed - before) / count;
    expect(store.count().pets).toBe(50 + count);
    expect(perPet).toBeLessThan(500);

    // Records seeded from a snapshot (a state file's) are as lean.
    const saved = store.snapshot();
    const restored = await createPetstoreStore({}, { pets: 100_000, categories: 10 });
    collectGarbage();
    const beforeRestore = process.memoryUsage().heapUsed;
    await restored.restore(saved);
    collectGarbage();
    const perRestoredPet = (process.memoryUsage().heapUsed - beforeRestore) / count;
    expect(restored.count().pets).toBe(50 + count);
    expect(perRestoredPet).toBeLessThan(500);
  });
});

describe("the store's schema checks and indexes", () => {
  it("names the field and the rule a record breaks, or the record itself", async () => {
    const store = await createPetstoreStore({ pets: 1 });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await expect(store.pets.create({ id: 2, name: 5, categoryId: 1 } as never)).rejects.toThrow();
      await expect(store.pets.create({ id: 3, categoryId: 1 } as never)).rejects.toThrow();
      expect(logged.mock.calls).toEqual([
        [[{ message: "Pet/name must be string", path: ["name"] }]],
        [[{ message: "Pet must have required property 'name'", path: [] }]],
      ]);
    } finally {
      logged.mockRestore();
    }
  });

  it("gives the next ids past a record created straight through its collection", async () => {
    const store = await createPetstoreStore({ pets: 3, categories: 2 });
    await store.pets.create({ id: 40, name: "Direct", categoryId: 1 });
    await store.categories.create({ id: 30, name: "direct" });
    expect(store.snapshot().nextIds).toEqual({ pets: 41, categories: 31 });
    expect((await store.createPet({ name: "Next", categoryId: 1 })).id).toBe(41);
  });

  it("names its errors", async () => {
    expect(new IdsExhaustedError("pets").name).toBe("IdsExhaustedError");
    const store = await createPetstoreStore({ pets: 1 });
    await expect(store.restore(null)).rejects.toThrow(
      expect.objectContaining({
        name: "SnapshotError",
        message: "A snapshot must be a JSON object.",
      }),
    );
    await expect(store.restore(null)).rejects.toBeInstanceOf(SnapshotError);
  });

  it.each([
    [{ seed: 8 }, "another seed"],
    [{ pets: 2 }, "another pet count"],
    [{ categories: 3 }, "another category count"],
  ])(
    "resets to a restored snapshot's seed options when only %j differs (%s)",
    async (change, _what) => {
      const options = { seed: 1, pets: 3, categories: 4 };
      const other = await createPetstoreStore({ ...options, ...change });
      const store = await createPetstoreStore(options);
      await store.restore(other.snapshot());
      await store.reset();
      expect(records(store.snapshot())).toEqual(generateSeedData({ ...options, ...change }));
    },
  );
});
