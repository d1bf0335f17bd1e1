/**
 * Property-based fuzzing of the request pipeline with fast-check: generated
 * runs of valid and malformed requests go through the core handler (the bulk),
 * through msw/node with real `fetch`, and through the standalone server over
 * node:http (raw and duplicated headers). After every request: never a 5xx,
 * every non-2xx is an Error body whose `status` is the HTTP status, and the
 * store keeps its invariants (unique ids, every pet names an existing category,
 * every 201 stays retrievable, a rejected request changes nothing).
 *
 * A failure is shrunk to the smallest run of requests that still fails and
 * printed with fast-check's seed, so `FC_SEED=<seed>` replays it.
 */
import { Agent } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreCore } from "../core/create-core.js";
import { maxStringLength } from "../core/limits.js";
import * as validators from "../generated/validators.js";
import { limitRule, petStatuses } from "../interface/spec.js";
import type { Pet } from "../interface/types.js";
import { createPetstoreHandlers } from "../runtime/msw.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";
import { createPetstoreStore, type PetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { send } from "../test-support/http.js";

const apiKey = "fuzz-key";
const seeded = { seed: 7, pets: 8, categories: 3 } as const;
const serverSeed = {
  seed: seeded.seed,
  counts: { pets: seeded.pets, categories: seeded.categories },
};

/** A request as fast-check generates and prints it. */
interface FuzzRequest {
  readonly method: string;
  /** Path below `/v1`, percent-encoded. */
  readonly path: string;
  readonly query: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** True when the request is well-formed, authorized and names records that exist. */
  readonly valid: boolean;
}

// ---- generators ------------------------------------------------------------

const weirdText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom("ünïcödé", "🐶🐱", "名前", "\u0000", "\u202e", "a\r\nb", " ", "%", "%ZZ"),
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty"),
  fc.nat({ max: 20_000 }).map((length) => "x".repeat(length)),
);

const weirdNumberText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.constantFrom(
    ..."0 -0 -1 +1 1.5 1e3 1e400 0x10 00001".split(" "),
    " 1",
    "1 ",
    "NaN",
    "Infinity",
    "",
    String(Number.MAX_SAFE_INTEGER),
    String(Number.MAX_SAFE_INTEGER + 2),
  ),
);

const encoded = (text: string) => encodeURIComponent(text);

const validPetId = fc.integer({ min: 1, max: seeded.pets });
const validCategoryId = fc.integer({ min: 1, max: seeded.categories });
const validLimit = fc.integer({ min: limitRule.minimum, max: limitRule.maximum });
const status = fc.constantFrom(...petStatuses);

const queryPair = fc.oneof(
  fc.tuple(fc.constant("limit"), fc.oneof(validLimit.map(String), weirdNumberText, weirdText)),
  fc.tuple(fc.constant("status"), fc.oneof(status, weirdText)),
  fc.tuple(
    fc.oneof(weirdText, fc.constantFrom("__proto__", "constructor", "prototype")),
    weirdText,
  ),
);
const weirdQuery = fc.oneof(
  fc
    .array(queryPair, { maxLength: 5 })
    .map((pairs) => pairs.map(([name, value]) => `${encoded(name)}=${encoded(value)}`).join("&")),
  fc.constantFrom("limit", "limit=", "&&", "=", "limit=%", "status=%E0%A4%A", "limit=1&limit=2"),
  fc.string({ maxLength: 30 }),
);

const validAuthorization = fc.constantFrom(
  `Bearer ${apiKey}`,
  `bearer ${apiKey}`,
  `BEARER   ${apiKey}  `,
);
const authorization = fc.oneof(
  { weight: 6, arbitrary: validAuthorization },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom(
        "",
        "Bearer",
        "Bearer ",
        `Basic ${apiKey}`,
        `Bearer ${apiKey}, Bearer ${apiKey}`,
        `Bearer ${apiKey}x`,
        `Bearer ${apiKey.slice(1)}`,
        `Bearer\t${apiKey}`,
      ),
      weirdText.map((text) => `Bearer ${text}`),
      weirdText,
    ),
  },
);
const jsonContentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/problem+json",
);
const contentType = fc.oneof(
  { weight: 5, arbitrary: jsonContentType },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom("text/plain", "application/jsonx", "application/x-www-form-urlencoded", ""),
      weirdText,
    ),
  },
);
// `Prefer: code=5xx` asks for a simulated failure on purpose, so only non-scenario values here.
const prefer = fc.constantFrom("code=abc", "code=200", "code=1000", "return=minimal", "code=");

