/** A pet's page, under the profile the run names once for every file (staging.behaviour.json). */
import { expect, test } from "petstore-mock-kit/vitest";

const headers = { Authorization: "Bearer petstore-dev-key" };

test("a malformed id is not found", async () => {
  const response = await fetch("http://localhost/v1/pets/abc", { headers });
  expect(response.status).toBe(404);
});
