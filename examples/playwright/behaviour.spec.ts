/**
 * The fixture under a behaviour profile file: the `behaviourFile` option (in
 * the config's `use`, or `test.use` as here) and `PETSTORE_BEHAVIOUR_FILE`.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import type { PetstoreFixture } from "petstore-mock-kit/playwright";
import { expect, test } from "./app.js";

const newestFirst = fileURLToPath(new URL("newest-first.behaviour.json", import.meta.url));

/** The page lists the store's three pets newest first, as the profile says. */
async function listsNewestFirst(page: Page, petstore: PetstoreFixture) {
  await page.goto("/");
  const newest = [3, 2, 1].map((id) => petstore.store.getPet(id)?.name ?? "");
  await expect(page.getByRole("listitem")).toHaveText(newest);
}

test.describe("a profile file in the options", () => {
  test.use({ petstore: { counts: { pets: 3 }, behaviourFile: newestFirst } });

  test("lists newest first", ({ page, petstore }) => listsNewestFirst(page, petstore));
});

test.describe("a profile file named by PETSTORE_BEHAVIOUR_FILE", () => {
  test.use({ petstore: { counts: { pets: 3 } } });
  test.beforeAll(() => {
    process.env.PETSTORE_BEHAVIOUR_FILE = newestFirst;
  });
  test.afterAll(() => {
    delete process.env.PETSTORE_BEHAVIOUR_FILE;
  });

  test("lists newest first", ({ page, petstore }) => listsNewestFirst(page, petstore));
});
