/**
 * A store under a profile's record shapes: ids from the profile's sequence
 * (seeded, referenced and created), the optional fields' presence, extra
 * fields drawn per record from the seed (never the profile's samples), the
 * seed's counts, an exact reset and restore, and every runtime alike.
 */
import { describe, expect, it } from "vitest";
import { generateSeedData } from "../../fixtures/generate-seed.js";
import {
  type BehaviourProfileInput,
  behaviourFrom,
  resolveBehaviour,
} from "../interface/behaviour-profile.js";
import type { Category, Pet } from "../interface/types.js";
import { setupPetstore } from "../node.js";
import { startPetstoreServer } from "../server/server.js";
import { recordShapes } from "./record-shapes.js";
import { maxNextId } from "./state.js";
import { createPetstoreStore, IdsExhaustedError, type SeedOptions } from "./store.js";

const profile = (choices: BehaviourProfileInput["choices"]) =>
  behaviourFrom({ version: 1, choices }, "test");

const sequenceChoices: BehaviourProfileInput["choices"] = {
  idSequence: {
    alternative: "from",
    value: { pets: { start: 1001, step: 3 }, categories: { start: 10, step: 10 } },
  },
};
const sequences = profile(sequenceChoices);

const storeUnder = (behaviour: ReturnType<typeof profile>, options: SeedOptions = {}) =>
  createPetstoreStore(options, undefined, { behaviour });

type Row = Readonly<Record<string, unknown>>;
const rows = (records: readonly (Pet | Category)[]) => records as unknown as readonly Row[];

describe("idSequence", () => {
  it("numbers seeded records from the start by the step, the pets' categoryIds with them, the counts the seed's", async () => {
    const store = await storeUnder(sequences, { seed: 7, pets: 30, categories: 4 });
    const kit = generateSeedData({ seed: 7, pets: 30, categories: 4 });
    const pets = store.listPets({ limit: 100 });
    expect(pets.map((pet) => pet.id)).toEqual(kit.pets.map((_, index) => 1001 + index * 3));
    expect(store.listCategories().map((category) => category.id)).toEqual([10, 20, 30, 40]);
    expect(pets.map((pet) => pet.categoryId)).toEqual(kit.pets.map((pet) => pet.categoryId * 10));
    expect(pets.map(({ name, status }) => ({ name, status }))).toEqual(
      kit.pets.map(({ name, status }) => ({ name, status })),
    );
  });

  it("creates on the sequence, unique under concurrency, and snapshots the next id on it", async () => {
    const store = await storeUnder(sequences, { pets: 2, categories: 1 });
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        store.createPet({ name: `P${index}`, categoryId: 10 }),
      ),
    );
    expect(created.map((pet) => pet.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => 1007 + index * 3),
    );
    expect((await store.createCategory({ name: "new" })).id).toBe(20);
    expect(store.snapshot().nextIds).toEqual({ pets: 1067, categories: 30 });
  });

  it("leaves a collection it does not name counting from 1", async () => {
    const store = await storeUnder(
      profile({ idSequence: { alternative: "from", value: { pets: { start: 500, step: 1 } } } }),
      { pets: 3, categories: 2 },
    );
    expect(store.listCategories().map((category) => category.id)).toEqual([1, 2]);
    expect(store.listPets({ limit: 5 }).map((pet) => pet.id)).toEqual([500, 501, 502]);
  });

  it("still refuses with IdsExhaustedError the create whose id would pass 2^53 - 1", async () => {
    const store = await storeUnder(sequences, { pets: 1, categories: 1 });
    const snapshot = store.snapshot();
    // The sequence's last safe id: the next one, 3 above, would pass 2^53 - 1.
    const last = 1001 + Math.floor((Number.MAX_SAFE_INTEGER - 1001) / 3) * 3;
    await store.restore({
      ...snapshot,
      pets: [{ ...snapshot.pets[0], id: last }],
      nextIds: { ...snapshot.nextIds, pets: last + 1 },
    });
    await expect(store.createPet({ name: "Beyond", categoryId: 10 })).rejects.toThrow(
      IdsExhaustedError,
    );
    expect(store.snapshot().nextIds.pets).toBe(maxNextId);
  });

  it("refuses a seed whose ids would pass 2^53 - 1, naming the sequence", async () => {
    // An unvalidated profile: validation keeps the start 2^32 ids below the top.
    const unchecked = resolveBehaviour({
      version: 1,
      choices: {
        idSequence: {
          alternative: "from",
          value: { pets: { start: Number.MAX_SAFE_INTEGER - 10, step: 5 } },
        },
      },
    });
    const shapes = await recordShapes(unchecked);
    expect(() => shapes?.shapeSeed(generateSeedData({ pets: 4 }), 42)).toThrow(
      "idSequence: 4 pets from 9007199254740981 by 5 pass 2^53 - 1",
    );
  });
});

