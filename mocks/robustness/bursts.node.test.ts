/**
 * Ordinary bursts against the standalone server with its default limits: a
 * test suite, a load script or a page that fires many requests at once from
 * one client gets every one answered, each on its own connection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";
import { devAuth } from "../server/test-support/http.js";

let server: RunningPetstoreServer;
beforeAll(async () => {
  server = await startPetstoreServer({ port: 0 });
});
afterAll(() => server?.close());

/** Counts of each status (or error name) among the answers. */
async function tally(requests: readonly Promise<Response>[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const settled of await Promise.allSettled(requests)) {
    const key =
      settled.status === "fulfilled"
        ? String(settled.value.status)
        : String((settled.reason as Error).cause ?? settled.reason);
    counts[key] = (counts[key] ?? 0) + 1;
    if (settled.status === "fulfilled") await settled.value.arrayBuffer();
  }
  return counts;
}

describe("one client's burst, default limits", () => {
  it("1,000 parallel GETs are all answered 200", async () => {
    const requests = Array.from({ length: 1_000 }, () =>
      fetch(`${server.url}/pets?limit=20`, { headers: devAuth }),
    );
    expect(await tally(requests)).toEqual({ 200: 1_000 });
  });

  it("500 parallel creates are all answered 201 and stored", async () => {
    const before = server.store.count().pets;
    const requests = Array.from({ length: 500 }, (_, index) =>
      fetch(`${server.url}/pets`, {
        method: "POST",
        headers: { ...devAuth, "content-type": "application/json" },
        body: JSON.stringify({ name: `Burst ${index}`, categoryId: 1 }),
      }),
    );
    expect(await tally(requests)).toEqual({ 201: 500 });
    expect(server.store.count().pets).toBe(before + 500);
  });
});
