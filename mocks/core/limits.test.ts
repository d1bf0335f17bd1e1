/** The record limits, in the core every runtime shares: a full store refuses creates with 409 store_full. */
import { describe, expect, it } from "vitest";
import { createPetstoreStore } from "../store/store.js";
import { checkSeedWithinLimits } from "./limits.js";
import { createPetstoreCore } from "./petstore-core.js";

const headers = (header: string) =>
  ({ authorization: "Bearer petstore-dev-key", "content-type": "application/json" })[header] ??
  undefined;

async function setup(limits: { maxPets?: number; maxCategories?: number }) {
  const store = await createPetstoreStore({ pets: 3, categories: 2 });
  const handle = createPetstoreCore({ store, ...limits });
  const create = (path: "/pets" | "/categories", name: string) =>
    handle({
      method: "POST",
      path,
      query: "",
      header: headers,
      body: JSON.stringify({ name, categoryId: 1 }),
    });
  return { store, create };
}

describe("a store at its record limit", () => {
  it("refuses a pet with 409 store_full naming the limit, and takes pets again after a reset", async () => {
    const { store, create } = await setup({ maxPets: 5 });
    expect((await create("/pets", "a")).status).toBe(201);
    expect((await create("/pets", "b")).status).toBe(201);
    const refused = await create("/pets", "c");
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body ?? "")).toEqual({
      code: "store_full",
      message: expect.stringContaining("at most 5 pets"),
      status: 409,
    });
    expect(store.count().pets).toBe(5);
    await store.reset();
    expect((await create("/pets", "d")).status).toBe(201);
  });

  it("holds under concurrent creates: exactly the room left is filled", async () => {
    const { store, create } = await setup({ maxPets: 13 });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => create("/pets", `p${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    expect(store.count().pets).toBe(13);
  });

  it("refuses a category beyond maxCategories", async () => {
    const { create } = await setup({ maxCategories: 3 });
    expect((await create("/categories", "ferret")).status).toBe(201);
    const refused = await create("/categories", "hamster");
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body ?? "").message).toContain("at most 3 categories");
  });
});

describe("checkSeedWithinLimits", () => {
  const limits = { pets: 10, categories: 3 };

  it("takes seed counts up to the caps, and names the count without a prefix", () => {
    expect(() => checkSeedWithinLimits({ pets: 10, categories: 3 }, limits)).not.toThrow();
    expect(() => checkSeedWithinLimits({ pets: 11, categories: 3 }, limits)).toThrow(
      new RangeError("pets 11 is more than the store holds: at most 10 pets (--max-pets)"),
    );
  });

  it.each([
    [
      { pets: 11, categories: 3 },
      "",
      "pets 11 is more than the store holds: at most 10 pets (--max-pets)",
    ],
    [
      { pets: 10, categories: 4 },
      "reset: ",
      "reset: categories 4 is more than the store holds: at most 3 categories (--max-categories)",
    ],
  ])("refuses %j naming the flag that raises the cap", (counts, prefix, message) => {
    expect(() => checkSeedWithinLimits(counts, limits, prefix)).toThrow(new RangeError(message));
  });
});
