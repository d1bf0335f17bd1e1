/**
 * Tests never share data: two tests running at the same time (they wait for
 * each other, so they must overlap) each create a pet and see only their own;
 * and a test that runs after another in the same worker starts from the seed.
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "./app.js";

const rendezvous = process.env.PETSTORE_RENDEZVOUS ?? "";

/** Says this test has created its pet, then waits until the other one has too. */
async function meet(me: string, other: string): Promise<void> {
  await writeFile(join(rendezvous, me), "");
  await expect.poll(() => existsSync(join(rendezvous, other)), { timeout: 45_000 }).toBe(true);
}

test.describe("two tests at once", () => {
  test.use({ petstore: { counts: { pets: 1 } } });

  for (const [me, other] of [
    ["Ada", "Grace"],
    ["Grace", "Ada"],
  ] as const) {
    test(`${me} sees only ${me}`, async ({ page, petstore }) => {
      await page.goto("/");
      await page.getByLabel("Name").fill(me);
      await page.getByRole("button", { name: "Add pet" }).click();
      await expect(page.getByRole("listitem")).toHaveCount(2);
      await meet(me, other);
      await page.reload();
      await expect(page.getByRole("listitem").last()).toHaveText(me);
      await expect(page.getByRole("status")).toHaveText("2 pets");
      expect(petstore.store.listPets({ limit: 100 }).map((pet) => pet.name)).not.toContain(other);
    });
  }
});

test.describe
  .serial("one test after another in a worker", () => {
    test.use({ petstore: { counts: { pets: 1 } } });

    test("the first leaves a pet and a fault behind", async ({ petstore, page }) => {
      await petstore.store.createPet({ name: "Leftover", categoryId: 1 });
      petstore.faults.add({ operation: "*", status: 500 });
      await page.goto("/");
      await expect(page.getByRole("alert")).toContainText("(500)");
    });

    test("the next starts from the seed", async ({ petstore, page }) => {
      await page.goto("/");
      await expect(page.getByRole("status")).toHaveText("1 pets");
      expect(petstore.faults.list()).toEqual([]);
      expect(petstore.journal.all()).toHaveLength(1);
    });
  });
