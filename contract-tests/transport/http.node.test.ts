/** Sending: GET-only retries on 429/503 honouring Retry-After, timeouts, curl lines. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { readAnswer } from "../../mocks/interface/checks.js";
import { pumpForever, startTinyServer, type TinyServer } from "../../mocks/test-support/servers.js";
import { retryAfterMs } from "../../mocks/util/http-client.js";
import { curlLine, kept, RunBudget, send, type Target } from "./http.js";

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
  tag: "ct-test",
  ...overrides,
});

const getPets = { method: "GET", path: "/pets" } as const;

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
    const exchange = await send(targetFor(target.url), getPets);
    expect(exchange.response?.status).toBe(200);
    expect(exchange.retries).toBe(2);
    expect(target.calls()).toBe(3);
  });

  it("gives up after maxRetries and reports the last answer", async () => {
    const target = await flaky(10);
    const exchange = await send(targetFor(target.url, { maxRetries: 2 }), getPets);
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
    const exchange = await send(targetFor(server.url, { timeoutMs: 100 }), getPets);
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toMatch(/timed? ?out|timeout/i);
  });
});

describe("bounds against a hostile server", () => {
  it("gives up on a trickling answer at the whole-request deadline, not an idle timer", async () => {
    server = await startTinyServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => response.write(" "), 20);
      response.on("close", () => clearInterval(timer));
    });
    const started = performance.now();
    const exchange = await send(targetFor(server.url, { timeoutMs: 300 }), getPets);
    expect(exchange.error).toMatch(/timeout: no complete answer within 300 ms/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("stops reading an endless body at the cap and keeps the status and headers that came", async () => {
    server = await startTinyServer((_request, response) => {
      response.setHeader("x-seen", "yes");
      pumpForever(response, "x".repeat(64 * 1024));
    });
    const exchange = await send(targetFor(server.url, { timeoutMs: 20_000 }), getPets);
    const why = "answer body larger than 1048576 bytes (HTTP 200): not read";
    expect(exchange).toMatchObject({
      tooLarge: why,
      response: { status: 200, text: "", unread: why },
    });
    expect(exchange.response?.headers["x-seen"]).toBe("yes");
    expect(exchange.unanswered).toBeUndefined();
  });

  it("reads an answer's body up to the run's cap (--max-answer-bytes)", async () => {
    const body = JSON.stringify([{ id: 1, name: "x".repeat(2000) }]);
    server = await startTinyServer((_request, response) => response.end(body));
    const small = await send(targetFor(server.url, { maxBodyBytes: 1024 }), getPets);
    expect(small.response?.unread).toBe("answer body larger than 1024 bytes (HTTP 200): not read");
    const large = await send(targetFor(server.url, { maxBodyBytes: 4096 }), getPets);
    expect(large.response).toMatchObject({ status: 200, text: body, isJson: true });
  });

  it.each([
    ["a 1 MiB Location header", { location: `/v1/pets/${"a".repeat(1024 * 1024)}` }, 201],
    [
      "10,000 headers",
      Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`x-h${i}`, `v${i}`])),
      200,
    ],
  ])(
    "keeps the status of an answer with %s, its headers not read",
    async (_name, headers, status) => {
      server = await startTinyServer((_request, response) => {
        response.writeHead(status, headers);
        response.end("{}");
      });
      const exchange = await send(targetFor(server.url), getPets);
      const why = `answer headers larger than 16384 bytes (HTTP ${status}): not read`;
      expect(exchange).toMatchObject({
        tooLarge: why,
        response: { status, headers: {}, unread: why },
      });
      expect(exchange.unanswered).toBeUndefined();
    },
  );

  it("spends at most the run's retry budget on Retry-After waits", async () => {
    const flooded = await flaky(Number.POSITIVE_INFINITY, 429, "100000");
    const budget = new RunBudget(60_000, 300);
    const target = targetFor(flooded.url, { maxRetryWaitMs: 30_000, budget });
    const started = performance.now();
    const first = await send(target, getPets);
    const second = await send(target, getPets);
    expect(performance.now() - started).toBeLessThan(5000);
    expect([first.retries, second.retries]).toEqual([1, 0]);
    expect(second.response?.status).toBe(429);
    expect(budget.retryBudgetSpent()).toBe(true);
    expect(flooded.calls()).toBe(3);
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
      `curl -g -sS -i -X POST 'http://127.0.0.1:9/v1/pets' -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data-raw '{"name":"O'\\''Hara","categoryId":1}'`,
    );
  });

  it("builds a one-line Basic credential however long the key", async () => {
    const key = "k".repeat(120);
    const line = curlLine(target, { method: "GET", path: "/pets", credential: "basic" });
    const substitution = /\$\((printf .*)\)"$/.exec(line)?.[1];
    expect(substitution).toBeDefined();
    const { stdout } = await promisify(execFile)("sh", ["-c", `printf '%s' "$(${substitution})"`], {
      env: { ...process.env, PETSTORE_API_KEY: key },
    });
    expect(stdout).toBe(Buffer.from(`contract:${key}`).toString("base64"));
  });

  it("never spells out the key, whatever the credential variant", () => {
    for (const credential of ["valid", "malformed", "basic"] as const) {
      const line = curlLine(target, { method: "GET", path: "/pets", credential });
      expect(line).not.toContain(target.apiKey);
      expect(line).toContain("$PETSTORE_API_KEY");
    }
  });
});

describe("what a run keeps of an exchange", () => {
  it("keeps the answer's text, not its parsed body: a wide body is parsed again only when read", () => {
    const text = `[${"[],".repeat(300_000)}[]]`;
    const exchange = {
      request: getPets,
      url: "http://x/v1/pets",
      response: readAnswer({ status: 200, headers: {}, text }),
      retries: 0,
      durationMs: 1,
    };
    const response = kept(exchange).response ?? expect.unreachable();
    const held = Object.getOwnPropertyDescriptor(response, "json") ?? {};
    expect(Object.hasOwn(held, "value")).toBe(false);
    expect(response).toMatchObject({ status: 200, text, isJson: true });
    expect((response.json as unknown[]).length).toBe(300_001);
  });
});
