/**
 * The validating proxy (`proxy` option, `--proxy`): the app talking to the mock
 * sees the deployment's data; the deployment's rule violations show in the
 * journal and the `petstore-violations` header; the client's key never
 * leaves; hostile deployments stay bounded and their echoes of the proxy key
 * are redacted; without an answer, a 502 or (`fallback: "mock"`) the mock.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { JournalEntry } from "../core/journal.js";
import { fault, nonNumericIdAs422, startMock, testApiKey } from "../test-support/faulty-servers.js";
import { frontOf, hostileKey, hostileServers } from "../test-support/hostile-servers.js";
import { devAuth, rawExchange, send } from "../test-support/http.js";
import { startTinyServer } from "../test-support/servers.js";
import { type CliIo, main } from "./run.js";
import {
  type PetstoreServerOptions,
  type RunningPetstoreServer,
  startPetstoreServer,
} from "./server.js";

const started: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const server of started.reverse()) await server.close();
});

async function keep<T extends { close(): Promise<void> }>(server: Promise<T>): Promise<T> {
  const running = await server;
  started.push(running);
  return running;
}

/** A proxy (the kit's mock, default key) in front of `url`, sending the test key. */
function proxyTo(
  url: string,
  proxy: Partial<NonNullable<PetstoreServerOptions["proxy"]>> = {},
): Promise<RunningPetstoreServer> {
  return keep(startPetstoreServer({ port: 0, proxy: { url, key: testApiKey, ...proxy } }));
}

const violationsOf = (header: string | string[] | undefined) =>
  (JSON.parse(String(header ?? "[]")) as { check: string }[]).map((found) => found.check);
const deploymentProblems = (entry: JournalEntry | undefined) =>
  entry?.problems.filter((problem) => problem.by === "deployment").map((problem) => problem.code);

