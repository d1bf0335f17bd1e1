/** The in-process faults and journal as the README shows them in a vitest setup. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupPetstore } from "./node.js";

const petstore = await setupPetstore();
beforeAll(() => petstore.listen());
afterEach(() => petstore.reset());
afterAll(() => petstore.close());

const headers = { authorization: "Bearer petstore-dev-key", "content-type": "application/json" };
const createPet = () =>
  fetch("https://api.example.com/v1/pets", {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Rex", categoryId: 1 }),
  });

describe("petstore.faults and petstore.journal", () => {
  it("a retry after a 503 succeeds, and the journal shows both attempts", async () => {
    petstore.faults.add({ operation: "createPet", status: 503, times: 1 });
    expect((await createPet()).status).toBe(503);
    expect((await createPet()).status).toBe(201);
    const attempts = petstore.journal.forOperation("createPet");
    expect(attempts.map((entry) => entry.status)).toEqual([503, 201]);
    expect(attempts[0]?.fault).toMatchObject({ status: 503 });
  });

  it("a dropped connection is a network error in fetch", async () => {
    petstore.faults.add({ operation: "listPets", network: "reset" });
    await expect(fetch("https://api.example.com/v1/pets", { headers })).rejects.toThrow(TypeError);
    expect(petstore.journal.all()).toMatchObject([{ operationId: "listPets", status: 0 }]);
  });

  it("a hang holds the request until the client gives up (a timeout, not a network error)", async () => {
    petstore.faults.add({ operation: "listPets", network: "hang" });
    const started = performance.now();
    const hung = fetch("https://api.example.com/v1/pets", {
      headers,
      signal: AbortSignal.timeout(500),
    });
    await expect(hung).rejects.toMatchObject({ name: "TimeoutError" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it("reset() clears the faults and the journal", async () => {
    petstore.faults.preset("server-down");
    expect((await createPet()).status).toBe(503);
    await petstore.reset();
    expect(petstore.faults.list()).toEqual([]);
    expect(petstore.journal.all()).toEqual([]);
    expect((await createPet()).status).toBe(201);
  });

  it("bounds the recorded path", async () => {
    await fetch(`https://api.example.com/v1/pets?pad=${"x".repeat(10_000)}`, { headers });
    const [entry] = petstore.journal.all();
    expect(entry?.path.length).toBe(2048);
    expect(entry?.path.endsWith("…")).toBe(true);
  });

  it("invalid faults throw at setup and at add, with the reason", async () => {
    await expect(setupPetstore({ faults: [{ status: 200 }] })).rejects.toThrow(/status/);
    expect(() => petstore.faults.add({ operation: "getPet", body: "empty" })).toThrow(/list/);
    expect(petstore.faults.list()).toEqual([]);
  });

  // Last: a second msw server in this process takes over interception until it closes.
  it("a preset given at setup comes back after reset()", async () => {
    const empty = await setupPetstore({ preset: "empty-store", baseUrl: "https://empty.test/v1" });
    empty.listen();
    try {
      await empty.reset();
      const pets = await fetch("https://empty.test/v1/pets", { headers });
      expect(await pets.json()).toEqual([]);
    } finally {
      empty.close();
    }
  });
});
