/**
 * The README's Playwright test as written (playwright-suite.browser.test.ts
 * keeps the two equal); only the import differs: ./app.js adds the example app.
 */
import { expect, test } from "./app.js";

test.use({ petstore: { seed: 7, counts: { pets: 3 } } });

test("shows the pets, and a failed save", async ({ page, petstore }) => {
  await page.goto("/");
  const names = petstore.store.listPets({ limit: 20 }).map((pet) => pet.name);
  await expect(page.getByRole("listitem")).toHaveText(names);

  petstore.faults.add({ operation: "createPet", status: 503, times: 1 });
  await page.getByLabel("Name").fill("Biscuit");
  await page.getByRole("button", { name: "Add pet" }).click();
  await expect(page.getByRole("alert")).toContainText("503");

  const asked = petstore.journal.all().map((entry) => `${entry.method} ${entry.path}`);
  expect(asked).toEqual(["GET /pets", "POST /pets"]);
  expect(petstore.journal.forOperation("createPet")[0]?.status).toBe(503);
});
