/**
 * The second deployment, over real HTTP: each test pins one choice it makes
 * where INTERFACE.md is silent, the other way from the kit's mock
 * (docs/behaviour.md), and the statements it keeps all the same.
 */
import { connect } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type OtherDeployment,
  type OtherDeploymentOptions,
  startOtherDeployment,
} from "./other-deployment.js";

const key = "other-test-key-0123456789";
const secondKey = "other-second-key";
const json = "application/json; charset=utf-8";

let deployment: OtherDeployment;
const start = async (options: OtherDeploymentOptions = {}) => {
  await deployment.close();
  deployment = await startOtherDeployment({ apiKeys: [key, secondKey], ...options });
};
beforeEach(async () => {
  deployment = await startOtherDeployment({ apiKeys: [key, secondKey] });
});
afterEach(() => deployment.close());

interface Call {
  readonly method?: string;
  readonly body?: string | object;
  /** The Authorization header; null sends none. Default: the accepted key. */
  readonly authorization?: string | null;
  readonly contentType?: string;
}

async function call(path: string, { method, body, authorization, contentType }: Call = {}) {
  const headers: Record<string, string> = {};
  if (authorization !== null) headers.authorization = authorization ?? `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = contentType ?? "application/json";
  const response = await fetch(`${deployment.url}${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

const ids = (body: { id: number }[]) => body.map((pet) => pet.id);
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, at) => (from < to ? from + at : from - at));
const errorBody = (status: number, code: string) => ({ code, message: expect.any(String), status });

describe("credentials (checked first, on all five operations)", () => {
  const petOperations = [
    ["GET", "/pets"],
    ["POST", "/pets"],
    ["GET", "/pets/1"],
  ] as const;
  const refused = [null, "Bearer wrong-key", "Basic b3RoZXI=", "Bearer ", key, `Bearer ${key}x`];

  it.each(petOperations)(
    "%s %s: a bad credential is a 401 Error with WWW-Authenticate",
    async (method, path) => {
      for (const authorization of refused) {
        const answer = await call(path, {
          method,
          authorization,
          body: method === "POST" ? "{" : undefined,
        });
        expect(answer.status, String(authorization)).toBe(401);
        expect(answer.body).toEqual(errorBody(401, "AUTH_REQUIRED"));
        expect(answer.headers.get("www-authenticate")).toBe(
          'Bearer realm="petstore", error="invalid_token"',
        );
        expect(answer.headers.get("content-type")).toBe(json);
      }
    },
  );

  it("category operations answer a bad credential with 403 { error: forbidden }", async () => {
    for (const method of ["GET", "POST"]) {
      for (const authorization of refused) {
        const answer = await call("/categories", {
          method,
          authorization,
          body: method === "POST" ? { name: "x" } : undefined,
        });
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: "forbidden" });
        expect(answer.headers.get("www-authenticate")).toBeNull();
      }
    }
  });

  it("comes before the method and the body: 401, not 405, 400 or 413", async () => {
    expect((await call("/pets", { method: "DELETE", authorization: null })).status).toBe(401);
    expect((await call("/pets", { body: "not json", authorization: null })).status).toBe(401);
    const large = "x".repeat(100 * 1024);
    expect((await call("/pets", { body: large, authorization: null })).status).toBe(401);
  });

  it("takes the scheme name in any case and every configured key", async () => {
    expect((await call("/pets", { authorization: `bEaReR ${key}` })).status).toBe(200);
    expect((await call("/pets", { authorization: `Bearer ${secondKey}` })).status).toBe(200);
  });

  it("needs at least one key", async () => {
    await expect(startOtherDeployment({ apiKeys: [] })).rejects.toThrow(/at least one API key/);
  });
});

