/** `setupPetstore` options and lifecycle, through msw/node and real `fetch`. */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PactContract } from "./contract/pact.js";
import { maxBodyBytes } from "./core/exchange.js";
import { BehaviourProfileError, ContractFileError, type Petstore, setupPetstore } from "./node.js";
import { liveAnswer, startLiveServer } from "./test-support/live-server.js";

let running: Petstore | undefined;
async function start(options: Parameters<typeof setupPetstore>[0] = {}): Promise<Petstore> {
  running = await setupPetstore(options);
  running.listen();
  return running;
}
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const devKey = "petstore-dev-key";
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** A GET of `path` below http://x.test/v1 with `key`. */
const get = (path: string, key = devKey) =>
  fetch(`http://x.test/v1${path}`, { headers: bearer(key) });
const getJson = async (path: string) => (await get(path)).json();
/** A JSON POST of `body` to `url` (below http://x.test/v1 when it is a path) with `key`. */
const post = (url: string, body: unknown, key = devKey) =>
  fetch(url.startsWith("/") ? `http://x.test/v1${url}` : url, {
    method: "POST",
    headers: { ...bearer(key), "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("requests no handler matches", () => {
  /** A live server that would answer `/other`, closed after `use`. */
  async function withLiveServer(use: (url: string) => Promise<void>): Promise<void> {
    const live = await startLiveServer();
    try {
      await use(live.url);
    } finally {
      live.server.close();
    }
  }

  it("are errors by default, even to a live server that would answer", () =>
    withLiveServer(async (url) => {
      expect(await (await fetch(`${url}/other`)).text()).toBe(liveAnswer);
      await start();
      await expect(fetch(`${url}/other`)).rejects.toThrow();
    }));

  it("are errors when the option is given but left undefined", () =>
    withLiveServer(async (url) => {
      running = await setupPetstore();
      running.listen({ onUnhandledFrame: undefined });
      await expect(fetch(`${url}/other`)).rejects.toThrow();
    }));

  it("go to the network when the caller says bypass", () =>
    withLiveServer(async (url) => {
      running = await setupPetstore();
      running.listen({ onUnhandledFrame: "bypass" });
      expect(await (await fetch(`${url}/other`)).text()).toBe(liveAnswer);
    }));
});

describe("setupPetstore", () => {
  it("accepts only the configured keys", async () => {
    await start({ apiKeys: ["key-a", "key-b"] });
    expect((await get("/pets", "key-a")).status).toBe(200);
    expect((await get("/pets", "key-b")).status).toBe(200);
    expect((await get("/pets", devKey)).status).toBe(401);
  });

  it("caps stored records at maxPets and maxCategories (409 store_full)", async () => {
    await start({ counts: { pets: 2, categories: 1 }, maxPets: 3, maxCategories: 1 });
    const pet = { name: "Rex", categoryId: 1 };
    expect((await post("/pets", pet)).status).toBe(201);
    const full = await post("/pets", pet);
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: "store_full", status: 409 });
    expect((await post("/categories", { name: "ferret" })).status).toBe(409);
  });

  it("seeds the store from seed and counts", async () => {
    const petstore = await start({ seed: 3, counts: { pets: 12, categories: 2 } });
    const pets = await getJson("/pets?limit=100");
    expect(pets).toEqual(petstore.store.snapshot().pets);
    expect(pets).toHaveLength(12);
    expect(await getJson("/categories")).toHaveLength(2);
  });

  it("reads a created pet back through getPet and the list", async () => {
    await start();
    const created = await post("/pets", { name: "Rex", categoryId: 4, status: "sold" });
    expect(created.status).toBe(201);
    const pet = await created.json();
    expect(pet).toEqual({ id: 51, name: "Rex", categoryId: 4, status: "sold" });
    expect(created.headers.get("location")).toBe("/v1/pets/51");
    const read = await fetch(`http://x.test${created.headers.get("location")}`, {
      headers: bearer(devKey),
    });
    expect(await read.json()).toEqual(pet);
    expect(await getJson("/pets?status=sold&limit=100")).toContainEqual(pet);
    const category = await post("/categories", { name: "ferret" });
    expect(await getJson("/categories")).toContainEqual(await category.json());
  });

  it("rejects a rejected create without changing the store", async () => {
    const petstore = await start();
    const before = petstore.store.snapshot();
    for (const body of [
      { name: "Rex" },
      { name: "Rex", categoryId: 99 },
      { name: "", categoryId: 1 },
    ]) {
      expect((await post("/pets", body)).status).toBe(400);
    }
    expect(petstore.store.snapshot()).toEqual(before);
    expect((await (await post("/pets", { name: "Rex", categoryId: 1 })).json()).id).toBe(51);
  });

  it("gives unique ids to parallel creates, all retrievable", async () => {
    await start();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post("/pets", { name: `Pet ${i}`, categoryId: 1 }).then((r) => r.json()),
      ),
    );
    const ids = new Set(responses.map((pet) => pet.id));
    expect(ids.size).toBe(50);
    for (const id of ids) expect((await get(`/pets/${id}`)).status).toBe(200);
  });

  it("reset restores the seeded data and removes runtime handlers", async () => {
    const petstore = await start();
    const fresh = petstore.store.snapshot();
    await post("/pets", { name: "Rex", categoryId: 1 });
    petstore.server.use(http.get("*/v1/categories", () => HttpResponse.json([], { status: 200 })));
    expect(await getJson("/categories")).toEqual([]);

    await petstore.reset();
    expect(petstore.store.snapshot()).toEqual(fresh);
    expect(await getJson("/categories")).toHaveLength(5);
  });

  it("intercepts only the given baseUrl, and links under its path", async () => {
    await start({ baseUrl: "https://api.example.com/api/v1" });
    const created = await post("https://api.example.com/api/v1/pets", {
      name: "Rex",
      categoryId: 1,
    });
    expect(created.headers.get("location")).toBe("/api/v1/pets/51");
    const pet = await fetch("https://api.example.com/api/v1/pets/1", { headers: bearer(devKey) });
    expect(pet.headers.get("link")).toBe('</api/v1/pets>; rel="successor-version"');
  });

  it("links under the prefix a request came in with when no baseUrl is given", async () => {
    await start();
    const created = await post("http://x.test/gateway/v1/pets", { name: "Rex", categoryId: 1 });
    expect(created.headers.get("location")).toBe("/gateway/v1/pets/51");
  });

  it("delays answers by the configured latency", async () => {
    await start({ latency: 120 });
    const started = performance.now();
    await get("/categories");
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it("answers bodies over 1 MiB with 413 and keeps serving", async () => {
    await start();
    const response = await post("/pets", { name: "x".repeat(maxBodyBytes), categoryId: 1 });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "payload_too_large", status: 413 });
    expect((await get("/pets/1")).status).toBe(200);
  });
});