describe("optionalFields", () => {
  const presence = (pet: string, category: string, seed = 42) =>
    storeUnder(
      profile({
        optionalFields: {
          alternative: "learned",
          value: { Pet: { status: pet }, Category: { description: category } },
        },
      } as BehaviourProfileInput["choices"]),
      { seed, pets: 60, categories: 6 },
    );
  const carrying = (records: readonly Row[], field: string) =>
    records.filter((record) => Object.hasOwn(record, field)).map((record) => record.id);

  it("never: no seeded record carries the field; always: every one does", async () => {
    const store = await presence("never", "always");
    expect(carrying(rows(store.listPets({ limit: 100 })), "status")).toEqual([]);
    expect(carrying(rows(store.listCategories()), "description")).toHaveLength(6);
  });

  it("sometimes: a share of the seeded records the seed picks, the same for the same seed", async () => {
    const first = carrying(
      rows((await presence("sometimes", "never")).listPets({ limit: 100 })),
      "status",
    );
    const again = carrying(
      rows((await presence("sometimes", "never")).listPets({ limit: 100 })),
      "status",
    );
    const other = carrying(
      rows((await presence("sometimes", "never", 43)).listPets({ limit: 100 })),
      "status",
    );
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(50);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it("keeps what a create sends", async () => {
    const store = await presence("never", "never");
    expect(await store.createPet({ name: "Rex", categoryId: 1, status: "sold" })).toMatchObject({
      status: "sold",
    });
  });
});

describe("extra fields", () => {
  const extras = profile({
    petFields: {
      alternative: "extra",
      value: {
        createdAt: "2024-01-01T00:00:00.000Z",
        photoUrls: ["https://example.com/"],
        tags: [],
        nickname: "text",
        age: 0,
      },
    },
    categoryFields: { alternative: "extra", value: { updatedOn: "2024-01-01" } },
  });

  it("draws each record's values by the sample's kind, never the sample", async () => {
    const store = await storeUnder(extras, { pets: 40 });
    const pets = rows(store.listPets({ limit: 100 }));
    for (const pet of pets) {
      expect(pet).toMatchObject({
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        tags: [],
        nickname: expect.stringMatching(/^\S+(?: \S+){0,2}$/),
        age: expect.any(Number),
      });
      expect(Number.isInteger(pet.age)).toBe(true);
      const urls = pet.photoUrls as string[];
      expect(urls.length).toBeGreaterThanOrEqual(1);
      expect(urls.length).toBeLessThanOrEqual(3);
      for (const url of urls) expect(url).toMatch(/^https?:\/\/\S+$/);
    }
    expect(Object.keys(pets[0] as Row)).toEqual([
      "id",
      "name",
      "categoryId",
      "status",
      "createdAt",
      "photoUrls",
      "tags",
      "nickname",
      "age",
    ]);
    for (const field of ["createdAt", "nickname"]) {
      expect(new Set(pets.map((pet) => pet[field])).size).toBeGreaterThan(30);
    }
    expect(pets.some((pet) => pet.createdAt === "2024-01-01T00:00:00.000Z")).toBe(false);
    expect(pets.some((pet) => pet.nickname === "text")).toBe(false);
    for (const category of rows(store.listCategories())) {
      expect(category.updatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("gives the same values for the same seed and others for another seed, creates too", async () => {
    const [a, b, c] = await Promise.all([
      storeUnder(extras, { seed: 3 }),
      storeUnder(extras, { seed: 3 }),
      storeUnder(extras, { seed: 4 }),
    ]);
    expect(a.listPets({ limit: 100 })).toEqual(b.listPets({ limit: 100 }));
    const created = await Promise.all(
      [a, b].map((store) => store.createPet({ name: "Rex", categoryId: 1 })),
    );
    expect(created[0]).toEqual(created[1]);
    expect(created[0]).toHaveProperty("createdAt");
    const dates = (store: typeof a) =>
      rows(store.listPets({ limit: 100 })).map((pet) => pet.createdAt);
    expect(dates(c)).not.toEqual(dates(a));
  });
});

describe("reset and restore", () => {
  const everything = profile({
    idSequence: { alternative: "from", value: { pets: { start: 100, step: 2 } } },
    optionalFields: { alternative: "learned", value: { Pet: { status: "sometimes" } } },
    petFields: { alternative: "extra", value: { createdAt: "2024-01-01T00:00:00Z" } },
  });

  it("reset restores exactly the seeded records, and a restore gives them back with their extra fields", async () => {
    const store = await storeUnder(everything, { pets: 12 });
    const seeded = store.listPets({ limit: 100 });
    const saved = store.snapshot();
    expect(Object.keys(saved.pets[0] as Pet)).not.toContain("createdAt");
    await store.createPet({ name: "Rex", categoryId: 1 });
    await store.reset();
    expect(store.listPets({ limit: 100 })).toEqual(seeded);
    expect(store.snapshot()).toEqual(saved);
    await store.createPet({ name: "Rex", categoryId: 1 });
    const grown = store.listPets({ limit: 100 });
    await store.restore(store.snapshot());
    expect(store.listPets({ limit: 100 })).toEqual(grown);
    expect((await store.createPet({ name: "Next", categoryId: 1 })).id).toBe(126);
  });
});

describe("every runtime", () => {
  it("msw/node and the standalone server seed and create on the profile's shapes", async () => {
    const key = { authorization: "Bearer petstore-dev-key" };
    const firstPets = async (base: string) =>
      ((await (await fetch(`${base}/pets?limit=2`, { headers: key })).json()) as Row[]).map(
        ({ id, categoryId }) => ({ id, categoryId }),
      );
    const behaviour: BehaviourProfileInput = { version: 1, choices: sequenceChoices };
    const msw = await setupPetstore({ baseUrl: "http://shapes.test/v1", behaviour });
    msw.listen();
    const viaMsw = await firstPets("http://shapes.test/v1").finally(() => msw.close());
    const server = await startPetstoreServer({ port: 0, behaviour });
    const viaServer = await firstPets(server.url).finally(() => server.close());
    expect(viaMsw).toEqual([
      { id: 1001, categoryId: 50 },
      { id: 1004, categoryId: 30 },
    ]);
    expect(viaServer).toEqual(viaMsw);
  });
});
