/**
 * The vitest fixture under a behaviour profile: `petstoreOptions.behaviour`
 * reaches every answer, and the journal names the choices that shaped each.
 */
import { describe } from "vitest";
import { expect, test } from "./vitest.js";

const api = "http://localhost/v1";
const auth = { authorization: "Bearer petstore-dev-key" };

test.override({
  petstoreOptions: {
    counts: { pets: 3 },
    behaviour: {
      version: 1,
      name: "staging",
      choices: {
        limitBelowMinimum: "clamped",
        petsOrder: "descending",
        createdStatus: "available",
      },
    },
  },
});

describe("petstore-mock-kit/vitest with a behaviour profile", () => {
  test("lists as the profile says, and the journal names the choices behind it", async ({
    petstore,
  }) => {
    const response = await fetch(`${api}/pets?limit=0`, { headers: auth });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: number }[]).map((pet) => pet.id)).toEqual([3]);
    await fetch(`${api}/pets?status=flying`, { headers: auth });
    const [clamped, refused] = petstore.journal.forOperation("listPets");
    expect(clamped?.choices).toEqual({ limitBelowMinimum: "clamped", petsOrder: "descending" });
    // The kit's own refusal: no choice of the profile shaped it.
    expect(refused?.status).toBe(400);
    expect(refused).not.toHaveProperty("choices");
  });

  test("creates as the profile says", async ({ petstore }) => {
    const created = await fetch(`${api}/pets`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
    });
    expect(await created.json()).toEqual({
      id: 4,
      name: "Rex",
      categoryId: 1,
      status: "available",
    });
    expect(petstore.journal.forOperation("createPet")[0]?.choices).toEqual({
      createdStatus: "available",
    });
  });
});
