/**
 * The server's rules about a request's `Host` and `Origin`, each beside the
 * hostile neighbour it must refuse: a name that only starts like a
 * `*.localhost` one (`app.localhost.evil.example`) is refused by the Host
 * rule and gets no CORS headers, on every route; and an absolute `Location`
 * (`createLocation: absolute`) names a `Host` only once the rule has
 * checked it (a loopback bind), else it stays relative.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createSitePolicy } from "../admin/site.js";
import { createPetstore } from "../runtime/lifecycle.js";
import { devAuth, send } from "../test-support/http.js";
import { createRequestListener } from "./app.js";
import { startPetstoreServer } from "./server.js";

const absolute = { version: 1, choices: { createLocation: "absolute" } } as const;
const server = await startPetstoreServer({ port: 0, behaviour: absolute });
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

describe("createLocation absolute", () => {
  it("names the Host the loopback rule checked", async () => {
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`]) {
      const reply = await send(`${server.url}/pets`, {
        method: "POST",
        headers: { ...json, host },
        body: newPet,
      });
      expect(reply.status).toBe(201);
      const { id } = JSON.parse(reply.text) as { id: number };
      expect(reply.headers.location).toBe(`http://${host}/v1/pets/${id}`);
    }
  });

  it("stays relative on a server bound beyond loopback, whose Host no rule checks", async () => {
    const mock = await createPetstore({ behaviour: absolute });
    const listener = createRequestListener(mock.handle, {
      site: createSitePolicy({ loopback: false }),
    });
    // Bound to loopback for the test, with the rules of a wider bind.
    const wide = createServer(listener);
    await new Promise<void>((resolve) => wide.listen(0, "127.0.0.1", resolve));
    const { port } = wide.address() as AddressInfo;
    try {
      for (const host of ["evil.example", `${suffixed}:${port}`, `localhost:${port}`]) {
        const reply = await send(`http://127.0.0.1:${port}/v1/pets`, {
          method: "POST",
          headers: { ...json, host },
          body: newPet,
        });
        expect(reply.status).toBe(201);
        const { id } = JSON.parse(reply.text) as { id: number };
        expect(reply.headers.location, host).toBe(`/v1/pets/${id}`);
      }
    } finally {
      wide.closeAllConnections();
      await new Promise((resolve) => wide.close(resolve));
    }
  });
});