describe("the consumer contract", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "petstore-setup-contract-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("names this test, survives reset(), and close() merges it into contract.file", async () => {
    const file = join(dir, "pacts", "app-petstore.json");
    const petstore = await start({ contract: { file, consumer: "app" } });
    await get("/pets/7");
    await petstore.reset();
    const [interaction] = petstore.contract().interactions;
    expect(interaction?.description).toBe(
      "mocks/setup-petstore.test.ts > the consumer contract > names this test, survives reset(), and close() merges it into contract.file: getPet 200",
    );
    running = undefined;
    await petstore.close();
    const written = JSON.parse(await readFile(file, "utf8")) as PactContract;
    expect(written.consumer.name).toBe("app");
    expect(written.interactions).toEqual(petstore.contract().interactions);
  });

  it("close() rejects when contract.file holds something else, and leaves it as it was", async () => {
    const file = join(dir, "notes.json");
    await writeFile(file, "[]\n");
    const petstore = await start({ contract: { file } });
    running = undefined;
    await expect(petstore.close()).rejects.toThrow(ContractFileError);
    expect(await readFile(file, "utf8")).toBe("[]\n");
  });

  it("refuses an empty contract.file and a bad name at setup", async () => {
    await expect(setupPetstore({ contract: { file: "" } })).rejects.toThrow(RangeError);
    await expect(setupPetstore({ contract: { consumer: "" } })).rejects.toThrow(
      "contract consumer must be 1 to 100 characters",
    );
  });
});

