/**
 * CORS and the site rules through the running server: a browser app on a
 * loopback origin (or one given with `corsOrigins`) calls the mock and reads
 * the headers it needs; a page of any other origin gets a 403 and no CORS
 * headers; a rebinding `Host` is refused on every route.
 */
import { afterAll, describe, expect, it } from "vitest";
import { devAuth, send } from "../test-support/http.js";
import { startPetstoreServer } from "./server.js";

const server = await startPetstoreServer({ port: 0 });
afterAll(() => server.close());

const origin = "http://app.localhost:5173";

describe("preflight", () => {
  it("is answered 204 without a credential, for the requested method and headers", async () => {
    const reply = await send(`${server.url}/pets`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers["access-control-allow-origin"]).toBe(origin);
    expect(reply.headers["access-control-allow-methods"]).toContain("POST");
    expect(reply.headers["access-control-allow-headers"]?.toString().toLowerCase()).toContain(
      "authorization",
    );
    expect(reply.headers["access-control-allow-headers"]?.toString().toLowerCase()).toContain(
      "content-type",
    );
    expect(reply.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(reply.text).toBe("");
  });

  it("allows Authorization, Content-Type and Prefer when no headers are named", async () => {
    const reply = await send(`${server.url}/pets/1`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "GET" },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers["access-control-allow-headers"]).toBe(
      "Authorization, Content-Type, Prefer",
    );
  });

  it("is refused for the admin endpoints: no other site may drive them", async () => {
    const reply = await send(`${server.origin}/__mock/reset`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST" },
    });
    expect(reply.status).toBe(403);
    expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("ordinary requests from a browser origin", () => {
  it("reflect the origin and expose the deprecation and Location headers", async () => {
    const reply = await send(`${server.url}/pets/1`, { headers: { ...devAuth, origin } });
    expect(reply.status).toBe(200);
    expect(reply.headers["access-control-allow-origin"]).toBe(origin);
    const exposed = String(reply.headers["access-control-expose-headers"]).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["Deprecation", "Sunset", "Link", "Location"]));
    expect(reply.headers.vary).toContain("Origin");
  });

  it("carry the CORS headers on errors as well, so the app can read the Error body", async () => {
    const reply = await send(`${server.url}/pets`, { headers: { origin } });
    expect(reply.status).toBe(401);
    expect(reply.headers["access-control-allow-origin"]).toBe(origin);
    // The scheme the credential must use, as openapi.yaml lists it on a 401.
    expect(reply.headers["www-authenticate"]).toBe("Bearer");
    const exposed = String(reply.headers["access-control-expose-headers"]).split(/,\s*/);
    expect(exposed).toContain("WWW-Authenticate");
  });

  it("without an Origin get no Access-Control-Allow-Origin", async () => {
    const reply = await send(`${server.url}/pets`, { headers: devAuth });
    expect(reply.status).toBe(200);
    expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

const evil = "https://evil.example";
const errorCode = (text: string) => (JSON.parse(text) as { code: string }).code;

describe("a page of another origin", () => {
  it("gets a 403 cross_site_forbidden without CORS headers, preflight or not, and nothing is done", async () => {
    const before = server.store.count();
    const preflight = await send(`${server.url}/pets`, {
      method: "OPTIONS",
      headers: { origin: evil, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", '{"name":"From elsewhere","categoryId":1}'],
    ] as const) {
      const reply = await send(`${server.url}/pets`, {
        method,
        headers: { ...devAuth, origin: evil, "content-type": "application/json" },
        ...(body ? { body } : {}),
      });
      expect([reply.status, errorCode(reply.text)]).toEqual([403, "cross_site_forbidden"]);
      expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
      expect(JSON.parse(reply.text).message).toContain("--cors-origin");
    }
    expect(server.store.count()).toEqual(before);
  });

  it("without an Origin but Sec-Fetch-Site: same-site or cross-site is refused too", async () => {
    for (const site of ["same-site", "cross-site"]) {
      const reply = await send(`${server.url}/pets`, {
        headers: { ...devAuth, "sec-fetch-site": site },
      });
      expect([reply.status, errorCode(reply.text)], site).toEqual([403, "cross_site_forbidden"]);
    }
  });

  it("outside /v1 gets its 404 without CORS headers", async () => {
    const reply = await send(`${server.origin}/elsewhere`, { headers: { origin: evil } });
    expect(reply.status).toBe(404);
    expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("a DNS-rebinding Host", () => {
  it.each(["/v1/pets", "/v1/nowhere", "/elsewhere", "/__mock/faults"])(
    "is refused on %s with 403 host_forbidden, preflights included",
    async (path) => {
      for (const method of ["GET", "OPTIONS"]) {
        const reply = await send(`${server.origin}${path}`, {
          method,
          headers: {
            ...devAuth,
            host: `rebind.example:${server.port}`,
            origin: `http://rebind.example:${server.port}`,
            "access-control-request-method": "GET",
          },
        });
        expect([reply.status, errorCode(reply.text)], `${method} ${path}`).toEqual([
          403,
          "host_forbidden",
        ]);
        expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
      }
    },
  );
});

describe("corsOrigins", () => {
  it("adds the origins it names; '*' every origin; a bad one rejects the start", async () => {
    const listed = await startPetstoreServer({
      port: 0,
      corsOrigins: ["http://192.168.1.20:5173"],
    });
    const any = await startPetstoreServer({ port: 0, corsOrigins: ["*"] });
    try {
      const lan = await send(`${listed.url}/pets?limit=1`, {
        headers: { ...devAuth, origin: "http://192.168.1.20:5173" },
      });
      expect(lan.status).toBe(200);
      expect(lan.headers["access-control-allow-origin"]).toBe("http://192.168.1.20:5173");
      const other = await send(`${listed.url}/pets?limit=1`, {
        headers: { ...devAuth, origin: "http://192.168.1.21:5173" },
      });
      expect(other.status).toBe(403);
      const anywhere = await send(`${any.url}/pets?limit=1`, {
        headers: { ...devAuth, origin: evil, "sec-fetch-site": "cross-site" },
      });
      expect(anywhere.status).toBe(200);
      expect(anywhere.headers["access-control-allow-origin"]).toBe(evil);
    } finally {
      await listed.close();
      await any.close();
    }
    await expect(startPetstoreServer({ port: 0, corsOrigins: ["evil.example"] })).rejects.toThrow(
      RangeError,
    );
  });
});
