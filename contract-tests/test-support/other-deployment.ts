/**
 * A second Pet Store deployment for the suite's own tests, written from
 * INTERFACE.md alone: it shares no code with the kit's mock (nothing from
 * `mocks/`), conforms to every statement of the interface, and wherever the
 * interface is silent makes the other choice than the mock
 * (docs/behaviour.md): the last of a repeated parameter wins, bad list
 * parameters are clamped or ignored, lists run newest first, any unknown
 * `petId` is a 404, category errors are 422 `{ error }`, a duplicate category
 * name is refused with 409, records carry extra fields, errors use other codes, a bad credential on the category
 * operations is a 403; with `idsFrom`, its ids start far from 1 (beyond 2^53:
 * the interface's ids are int64s). The contract tool must pass it as it passes the mock.
 *
 * @example
 * const other = await startOtherDeployment({ apiKeys: ["k"] });
 * await fetch(`${other.url}/pets`, { headers: { authorization: "Bearer k" } });
 * await other.close();
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { startTinyServer } from "../../mocks/test-support/servers.js";

export const otherDeploymentKey = "other-deployment-key";
/** Bounds on what a client may send or make it keep. */
export const otherDefaultLimits = {
  bodyBytes: 64 * 1024,
  requestMs: 5_000,
  recordsPerCollection: 5_000,
  storedBytes: 32 * 1024 * 1024,
  jsonDepth: 32,
};
export type OtherLimits = typeof otherDefaultLimits;

export interface OtherDeploymentOptions {
  /** Accepted bearer keys; default `other-deployment-key`. */
  readonly apiKeys?: readonly string[];
  /** Tighter bounds for tests (e.g. a full store after a few creates). */
  readonly limits?: Partial<OtherLimits>;
  /**
   * The first id of each collection (default 1). Beyond 2^53 (e.g. 2n ** 62n + 1n)
   * the ids are ones `JSON.parse` rounds: a client must read them exactly.
   */
  readonly idsFrom?: bigint;
}

export interface OtherDeployment {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  close(): Promise<void>;
  /** The stored pets, newest last, as the server holds them. */
  pets(): readonly object[];
}

type Json = Record<string, unknown>;

/** An id as JavaScript holds it exactly: a number while it is safe, else a bigint. */
const exactId = (id: bigint): number | bigint =>
  Number.isSafeInteger(Number(id)) ? Number(id) : id;

/** JSON with ids beyond 2^53 written exactly (Node 21+: `JSON.rawJSON`). */
const jsonText = (value: unknown): string =>
  JSON.stringify(value, (_key, member: unknown) =>
    typeof member === "bigint"
      ? (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(String(member))
      : member,
  );

/** `JSON.parse` that keeps an integer beyond 2^53 exact, as a bigint (Node 21+: the reviver's source). */
const parseExact = (text: string): unknown =>
  JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === "number" &&
    !Number.isSafeInteger(value) &&
    /^-?\d+$/.test(context?.source ?? "")
      ? BigInt(context?.source as string)
      : value,
  );
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const statuses = ["available", "pending", "sold"];
const seedTime = Date.UTC(2024, 0, 1);
const seedCategories = [
  ["dog", "Loyal companions"],
  ["cat", "Independent hunters"],
  ["rabbit", "Long-eared grazers"],
  ["parrot", "Talkative birds"],
];
const seedNames = ["Rex", "Mia", "Bun", "Kiwi", "Odin", "Tara"];
const seedPets = 30;

const errorOf = (status: number, code: string, message: string): Answer => ({
  status,
  body: { code, message, status },
});
/** The category operations' own error shape (the interface shows none). */
const categoryError = (status: number, error: string): Answer => ({ status, body: { error } });

const unauthorized: Answer = {
  ...errorOf(401, "AUTH_REQUIRED", "send Authorization: Bearer <API key> with an accepted key"),
  headers: { "www-authenticate": 'Bearer realm="petstore", error="invalid_token"' },
};
const notFound = (what: string) => errorOf(404, "E_NOT_FOUND", `${what} not found`);
const invalidPet = (message: string) => errorOf(400, "E_VALIDATION", message);

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The last value of a repeated scalar parameter wins. */
const lastOf = (query: URLSearchParams, name: string) => query.getAll(name).at(-1);

/** `limit` clamped to 1–100; a value that is not an integer is ignored. */
function limitOf(raw: string | undefined): number {
  if (raw === undefined || !/^-?\d+$/.test(raw)) return 20;
  return Math.min(100, Math.max(1, Number(raw)));
}

/** Whether a parsed JSON value nests deeper than `limit` (it could not be echoed back). */
function nestsDeeper(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (limit === 0) return true;
  return Object.values(value).some((inner) => nestsDeeper(inner, limit - 1));
}