describe("the behaviour option", () => {
  it("answers by the profile; a bad one rejects the setup naming the choice", async () => {
    await start({
      behaviour: { version: 1, choices: { petIdMalformed: "notFound", errorCodes: "upperCase" } },
    });
    const answer = await get("/pets/abc");
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: "NOT_FOUND", status: 404 });
    await expect(
      setupPetstore({
        behaviour: { version: 1, choices: { petIdMalformed: "gone" as "notFound" } },
      }),
    ).rejects.toThrow(
      'behaviour profile given as the behaviour option: choices.petIdMalformed.alternative: "gone" is not an alternative of petIdMalformed (refused, notFound)',
    );
  });
});

describe("a behaviour profile file: the behaviourFile option or PETSTORE_BEHAVIOUR_FILE", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "petstore-setup-profile-"));
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  });

  /** A profile file in the test's folder. */
  async function profileFile(choices: unknown, name = "staging.behaviour.json") {
    const file = join(dir, name);
    await writeFile(file, JSON.stringify({ version: 1, choices }));
    return file;
  }
  const malformedIdStatus = async () => (await get("/pets/abc")).status;

  it("answers by the file the option names", async () => {
    await start({ behaviourFile: await profileFile({ petIdMalformed: "notFound" }) });
    expect(await malformedIdStatus()).toBe(404);
  });

  it("answers by the file PETSTORE_BEHAVIOUR_FILE names; an empty one is none", async () => {
    vi.stubEnv("PETSTORE_BEHAVIOUR_FILE", await profileFile({ petIdMalformed: "notFound" }));
    const petstore = await start();
    expect(await malformedIdStatus()).toBe(404);
    running = undefined;
    await petstore.close();
    vi.stubEnv("PETSTORE_BEHAVIOUR_FILE", " ");
    await start();
    expect(await malformedIdStatus()).toBe(400);
  });

  it("an option wins over the variable: behaviourFile, or a behaviour object", async () => {
    vi.stubEnv("PETSTORE_BEHAVIOUR_FILE", join(dir, "missing.json"));
    const petstore = await start({
      behaviourFile: await profileFile({ petIdMalformed: "notFound" }),
    });
    expect(await malformedIdStatus()).toBe(404);
    running = undefined;
    await petstore.close();
    await start({ behaviour: { version: 1, choices: { petIdMalformed: "notFound" } } });
    expect(await malformedIdStatus()).toBe(404);
  });

  it("refuses a behaviour object and a behaviourFile together", async () => {
    const both = setupPetstore({
      behaviour: { version: 1, choices: {} },
      behaviourFile: await profileFile({}),
    });
    await expect(both).rejects.toThrow(BehaviourProfileError);
    await expect(both).rejects.toThrow(
      "give a behaviour profile as `behaviour` (an object) or `behaviourFile` (a file), not both",
    );
  });

  it("a bad file rejects the setup, naming the file (escaped), where it came from and the problem", async () => {
    const bad = await profileFile({ petsOrder: "shuffled" }, "bad\u001b[31m.json");
    const shown = join(dir, "bad\\x1b[31m.json");
    await expect(setupPetstore({ behaviourFile: bad })).rejects.toThrow(
      `behaviour profile ${shown}: choices.petsOrder.alternative: "shuffled" is not an alternative of petsOrder (ascending, descending)`,
    );
    vi.stubEnv("PETSTORE_BEHAVIOUR_FILE", join(dir, "missing.json"));
    await expect(setupPetstore()).rejects.toThrow(
      `behaviour profile ${join(dir, "missing.json")} (PETSTORE_BEHAVIOUR_FILE): does not exist.`,
    );
    await writeFile(join(dir, "big.json"), " ".repeat(300_000));
    await expect(setupPetstore({ behaviourFile: join(dir, "big.json") })).rejects.toThrow(
      /big\.json: is larger than 262144 bytes/,
    );
  });
});
