/**
 * Ordinary bursts against the standalone server with its default limits: a
 * test suite, a load script or a page that fires many requests at once from
 * one client gets every one answered, each on a connection of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";
import { burst, devAuth } from "../test-support/http.js";

let server: RunningPetstoreServer;
beforeAll(async () => {
  server = await startPetstoreServer({ port: 0 });
});
afterAll(() => server?.close());

describe("one client's burst, default limits", () => {
  it("1,000 parallel GETs are all answered 200", async () => {
    const outcomes = await burst(1_000, `${server.url}/pets?limit=20`, () => ({
      headers: devAuth,
    }));
    expect(outcomes).toEqual({ 200: 1_000 });
  });

  it("500 parallel creates are all answered 201 and stored", async () => {
    const before = server.store.count().pets;
    const outcomes = await burst(500, `${server.url}/pets`, (index) => ({
      method: "POST",
      headers: { ...devAuth, "content-type": "application/json" },
      body: JSON.stringify({ name: `Burst ${index}`, categoryId: 1 }),
    }));
    expect(outcomes).toEqual({ 201: 500 });
    expect(server.store.count().pets).toBe(before + 500);
  });
});
