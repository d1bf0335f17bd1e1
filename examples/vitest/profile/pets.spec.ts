/** The pet list, under the profile the run names once for every file (staging.behaviour.json). */
import { expect, test } from "petstore-mock-kit/vitest";

const headers = { Authorization: "Bearer petstore-dev-key" };

test("lists newest first, and clamps a limit of 0 to 1", async () => {
  const response = await fetch("http://localhost/v1/pets?limit=0", { headers });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { id: number }[]).map((pet) => pet.id)).toEqual([50]);
});
