/** `POST /__mock/reset`: e2e suites restore (or reseed) the data between tests. */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { devAuth, send } from "../test-support/http.js";
import { startPetstoreServer } from "./server.js";

const server = await startPetstoreServer({ port: 0 });
const resetUrl = `${server.origin}/__mock/reset`;
beforeEach(() => server.reset({ seed: 42 }));
afterAll(() => server.close());

async function petNames(): Promise<string[]> {
  const reply = await send(`${server.url}/pets?limit=100`, { headers: devAuth });
  return (JSON.parse(reply.text) as { name: string }[]).map((pet) => pet.name);
}

async function createPet(name = "Transient") {
  const reply = await send(`${server.url}/pets`, {
    method: "POST",
    headers: { ...devAuth, "content-type": "application/json" },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  expect(reply.status).toBe(201);
  return reply;
}

describe("POST /__mock/reset", () => {
  it("restores exactly the seeded data, without a credential", async () => {
    const seeded = await petNames();
    await createPet();
    expect(await petNames()).toContain("Transient");

    const reply = await send(resetUrl, { method: "POST" });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ reset: true, seed: 42, pets: 50, categories: 5 });
    expect(await petNames()).toEqual(seeded);
  });

  it("restarts ids, so the next created pet gets the same id as after start-up", async () => {
    await createPet();
    await send(resetUrl, { method: "POST" });
    expect((await createPet("Again")).headers.location).toBe("/v1/pets/51");
  });

  it("reseeds with a JSON body {seed}, and that seed stays for later resets", async () => {
    const seed42 = await petNames();
    const reply = await send(resetUrl, { method: "POST", body: '{"seed":7}' });
    expect(JSON.parse(reply.text)).toMatchObject({ reset: true, seed: 7 });
    const seed7 = await petNames();
    expect(seed7).not.toEqual(seed42);
    await createPet();
    await send(resetUrl, { method: "POST" });
    expect(await petNames()).toEqual(seed7);
  });

  it("accepts pets and categories counts", async () => {
    const reply = await send(resetUrl, { method: "POST", body: '{"pets":3,"categories":2}' });
    expect(JSON.parse(reply.text)).toMatchObject({ pets: 3, categories: 2 });
    expect(await petNames()).toHaveLength(3);
  });

  it.each([
    ["malformed JSON", "{", "JSON"],
    ["not an object", "[7]", "object"],
    ["a negative seed", '{"seed":-1}', "seed"],
    ["a fractional seed", '{"seed":1.5}', "seed"],
    ["a seed as text", '{"seed":"7"}', "seed"],
    ["an unknown field", '{"sed":7}', "sed"],
    ["pets without categories", '{"pets":3,"categories":0}', "categories"],
  ])("rejects %s with a 400 Error and keeps the data", async (_what, body, mention) => {
    const before = await petNames();
    const reply = await send(resetUrl, { method: "POST", body });
    expect(reply.status).toBe(400);
    const error = JSON.parse(reply.text);
    expect(error).toMatchObject({ code: "invalid_body", status: 400 });
    expect(error.message).toContain(mention);
    expect(await petNames()).toEqual(before);
  });

  it("answers other methods with 405 and Allow: POST", async () => {
    const reply = await send(resetUrl);
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe("POST");
    expect(JSON.parse(reply.text).code).toBe("method_not_allowed");
  });

  it("is not served under the API base", async () => {
    const reply = await send(`${server.url}/__mock/reset`, { method: "POST", headers: devAuth });
    expect(reply.status).toBe(404);
  });
});

describe("paths outside the API base", () => {
  it("get a 404 Error that points to /v1", async () => {
    const reply = await send(`${server.origin}/pets`, { headers: devAuth });
    expect(reply.status).toBe(404);
    const error = JSON.parse(reply.text);
    expect(error).toMatchObject({ code: "not_found", status: 404 });
    expect(error.message).toContain("/v1");
  });
});
