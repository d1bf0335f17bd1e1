import { describe, expect, it } from "vitest";
import { createPetstoreStore } from "../store/store.js";
import {
  applyProviderState,
  type ProviderStateKind,
  parseProviderState,
  providerState,
  providerStatesOf,
  providerStateTemplates,
  type StateEvidence,
} from "./provider-states.js";

const kinds = Object.keys(providerStateTemplates) as ProviderStateKind[];

describe("provider state names", () => {
  it.each([
    ["pet", { petId: 7, status: "sold" }, "pet 7 exists with status sold"],
    ["pet", { petId: 7 }, "pet 7 exists"],
    ["noPet", { petId: 999 }, "no pet 999 exists"],
    ["category", { categoryId: 3 }, "category 3 exists"],
    ["noCategory", { categoryId: 99 }, "no category 99 exists"],
    ["pets", { status: "pending" }, "pets exist with status pending"],
    ["pets", {}, "pets exist"],
    ["noPets", { status: "sold" }, "no pets exist with status sold"],
    ["noPets", {}, "no pets exist"],
    ["categories", {}, "categories exist"],
    ["noCategories", {}, "no categories exist"],
  ] as const)("%s %j is named %j and read back", (kind, params, name) => {
    expect(providerState(kind, params)).toEqual({ name, params });
    expect(parseProviderState(name)).toEqual({ kind, params });
  });

  it("names params in a fixed order, whatever order they were given in", () => {
    expect(Object.keys(providerState("pet", { status: "sold", petId: 7 }).params)).toEqual([
      "petId",
      "status",
    ]);
  });

  it.each([
    "pet 7 exists with status flying",
    "pet 0 exists",
    "pet 07 exists",
    "pet 99999999999999999 exists",
    "pet -1 exists",
    "pet 7 exists ",
    "the pet 7 exists",
    "",
  ])("reads no state from %j", (name) => {
    expect(parseProviderState(name)).toBeUndefined();
  });

  it("has a template for every kind it sets up", () => {
    expect(kinds).toHaveLength(8);
  });
});

const evidence = (fields: Partial<StateEvidence>): StateEvidence => ({
  operationId: "listPets",
  status: 200,
  params: {},
  query: new URLSearchParams(),
  requestBody: undefined,
  responseBody: undefined,
  categoryExists: () => true,
  ...fields,
});

describe("providerStatesOf: the data an answer relied on", () => {
  it("a pet found, with its status, or not found", () => {
    const pet = { id: 7, name: "Rex", categoryId: 1, status: "sold" };
    const found = { operationId: "getPet", params: { petId: "7" }, responseBody: pet };
    expect(providerStatesOf(evidence(found))).toEqual([
      { name: "pet 7 exists with status sold", params: { petId: 7, status: "sold" } },
    ]);
    const plain = { ...found, responseBody: { id: 7, name: "Rex", categoryId: 1 } };
    expect(providerStatesOf(evidence(plain))).toEqual([
      { name: "pet 7 exists", params: { petId: 7 } },
    ]);
    const gone = { operationId: "getPet", status: 404, params: { petId: "999" } };
    expect(providerStatesOf(evidence(gone))).toEqual([
      { name: "no pet 999 exists", params: { petId: 999 } },
    ]);
  });

  it("nothing for a request refused before the data mattered", () => {
    expect(
      providerStatesOf(evidence({ operationId: "getPet", status: 400, params: { petId: "x" } })),
    ).toEqual([]);
    expect(
      providerStatesOf(evidence({ operationId: "getPet", status: 401, params: { petId: "7" } })),
    ).toEqual([]);
    expect(providerStatesOf(evidence({ status: 400, responseBody: {} }))).toEqual([]);
    expect(providerStatesOf(evidence({ operationId: "createCategory", status: 201 }))).toEqual([]);
  });

  it("the category a create named: there when created, there or not when refused", () => {
    const create = { operationId: "createPet", requestBody: { name: "Rex", categoryId: 3 } };
    expect(providerStatesOf(evidence({ ...create, status: 201 }))).toEqual([
      { name: "category 3 exists", params: { categoryId: 3 } },
    ]);
    const refused = { ...create, status: 400, categoryExists: (id: number) => id !== 3 };
    expect(providerStatesOf(evidence(refused))).toEqual([
      { name: "no category 3 exists", params: { categoryId: 3 } },
    ]);
    const noId = { ...create, requestBody: { name: "Rex", categoryId: "3x" }, status: 400 };
    expect(providerStatesOf(evidence(noId))).toEqual([]);
  });

  it("whether a list had items, under its status filter", () => {
    const sold = new URLSearchParams("status=sold&limit=5");
    expect(providerStatesOf(evidence({ query: sold, responseBody: [{ id: 1 }] }))).toEqual([
      { name: "pets exist with status sold", params: { status: "sold" } },
    ]);
    expect(providerStatesOf(evidence({ query: sold, responseBody: [] }))).toEqual([
      { name: "no pets exist with status sold", params: { status: "sold" } },
    ]);
    expect(providerStatesOf(evidence({ operationId: "listCategories", responseBody: [] }))).toEqual(
      [{ name: "no categories exist", params: {} }],
    );
    expect(
      providerStatesOf(evidence({ operationId: "listCategories", responseBody: [{}] })),
    ).toEqual([{ name: "categories exist", params: {} }]);
  });
});

