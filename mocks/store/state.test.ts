/** Snapshots: the store's whole state as JSON, restored exactly, and refused when it does not fit. */
import { describe, expect, it } from "vitest";
import { openapiSha256 } from "../generated/openapi-document.js";
import { changeEveryWay } from "../test-support/store-changes.js";
import { checkSnapshot, SnapshotError, snapshotFormatVersion } from "./state.js";
import { createPetstoreStore, type StoreSnapshot } from "./store.js";

async function changedStore() {
  const store = await createPetstoreStore({ seed: 3, pets: 6, categories: 2 });
  await store.createCategory({ name: "ferret", description: "Curious." });
  await store.createPet({ name: "Rex", categoryId: 3, status: "sold" });
  return store;
}

describe("store.snapshot() and store.restore()", () => {
  it("carries the format version, the interface hash, the seed options and the next ids", async () => {
    const snapshot = (await changedStore()).snapshot();
    expect(snapshot).toMatchObject({
      format: "petstore-mock-kit/state",
      formatVersion: snapshotFormatVersion,
      openapi: { version: "1.0.0", sha256: openapiSha256 },
      seedOptions: { seed: 3, pets: 6, categories: 2 },
      nextIds: { pets: 8, categories: 4 },
    });
    expect(snapshot.openapi.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshot.pets.at(-1)).toEqual({ id: 7, name: "Rex", categoryId: 3, status: "sold" });
  });

  it("restores another store exactly, through JSON, and ids carry on", async () => {
    const source = await changedStore();
    const target = await createPetstoreStore();
    await target.restore(JSON.parse(JSON.stringify(source.snapshot())));
    expect(target.snapshot()).toEqual(source.snapshot());
    expect(target.getPet(7)?.name).toBe("Rex");
    expect(target.listPets({ status: "sold", limit: 100 }).map((pet) => pet.id)).toContain(7);
    expect((await target.createPet({ name: "Next", categoryId: 1 })).id).toBe(8);
    expect((await target.createCategory({ name: "newt" })).id).toBe(4);
  });

  it("keeps next ids past records deleted before the snapshot", async () => {
    const source = await changedStore();
    source.pets.delete((q) => q.where({ id: 7 }));
    const target = await createPetstoreStore();
    await target.restore(source.snapshot());
    expect((await target.createPet({ name: "Fresh", categoryId: 1 })).id).toBe(8);
  });

  it("resets to the snapshot's seed, not the one the store was created with", async () => {
    const target = await createPetstoreStore();
    await target.restore((await changedStore()).snapshot());
    await target.reset();
    const seeded = await createPetstoreStore({ seed: 3, pets: 6, categories: 2 });
    expect(target.snapshot()).toEqual(seeded.snapshot());
  });

  it("tells its listeners about every change", async () => {
    const store = await createPetstoreStore({ pets: 2 });
    let changes = 0;
    const unsubscribe = store.onChange(() => changes++);
    await changeEveryWay(store, { renameId: 1, deleteId: 2 });
    await store.reset();
    await store.restore(store.snapshot());
    expect(changes).toBe(6);
    unsubscribe();
    await store.createPet({ name: "C", categoryId: 1 });
    expect(changes).toBe(6);
  });

  it("tells its listeners of a create once the record can be looked up", async () => {
    const store = await createPetstoreStore({ pets: 2 });
    const seen: (string | undefined)[] = [];
    store.onChange(() => seen.push(store.getPet(3)?.name));
    await store.createPet({ name: "Rex", categoryId: 1 });
    expect(seen).toEqual(["Rex"]);
  });

  type Edit = (snapshot: Record<string, unknown> & StoreSnapshot) => unknown;
  const refused: readonly [string, Edit, RegExp][] = [
    ["not an object", () => [], /must be a JSON object/],
    ["another format", (s) => ({ ...s, format: "json-server" }), /Not a petstore-mock-kit\/state/],
    ["a newer format version", (s) => ({ ...s, formatVersion: 2 }), /format version 2/],
    [
      "another interface version",
      (s) => ({ ...s, openapi: { version: "2.0.0", sha256: "0".repeat(64) } }),
      /another interface version.*2\.0\.0.*this mock serves 1\.0\.0/,
    ],
    ["no pets field", ({ pets: _pets, ...rest }) => rest, /no "pets" field/],
    [
      "a pet breaking the Pet schema",
      (s) => ({ ...s, pets: [{ id: 1, name: 5, categoryId: 1 }] }),
      /pets\[0\]: name must be a string/,
    ],
    [
      "a status outside the enum",
      (s) => ({ ...s, pets: [{ id: 1, name: "A", categoryId: 1, status: "lost" }] }),
      /pets\[0\]: status must be one of/,
    ],
    [
      "a duplicate id",
      (s) => ({ ...s, categories: [s.categories[0], s.categories[0]] }),
      /id 1 appears twice/,
    ],
    [
      "an unsafe id",
      (s) => ({ ...s, pets: [{ id: 2 ** 60, name: "A", categoryId: 1 }] }),
      /pets\[0\]\.id must be a positive integer/,
    ],
    [
      "a pet in a missing category",
      (s) => ({ ...s, pets: [{ id: 1, name: "A", categoryId: 99 }] }),
      /categoryId 99 names no category/,
    ],
    [
      "a string over the mock's length limit",
      (s) => ({ ...s, pets: [{ id: 1, name: "x".repeat(1_001), categoryId: 1 }] }),
      /pets\[0\]\.name holds 1001 characters; at most 1000/,
    ],
    [
      "an unknown record field",
      (s) => ({ ...s, categories: [{ ...s.categories[0], owner: "me" }] }),
      /unknown field "owner"/,
    ],
    [
      "next ids not past the records",
      (s) => ({ ...s, nextIds: { ...s.nextIds, pets: 3 } }),
      /nextIds\.pets must be greater than every id in pets \(7\)/,
    ],
    [
      "an interface that is not an object",
      (s) => ({ ...s, openapi: "1.0.0" }),
      /made for another interface version: openapi\.yaml \?; this mock serves 1\.0\.0 \(sha256 "/,
    ],
    [
      "categories not in an array",
      (s) => ({ ...s, categories: {} }),
      /^The snapshot's "categories" must be an array\.$/,
    ],
    [
      "a zero id",
      (s) => ({ ...s, pets: [{ id: 0, name: "A", categoryId: 1 }] }),
      /^pets\[0\]\.id must be a positive integer, got 0\.$/,
    ],
    [
      "a long unknown field name",
      (s) => ({ ...s, categories: [{ ...s.categories[0], ["x".repeat(50)]: 1 }] }),
      new RegExp(`^categories\\[0\\] has an unknown field "${"x".repeat(40)}"\\.$`),
    ],
    [
      "an unknown field named with terminal controls (escaped)",
      (s) => ({ ...s, categories: [{ ...s.categories[0], "\u001b[2J\u009b": 1 }] }),
      /^categories\[0\] has an unknown field "\\x1b\[2J\\x9b"\.$/,
    ],
    [
      "next ids not in an object",
      (s) => ({ ...s, nextIds: [] }),
      /^The snapshot's "nextIds" must be an object\.$/,
    ],
    ...[-1, 7.5, 2 ** 53 + 2, "8"].map((id): [string, Edit, RegExp] => [
      `a next id of ${JSON.stringify(id)}`,
      (s) => ({ ...s, nextIds: { ...s.nextIds, categories: id } }),
      new RegExp(
        `^nextIds\\.categories must be an integer from 0 to ${2 ** 53}, got ${JSON.stringify(id)}\\.$`,
      ),
    ]),
    [
      "next category ids not past the categories",
      (s) => ({ ...s, nextIds: { ...s.nextIds, categories: 3 } }),
      /^nextIds\.categories must be greater than every id in categories \(3\), got 3\.$/,
    ],
    [
      "a next id of 0 with no records",
      (s) => ({ ...s, pets: [], nextIds: { ...s.nextIds, pets: 0 } }),
      /^nextIds\.pets must be greater than every id in pets \(0\), got 0\.$/,
    ],
    [
      "bad seed options",
      (s) => ({ ...s, seedOptions: { ...s.seedOptions, pets: -1 } }),
      /seedOptions\.pets must be a non-negative integer/,
    ],
  ];

  it.each(refused)("refuses %s with a clear message and changes nothing", async (_, edit, why) => {
    const store = await changedStore();
    const before = store.snapshot();
    const bad = edit(structuredClone(before) as Record<string, unknown> & StoreSnapshot);
    const restoring = store.restore(bad);
    await expect(restoring).rejects.toThrow(SnapshotError);
    await expect(restoring).rejects.toThrow(why);
    expect(store.snapshot()).toEqual(before);
  });
});

describe("checkSnapshot with the store's caps", () => {
  it("takes strings of exactly the length cap", async () => {
    const store = await changedStore();
    const snapshot = store.snapshot();
    const long = { ...snapshot, pets: [{ id: 1, name: "x".repeat(1_000), categoryId: 1 }] };
    expect(checkSnapshot(long).pets[0]?.name).toHaveLength(1_000);
  });

  it("takes a snapshot exactly at the caps", async () => {
    const snapshot = (await changedStore()).snapshot();
    expect(checkSnapshot(snapshot, { pets: 7, categories: 3 })).toEqual(snapshot);
  });

  it.each([
    [
      { pets: 6, categories: 3 },
      "The snapshot holds 7 pets; this mock stores at most 6 (--max-pets).",
    ],
    [
      { pets: 7, categories: 2 },
      "The snapshot holds 3 categories; this mock stores at most 2 (--max-categories).",
    ],
    [
      { pets: 5, categories: 3 },
      "seedOptions.pets 6 is more than the store holds: at most 5 pets (--max-pets).",
    ],
  ])("refuses a snapshot beyond %j", async (limits, message) => {
    const snapshot = (await changedStore()).snapshot();
    expect(() => checkSnapshot(snapshot, limits)).toThrow(message);
  });
});
