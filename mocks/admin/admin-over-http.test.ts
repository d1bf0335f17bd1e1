/**
 * The admin endpoints beside the API: health without a key, the trust model,
 * 400/404/405/409 Error bodies for every bad input, and nothing an admin
 * request sends can crash the server or lose its data.
 */
import { afterAll, describe, expect, it } from "vitest";
import { faultLimits } from "../core/faults.js";
import { connectPetstoreMock, PetstoreMockError } from "../server/client.js";
import { startPetstoreServer } from "../server/server.js";
import { devAuth, send } from "../test-support/http.js";
import { isLoopback } from "./admin.js";

const server = await startPetstoreServer({ port: 0 });
const keyed = await startPetstoreServer({ port: 0, adminKey: "admin-secret" });
afterAll(async () => {
  await server.close();
  await keyed.close();
});

const json = { "content-type": "application/json" };
const post = (body: string, origin = server.origin, headers = {}) =>
  send(`${origin}/__mock/faults`, { method: "POST", headers: { ...json, ...headers }, body });
const errorOf = (text: string) =>
  JSON.parse(text) as { code: string; message: string; status: number };

describe("GET /__mock/health", () => {
  it("answers 200 without any key, even when an admin key is set; HEAD too", async () => {
    for (const origin of [server.origin, keyed.origin]) {
      const reply = await send(`${origin}/__mock/health`);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text)).toEqual({ status: "ok" });
      const head = await send(`${origin}/__mock/health`, { method: "HEAD" });
      expect([head.status, head.text]).toEqual([200, ""]);
    }
  });
});

