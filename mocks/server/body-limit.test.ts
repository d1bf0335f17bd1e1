/** The 1 MiB body limit on the wire: a 413 Error, and both the connection and the server survive. */
import { Agent, request } from "node:http";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { maxBodyBytes } from "../core/exchange.js";
import { devAuth, send } from "../test-support/http.js";
import { maxDrainBytes } from "./body.js";
import { startPetstoreServer } from "./server.js";

const server = await startPetstoreServer({ port: 0 });
const json = { ...devAuth, "content-type": "application/json" };
let agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterEach(() => {
  agent.destroy();
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
});
afterAll(() => server.close());

const oversized = `{"name":"Rex","categoryId":1,"pad":"${"x".repeat(maxBodyBytes)}"}`;

describe("a body over 1 MiB", () => {
  it("is answered 413 payload_too_large with an Error body, and not stored", async () => {
    const before = server.store.snapshot().pets.length;
    const reply = await send(`${server.url}/pets`, {
      method: "POST",
      headers: json,
      body: oversized,
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toEqual({
      code: "payload_too_large",
      message: expect.stringContaining(String(maxBodyBytes)),
      status: 413,
    });
    expect(server.store.snapshot().pets.length).toBe(before);
  });

  it("leaves the kept-alive connection usable for the next request", async () => {
    const first = await send(`${server.url}/pets`, {
      method: "POST",
      headers: json,
      body: oversized,
      agent,
    });
    expect(first.status).toBe(413);
    const next = await send(`${server.url}/pets?limit=1`, { headers: devAuth, agent });
    expect(next.status).toBe(200);
    expect(next.reusedSocket).toBe(true);
  });

  it("sent chunked (no Content-Length) is limited the same way", async () => {
    const reply = await send(`${server.url}/pets`, {
      method: "POST",
      headers: { ...json, "transfer-encoding": "chunked" },
      body: oversized,
    });
    expect(reply.status).toBe(413);
  });
});

describe("a body announced far over the limit", () => {
  it("is refused with 413 without being read, and the server keeps serving", async () => {
    // Only the headers are sent: the server must answer from Content-Length alone.
    const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = request(`${server.url}/pets`, {
        method: "POST",
        headers: { ...json, "content-length": String(maxDrainBytes + 1) },
      });
      outgoing.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          outgoing.destroy();
          resolve({ status: response.statusCode ?? 0, text });
        });
      });
      outgoing.on("error", reject);
      outgoing.flushHeaders();
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text).code).toBe("payload_too_large");
    expect((await send(`${server.url}/pets?limit=1`, { headers: devAuth })).status).toBe(200);
  });
});