describe("applyProviderState: the store changed so that the state holds", () => {
  const seeded = async () => (await createPetstoreStore({ pets: 3, categories: 2 })).snapshot();

  it("creates a missing pet with its status, and sets the status of one that is there", async () => {
    const before = await seeded();
    const created = applyProviderState(before, "pet 40 exists with status sold");
    expect(created.params).toEqual({ petId: 40, status: "sold" });
    expect(created.snapshot.pets.find((pet) => pet.id === 40)).toMatchObject({
      status: "sold",
      categoryId: 1,
    });
    expect(created.snapshot.nextIds.pets).toBe(41);
    const changed = applyProviderState(before, "pet 2 exists with status pending");
    expect(changed.snapshot.pets).toHaveLength(3);
    expect(changed.snapshot.pets.find((pet) => pet.id === 2)?.status).toBe("pending");
    expect(before.pets.find((pet) => pet.id === 2)).toEqual(
      (await seeded()).pets.find((pet) => pet.id === 2),
    );
  });

  it("leaves a state that already holds as it is", async () => {
    const before = await seeded();
    for (const name of [
      "pet 1 exists",
      "category 2 exists",
      "pets exist",
      "categories exist",
      "no pet 9 exists",
    ]) {
      const { snapshot } = applyProviderState(before, name);
      expect({ name, pets: snapshot.pets, categories: snapshot.categories }).toEqual({
        name,
        pets: before.pets,
        categories: before.categories,
      });
    }
  });

  it("removes what must not exist, and a removed category's pets with it", async () => {
    const before = await seeded();
    expect(
      applyProviderState(before, "no pet 1 exists").snapshot.pets.map((pet) => pet.id),
    ).toEqual([2, 3]);
    const noCategory = applyProviderState(before, "no category 1 exists").snapshot;
    expect(noCategory.categories.map((category) => category.id)).toEqual([2]);
    expect(noCategory.pets.every((pet) => pet.categoryId !== 1)).toBe(true);
    expect(applyProviderState(before, "no pets exist").snapshot.pets).toEqual([]);
    const noCategories = applyProviderState(before, "no categories exist").snapshot;
    expect([noCategories.pets, noCategories.categories]).toEqual([[], []]);
    const status = before.pets[0]?.status;
    const withoutStatus = applyProviderState(
      before,
      `no pets exist with status ${status}`,
    ).snapshot;
    expect(withoutStatus.pets.length).toBeLessThan(before.pets.length);
    expect(withoutStatus.pets.every((pet) => pet.status !== status)).toBe(true);
  });

  it("adds what a list needs, a category first when there is none", async () => {
    const empty = (await createPetstoreStore({ pets: 0, categories: 0 })).snapshot();
    const pets = applyProviderState(empty, "pets exist with status sold").snapshot;
    expect(pets.categories).toEqual([{ id: 1, name: "Category 1" }]);
    expect(pets.pets).toEqual([{ id: 1, name: "Pet 1", categoryId: 1, status: "sold" }]);
    expect(applyProviderState(empty, "categories exist").snapshot.categories).toHaveLength(1);
    expect(applyProviderState(empty, "category 5 exists").snapshot).toMatchObject({
      categories: [{ id: 5, name: "Category 5" }],
      nextIds: { categories: 6 },
    });
  });

  it("refuses a name it does not write, listing the ones it sets up", async () => {
    expect(() => applyProviderState({} as never, "a pet called Rex exists")).toThrow(
      /Unknown provider state "a pet called Rex exists"; the mock sets up: pet \{petId\} exists/,
    );
  });
});