describe("the trust model", () => {
  it("an admin key is required (403) on every admin endpoint but health, reset included", async () => {
    for (const [method, path] of [
      ["POST", "/__mock/reset"],
      ["GET", "/__mock/faults"],
      ["DELETE", "/__mock/faults"],
      ["POST", "/__mock/faults/presets/server-down"],
      ["GET", "/__mock/requests"],
      ["DELETE", "/__mock/requests"],
    ] as const) {
      const refused = await send(`${keyed.origin}${path}`, { method });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(errorOf(refused.text).code).toBe("forbidden");
      const wrong = await send(`${keyed.origin}${path}`, {
        method,
        headers: { authorization: "Bearer petstore-dev-key" },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.text).not.toContain("admin-secret");
    }
    const client = connectPetstoreMock(keyed.url, { adminKey: "admin-secret" });
    expect(await client.faults.list()).toEqual([]);
    await client.reset();
  });

  it.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["::1", true],
    ["[::1]", true],
    ["localhost", true],
    ["127.1", true],
    ["0x7f000001", true],
    ["2130706433", true],
    ["0177.0.0.1", true],
    ["127.000.000.001", true],
    ["0:0:0:0:0:0:0:1", true],
    ["[0:0:0:0:0:0:0:1]", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["0.0.0.0", false],
    ["0", false],
    ["128.1", false],
    ["::ffff:10.0.0.1", false],
    ["127.0.0.1.evil.example", false],
    ["evil@127.0.0.1", false],
    ["::", false],
    ["192.168.1.5", false],
    ["example.com", false],
  ])("%s is loopback: %s", (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

describe("POST /__mock/faults", () => {
  it("answers 201 with the stored fault and its id; GET lists it; DELETE by id removes it", async () => {
    const created = await post('{"operation": "createPet", "status": 503, "times": 2}');
    expect(created.status).toBe(201);
    const fault = JSON.parse(created.text);
    expect(fault).toEqual({
      id: expect.any(String),
      operation: "createPet",
      status: 503,
      times: 2,
    });
    expect(JSON.parse((await send(`${server.origin}/__mock/faults`)).text)).toEqual([fault]);
    const removed = await send(`${server.origin}/__mock/faults/${fault.id}`, { method: "DELETE" });
    expect([removed.status, removed.text]).toEqual([204, ""]);
    const again = await send(`${server.origin}/__mock/faults/${fault.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(errorOf(again.text).code).toBe("not_found");
  });

  it.each([
    ["not JSON", "{", "invalid_body", "JSON"],
    ["an array", "[]", "invalid_fault", "JSON object"],
    ["no effect", '{"operation":"listPets"}', "invalid_fault", "effect"],
    [
      "an unknown operation",
      '{"operation":"deletePet","status":500}',
      "invalid_fault",
      "operation",
    ],
    ["a 2xx status", '{"status":200}', "invalid_fault", "status"],
    ["a string status", '{"status":"503"}', "invalid_fault", "status"],
    ["times 0", '{"status":503,"times":0}', "invalid_fault", "times"],
    ["a fractional delay", '{"delayMs":1.5}', "invalid_fault", "delayMs"],
    ["a delay of 0 ms alone", '{"delayMs":0}', "invalid_fault", "changes nothing"],
    ["a delay over the cap", `{"delayMs":${faultLimits.delayMs + 1}}`, "invalid_fault", "delayMs"],
    ["an unknown network mode", '{"network":"slow"}', "invalid_fault", "network"],
    ["two answers", '{"status":503,"network":"reset"}', "invalid_fault", "at most one"],
    ["an empty body for getPet", '{"operation":"getPet","body":"empty"}', "invalid_fault", "empty"],
    ["an unknown field", '{"status":503,"probability":0.5}', "invalid_fault", "probability"],
    ["an absent body", "", "invalid_fault", "JSON object"],
  ])("rejects %s with a 400 Error", async (_what, body, code, mention) => {
    const reply = await post(body);
    expect(reply.status).toBe(400);
    const error = errorOf(reply.text);
    expect(error).toMatchObject({ code, status: 400 });
    expect(error.message).toContain(mention);
    expect(JSON.parse((await send(`${server.origin}/__mock/faults`)).text)).toEqual([]);
  });

  it(`holds at most ${faultLimits.active} faults (409 beyond), and clears them all with DELETE`, async () => {
    for (let index = 0; index < faultLimits.active; index++) {
      expect((await post('{"operation":"getPet","delayMs":1}')).status).toBe(201);
    }
    const full = await post('{"operation":"getPet","delayMs":1}');
    expect(full.status).toBe(409);
    expect(errorOf(full.text).code).toBe("too_many_faults");
    expect((await send(`${server.origin}/__mock/faults`, { method: "DELETE" })).status).toBe(204);
    expect(JSON.parse((await send(`${server.origin}/__mock/faults`)).text)).toEqual([]);
  });

  it("answers 405 with Allow for other methods, 404 for unknown admin paths, 413 for huge bodies", async () => {
    const put = await send(`${server.origin}/__mock/faults`, { method: "PUT", body: "{}" });
    expect([put.status, put.headers.allow]).toEqual([405, "GET, POST, DELETE"]);
    expect((await send(`${server.origin}/__mock/nothing`)).status).toBe(404);
    expect((await post(`{"status":503,"pad":"${"x".repeat(1024 * 1024)}"}`)).status).toBe(413);
  });
});

describe("junk sent to the admin endpoints", () => {
  it("neither crashes the server nor changes its faults or data", async () => {
    const client = connectPetstoreMock(server.url);
    await client.reset();
    const kept = await client.faults.add({ operation: "getPet", delayMs: 1 });
    const before = await client.listPets({ limit: 100 });
    const bodies = [
      "",
      "{",
      "[]",
      "null",
      "0",
      '"x"',
      "\u0000\uffff",
      "{}".repeat(5000),
      '{"seed":-1}',
      '{"seed":1e300}',
      '{"pets":"5"}',
      '{"__proto__":{"status":503}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ];
    const paths = [
      "/__mock/reset",
      "/__mock/faults",
      "/__mock/faults/f1%00",
      "/__mock/requests",
      `/__mock/faults/${"9".repeat(100)}`,
    ];
    for (const path of paths) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH", "GET"]) {
        for (const body of bodies.slice(0, method === "GET" ? 1 : bodies.length)) {
          const reply = await send(`${server.origin}${path}`, {
            method: method,
            headers: json,
            body: method === "GET" ? undefined : body,
          });
          expect(reply.status, `${method} ${path} ${body.slice(0, 20)}`).toBeLessThan(500);
          if (method === "DELETE" && path === "/__mock/faults")
            await client.faults.add({ operation: "getPet", delayMs: 1 });
        }
      }
    }
    expect((await client.faults.list()).some((fault) => fault.operation === "getPet")).toBe(true);
    expect(await client.listPets({ limit: 100 })).toEqual(before);
    expect(({} as Record<string, unknown>).status).toBeUndefined();
    await client.faults.remove(kept.id).catch(() => undefined);
    await client.reset();
  });
});

describe("dropped connections on the wire", () => {
  it("reset destroys the socket; hang holds it until the client gives up; the server lives on", async () => {
    const client = connectPetstoreMock(server.url);
    await client.faults.add({ operation: "getPet", network: "reset", times: 1 });
    await expect(send(`${server.url}/pets/1`, { headers: devAuth })).rejects.toMatchObject({
      code: "ECONNRESET",
    });
    await client.faults.add({ operation: "getPet", network: "hang", times: 1 });
    const hung = fetch(`${server.url}/pets/1`, {
      headers: devAuth,
      signal: AbortSignal.timeout(500),
    });
    await expect(hung).rejects.toMatchObject({ name: "TimeoutError" });
    expect((await send(`${server.url}/pets/1`, { headers: devAuth })).status).toBe(200);
    await client.reset();
  });
});

describe("the journal over HTTP", () => {
  it("is bounded by --journal-size, oldest first, and survives junk admin input", async () => {
    const small = await startPetstoreServer({ port: 0, journalSize: 3 });
    try {
      for (const path of ["/pets/1", "/pets/2", "/pets/3", "/pets/4", "/pets/5"]) {
        await send(`${small.url}${path}`, { headers: devAuth });
      }
      for (const junk of ["\u0000", "{".repeat(10_000), '{"status":1e999}', "null", '"x"']) {
        expect((await post(junk, small.origin)).status).toBe(400);
      }
      const journal = await send(`${small.origin}/__mock/requests`);
      expect(JSON.parse(journal.text).map((entry: { path: string }) => entry.path)).toEqual([
        "/pets/3",
        "/pets/4",
        "/pets/5",
      ]);
      const cleared = await send(`${small.origin}/__mock/requests`, { method: "DELETE" });
      expect(cleared.status).toBe(204);
      expect(JSON.parse((await send(`${small.origin}/__mock/requests`)).text)).toEqual([]);
      expect((await send(`${small.url}/pets/1`, { headers: devAuth })).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it("adds a preset by name, each fault naming it; an unknown name is a 404, a preset that does not fit adds nothing", async () => {
    const client = connectPetstoreMock(server.url);
    await client.faults.clear();
    const added = await send(`${server.origin}/__mock/faults/presets/flaky-writes`, {
      method: "POST",
    });
    expect(added.status).toBe(201);
    const listed = JSON.parse((await send(`${server.origin}/__mock/faults`)).text);
    expect(listed).toEqual(JSON.parse(added.text));
    expect(listed).toMatchObject([
      { operation: "createPet", status: 503, times: 1, preset: "flaky-writes" },
      { operation: "createCategory", status: 503, times: 1, preset: "flaky-writes" },
    ]);
    // A fault added alone names none; the journal records the preset of the fault that shaped an answer.
    expect(await client.faults.add({ operation: "getPet", status: 500 })).not.toHaveProperty(
      "preset",
    );
    await send(`${server.url}/pets`, { method: "POST", headers: devAuth, body: "{}" });
    expect((await client.journal.all()).at(-1)?.fault).toMatchObject({ preset: "flaky-writes" });

    const unknown = await send(`${server.origin}/__mock/faults/presets/chaos`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.text)).toMatchObject({
      code: "not_found",
      message:
        'No preset named "chaos"; presets: empty-store, slow-network, flaky-writes, server-down.',
    });
    await client.faults.clear();
    for (let index = 1; index < faultLimits.active; index++) {
      await client.faults.add({ operation: "getPet", delayMs: 1 });
    }
    await expect(client.faults.preset("flaky-writes")).rejects.toThrow(/^409 too_many_faults/);
    expect(await client.faults.list()).toHaveLength(faultLimits.active - 1);
    expect(await client.faults.preset("server-down")).toMatchObject([{ preset: "server-down" }]);
    await client.faults.clear();
  });

  it("the client raises the mock's Error body", async () => {
    const client = connectPetstoreMock(server.url);
    await expect(client.faults.add({ status: 200 })).rejects.toBeInstanceOf(PetstoreMockError);
    await expect(client.faults.add({ status: 200 })).rejects.toThrow(/^400 invalid_fault: status/);
  });

  it("reset restores the start-up faults and empties the journal", async () => {
    const preset = await startPetstoreServer({ port: 0, preset: "server-down" });
    try {
      const client = connectPetstoreMock(preset.url);
      await expect(client.listPets()).rejects.toThrow(/^503 service_unavailable/);
      await client.faults.clear();
      expect(await client.listPets({ limit: 1 })).toHaveLength(1);
      await client.reset();
      expect(await client.journal.all()).toEqual([]);
      expect(await client.faults.list()).toMatchObject([
        { operation: "*", status: 503, preset: "server-down" },
      ]);
    } finally {
      await preset.close();
    }
  });
});

describe("the typed client's API methods", () => {
  it("reach each operation at the method and path openapi.yaml gives it", async () => {
    const client = connectPetstoreMock(server.url);
    const category = await client.createCategory({ name: "Client category" });
    expect(await client.listCategories()).toContainEqual(category);
    const pet = await client.createPet({ name: "Client pet", categoryId: category.id });
    expect(await client.getPet(pet.id)).toEqual(pet);
    const sold = await client.listPets({ status: "sold", limit: 2 });
    expect(sold.length).toBeLessThanOrEqual(2);
    expect(sold.every((listed) => listed.status === "sold")).toBe(true);
    const paths = (await client.journal.all()).map((entry) => `${entry.method} ${entry.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "POST /categories",
        "GET /categories",
        "POST /pets",
        `GET /pets/${pet.id}`,
        "GET /pets?status=sold&limit=2",
      ]),
    );
  });
});