function headersOf(auth: string | undefined, type?: string, preferred?: string) {
  const headers: Record<string, string> = {};
  if (auth !== undefined) headers.authorization = auth;
  if (type !== undefined) headers["content-type"] = type;
  if (preferred !== undefined) headers.prefer = preferred;
  return headers;
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const weirdField = fc.oneof(
  jsonValue,
  weirdText,
  weirdNumberText.map(Number),
  fc.constantFrom(2 ** 64, -1, 0, 2 ** 53, 1.5, true, null, [], {}),
);

const newPet = fc.record(
  {
    name: fc.oneof(
      fc.string({ minLength: 1 }).filter((n) => n.trim() !== ""),
      weirdText,
    ),
    categoryId: validCategoryId,
    status,
  },
  { requiredKeys: ["name", "categoryId"] },
);

/** Pet-like bodies with fields of the wrong type, odd values or extra keys. */
const oddBody = fc.oneof(
  fc.record(
    { name: weirdField, categoryId: weirdField, status: weirdField, description: weirdField },
    { requiredKeys: [] },
  ),
  fc.dictionary(weirdText, jsonValue, { maxKeys: 4 }),
  jsonValue,
);
const rawBody = (value: unknown) => JSON.stringify(value) ?? "null";
const brokenJson = fc.oneof(
  oddBody
    .map(rawBody)
    .chain((text) => fc.nat({ max: text.length }).map((cut) => text.slice(0, cut))),
  fc.constantFrom(
    "{",
    "{'name': 'x'}",
    '{"name": "x",}',
    "[1, 2",
    "undefined",
    "\u0000",
    '{"__proto__": {"polluted": true}, "name": "x", "categoryId": 1}',
    '{"constructor": {"prototype": {"polluted": true}}, "name": "x", "categoryId": 1}',
    '{"name": "\\ud800", "categoryId": 1}',
    '{"name": "x", "categoryId": 1e400}',
    '{"name": "x", "categoryId": -1e400}',
    '{"name": "x", "categoryId": 1.0}',
    '{"name": "x", "categoryId": 9007199254740993}',
  ),
);

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("GET", "POST") },
  { weight: 1, arbitrary: fc.constantFrom("PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "FOO") },
);
const weirdPath = fc.oneof(
  fc.constantFrom("/pets", "/categories", "/store/orders", "", "/", "/pets/", "/PETS", "//pets"),
  fc.oneof(weirdNumberText, weirdText).map((id) => `/pets/${encoded(id)}`),
  fc.constantFrom("/pets/%ZZ", "/pets/1/extra", "/pets//1", "/pets/%31", "/categories/1"),
);

const authorized = validAuthorization.map((auth) => headersOf(auth));
const validGet = (
  path: fc.Arbitrary<string>,
  query: fc.Arbitrary<string> = fc.constant(""),
): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    method: fc.constant("GET"),
    path,
    query,
    headers: authorized,
    valid: fc.constant(true),
  });
const validPost = (path: string, body: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    method: fc.constant("POST"),
    path: fc.constant(path),
    query: fc.constant(""),
    headers: fc.tuple(validAuthorization, jsonContentType).map(([a, t]) => headersOf(a, t)),
    body,
    valid: fc.constant(true),
  });

const validRequests = fc.oneof(
  validGet(
    fc.constant("/pets"),
    fc
      .record({ limit: validLimit, status }, { requiredKeys: [] })
      .map((q) =>
        new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString(),
      ),
  ),
  validGet(validPetId.map((id) => `/pets/${id}`)),
  validGet(fc.constant("/categories")),
  validPost(
    "/pets",
    newPet
      .filter((pet) => pet.name.trim() !== "" && pet.name.length <= maxStringLength)
      .map(rawBody),
  ),
  validPost(
    "/categories",
    fc
      .record(
        {
          name: fc.string({ minLength: 1 }).filter((n) => n.trim() !== ""),
          description: weirdText,
        },
        { requiredKeys: ["name"] },
      )
      .filter((category) => (category.description?.length ?? 0) <= maxStringLength)
      .map(rawBody),
  ),
);

const malformedRequests: fc.Arbitrary<FuzzRequest> = fc.record(
  {
    method,
    path: fc.oneof(fc.constantFrom("/pets", "/pets/1", "/categories"), weirdPath),
    query: weirdQuery,
    headers: fc
      .tuple(fc.option(authorization), fc.option(contentType), fc.option(prefer))
      .map(([a, t, p]) => headersOf(a ?? undefined, t ?? undefined, p ?? undefined)),
    body: fc.oneof(oddBody.map(rawBody), brokenJson, newPet.map(rawBody)),
    valid: fc.constant(false),
  },
  { requiredKeys: ["method", "path", "query", "headers", "valid"] },
);

