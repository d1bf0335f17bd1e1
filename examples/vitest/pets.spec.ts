/**
 * The example app's pet views, tested against the kit's mock through the
 * app's own client (examples/browser/src/api.ts).
 */

import type { NewPet } from "petstore-mock-kit/browser";
import { expect, test } from "petstore-mock-kit/vitest";
import { describe } from "vitest";
import { ApiError, createPetstoreClient } from "../browser/src/api.js";

const app = createPetstoreClient("http://localhost/v1", () => "petstore-dev-key");

describe("the pet list", () => {
  test("shows the sold pets", async () => {
    const pets = await app.listPets({ status: "sold", limit: "5" });
    expect(pets.length).toBeGreaterThan(0);
    expect(pets.every((pet) => pet.status === "sold")).toBe(true);
  });

  test("shows the first page", async () => {
    expect(await app.listPets({})).toHaveLength(20);
  });
});

describe("a pet's page", () => {
  test("shows the pet", async () => {
    const pet = await app.getPet("7");
    expect(pet).toMatchObject({ id: 7, name: expect.any(String) });
  });

  test("says when the pet is gone", async () => {
    await expect(app.getPet("999")).rejects.toMatchObject({ body: { status: 404 } });
  });
});

describe("adding a pet", () => {
  test("saves it", async ({ petstore }) => {
    const pet = await app.createPet({ name: "Biscuit", categoryId: 3 });
    expect(petstore.store.getPet(pet.id)).toEqual(pet);
  });

  test("shows why a pet without a name is refused", async () => {
    // The form left the name out: a body without a required field is a documented 400 (§4.2).
    const form: Partial<NewPet> = { categoryId: 3 };
    const refusal = await app.createPet(form as NewPet).catch((error) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).body).toMatchObject({ status: 400, code: "invalid_body" });
  });

  test("shows a failed save", async ({ petstore }) => {
    petstore.faults.add({ operation: "createPet", status: 503, times: 1 });
    await expect(app.createPet({ name: "Biscuit", categoryId: 3 })).rejects.toMatchObject({
      body: { status: 503 },
    });
  });
});