describe("listPets", () => {
  it("lists newest first, 20 by default, every pet with extra fields", async () => {
    const answer = await call("/pets");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe(json);
    expect(ids(answer.body)).toEqual(range(30, 11));
    expect(answer.body[0]).toEqual({
      id: 30,
      name: expect.any(String),
      categoryId: expect.any(Number),
      status: "sold",
      createdAt: "2024-01-01T00:29:00.000Z",
      tags: [],
    });
  });

  it("takes the last of a repeated parameter", async () => {
    expect(ids((await call("/pets?limit=3&limit=5")).body)).toEqual(range(30, 26));
    expect(ids((await call("/pets?limit=7&limit=2")).body)).toEqual([30, 29]);
    const pending = (await call("/pets?status=sold&status=pending")).body;
    expect(pending.map((pet: { status: string }) => pet.status)).toEqual(Array(10).fill("pending"));
  });

  it("clamps limit to 1–100 and ignores a limit that is not an integer", async () => {
    const count = async (query: string) => (await call(`/pets?${query}`)).body.length;
    for (const limit of ["0", "-1", "-0", "-99999999999999999999"])
      expect(await count(`limit=${limit}`)).toBe(1);
    for (const limit of ["abc", "1.5", "", "5e1", "%205"])
      expect(await count(`limit=${limit}`), limit).toBe(20);
    for (let at = 0; at < 75; at++)
      await call("/pets", { body: { name: `Pet ${at}`, categoryId: 1 } });
    expect(await count("limit=101")).toBe(100);
    expect(await count("limit=99999999999999999999")).toBe(100);
  });

  it("ignores an unknown status value and unknown parameters", async () => {
    for (const query of ["status=lost", "status=", "status=SOLD", "sort=name&page=2"]) {
      const answer = await call(`/pets?${query}`);
      expect(answer.status).toBe(200);
      expect(ids(answer.body), query).toEqual(range(30, 11));
    }
    const sold = (await call("/pets?status=sold&limit=100")).body;
    expect(sold).toHaveLength(10);
    expect(sold.every((pet: { status: string }) => pet.status === "sold")).toBe(true);
  });
});

describe("getPet", () => {
  it("answers a known id with the Pet and no deprecation headers", async () => {
    const answer = await call("/pets/7");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: 7, status: "available", tags: [] });
    for (const header of ["sunset", "deprecation", "link"])
      expect(answer.headers.get(header)).toBeNull();
  });

  it("answers 404 for any id that is not a known one, malformed ones included", async () => {
    for (const petId of ["31", "0", "-1", "abc", "1.5", "%20", "01", "99999999999999999999"]) {
      const answer = await call(`/pets/${petId}`);
      expect(answer.status, petId).toBe(404);
      expect(answer.body).toEqual(errorBody(404, "E_NOT_FOUND"));
    }
  });
});

