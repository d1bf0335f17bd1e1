/**
 * Bad input never takes the server down: malformed HTTP, oversized headers,
 * aborted uploads and faulty handlers each get an Error (or a closed
 * connection) and the next request is served.
 */
import { connect } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { maxBodyBytes } from "../core/exchange.js";
import { devAuth, rawExchange, send } from "../test-support/http.js";
import {
  type ServerTestHooks,
  serverTimeouts,
  startPetstoreServer,
  startPetstoreServerWith,
} from "./server.js";

const server = await startPetstoreServer({ port: 0 });
afterAll(() => server.close());

async function stillServes(): Promise<void> {
  expect((await send(`${server.url}/pets?limit=1`, { headers: devAuth })).status).toBe(200);
}

function errorOf(raw: string): { status: number; code: string } {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), code: JSON.parse(body).code };
}

describe("malformed HTTP", () => {
  it.each([
    ["no HTTP at all", 400, "malformed_request", "NOT HTTP AT ALL\r\n\r\n"],
    [
      "a bad header line",
      400,
      "malformed_request",
      "GET /v1/pets HTTP/1.1\r\nno colon here\r\n\r\n",
    ],
    [
      "headers over the size limit",
      431,
      "headers_too_large",
      `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`,
    ],
  ])("%s gets a %i %s Error and the server keeps serving", async (_what, status, code, request) => {
    expect(errorOf(await rawExchange(server.port, request))).toEqual({ status, code });
    await stillServes();
  });
});

describe("aborted uploads", () => {
  it.each([
    ["a small body", 100, 10],
    ["a body near the limit", maxBodyBytes, 512 * 1024],
    ["a body over the limit", 2 * maxBodyBytes, maxBodyBytes + 1024],
  ])("cut off during %s store nothing and harm nothing", async (_what, announced, sent) => {
    const before = server.store.snapshot().pets.length;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(server.port, "127.0.0.1", () => {
        socket.write(
          `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer petstore-dev-key\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${announced}\r\n\r\n`,
        );
        socket.write("x".repeat(sent), () => {
          socket.destroy();
          resolve();
        });
      });
      socket.on("error", reject);
    });
    await stillServes();
    expect(server.store.snapshot().pets.length).toBe(before);
  });
});

describe("a faulty handler", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => {
    expect(logged).toHaveBeenCalled();
    logged.mockClear();
  });

  it.each<[string, ServerTestHooks["wrapCore"]]>([
    [
      "throws",
      () => async () => {
        throw new Error("injected fault");
      },
    ],
    [
      "returns a header node cannot send",
      (handle) => async (request) => {
        const response = await handle(request);
        return { ...response, headers: { ...response.headers, "x-bad": "line\nbreak" } };
      },
    ],
  ])("that %s gets a 500 internal_error and the server survives", async (_what, wrapCore) => {
    const faulty = await startPetstoreServerWith({ port: 0 }, { wrapCore });
    try {
      for (let round = 0; round < 2; round++) {
        const reply = await send(`${faulty.url}/pets`, { headers: devAuth });
        expect(reply.status).toBe(500);
        expect(JSON.parse(reply.text)).toMatchObject({ code: "internal_error", status: 500 });
      }
    } finally {
      await faulty.close();
    }
  });
});

describe("slow clients", () => {
  it("a client that stalls in its headers gets a 408 Error, and the server keeps serving", async () => {
    const stalling = await startPetstoreServer({ port: 0 });
    // Shortened for the test; the check runs every serverTimeouts.checkEvery ms.
    stalling.server.headersTimeout = 200;
    stalling.server.requestTimeout = 300;
    try {
      const raw = await rawExchange(
        stalling.port,
        "GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
      );
      expect(errorOf(raw)).toEqual({ status: 408, code: "request_timeout" });
      expect((await send(`${stalling.url}/pets?limit=1`, { headers: devAuth })).status).toBe(200);
    } finally {
      await stalling.close();
    }
  });

  it("are bounded by header and request timeouts well below node's defaults", () => {
    expect(server.server.headersTimeout).toBe(serverTimeouts.headers);
    expect(server.server.requestTimeout).toBe(serverTimeouts.request);
    expect(serverTimeouts.request).toBeLessThan(300_000);
  });
});