describe("the proxy in front of a conforming deployment (the kit's own mock)", async () => {
  const deployment = await keep(startMock());
  await deployment.store.createPet({ name: "Only on the deployment", categoryId: 1 });
  const proxy = await proxyTo(deployment.url);

  it("answers with the deployment's data and reports no violation", async () => {
    const reply = await send(`${proxy.url}/pets?limit=100`, { headers: devAuth });
    expect(reply.status).toBe(200);
    const names = (JSON.parse(reply.text) as { name: string }[]).map((pet) => pet.name);
    expect(names).toContain("Only on the deployment");
    expect(reply.headers["petstore-violations"]).toBeUndefined();
    const entry = proxy.journal.all().at(-1);
    expect(entry).toMatchObject({ operationId: "listPets", status: 200, answeredBy: "deployment" });
    expect(entry?.problems).toEqual([]);
  });

  it("sends its own key, never the client's, and maps Location below its own base", async () => {
    const reply = await send(`${proxy.url}/pets`, {
      method: "POST",
      headers: { ...devAuth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Through the proxy", categoryId: 1 }),
    });
    expect(reply.status).toBe(201);
    const { id } = JSON.parse(reply.text) as { id: number };
    expect(reply.headers.location).toBe(`/v1/pets/${id}`);
    expect(deployment.store.getPet(id)?.name).toBe("Through the proxy");
    expect(deployment.journal.all().at(-1)?.status).toBe(201);
  });

  it("forwards only the body, its type and its own key: no client header reaches the deployment", async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const spy = await keep(
      startTinyServer((request, response) => {
        seen.push(request.headers);
        response.writeHead(200, { "content-type": "application/json", "set-cookie": "a=b" });
        response.end("[]");
      }),
    );
    const proxied = await proxyTo(spy.url);
    const reply = await send(`${proxied.url}/pets?limit=1`, {
      headers: { ...devAuth, cookie: "session=s3cret", "x-app": "1", prefer: "code=500" },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers["set-cookie"]).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBe(`Bearer ${testApiKey}`);
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(
      ["accept", "authorization", "connection", "host", "x-petstore-proxy"].sort(),
    );
  });

  it("answers a client without a valid key itself (401), forwarding nothing", async () => {
    const before = deployment.journal.all().length;
    const reply = await send(`${proxy.url}/pets`, { headers: { authorization: "Bearer nope" } });
    expect(reply.status).toBe(401);
    expect(deployment.journal.all()).toHaveLength(before);
    expect(proxy.journal.all().at(-1)?.problems).toMatchObject([
      { by: "client", code: "unauthorized" },
    ]);
  });
});

describe("what the proxy forwards: the interface's operations, nothing else", async () => {
  /** A deployment that answers 200 to anything and keeps what reached it. */
  const reached: string[] = [];
  const spy = await keep(
    startTinyServer((request, response) => {
      reached.push(`${request.method} ${request.url}`);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(request.method === "POST" ? '{"id":1,"name":"x","categoryId":1}' : "[]");
    }),
  );
  const proxy = await proxyTo(spy.url);
  const raw = (method: string, path: string, headers = "") =>
    rawExchange(
      proxy.port,
      `${method} /v1${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${devAuth.authorization}\r\n${headers}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    );

  it.each([
    ["POST", "/internal/purge-all", 404, "not_found"],
    ["GET", "/store/orders", 404, "not_found"],
    ["GET", "/pets/1/owner", 404, "not_found"],
    ["DELETE", "/pets/1", 405, "method_not_allowed"],
    ["PUT", "/pets/1", 405, "method_not_allowed"],
    ["PATCH", "/pets", 405, "method_not_allowed"],
    ["DELETE", "/categories", 405, "method_not_allowed"],
    ["OPTIONS", "/pets", 405, "method_not_allowed"],
    ["TRACE", "/pets", 405, "method_not_allowed"],
  ])(
    "%s %s gets the mock's own %i %s; the deployment never sees it",
    async (method, path, status, code) => {
      const before = reached.length;
      const reply = await raw(method, path);
      expect(reply).toMatch(new RegExp(`^HTTP/1\\.1 ${status} .*"code":"${code}"`, "s"));
      expect(reached.slice(before)).toEqual([]);
      expect(proxy.journal.all().at(-1)).toMatchObject({ status, answeredBy: "mock" });
    },
  );

  it("forwards the operations of openapi.yaml (and HEAD as its GET)", async () => {
    const before = reached.length;
    for (const [method, path] of [
      ["GET", "/pets?limit=2"],
      ["HEAD", "/pets"],
      ["GET", "/pets/7"],
      ["GET", "/categories"],
    ]) {
      expect((await send(`${proxy.url}${path}`, { method, headers: devAuth })).status).toBe(200);
    }
    const created = await send(`${proxy.url}/pets`, {
      method: "POST",
      headers: { ...devAuth, "content-type": "application/json" },
      body: '{"name":"x","categoryId":1}',
    });
    expect(created.status).toBe(200);
    expect(reached.slice(before).map((line) => line.replace(/^(\S+) \/v1/, "$1 "))).toEqual([
      "GET /pets?limit=2",
      "HEAD /pets",
      "GET /pets/7",
      "GET /categories",
      "POST /pets",
    ]);
  });

  it.each([
    "/pets/..;/admin",
    "/pets/..;",
    "/pets/.;x",
    "/pets/%2e%2e",
    "/pets/%2e%2e/%2e%2e/admin",
    "/pets/%2E%2E/admin",
    "/pets/.%2e",
    "/pets/%2e",
    "/pets/%252e%252e",
    "/pets/%25252e%25252e",
    "/pets/%252E%252e;/admin",
    "/pets/..%5c",
    "/pets/%5c..",
    "/pets/%5c..%5cx",
    "/pets/..\\admin",
    "/pets/a\\b",
    "/pets/..%2fadmin",
    "/pets/..%2fsecret",
    "/pets/%2F",
    "/pets/%252f",
    "/pets/%252F..",
    "/pets/%c0%ae%c0%ae",
    "/pets/%E2%80%A5",
    "/pets/%EF%BC%8E%EF%BC%8E",
    "/pets/..%00",
    "/pets/%2e%2e%20",
    "/pets/1/..",
  ])("refuses %s with a 400 invalid_path, forwarding nothing", async (path) => {
    const before = reached.length;
    const reply = await raw("GET", path);
    expect(reply, path).toMatch(/^HTTP\/1\.1 400 .*"code":"invalid_path"/s);
    expect(reached.slice(before)).toEqual([]);
  });

  it.each<[string, Record<string, string>]>([
    ["an Origin not allowed", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: same-site without an allowed Origin", { "sec-fetch-site": "same-site" }],
    [
      "Sec-Fetch-Site: same-site from another origin of the site",
      { origin: "https://www.evil.example", "sec-fetch-site": "same-site" },
    ],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["a rebinding Host", { host: "rebind.example" }],
  ])("forwards nothing for %s (403, no CORS)", async (_name, headers) => {
    const before = reached.length;
    for (const method of ["GET", "POST"]) {
      const reply = await send(`${proxy.url}/pets`, {
        method,
        headers: { ...devAuth, "content-type": "application/json", ...headers },
        ...(method === "POST" ? { body: '{"name":"x","categoryId":1}' } : {}),
      });
      expect(reply.status).toBe(403);
      expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
    }
    expect(reached.slice(before)).toEqual([]);
  });

  it("forwards a loopback page's request, with CORS for it", async () => {
    const origin = "http://localhost:5173";
    const reply = await send(`${proxy.url}/pets`, {
      headers: { ...devAuth, origin, "sec-fetch-site": "same-site" },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers["access-control-allow-origin"]).toBe(origin);
  });
});

describe("no secret of the proxy leaves it", () => {
  const escaped = (text: string) =>
    [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

  it("a key the deployment sends back as \\u escapes or base64 reaches neither the app, the journal, the feed nor the log", async () => {
    const proxyKey = "staging-proxy-key-0123456789";
    const echo = await keep(
      startTinyServer((request, response) => {
        const basic = Buffer.from(`svc:${proxyKey}`).toString("base64");
        response.writeHead(400, { "content-type": "application/json" });
        response.end(
          `{"code":"bad_request","message":"you sent ${escaped(request.headers.authorization ?? "")}, also ${basic}","status":400}`,
        );
      }),
    );
    const lines: string[] = [];
    const proxy = await keep(
      startPetstoreServer({
        port: 0,
        proxy: { url: echo.url, key: proxyKey },
        log: (line) => lines.push(line),
      }),
    );
    const reply = await send(`${proxy.url}/pets?q=${proxyKey}&%6Bey=${proxyKey}`, {
      headers: devAuth,
    });
    expect(reply.status).toBe(400);
    const feed = await send(`${proxy.origin}/__mock/requests/after/0`);
    const journal = await send(`${proxy.origin}/__mock/requests`);
    for (const [name, text] of Object.entries({
      answer: reply.text,
      journal: journal.text,
      feed: feed.text,
      log: lines.join("\n"),
    })) {
      const decoded = text.replace(/\\u([0-9a-f]{4})/gi, (_m, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
      expect(decoded, name).not.toContain(proxyKey);
      expect(text, name).not.toContain(Buffer.from(`svc:${proxyKey}`).toString("base64"));
    }
    expect(JSON.parse(journal.text)[0].problems[0]).toMatchObject({
      by: "client",
      message: "you sent Bearer [redacted], also [redacted]",
    });
  });
});

describe("the proxy in front of a faulty deployment", () => {
  it.each([
    ["limit-off-by-one", "/pets?limit=5", ["at-most-limit"]],
    ["error-status-mismatch", "/pets/999999", ["error-body"]],
    ["absent-pet-400", "/pets/999999", ["status-documented"]],
    ["pet-id-as-string", "/pets?limit=3", ["body-Pet-array"]],
    ["status-filter-ignored", "/pets?status=sold", ["every-status-sold"]],
    ["successes-as-text-plain", "/categories", ["media-type"]],
  ])("%s: the violation shows in the journal and the header", async (name, path, checks) => {
    const deployment = await keep(startMock(fault(name)));
    const proxy = await proxyTo(deployment.url);
    const reply = await send(`${proxy.url}${path}`, { headers: devAuth });
    const entry = proxy.journal.all().at(-1);
    for (const check of checks) {
      expect(violationsOf(reply.headers["petstore-violations"])).toContain(check);
      expect(deploymentProblems(entry)).toContain(check);
    }
    const problem = entry?.problems.find((found) => found.by === "deployment");
    expect(problem?.rules?.length).toBeGreaterThan(0);
  });

  it("marks each violation documented or advisory, in the journal as in the header", async () => {
    const deployment = await keep(
      startMock((handle) => nonNumericIdAs422(fault("limit-off-by-one")(handle))),
    );
    const proxy = await proxyTo(deployment.url);
    const kinds = async (path: string) => {
      const reply = await send(`${proxy.url}${path}`, { headers: devAuth });
      const header = JSON.parse(String(reply.headers["petstore-violations"])) as {
        check: string;
        kind: string;
      }[];
      const journaled = (proxy.journal.all().at(-1)?.problems ?? [])
        .filter((problem) => problem.by === "deployment")
        .map((problem) => `${problem.code} ${problem.kind}`);
      expect(journaled).toEqual(header.map((violation) => `${violation.check} ${violation.kind}`));
      return journaled;
    };
    expect(await kinds("/pets?limit=5")).toEqual(["at-most-limit documented"]);
    expect(await kinds("/pets/abc")).toEqual(["status-400 advisory"]);
    const feed = await send(`${proxy.origin}/__mock/requests`);
    const entries = JSON.parse(feed.text) as JournalEntry[];
    expect(entries.at(-1)?.problems).toContainEqual(
      expect.objectContaining({ by: "deployment", code: "status-400", kind: "advisory" }),
    );
  });
});

describe("the proxy serving under a behaviour profile", () => {
  it("raises no advice about the deployment's answers the profile chose", async () => {
    const behaviour = {
      version: 1,
      choices: { limitOutOfRange: "clamped", petIdMalformed: "notFound" },
    } as const;
    const deployment = await keep(
      startPetstoreServer({ port: 0, apiKeys: [testApiKey], behaviour }),
    );
    const untold = await proxyTo(deployment.url);
    const told = await keep(
      startPetstoreServer({ port: 0, proxy: { url: deployment.url, key: testApiKey }, behaviour }),
    );
    for (const path of ["/pets?limit=0", "/pets/abc"]) {
      const reply = await send(`${untold.url}${path}`, { headers: devAuth });
      expect(violationsOf(reply.headers["petstore-violations"])).toEqual(["status-400"]);
      const underProfile = await send(`${told.url}${path}`, { headers: devAuth });
      expect(underProfile.status).toBe(reply.status);
      expect(underProfile.headers["petstore-violations"]).toBeUndefined();
      expect(deploymentProblems(told.journal.all().at(-1))).toEqual([]);
    }
  });
});

describe("the proxy in front of a hostile deployment", () => {
  const hostile = (name: string) => {
    const found = hostileServers.find((server) => server.name === name);
    if (!found) throw new Error(name);
    return found;
  };

  it("cuts a trickling answer at its deadline: 502, or the mock with fallback", async () => {
    const mock = await keep(startMock(undefined, hostileKey));
    const front = await keep(startTinyServer(frontOf(mock.url, hostile("trickling-getPet"))));
    const strict = await keep(
      startPetstoreServer({ port: 0, proxy: { url: front.url, key: hostileKey, timeoutMs: 300 } }),
    );
    const before = performance.now();
    const reply = await send(`${strict.url}/pets/1`, { headers: devAuth });
    expect(performance.now() - before).toBeLessThan(3000);
    expect(reply.status).toBe(502);
    expect(JSON.parse(reply.text)).toMatchObject({ code: "bad_gateway", status: 502 });
    expect(strict.journal.all().at(-1)?.problems).toMatchObject([
      { by: "deployment", code: "no_answer" },
    ]);

    const lenient = await keep(
      startPetstoreServer({
        port: 0,
        proxy: { url: front.url, key: hostileKey, timeoutMs: 300, fallback: "mock" },
      }),
    );
    expect((await send(`${lenient.url}/pets/1`, { headers: devAuth })).status).toBe(200);
    expect(lenient.journal.all().at(-1)).toMatchObject({
      answeredBy: "fallback",
      problems: [{ by: "deployment", code: "no_answer" }],
    });
  });

  it("a deployment that is down: the fallback is journaled as such, and the health says it is down", async () => {
    const gone = await startTinyServer((_request, response) => response.end());
    await gone.close();
    const proxy = await keep(
      startPetstoreServer({
        port: 0,
        proxy: { url: gone.url, key: testApiKey, timeoutMs: 1000, fallback: "mock" },
      }),
    );
    const read = async <T>(path: string) =>
      JSON.parse((await send(`${proxy.origin}${path}`)).text) as T;
    type Deployment = { url?: string; state: string; reason?: string; checkedAt?: string };
    const health = () => read<{ status: string; deployment: Deployment }>("/__mock/health");
    // Nothing forwarded yet: unknown, and the health's own probe finds it down.
    expect((await health()).deployment).toEqual({ state: "unknown" });
    await expect.poll(async () => (await health()).deployment.state).toBe("down");
    expect((await send(`${proxy.url}/pets`, { headers: devAuth })).status).toBe(200);
    await send(`${proxy.url}/pets`, { headers: { authorization: "Bearer wrong" } });
    expect(proxy.journal.all().map((entry) => entry.answeredBy)).toEqual(["fallback", "mock"]);
    const answer = await health();
    // The open health tells the state and when, never the URL or why (internal addresses).
    expect(answer).toEqual({
      status: "ok",
      deployment: { state: "down", checkedAt: expect.any(String) },
    });
    expect(Date.parse(answer.deployment.checkedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    // The admin read of the server's info has them.
    expect((await read<{ deployment: Deployment }>("/__mock/info")).deployment).toEqual({
      url: gone.url,
      state: "down",
      checkedAt: expect.any(String),
      reason: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it("a deployment that answers is up in the health; one that rejects the proxy key says so", async () => {
    const deployment = await keep(startMock());
    const proxy = await proxyTo(deployment.url);
    expect((await send(`${proxy.url}/pets?limit=1`, { headers: devAuth })).status).toBe(200);
    const health = async (server: RunningPetstoreServer) =>
      JSON.parse((await send(`${server.origin}/__mock/health`)).text) as unknown;
    expect(await health(proxy)).toMatchObject({ status: "ok", deployment: { state: "up" } });
    const wrongKey = await proxyTo(deployment.url, { key: "not-the-deployment-key" });
    expect((await send(`${wrongKey.url}/pets`, { headers: devAuth })).status).toBe(401);
    expect(await health(wrongKey)).toMatchObject({ deployment: { state: "key-rejected" } });
    // Without --proxy the health has no deployment.
    expect(await health(deployment)).toEqual({ status: "ok" });
  });

  it("stops reading an endless answer at the size cap", async () => {
    const mock = await keep(startMock(undefined, hostileKey));
    const front = await keep(startTinyServer(frontOf(mock.url, hostile("endless-categories"))));
    const proxy = await proxyTo(front.url, { key: hostileKey, maxBodyBytes: 64 * 1024 });
    const reply = await send(`${proxy.url}/categories`, { headers: devAuth });
    expect(reply.status).toBe(502);
    expect(reply.text).toContain("larger than 65536 bytes");
  });

  it("redacts the proxy key the deployment echoes, in the body, the journal and the header", async () => {
    const echo = await keep(
      startTinyServer((request, response) => {
        const body = JSON.stringify({
          code: "forbidden",
          message: `rejected ${request.headers.authorization} \u001b[2J`,
          status: 403,
        });
        response.writeHead(403, { "content-type": "application/json", "retry-after": hostileKey });
        response.end(body);
      }),
    );
    const proxy = await proxyTo(echo.url, { key: hostileKey });
    const reply = await send(`${proxy.url}/pets`, { headers: devAuth });
    expect(reply.status).toBe(403);
    const everything = JSON.stringify([reply.text, reply.headers, proxy.journal.all()]);
    expect(everything).not.toContain(hostileKey);
    expect(everything).not.toContain(JSON.stringify(hostileKey).slice(1, -1));
    expect(JSON.stringify(proxy.journal.all())).not.toContain("\u001b");
    expect(violationsOf(reply.headers["petstore-violations"])).toContain("status-200");
  });

  it("follows no redirect: a 3xx is no usable answer", async () => {
    const redirect = await keep(
      startTinyServer((_request, response) => {
        response.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" });
        response.end();
      }),
    );
    const proxy = await proxyTo(redirect.url);
    const reply = await send(`${proxy.url}/pets`, { headers: devAuth });
    expect(reply.status).toBe(502);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.text).toContain("redirect (HTTP 302)");
  });

  it("refuses to proxy to itself (508) instead of looping", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    const proxy = await keep(
      startPetstoreServer({ port, proxy: { url: `http://127.0.0.1:${port}/v1` } }),
    );
    const reply = await send(`${proxy.url}/pets`, { headers: devAuth });
    expect(reply.status).toBe(508);
    expect(JSON.parse(reply.text)).toMatchObject({ code: "proxy_loop" });
  });
});