const anyRequest = fc.oneof(
  { weight: 2, arbitrary: validRequests },
  { weight: 3, arbitrary: malformedRequests },
);

// ---- checks ----------------------------------------------------------------

interface Answer {
  readonly status: number;
  readonly text: string | undefined;
}

/** Everything a single answer must satisfy; throws with the reason. */
function checkAnswer(request: FuzzRequest, answer: Answer): unknown {
  const { status: httpStatus, text } = answer;
  if (httpStatus >= 500) throw new Error(`5xx answer: ${httpStatus} ${text}`);
  if (request.valid && (httpStatus < 200 || httpStatus > 299)) {
    throw new Error(`a valid request was refused: ${httpStatus} ${text}`);
  }
  // HEAD is answered as GET without the body (RFC 9110).
  if (request.method === "HEAD") {
    if (text) throw new Error(`a HEAD answer with a body: ${text}`);
    return undefined;
  }
  const body: unknown = text === undefined || text === "" ? undefined : JSON.parse(text);
  if (httpStatus < 200 || httpStatus > 299) {
    if (!validators.Error(body)) throw new Error(`not an Error body: ${text}`);
    const error = body as { status: number; code: string; message: string };
    if (error.status !== httpStatus) {
      throw new Error(`Error.status ${error.status} differs from HTTP ${httpStatus}`);
    }
    if (error.code === "" || error.message === "")
      throw new Error(`empty code or message: ${text}`);
  }
  return body;
}

type Snapshot = ReturnType<PetstoreStore["snapshot"]>;

/** Unique ids, every pet in an existing category and valid, every created pet still as created. */
function checkStoreInvariants(
  store: PetstoreStore,
  { pets, categories }: Snapshot,
  created: ReadonlyMap<number, string>,
): void {
  const petIds = new Set(pets.map((pet) => pet.id));
  const categoryIds = new Set(categories.map((category) => category.id));
  if (petIds.size !== pets.length) throw new Error("duplicate pet ids");
  if (categoryIds.size !== categories.length) throw new Error("duplicate category ids");
  for (const pet of pets) {
    if (!categoryIds.has(pet.categoryId)) {
      throw new Error(`pet ${pet.id} names missing category ${pet.categoryId}`);
    }
    if (!validators.Pet({ ...pet })) throw new Error(`stored pet ${pet.id} breaks the Pet schema`);
  }
  for (const [id, text] of created) {
    const now = JSON.stringify(store.getPet(id));
    if (now !== text) throw new Error(`created pet ${id} changed: was ${text}, now ${now}`);
  }
}

/**
 * Sends a run of requests through `send` against a freshly reset store and
 * checks every answer and the store after every request.
 */
async function checkRun(
  store: PetstoreStore,
  requests: readonly FuzzRequest[],
  send: (request: FuzzRequest) => Promise<Answer>,
): Promise<void> {
  await store.reset();
  const created = new Map<number, string>();
  let before = store.snapshot();
  for (const request of requests) {
    const answer = await send(request);
    const body = checkAnswer(request, answer);
    const after = store.snapshot();
    let expected = before;
    if (answer.status === 201 && request.path === "/pets") {
      if (!validators.Pet(body)) throw new Error(`201 body is not a Pet: ${answer.text}`);
      const pet = body as Pet;
      created.set(pet.id, JSON.stringify(pet));
      expected = {
        ...before,
        nextIds: { ...before.nextIds, pets: pet.id + 1 },
        pets: [...before.pets, pet],
      };
    } else if (answer.status === 201) {
      expected = after; // a new category; its invariants are checked below
    }
    if (JSON.stringify(after) !== JSON.stringify(expected)) {
      throw new Error(
        answer.status === 201
          ? "a createPet changed more than adding the new pet"
          : `a ${answer.status} answer changed the store`,
      );
    }
    if (answer.status === 200 && request.path === "/pets" && Array.isArray(body)) {
      const limit = Number(new URLSearchParams(request.query).get("limit") ?? limitRule.default);
      if (body.length > limit) throw new Error(`listPets returned ${body.length} > ${limit}`);
    }
    checkStoreInvariants(store, after, created);
    before = after;
  }
}

const fcParameters = (numRuns: number): fc.Parameters<[FuzzRequest[]]> => ({
  numRuns,
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
});

/** The request's target below `/v1`. */
const target = (request: FuzzRequest) =>
  `${request.path}${request.query ? `?${request.query}` : ""}`;

/** fetch and node:http refuse header values that are not ByteStrings or hold CR/LF: not the mock's concern. */
const sendableHeaders = (request: FuzzRequest) =>
  Object.values(request.headers).every((value) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value));

// ---- the runs --------------------------------------------------------------

