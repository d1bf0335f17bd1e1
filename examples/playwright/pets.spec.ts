/**
 * The example app against the fixture: the list, a create, faults shown in the
 * page, the journal, reset and per-file options.
 */
import { appOrigin, expect, test } from "./app.js";

test("lists the test's seeded pets", async ({ page, petstore }) => {
  await page.goto("/");
  const seeded = petstore.store.listPets({ limit: 20 }).map((pet) => pet.name);
  await expect(page.getByRole("listitem")).toHaveText(seeded);
  await expect(page.getByRole("status")).toHaveText("20 pets");
});

test.describe("a small store", () => {
  test.use({ petstore: { counts: { pets: 2 } } });

  test("creates a pet the store then holds", async ({ page, petstore }) => {
    await page.goto("/");
    await page.getByLabel("Name").fill("Biscuit");
    await page.getByRole("button", { name: "Add pet" }).click();
    await expect(page.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("listitem").last()).toHaveText("Biscuit");
    expect(petstore.store.getPet(3)).toEqual({ id: 3, name: "Biscuit", categoryId: 1 });
  });

  test("shows an injected 503, and the retry succeeds", async ({ page, petstore }) => {
    petstore.faults.add({ operation: "createPet", status: 503, times: 1 });
    await page.goto("/");
    await page.getByLabel("Name").fill("Biscuit");
    await page.getByRole("button", { name: "Add pet" }).click();
    await expect(page.getByRole("alert")).toContainText("Could not add the pet");
    await expect(page.getByRole("alert")).toContainText("(503)");
    await page.getByRole("button", { name: "Add pet" }).click();
    await expect(page.getByRole("listitem").last()).toHaveText("Biscuit");
    await expect(page.getByRole("alert")).toBeEmpty();
    expect(petstore.journal.forOperation("createPet")).toMatchObject([
      { status: 503, fault: { status: 503 } },
      { status: 201, fault: null },
    ]);
  });
});

test("shows a dropped connection and a cut-off body", async ({ page, petstore }) => {
  petstore.faults.add({ operation: "listPets", network: "reset", times: 1 });
  await page.goto("/");
  await expect(page.getByRole("alert")).toHaveText("The pet store cannot be reached.");
  petstore.faults.add({ operation: "listPets", body: "malformed", times: 1 });
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText("The pet store sent an unreadable answer.");
  expect(petstore.journal.forOperation("listPets").map((entry) => entry.status)).toEqual([0, 200]);
});

test("a hang lasts until the page gives up", async ({ page, petstore }) => {
  petstore.faults.add({ operation: "listPets", network: "hang" });
  await page.goto("/?timeout=1500");
  // The app gives up after 1.5 s; the hang would otherwise hold the request for 120 s.
  await expect(page.getByRole("alert")).toHaveText("The pet store did not answer in time.");
  const [entry] = petstore.journal.all();
  expect(entry).toMatchObject({ operationId: "listPets", status: 0, fault: { network: "hang" } });
});

test("the journal records what the page asked and what it got", async ({ page, petstore }) => {
  await page.goto("/");
  await page.getByLabel("Name").fill("");
  await page.getByLabel("Name").fill(" ");
  await page.getByRole("button", { name: "Add pet" }).click();
  await expect(page.getByRole("alert")).toContainText("(400)");
  const journal = petstore.journal.all();
  expect(journal.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
    "GET /pets 200",
    "POST /pets 400",
  ]);
  expect(journal[1]?.problems).toEqual([
    {
      code: "invalid_body",
      message: expect.stringContaining("name"),
      by: "client",
      rules: ["§2.NewPet", "§4.2.400"],
    },
  ]);
});

test("reset() restores the seeded store and the start-up faults", async ({ page, petstore }) => {
  await petstore.store.createPet({ name: "Leftover", categoryId: 1 });
  petstore.faults.add({ operation: "*", status: 500 });
  await petstore.reset();
  await page.goto("/");
  await expect(page.getByRole("status")).toHaveText("20 pets");
  await expect(page.getByText("Leftover")).toHaveCount(0);
  expect(petstore.faults.list()).toEqual([]);
  expect(petstore.journal.all()).toHaveLength(1);
});

test.describe("options per group", () => {
  test.use({ petstore: { seed: 7, counts: { pets: 3 }, apiKeys: ["pw-key"] } });

  test("seeds from the group's options", async ({ page, petstore }) => {
    expect(petstore.store.seedOptions).toMatchObject({ seed: 7, pets: 3 });
    await page.goto("/?key=pw-key");
    const names = petstore.store.listPets({ limit: 20 }).map((pet) => pet.name);
    await expect(page.getByRole("listitem")).toHaveText(names);
  });

  test("refuses a key the options do not list", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("alert")).toContainText("(401)");
  });

  test.describe("a nested group", () => {
    test.use({ petstore: { preset: "server-down" } });

    test("adds its options to the outer group's", async ({ page, petstore }) => {
      expect(petstore.options).toMatchObject({ seed: 7, preset: "server-down" });
      await page.goto("/?key=pw-key");
      await expect(page.getByRole("alert")).toContainText("(503)");
    });
  });
});

test.describe("an API on another origin", () => {
  test.use({ petstoreOptions: { baseUrl: "http://api.test/v1" } });

  test("is answered with CORS headers the page can read", async ({ page, petstore }) => {
    await page.goto(`/?api=${encodeURIComponent("http://api.test/v1")}`);
    await expect(page.getByRole("status")).toHaveText("20 pets");
    expect(petstore.journal.all()).toHaveLength(1);
  });

  test("and only there", async ({ page, petstore }) => {
    await page.goto("/");
    await expect(page.getByRole("alert")).toHaveText("The pet store cannot be reached.");
    expect(petstore.journal.all()).toEqual([]);
    expect(page.url()).toContain(appOrigin);
  });
});
