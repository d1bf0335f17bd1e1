/**
 * The consumer contract over HTTP: `GET`/`DELETE /__mock/contract` and
 * `POST /__mock/provider-state`, behind the admin endpoints' trust rules
 * (loopback, admin key, never cross-site), with an Error for every bad body.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ContractNotRecordedError } from "../contract/contract-names.js";
import { contractText, type PactContract } from "../contract/pact.js";
import { startPetstoreServer } from "../server/server.js";
import { devAuth, send } from "../test-support/http.js";

const server = await startPetstoreServer({ port: 0, contract: { consumer: "web" } });
const keyed = await startPetstoreServer({
  port: 0,
  adminKey: "admin-secret",
  maxPets: 50,
  contract: {},
});
const unrecorded = await startPetstoreServer({ port: 0 });
afterAll(async () => {
  await server.close();
  await keyed.close();
  await unrecorded.close();
});

const json = { "content-type": "application/json" };
const setUp = (body: unknown, origin = server.origin, headers: Record<string, string> = {}) =>
  send(`${origin}/__mock/provider-state`, {
    method: "POST",
    headers: { ...json, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const errorOf = (text: string) => JSON.parse(text) as { code: string; message: string };

describe("GET and DELETE /__mock/contract", () => {
  it("sends what the API's requests relied on, as the file would hold it; DELETE starts afresh", async () => {
    await send(`${server.url}/pets/7`, { headers: devAuth });
    await send(`${server.url}/categories`);
    const reply = await send(`${server.origin}/__mock/contract`);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/json");
    expect(reply.text).toBe(contractText(server.contract()));
    const contract = JSON.parse(reply.text) as PactContract;
    expect(contract.consumer.name).toBe("web");
    expect(contract.interactions.map((i) => i.comments.petstoreMockKit.shape)).toEqual([
      "GET /pets/{petId} valid ?- body:none → 200",
      "GET /categories missing ?- body:none → 401",
    ]);
    expect(reply.text).not.toContain("petstore-dev-key");
    expect((await send(`${server.origin}/__mock/contract`, { method: "DELETE" })).status).toBe(204);
    expect(server.contract().interactions).toEqual([]);
  });

  it("is refused cross-site, and without the admin key where one is set", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      expect((await send(`${server.origin}/__mock/contract`, { headers })).status).toBe(403);
      expect((await setUp({ state: "no pets exist" }, server.origin, headers)).status).toBe(403);
    }
    expect((await send(`${keyed.origin}/__mock/contract`)).status).toBe(403);
    expect((await setUp({ state: "no pets exist" }, keyed.origin)).status).toBe(403);
    const admin = { authorization: "Bearer admin-secret" };
    expect((await send(`${keyed.origin}/__mock/contract`, { headers: admin })).status).toBe(200);
    expect(server.store.count().pets).toBe(50);
  });
});

describe("a server started without a contract to record", () => {
  it("answers GET and DELETE /__mock/contract with a 404 naming the flags that record one", async () => {
    expect((await send(`${unrecorded.url}/pets/7`, { headers: devAuth })).status).toBe(200);
    for (const method of ["GET", "DELETE"]) {
      const reply = await send(`${unrecorded.origin}/__mock/contract`, { method });
      expect(reply.status).toBe(404);
      expect(errorOf(reply.text)).toMatchObject({
        code: "not_found",
        message: expect.stringContaining(
          "--contract <file> (written when it stops) or --contract-consumer <name>",
        ),
      });
    }
    expect(() => unrecorded.contract()).toThrow(ContractNotRecordedError);
  });

  it("still sets provider states up, which need no recorder", async () => {
    const reply = await setUp({ state: "no pets exist" }, unrecorded.origin);
    expect(reply.status).toBe(200);
    expect(unrecorded.store.count().pets).toBe(0);
  });
});

describe("POST /__mock/provider-state", () => {
  it("sets a state up as Pact's verifier asks, and answers its parameters", async () => {
    const reply = await setUp({
      action: "setup",
      params: {},
      state: "pet 70 exists with status sold",
    });
    expect([reply.status, JSON.parse(reply.text)]).toEqual([200, { petId: 70, status: "sold" }]);
    const pet = await send(`${server.url}/pets/70`, { headers: devAuth });
    expect(JSON.parse(pet.text)).toMatchObject({ id: 70, status: "sold" });
    expect((await setUp({ action: "setup", state: "no pet 70 exists" })).status).toBe(200);
    expect((await send(`${server.url}/pets/70`, { headers: devAuth })).status).toBe(404);
  });

  it("changes nothing for a teardown or for the empty state of an interaction without one", async () => {
    const before = JSON.stringify(server.store.snapshot());
    for (const body of [
      { action: "teardown", state: "no pets exist" },
      { action: "setup", params: {}, state: "" },
    ]) {
      const reply = await setUp(body);
      expect([reply.status, reply.text]).toEqual([200, "{}"]);
    }
    expect(JSON.stringify(server.store.snapshot())).toBe(before);
  });

  it.each([
    [
      "an unknown state",
      { state: "a pet called Rex exists" },
      /Unknown provider state .*; the mock sets up: pet \{petId\} exists/,
    ],
    ["a state name too long", { state: "x".repeat(201) }, /at most 200 characters/],
    ["a name that is no text", { state: 7 }, /at most 200 characters/],
    [
      "another action",
      { state: "no pets exist", action: "reset" },
      /action must be "setup" or "teardown"/,
    ],
    ["no object", [], /needs Pact's state-change body/],
    ["no JSON", "{ nope", /JSON/],
  ])("answers 400 for %s", async (_, body, message) => {
    const before = JSON.stringify(server.store.snapshot());
    const reply = await setUp(body);
    expect(reply.status).toBe(400);
    expect(errorOf(reply.text)).toMatchObject({
      code: "invalid_body",
      message: expect.stringMatching(message),
    });
    expect(JSON.stringify(server.store.snapshot())).toBe(before);
  });

  it("refuses a state that would take the store past its caps, changing nothing", async () => {
    const admin = { authorization: "Bearer admin-secret" };
    const reply = await setUp({ state: "pet 51 exists" }, keyed.origin, admin);
    expect(reply.status).toBe(400);
    expect(errorOf(reply.text).message).toMatch(/cannot be set up: .*at most 50/);
    expect(keyed.store.count().pets).toBe(50);
  });
});