describe("answers the fuzzer once found unclear", () => {
  it("names a JSON number too large for a double as Infinity, not null", async () => {
    const store = await createPetstoreStore(seeded);
    const handle = createPetstoreCore({ store, apiKeys: [apiKey] });
    const response = await handle(
      coreRequest("POST", "/pets", {
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: '{"name": "Rex", "categoryId": 1e400}',
      }),
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body ?? "")).toMatchObject({
      code: "invalid_body",
      message: "categoryId must be an integer (got Infinity)",
    });
  });
});

describe("fuzzing the core handler", () => {
  it("answers ≥ 10,000 generated requests without a 5xx, with Error bodies and a consistent store", async () => {
    const store = await createPetstoreStore(seeded);
    const handle = createPetstoreCore({ store, apiKeys: [apiKey] });
    let sent = 0;
    const send = async (request: FuzzRequest): Promise<Answer> => {
      sent++;
      const { method, path, query, headers, body } = request;
      const response = await handle({ method, path, query, header: (name) => headers[name], body });
      return { status: response.status, text: response.body };
    };
    await fc.assert(
      fc.asyncProperty(fc.array(anyRequest, { minLength: 1, maxLength: 30 }), (requests) =>
        checkRun(store, requests, send),
      ),
      fcParameters(2_000),
    );
    expect(sent).toBeGreaterThanOrEqual(10_000);
  });
});

describe("fuzzing through msw/node and fetch", () => {
  const origin = "http://fuzz.petstore.test";
  let store: PetstoreStore;
  let close = () => {};
  beforeAll(async () => {
    store = await createPetstoreStore(seeded);
    const { setupServer } = await import("msw/node");
    const server = setupServer(...createPetstoreHandlers({ store, apiKeys: [apiKey] }));
    server.listen({ onUnhandledFrame: "error" });
    close = () => server.close();
  });
  afterAll(() => close());

  it("keeps the same guarantees over real Request/Response objects", async () => {
    const send = async (request: FuzzRequest): Promise<Answer> => {
      const hasBody = request.body !== undefined && !["GET", "HEAD"].includes(request.method);
      const response = await fetch(`${origin}/v1${target(request)}`, {
        method: request.method,
        headers: request.headers,
        ...(hasBody ? { body: request.body } : {}),
      });
      return { status: response.status, text: await response.text() };
    };
    const requests = fc.array(
      anyRequest
        .filter(sendableHeaders)
        .filter((r) => !["HEAD", "OPTIONS", "FOO"].includes(r.method)),
      { minLength: 1, maxLength: 10 },
    );
    await fc.assert(
      fc.asyncProperty(requests, (run) => checkRun(store, run, send)),
      fcParameters(60),
    );
  });
});

describe("fuzzing the standalone server over node:http", () => {
  let server: RunningPetstoreServer;
  let agent: Agent;
  beforeAll(async () => {
    server = await startPetstoreServer({ port: 0, apiKeys: [apiKey], ...serverSeed });
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  /** node:http refuses to send other bytes in a request line. */
  const sendable = (request: FuzzRequest) =>
    /^[\x21-\x7e]*$/.test(request.path + request.query) && sendableHeaders(request);

  /** A request, sometimes with one of its headers sent twice (the copy may differ). */
  const withDuplicate = fc.record({
    request: anyRequest.filter(sendable).filter((request) => request.method !== "HEAD"),
    duplicate: fc.option(fc.constantFrom("authorization", "content-type", "prefer")),
    copy: fc.constantFrom("same", "garbage"),
  });

  it("keeps the same guarantees with raw headers, duplicated ones included", async () => {
    const sendRaw = (request: FuzzRequest & { duplicate?: string; copy?: string }) => {
      const headers: Record<string, string | string[]> = { ...request.headers };
      const { duplicate } = request;
      const original = duplicate === undefined ? undefined : request.headers[duplicate];
      if (duplicate !== undefined && original !== undefined) {
        headers[duplicate] = [original, request.copy === "same" ? original : "x, y; z="];
      }
      const { method, body } = request;
      return send(`${server.url}${target(request)}`, { method, headers, agent, body });
    };
    const runs = fc.array(withDuplicate, { minLength: 1, maxLength: 10 }).map((items) =>
      items.map(({ request, duplicate, copy }) => ({
        ...request,
        ...(duplicate === null ? {} : { duplicate, copy }),
        // A garbage second credential or media type may turn a valid request down.
        valid: request.valid && (duplicate === null || copy === "same"),
      })),
    );
    await fc.assert(
      fc.asyncProperty(runs, (run) => checkRun(server.store, run, sendRaw)),
      fcParameters(60),
    );
  });
});
