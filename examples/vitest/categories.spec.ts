/**
 * The example app's category views, tested against the kit's mock through
 * the app's own client (examples/browser/src/api.ts).
 */

import { expect, test } from "petstore-mock-kit/vitest";
import { createPetstoreClient } from "../browser/src/api.js";

const app = createPetstoreClient("http://localhost/v1", () => "petstore-dev-key");

test("lists the categories", async () => {
  const categories = await app.listCategories();
  expect(categories.map((category) => category.name)).toContain("dog");
});

test("adds a category", async () => {
  const created = await app.createCategory({ name: "reptile", description: "Cold-blooded." });
  expect(created).toMatchObject({ id: 6, name: "reptile" });
});

test("shows the sold pets beside the categories", async () => {
  const pets = await app.listPets({ status: "sold", limit: "3" });
  expect(pets.length).toBeGreaterThan(0);
});

test("asks for a key when the saved one is refused", async () => {
  // The interface documents the 401 of the pet operations (§5.3), not of the category ones.
  const stale = createPetstoreClient("http://localhost/v1", () => "an-old-key");
  await expect(stale.listPets({})).rejects.toMatchObject({ body: { status: 401 } });
});
