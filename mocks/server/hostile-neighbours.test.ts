/**
 * The server's rules about a request's `Host` and `Origin`, each beside the
 * hostile neighbour it must refuse: a name that only starts like a
 * `*.localhost` one (`app.localhost.evil.example`) is refused by the Host
 * rule and gets no CORS headers, on every route.
 */
import { afterAll, describe, expect, it } from "vitest";
import { devAuth, send } from "../test-support/http.js";
import { startPetstoreServer } from "./server.js";

const server = await startPetstoreServer({ port: 0 });
afterAll(() => server.close());

const suffixed = "app.localhost.evil.example";
const json = { ...devAuth, "content-type": "application/json" };
const newPet = JSON.stringify({ name: "Rex", categoryId: 1 });
const codeOf = (text: string) => (JSON.parse(text) as { code: string }).code;

describe("a name under .localhost, and one that only starts like it", () => {
  const routes = [
    ["GET", "/v1/pets"],
    ["POST", "/v1/pets"],
    ["OPTIONS", "/v1/pets"],
    ["GET", "/__mock/requests"],
    ["GET", "/elsewhere"],
  ] as const;

  it.each(routes)("Host app.localhost is answered on %s %s", async (method, path) => {
    const reply = await send(`${server.origin}${path}`, {
      method,
      headers: { ...json, host: `app.localhost:${server.port}` },
      ...(method === "POST" ? { body: newPet } : {}),
    });
    expect(reply.status).not.toBe(403);
  });

  it.each(routes)(
    `Host ${suffixed} is refused on %s %s, without CORS headers`,
    async (method, path) => {
      const before = server.store.count();
      const reply = await send(`${server.origin}${path}`, {
        method,
        headers: {
          ...json,
          host: `${suffixed}:${server.port}`,
          origin: `http://${suffixed}:${server.port}`,
          "access-control-request-method": "POST",
        },
        ...(method === "POST" ? { body: newPet } : {}),
      });
      expect([reply.status, codeOf(reply.text)]).toEqual([403, "host_forbidden"]);
      expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
      expect(server.store.count()).toEqual(before);
    },
  );

  it.each([
    ["a page on app.localhost", "http://app.localhost:5173", 200],
    [`a page on ${suffixed}`, `http://${suffixed}:5173`, 403],
  ])(
    "%s (%s): the API answers %i, with CORS headers only for the loopback page",
    async (_name, origin, status) => {
      const reply = await send(`${server.url}/pets?limit=1`, { headers: { ...devAuth, origin } });
      expect(reply.status).toBe(status);
      expect(reply.headers["access-control-allow-origin"]).toBe(
        status === 200 ? origin : undefined,
      );
      const preflight = await send(`${server.url}/pets`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST" },
      });
      expect(preflight.status).toBe(status === 200 ? 204 : 403);
      expect(preflight.headers["access-control-allow-origin"]).toBe(
        status === 200 ? origin : undefined,
      );
    },
  );
});
