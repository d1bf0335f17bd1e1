/**
 * A page's store (`collectionsOnDemand`): the id index answers from the
 * seed while `@msw/data`'s chunk loads, creates wait for it, and the raw
 * collections say they are not there yet. The chunk's arrival is held here
 * until the test lets it through.
 */
import { describe, expect, it, vi } from "vitest";
import type { Pet } from "../interface/types.js";

let arrive: () => void = () => undefined;
const arrival = new Promise<void>((resolve) => {
  arrive = resolve;
});
vi.mock("./collections.js", async (importOriginal) => {
  await arrival;
  return importOriginal();
});

const { CollectionsNotLoadedError, createPetstoreStore } = await import("./store.js");

describe("a store whose collections load on demand", () => {
  it("answers from the seed at once, holds creates until @msw/data is there, then keeps everything", async () => {
    const store = await createPetstoreStore({}, undefined, { collectionsOnDemand: true });
    const seeded = store.getPet(7);
    expect(seeded?.id).toBe(7);
    expect(store.listPets({ limit: 5 }).map((pet) => pet.id)).toEqual([1, 2, 3, 4, 5]);
    expect(store.count()).toEqual({ pets: 50, categories: 5 });
    expect(() => store.pets).toThrow(CollectionsNotLoadedError);
    expect(() => store.categories).toThrow(/await store.loaded\(\)/);

    let created: Pet | undefined;
    const creating = store.createPet({ name: "Early", categoryId: 1 }).then((pet) => {
      created = pet;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(created).toBeUndefined();
    expect(store.count().pets).toBe(51);

    arrive();
    await creating;
    await store.loaded();
    expect(created).toMatchObject({ id: 51, name: "Early", categoryId: 1 });
    expect(store.pets.count()).toBe(51);
    expect(store.getPet(51)).toBe(created);
    // The index now reads the collection's own records, equal to what the seed gave.
    expect(store.getPet(7)).toEqual(seeded);
    expect(store.getPet(7)).toBe(store.pets.findFirst((q) => q.where({ id: 7 })));
    expect(store.snapshot().pets).toHaveLength(51);
  });

  it("in Node (no option) resolves with the collections already there", async () => {
    const store = await createPetstoreStore({ pets: 3 });
    expect(store.pets.count()).toBe(3);
    await expect(store.loaded()).resolves.toBeUndefined();
  });
});
