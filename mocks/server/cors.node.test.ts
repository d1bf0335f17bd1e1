/** CORS: a browser app on any origin can call the mock and read the headers it needs. */
import { afterAll, describe, expect, it } from "vitest";
import { startPetstoreServer } from "./server.js";
import { devAuth, send } from "./test-support/http.js";

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
  });

  it("without an Origin get no Access-Control-Allow-Origin", async () => {
    const reply = await send(`${server.url}/pets`, { headers: devAuth });
    expect(reply.status).toBe(200);
    expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
