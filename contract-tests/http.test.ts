/** Sending: GET-only retries on 429/503 honouring Retry-After, timeouts, curl lines. */
import { afterEach, describe, expect, it } from "vitest";
import { curlLine, retryAfterMs, send, type Target } from "./http.js";
import { startTinyServer, type TinyServer } from "./test-support/servers.js";

let server: TinyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const targetFor = (baseUrl: string, overrides: Partial<Target> = {}): Target => ({
  baseUrl,
  apiKey: "secret-key-123456",
  timeoutMs: 2000,
  maxRetries: 3,
  maxRetryWaitMs: 50,
  wrongKey: "wrong-key",
  ...overrides,
});

/** A server answering 429 (or `status`) `failures` times, then 200 `[]`. */
async function flaky(failures: number, status = 429, retryAfter = "1") {
  let calls = 0;
  server = await startTinyServer((_request, response) => {
    calls++;
    if (calls <= failures) {
      response.writeHead(status, { "content-type": "application/json", "retry-after": retryAfter });
      response.end(JSON.stringify({ code: "slow_down", message: "later", status }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end("[]");
  });
  return { calls: () => calls, url: server.url };
}

describe("send", () => {
  it("retries a GET answered 429 or 503, waiting at most maxRetryWaitMs", async () => {
    const target = await flaky(2, 503, "3600");
    const exchange = await send(targetFor(target.url), { method: "GET", path: "/pets" });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.retries).toBe(2);
    expect(target.calls()).toBe(3);
  });

  it("gives up after maxRetries and reports the last answer", async () => {
    const target = await flaky(10);
    const exchange = await send(targetFor(target.url, { maxRetries: 2 }), {
      method: "GET",
      path: "/pets",
    });
    expect(exchange.response?.status).toBe(429);
    expect(target.calls()).toBe(3);
  });

  it("never retries a POST", async () => {
    const target = await flaky(1, 503);
    const exchange = await send(targetFor(target.url), {
      method: "POST",
      path: "/pets",
      json: { name: "x" },
    });
    expect(exchange.response?.status).toBe(503);
    expect(target.calls()).toBe(1);
  });

  it("gives up on a silent server after the timeout and says so", async () => {
    server = await startTinyServer(() => {});
    const exchange = await send(targetFor(server.url, { timeoutMs: 100 }), {
      method: "GET",
      path: "/pets",
    });
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toMatch(/timed? ?out|timeout/i);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe("curlLine", () => {
  const target = targetFor("http://127.0.0.1:9/v1");

  it("reproduces the request with the key left in $PETSTORE_API_KEY", () => {
    const line = curlLine(target, {
      method: "POST",
      path: "/pets",
      json: { name: "O'Hara", categoryId: 1 },
    });
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:9/v1/pets' -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data-raw '{"name":"O'\\''Hara","categoryId":1}'`,
    );
  });

  it("never spells out the key, whatever the credential variant", () => {
    for (const credential of ["valid", "malformed", "basic"] as const) {
      const line = curlLine(target, { method: "GET", path: "/pets", credential });
      expect(line).not.toContain(target.apiKey);
      expect(line).toContain("$PETSTORE_API_KEY");
    }
  });
});