/** A JSON object from the body, whatever its Content-Type; a string saying why not, else. */
function objectOf(text: string, maxDepth: number): Json | string {
  let value: unknown;
  try {
    value = parseExact(text);
  } catch {
    return text.trim() === "" ? "the body is empty" : "the body is not valid JSON";
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "the body must be a JSON object";
  }
  if (nestsDeeper(value, maxDepth)) return `the body nests deeper than ${maxDepth} levels`;
  return value as Json;
}

/** Why a createPet body is not a NewPet, or undefined when it is one. */
function petProblem(body: Json): string | undefined {
  if (typeof body.name !== "string") return "name is required and must be a string";
  const { categoryId } = body;
  const int64 =
    typeof categoryId === "bigint" && categoryId >= -(2n ** 63n) && categoryId < 2n ** 63n;
  if (!Number.isSafeInteger(categoryId) && !int64)
    return "categoryId is required and must be an integer";
  if (body.status !== undefined && !statuses.includes(body.status as string)) {
    return `status must be one of ${statuses.join(", ")}`;
  }
  return undefined;
}

/** Why a createCategory body is not a NewCategory, or undefined when it is one. */
function categoryProblem(body: Json): string | undefined {
  if (typeof body.name !== "string" || body.name.trim() === "")
    return "name must be a non-blank string";
  if (body.description !== undefined && typeof body.description !== "string") {
    return "description must be a string";
  }
  return undefined;
}

/** One collection: sequential ids from `idsFrom`, bounded in count and bytes. */
class Collection {
  readonly records: Json[] = [];
  private bytes = 0;

  constructor(
    private readonly limits: OtherLimits,
    readonly idsFrom: bigint,
  ) {}

  add(fields: Json, createdAt: string): Json | undefined {
    const size = jsonText(fields).length;
    if (this.records.length >= this.limits.recordsPerCollection) return undefined;
    if (this.bytes + size > this.limits.storedBytes) return undefined;
    const id = exactId(this.idsFrom + BigInt(this.records.length));
    const record = { ...fields, id, createdAt };
    this.bytes += size;
    this.records.push(record);
    return record;
  }

  newestFirst(): Json[] {
    return [...this.records].reverse();
  }

  /** The record a path's id names: exact digits, no sign or leading zero. */
  byId(text: string): Json | undefined {
    if (!/^[1-9]\d{0,18}$/.test(text)) return undefined;
    const index = BigInt(text) - this.idsFrom;
    return index >= 0n && index < BigInt(this.records.length)
      ? this.records[Number(index)]
      : undefined;
  }
}

function seeded(
  limits: OtherLimits,
  idsFrom: bigint,
): { pets: Collection; categories: Collection } {
  const at = (index: number) => new Date(seedTime + index * 60_000).toISOString();
  const categories = new Collection(limits, idsFrom);
  seedCategories.forEach(([name, description], index) => {
    categories.add({ name, description }, at(index));
  });
  const pets = new Collection(limits, idsFrom);
  for (let index = 0; index < seedPets; index++) {
    const name = `${seedNames[index % seedNames.length]} ${Math.floor(index / seedNames.length) + 1}`;
    const categoryId = exactId(idsFrom + BigInt(index % seedCategories.length));
    const pet = { name, categoryId, tags: [] };
    pets.add({ ...pet, status: statuses[index % statuses.length] }, at(index));
  }
  return { pets, categories };
}

/** The routes: path → the methods answered there, each with its operation. */
type Operation = "listPets" | "createPet" | "getPet" | "listCategories" | "createCategory";
type Route = "pets" | "pet" | "categories";
const operations: Record<Route, Partial<Record<string, Operation>>> = {
  pets: { GET: "listPets", POST: "createPet" },
  pet: { GET: "getPet" },
  categories: { GET: "listCategories", POST: "createCategory" },
};
interface Call {
  readonly operation: Operation;
  readonly petId: string;
  readonly query: URLSearchParams;
}

function routeOf(path: string): { route: Route; petId: string } | undefined {
  if (path === "/v1/pets") return { route: "pets", petId: "" };
  if (path === "/v1/categories") return { route: "categories", petId: "" };
  const petId = /^\/v1\/pets\/([^/]+)$/.exec(path)?.[1];
  return petId === undefined ? undefined : { route: "pet", petId };
}

