import { describe, expect, it } from "vitest";
import type { CoreRequest } from "../core/exchange.js";
import { createJournal } from "../core/journal.js";
import { createPetstore } from "./lifecycle.js";

const request = (method: string, path: string, body?: unknown): CoreRequest => ({
  method,
  path,
  query: "",
  header: (name) =>
    name === "authorization"
      ? "Bearer petstore-dev-key"
      : name === "content-type" && body !== undefined
        ? "application/json"
        : undefined,
  body: body === undefined ? undefined : JSON.stringify(body),
  bodyTooLarge: false,
  basePath: "/v1",
});

describe("createPetstore: one mock, reset to start-up, restore a snapshot", () => {
  it("answers from its store, with its start-up faults, into its journal", async () => {
    const petstore = await createPetstore({
      counts: { pets: 3 },
      faults: [{ operation: "createPet", status: 503, times: 1 }],
    });
    expect((await petstore.handle(request("GET", "/pets"))).status).toBe(200);
    expect(
      (await petstore.handle(request("POST", "/pets", { name: "Rex", categoryId: 1 }))).status,
    ).toBe(503);
    expect(petstore.journal.all().map((entry) => entry.status)).toEqual([200, 503]);
  });

  it("reset() goes back to start-up: the seeded store, the start-up faults, an empty journal", async () => {
    const petstore = await createPetstore({ counts: { pets: 3 }, preset: "flaky-writes" });
    const startFaults = petstore.faults.list().length;
    await petstore.store.createPet({ name: "Rex", categoryId: 1 });
    petstore.faults.clear();
    await petstore.handle(request("GET", "/categories"));
    await petstore.reset();
    expect(petstore.store.count().pets).toBe(3);
    expect(petstore.faults.list()).toHaveLength(startFaults);
    expect(startFaults).toBeGreaterThan(0);
    expect(petstore.journal.all()).toEqual([]);
  });

  it("restore(snapshot) loads saved records and leaves faults and journal alone", async () => {
    const petstore = await createPetstore({ counts: { pets: 3 } });
    await petstore.store.createPet({ name: "Rex", categoryId: 1 });
    const saved = petstore.snapshot();
    await petstore.reset();
    petstore.faults.add({ operation: "listPets", status: 500 });
    await petstore.restore(saved);
    expect(petstore.store.count().pets).toBe(4);
    expect(petstore.faults.list()).toHaveLength(1);
    await expect(petstore.restore({ format: "nope" })).rejects.toThrow();
    expect(petstore.store.count().pets).toBe(4);
  });

  it("handleWith(journal) answers from the same store and faults into another journal", async () => {
    const petstore = await createPetstore({ counts: { pets: 3 } });
    const other = createJournal();
    petstore.faults.add({ operation: "listPets", status: 500, times: 1 });
    expect((await petstore.handleWith(other)(request("GET", "/pets"))).status).toBe(500);
    expect(other.all()).toHaveLength(1);
    expect(petstore.journal.all()).toEqual([]);
  });
});
