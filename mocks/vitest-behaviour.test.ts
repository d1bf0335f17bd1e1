/** The vitest fixture under a behaviour profile: `petstoreOptions.behaviour` reaches every answer. */
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
  test("lists as the profile says", async () => {
    const response = await fetch(`${api}/pets?limit=0`, { headers: auth });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: number }[]).map((pet) => pet.id)).toEqual([3]);
  });

  test("creates as the profile says", async () => {
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
  });
});
