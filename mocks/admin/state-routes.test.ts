/** `GET`/`PUT /__mock/state`: a snapshot taken from one server and loaded into another. */
import { afterAll, describe, expect, it } from "vitest";
import { maxBodyBytes } from "../core/exchange.js";
import { startPetstoreServer } from "../server/server.js";
import { devAuth, send } from "../test-support/http.js";

const source = await startPetstoreServer({ port: 0, seed: 7, counts: { pets: 8 } });
const target = await startPetstoreServer({ port: 0 });
afterAll(async () => {
  await source.close();
  await target.close();
});

const stateUrl = (server: typeof source) => `${server.origin}/__mock/state`;

async function createPet(server: typeof source, name: string): Promise<number> {
  const reply = await send(`${server.url}/pets`, {
    method: "POST",
    headers: { ...devAuth, "content-type": "application/json" },
    body: JSON.stringify({ name, categoryId: 2, status: "pending" }),
  });
  expect(reply.status).toBe(201);
  return (JSON.parse(reply.text) as { id: number }).id;
}

const listed = async (server: typeof source) =>
  (await send(`${server.url}/pets?limit=100`, { headers: devAuth })).text;

describe("/__mock/state", () => {
  it("exports the store and imports it into another server, ids included", async () => {
    const id = await createPet(source, "Bug report pet");
    const exported = await send(stateUrl(source));
    expect(exported.status).toBe(200);
    expect(exported.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(exported.text)).toMatchObject({ format: "petstore-mock-kit/state" });

    const imported = await send(stateUrl(target), { method: "PUT", body: exported.text });
    expect(imported.status).toBe(200);
    expect(JSON.parse(imported.text)).toEqual({ restored: true, pets: 9, categories: 5 });
    expect(await listed(target)).toBe(await listed(source));
    expect(await createPet(target, "After import")).toBe(id + 1);
  });

  it("answers a bad snapshot with a 400 Error and keeps the store", async () => {
    const before = await listed(target);
    const snapshot = JSON.parse((await send(stateUrl(target))).text);
    for (const body of [
      "",
      "{not json",
      JSON.stringify({ ...snapshot, openapi: { version: "0.9.0", sha256: "abc" } }),
      JSON.stringify({ ...snapshot, pets: [{ id: 1, name: "Orphan", categoryId: 404 }] }),
    ]) {
      const reply = await send(stateUrl(target), { method: "PUT", body });
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.text)).toMatchObject({ status: 400, code: "invalid_body" });
    }
    const refused = await send(stateUrl(target), {
      method: "PUT",
      body: JSON.stringify({ ...snapshot, openapi: { version: "0.9.0", sha256: "abc" } }),
    });
    expect(JSON.parse(refused.text).message).toMatch(/another interface version/);
    expect(await listed(target)).toBe(before);
  });

  it("refuses a snapshot over the body limit with 413, and other methods with 405", async () => {
    const huge = await send(stateUrl(target), {
      method: "PUT",
      body: `{"pets":"${"x".repeat(maxBodyBytes)}"}`,
    });
    expect(huge.status).toBe(413);
    const post = await send(stateUrl(target), { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, PUT");
  });
});