describe("petstore-mock --proxy --proxy-key --record", () => {
  it("serves the deployment's data, says so in the banner, and records the session", async () => {
    const deployment = await keep(startMock());
    await deployment.store.createPet({ name: "Staging only", categoryId: 1 });
    const file = join(await mkdtemp(join(tmpdir(), "petstore-proxy-cli-")), "session.jsonl");
    const out: string[] = [];
    const stops: ((signal: string) => void)[] = [];
    const io: CliIo = {
      out: (text) => out.push(text),
      err: (text) => out.push(text),
      onStop: (listener) => stops.push(listener),
    };
    const args = ["--port", "0", "--proxy", deployment.url, "--record", file];
    const exited = main(args, { PETSTORE_PROXY_KEY: testApiKey }, io);
    let url: string | undefined;
    for (let tries = 0; tries < 500 && !url; tries++) {
      url = out.join("").match(/base URL\s+(\S+)/)?.[1];
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const banner = out.join("");
    expect(banner).toContain(`every API request goes to ${deployment.url}`);
    expect(banner).not.toContain(testApiKey);
    const reply = await send(`${url}/pets?limit=100`, { headers: devAuth });
    expect(reply.text).toContain("Staging only");
    for (const stop of stops) stop("SIGTERM");
    expect(await exited).toBe(0);
    const recorded = (await readFile(file, "utf8")).trimEnd().split("\n");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toContain("Staging only");
    expect(recorded[0]).not.toContain(testApiKey);
  });
});

describe("proxy options", () => {
  it.each([
    [{ url: "ftp://example.com/v1" }, "http or https"],
    [{ url: "https://user:pw@example.com/v1" }, "credentials"],
    [{ url: "https://example.com/v1?x=1" }, "query"],
    [{ url: "http://127.0.0.1/v1", key: "has space" }, "printable ASCII"],
    [{ url: "http://127.0.0.1/v1", timeoutMs: 0 }, "timeoutMs"],
  ])("%j is refused", async (proxy, message) => {
    await expect(startPetstoreServer({ port: 0, proxy })).rejects.toThrow(message);
  });
});