export async function startOtherDeployment(
  options: OtherDeploymentOptions = {},
): Promise<OtherDeployment> {
  const limits = { ...otherDefaultLimits, ...options.limits };
  const keys = (options.apiKeys ?? [otherDeploymentKey]).map(digest);
  if (keys.length === 0) throw new Error("startOtherDeployment: give at least one API key");
  const { pets, categories } = seeded(limits, options.idsFrom ?? 1n);

  /** Compares digests, so neither the key's length nor its characters leak through timing. */
  const accepted = (authorization: string | undefined) => {
    const token = /^bearer +(\S+)$/i.exec(authorization ?? "")?.[1];
    if (token === undefined) return false;
    const given = digest(token);
    return keys.some((key) => timingSafeEqual(key, given));
  };

  /** Path, then credential (before anything else), then method: the operation, or the refusal. */
  function callOf(request: IncomingMessage): Call | Answer {
    const url = request.url ?? "/";
    const at = url.indexOf("?");
    const path = at < 0 ? url : url.slice(0, at);
    const found = routeOf(path);
    if (!found) return notFound(`no operation at ${path.slice(0, 100)}`);
    if (!accepted(request.headers.authorization)) {
      return found.route === "categories" ? categoryError(403, "forbidden") : unauthorized;
    }
    const methods = operations[found.route];
    const operation = methods[request.method ?? ""];
    if (operation === undefined) {
      const allow = Object.keys(methods).join(", ");
      return { ...errorOf(405, "E_METHOD", `use ${allow} here`), headers: { allow } };
    }
    const query = new URLSearchParams(at < 0 ? "" : url.slice(at + 1));
    return { operation, petId: found.petId, query };
  }

  function operate({ operation, petId, query }: Call, body: string): Answer {
    switch (operation) {
      case "listPets": {
        const status = lastOf(query, "status");
        const filtered = statuses.includes(status as string);
        const matching = pets.newestFirst().filter((pet) => !filtered || pet.status === status);
        return { status: 200, body: matching.slice(0, limitOf(lastOf(query, "limit"))) };
      }
      case "getPet": {
        const pet = pets.byId(petId);
        return pet ? { status: 200, body: pet } : notFound(`pet ${petId.slice(0, 40)}`);
      }
      case "createPet": {
        const fields = objectOf(body, limits.jsonDepth);
        if (typeof fields === "string") return invalidPet(fields);
        const problem = petProblem(fields);
        if (problem) return invalidPet(problem);
        const stored = { ...fields, status: fields.status ?? "available", tags: [] };
        const pet = pets.add(stored, new Date().toISOString());
        if (!pet) return errorOf(400, "E_STORE_FULL", "the store holds all the pets it can");
        return { status: 201, body: pet };
      }
      case "listCategories":
        return { status: 200, body: categories.newestFirst() };
      case "createCategory": {
        const fields = objectOf(body, limits.jsonDepth);
        if (typeof fields === "string") return categoryError(422, fields);
        const problem = categoryProblem(fields);
        if (problem) return categoryError(422, problem);
        if (categories.records.some((record) => record.name === fields.name)) {
          return categoryError(409, `a category named ${JSON.stringify(fields.name)} exists`);
        }
        const category = categories.add(fields, new Date().toISOString());
        return category ? { status: 201, body: category } : categoryError(422, "the store is full");
      }
    }
  }

  function send(response: ServerResponse, { status, body, headers }: Answer, close = false) {
    if (response.headersSent) return;
    response.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      ...headers,
      ...(close ? { connection: "close" } : {}),
    });
    response.end(jsonText(body));
  }

  /** Reads the body within the size and time bounds (a refused request's is discarded), then answers. */
  function listen(request: IncomingMessage, response: ServerResponse) {
    const call = callOf(request);
    const chunks: Buffer[] = [];
    let size = 0;
    const deadline = setTimeout(() => {
      send(response, errorOf(408, "E_TIMEOUT", "the request took too long"), true);
      response.once("finish", () => request.destroy());
    }, limits.requestMs);
    response.on("close", () => clearTimeout(deadline));
    request.on("data", (chunk: Buffer) => {
      if (!("operation" in call)) return;
      size += chunk.length;
      if (size <= limits.bodyBytes) return void chunks.push(chunk);
      chunks.length = 0;
      const limit = `the body is larger than ${limits.bodyBytes} bytes`;
      send(response, errorOf(413, "E_TOO_LARGE", limit), true);
    });
    request.on("end", () => {
      if (!("operation" in call)) return send(response, call);
      if (size > limits.bodyBytes) return;
      try {
        send(response, operate(call, Buffer.concat(chunks).toString()));
      } catch {
        send(response, errorOf(500, "E_INTERNAL", "the deployment failed"));
      }
    });
  }

  const server = await startTinyServer(listen);
  // Node enforces these between its connection checks (every 30 s): slow headers end too.
  server.server.headersTimeout = limits.requestMs;
  server.server.requestTimeout = limits.requestMs;
  return {
    url: server.url,
    close: () => server.close(),
    pets: () => pets.records.map((pet) => ({ ...pet })),
  };
}
