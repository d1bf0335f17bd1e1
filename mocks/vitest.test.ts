import { describe } from "vitest";
import { ContractNotRecordedError, expect, test } from "./vitest.js";

const api = "http://localhost/v1";
const auth = { authorization: "Bearer petstore-dev-key" };

test.override({ petstoreOptions: { seed: 7, counts: { pets: 3 } } });

describe("petstore-mock-kit/vitest: a file needs no set-up lines", () => {
  test("the file's options seed the store and answer fetch", async ({ petstore }) => {
    const response = await fetch(`${api}/pets`, { headers: auth });
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown[]).toHaveLength(3);
    expect(petstore.options.seed).toBe(7);
    expect(petstore.journal.forOperation("listPets")).toHaveLength(1);
  });

  test("a test changes the store and adds a fault", async ({ petstore }) => {
    const created = await fetch(`${api}/pets`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(petstore.store.count().pets).toBe(4);
    petstore.faults.add({ operation: "listPets", status: 503 });
  });

  test("the next test starts from start-up: seeded store, no faults, empty journal", async ({
    petstore,
  }) => {
    expect(petstore.store.count().pets).toBe(3);
    expect(petstore.faults.list()).toEqual([]);
    expect(petstore.journal.all()).toEqual([]);
    expect((await fetch(`${api}/pets`, { headers: auth })).status).toBe(200);
  });

  test("records no consumer contract unless one is asked for", ({ petstore }) => {
    expect(() => petstore.contract()).toThrow(ContractNotRecordedError);
  });

  test("a test that never names petstore is still answered", async () => {
    expect((await fetch(`${api}/categories`, { headers: auth })).status).toBe(200);
  });
});