describe("createPet", () => {
  it("stores the pet, defaults status, echoes unknown fields and sends no Location", async () => {
    const answer = await call("/pets", {
      body: { name: "Nova", categoryId: 2, nickname: "N", id: 5 },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.body).toEqual({
      id: 31,
      name: "Nova",
      categoryId: 2,
      status: "available",
      nickname: "N",
      tags: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await call("/pets/31")).body).toEqual(answer.body);
    expect(ids((await call("/pets?limit=1")).body)).toEqual([31]);
    expect(deployment.pets().at(-1)).toEqual(answer.body);
  });

  it("accepts any integer categoryId, an empty name, and JSON sent as text/plain", async () => {
    const unknownCategory = await call("/pets", { body: { name: "Ghost", categoryId: 999 } });
    expect(unknownCategory.status).toBe(201);
    expect((await call("/pets", { body: { name: "", categoryId: -3 } })).status).toBe(201);
    const plain = await call("/pets", {
      body: '{"name":"Tex","categoryId":1,"status":"sold"}',
      contentType: "text/plain",
    });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ id: 33, name: "Tex", status: "sold" });
  });

  it("answers a body that is not a NewPet with a 400 Error", async () => {
    const bodies = [
      {},
      { categoryId: 1 },
      { name: "A" },
      { name: 5, categoryId: 1 },
      { name: "A", categoryId: "1" },
      { name: "A", categoryId: 1.5 },
      { name: "A", categoryId: 1, status: "lost" },
      { name: "A", categoryId: 1, status: null },
      [{ name: "A", categoryId: 1 }],
      "{",
      "",
      "null",
      `{"name":"A","categoryId":1,"x":${"[".repeat(40)}${"]".repeat(40)}}`,
    ];
    for (const body of bodies) {
      const answer = await call("/pets", { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual(errorBody(400, "E_VALIDATION"));
    }
    expect(deployment.pets()).toHaveLength(30);
  });

  it("refuses a create with a 400 Error once the store is full", async () => {
    await start({ limits: { recordsPerCollection: 31 } });
    expect((await call("/pets", { body: { name: "Last", categoryId: 1 } })).status).toBe(201);
    const full = await call("/pets", { body: { name: "One more", categoryId: 1 } });
    expect(full.status).toBe(400);
    expect(full.body).toEqual(errorBody(400, "E_STORE_FULL"));
    await start({ limits: { storedBytes: 200_000 } });
    const large = { name: "x".repeat(60_000), categoryId: 1 };
    for (let at = 0; at < 3; at++) expect((await call("/pets", { body: large })).status).toBe(201);
    expect((await call("/pets", { body: large })).body).toEqual(errorBody(400, "E_STORE_FULL"));
  });
});

describe("categories", () => {
  it("creates a category (201, extra fields) and lists newest first", async () => {
    const answer = await call("/categories", { body: { name: "ferret", description: "Curious" } });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: 5,
      name: "ferret",
      description: "Curious",
      createdAt: expect.any(String),
    });
    const list = await call("/categories");
    expect(list.status).toBe(200);
    expect(list.body.map((category: { name: string }) => category.name)).toEqual([
      "ferret",
      "parrot",
      "rabbit",
      "cat",
      "dog",
    ]);
  });

  it("answers a body that is not a NewCategory with 422 { error }, not the Error shape", async () => {
    const bodies = [
      {},
      { name: "  " },
      { name: 5 },
      { name: "x", description: 64 },
      [{ name: "x" }],
      "{",
      "",
    ];
    for (const body of bodies) {
      const answer = await call("/categories", { body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body).toEqual({ error: expect.any(String) });
      expect(answer.headers.get("content-type")).toBe(json);
    }
    await start({ limits: { recordsPerCollection: 4 } });
    expect((await call("/categories", { body: { name: "ferret" } })).status).toBe(422);
  });
});

describe("paths, methods and bounds", () => {
  it("answers an unknown path 404 (credential or not) and another method 405, each with an Error body", async () => {
    for (const path of ["/store/orders", "/pets/1/photos", "/", "/pets/"]) {
      const answer = await call(path, { authorization: path === "/" ? null : undefined });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual(errorBody(404, "E_NOT_FOUND"));
    }
    const deleted = await call("/pets", { method: "DELETE" });
    expect(deleted.status).toBe(405);
    expect(deleted.body).toEqual(errorBody(405, "E_METHOD"));
    expect(deleted.headers.get("allow")).toBe("GET, POST");
    expect((await call("/pets/1", { method: "PUT", body: {} })).headers.get("allow")).toBe("GET");
  });

  it("answers a body over 64 KiB with 413 and keeps serving", async () => {
    const body = { name: "x".repeat(64 * 1024), categoryId: 1 };
    const answer = await call("/pets", { body });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(errorBody(413, "E_TOO_LARGE"));
    expect((await call("/pets?limit=1")).status).toBe(200);
  });

  it("answers a request whose body never completes with 408 at its deadline", async () => {
    await start({ limits: { requestMs: 300 } });
    const { port } = new URL(deployment.url);
    const socket = connect(Number(port), "127.0.0.1");
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 100\r\n\r\n{"na`,
    );
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    const started = performance.now();
    await new Promise((resolve) => socket.on("close", resolve));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('"code":"E_TIMEOUT"');
  });
});
