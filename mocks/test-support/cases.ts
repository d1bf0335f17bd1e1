/**
 * The behavioural case table: one request and what must come back, for every
 * documented status and every decision of the mock that a single request shows.
 * It runs against msw/node, the standalone server and the browser worker, so
 * all three are held to the same answers. Cases assume the default seed
 * (5 categories, 50 pets), the default key, and do not depend on their order.
 * Everything here is plain data, so a browser page can receive the requests.
 */

import { maxStringLength } from "../core/limits.js";
import { limitRule, petStatuses } from "../interface/spec.js";
import { defaultApiKey } from "../store/options.js";
import { isObject } from "../util/json.js";

export interface CaseRequest {
  readonly method: string;
  /** Path below the API base, with any query string, e.g. `/pets?limit=5`. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The client gives up after this long (a result of status 0). */
  readonly timeoutMs?: number;
}

export interface CaseExpectation {
  /** The status; 0 for no answer (a dropped connection, or the client gave up). */
  readonly status: number;
  /** The body must be there and not be valid JSON (a malformed-body fault). */
  readonly bodyNotJson?: boolean;
  /** The body must be empty (HEAD). */
  readonly emptyBody?: boolean;
  /** The Error body's `code` (the body must then have the Error shape). */
  readonly code?: string;
  /** A substring of the Error body's `message`. */
  readonly messageIncludes?: string;
  /** Header values by lower-case name: an exact value, or `true` for "present". */
  readonly headers?: Readonly<Record<string, string | true>>;
  /** Header values that must match these regular expressions (given as source text). */
  readonly headerPatterns?: Readonly<Record<string, string>>;
  /** The JSON body must contain these fields with these values. */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** The JSON body must not have these fields. */
  readonly absentFields?: readonly string[];
  /** The JSON body must be an array with a length in this range. */
  readonly length?: { readonly min: number; readonly max: number };
  /** Every item of the JSON array must contain these fields with these values. */
  readonly everyItem?: Readonly<Record<string, unknown>>;
  /** The JSON array's items' ids must be ascending and start at this id. */
  readonly idsFrom?: number;
}

export interface BehaviourCase {
  readonly name: string;
  readonly request: CaseRequest;
  readonly expect: CaseExpectation;
}

/** What came back, in a form any runtime can produce. */
export interface CaseResult {
  /** The status; 0 when no answer came (network error or timeout). */
  readonly status: number;
  /** Headers by lower-case name. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

export const auth = { authorization: `Bearer ${defaultApiKey}` } as const;
const json = { ...auth, "content-type": "application/json" } as const;
const deprecation = {
  sunset: "Thu, 05 Dec 2030 00:00:00 GMT",
  deprecation: "@1735689600",
  link: '</v1/pets>; rel="successor-version"',
} as const;

/** A GET of `path` with the default key (or these headers). */
export const get = (path: string, headers: Readonly<Record<string, string>> = auth) =>
  ({ method: "GET", path, headers }) satisfies CaseRequest;
/** A POST of a JSON body with the default key (or these headers). */
export const post = (
  path: string,
  body: string,
  headers: Readonly<Record<string, string>> = json,
) => ({ method: "POST", path, headers, body }) satisfies CaseRequest;

const operationsUnderAuth: readonly CaseRequest[] = [
  { method: "GET", path: "/pets" },
  { method: "POST", path: "/pets", body: JSON.stringify({ name: "Rex", categoryId: 1 }) },
  { method: "GET", path: "/pets/1" },
  { method: "GET", path: "/categories" },
  { method: "POST", path: "/categories", body: JSON.stringify({ name: "ferret" }) },
];

const badCredentials: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  missing: {},
  wrong: { authorization: "Bearer not-the-key" },
  "key in another case": { authorization: `Bearer ${defaultApiKey.toUpperCase()}` },
  "key with a trailing character": { authorization: `Bearer ${defaultApiKey}x` },
  malformed: { authorization: `Bearer${defaultApiKey}` },
  "Basic scheme": { authorization: `Basic ${btoa(`user:${defaultApiKey}`)}` },
  "empty bearer": { authorization: "Bearer " },
  "bare key": { authorization: defaultApiKey },
};

const authCases: BehaviourCase[] = operationsUnderAuth.flatMap((request) =>
  Object.entries(badCredentials).map(([kind, headers]) => ({
    name: `${request.method} ${request.path}: ${kind} credential → 401`,
    request: {
      ...request,
      headers: { ...headers, ...(request.body ? { "content-type": "application/json" } : {}) },
    },
    expect: {
      status: 401,
      code: "unauthorized",
      headers: {
        "www-authenticate": "Bearer",
        ...(request.path === "/pets/1" ? deprecation : {}),
      },
    },
  })),
);

const invalidLimits = ["0", String(limitRule.maximum + 1), "-1", "1.5", "abc", "", "1e2", "%20"];

const listCases: BehaviourCase[] = [
  {
    name: "listPets: default limit returns the first 20 by ascending id",
    request: get("/pets"),
    expect: {
      status: 200,
      headers: { "content-type": "application/json" },
      length: { min: limitRule.default, max: limitRule.default },
      idsFrom: 1,
    },
  },
  ...[1, 7, limitRule.maximum].map((limit) => ({
    name: `listPets: limit=${limit} returns at most ${limit}`,
    request: get(`/pets?limit=${limit}`),
    expect: { status: 200, length: { min: Math.min(limit, 50), max: limit }, idsFrom: 1 },
  })),
  ...invalidLimits.map((limit) => ({
    name: `listPets: limit=${JSON.stringify(limit)} → 400`,
    request: get(`/pets?limit=${limit}`),
    expect: { status: 400, code: "invalid_query", messageIncludes: "limit" },
  })),
  {
    name: "listPets: limit given twice → 400",
    request: get("/pets?limit=2&limit=3"),
    expect: { status: 400, code: "invalid_query", messageIncludes: "limit" },
  },
  ...petStatuses.map((status) => ({
    name: `listPets: status=${status} returns only ${status} pets`,
    request: get(`/pets?status=${status}&limit=100`),
    expect: { status: 200, length: { min: 1, max: 100 }, everyItem: { status } },
  })),
  {
    name: "listPets: status and limit combine",
    request: get("/pets?status=pending&limit=3"),
    expect: { status: 200, length: { min: 1, max: 3 }, everyItem: { status: "pending" } },
  },
  {
    name: "listPets: unknown status → 400 naming the allowed values",
    request: get("/pets?status=adopted"),
    expect: { status: 400, code: "invalid_query", messageIncludes: petStatuses.join(", ") },
  },
  {
    name: "listPets: unknown query parameters are ignored",
    request: get("/pets?limit=2&page=3"),
    expect: { status: 200, length: { min: 2, max: 2 } },
  },
  {
    name: "listPets: the Bearer scheme name is case-insensitive",
    request: get("/pets?limit=1", { authorization: `bEaReR ${defaultApiKey}` }),
    expect: { status: 200, length: { min: 1, max: 1 } },
  },
];

const newPet = { name: "Biscuit", categoryId: 2, status: "pending" } as const;

/** createPet bodies that must be rejected, with the field the message names. */
const invalidPetBodies: readonly [string, string, string][] = [
  ["missing name", JSON.stringify({ categoryId: 1 }), "name"],
  ["missing categoryId", JSON.stringify({ name: "Rex" }), "categoryId"],
  ["name not a string", JSON.stringify({ name: 7, categoryId: 1 }), "name"],
  ["blank name", JSON.stringify({ name: "  ", categoryId: 1 }), "name"],
  ["categoryId a string", JSON.stringify({ name: "Rex", categoryId: "1" }), "categoryId"],
  ["categoryId not an integer", JSON.stringify({ name: "Rex", categoryId: 1.5 }), "categoryId"],
  ["categoryId beyond safe integers", '{"name":"Rex","categoryId":1e20}', "categoryId"],
  ["categoryId of no category", JSON.stringify({ name: "Rex", categoryId: 999 }), "categoryId"],
  [
    "status not a PetStatus",
    JSON.stringify({ name: "Rex", categoryId: 1, status: "lost" }),
    "status",
  ],
  ["status null", JSON.stringify({ name: "Rex", categoryId: 1, status: null }), "status"],
  ["body null", "null", "body"],
  ["body an array", JSON.stringify([newPet]), "body"],
  ["body a string", JSON.stringify("Rex"), "body"],
  ["malformed JSON", '{"name": "Rex",', "JSON"],
  ["empty body", "", "body"],
];

const createPetCases: BehaviourCase[] = [
  {
    name: "createPet: 201 with the stored pet and its Location",
    request: post("/pets", JSON.stringify(newPet)),
    expect: {
      status: 201,
      fields: newPet,
      headerPatterns: { location: "^/v1/pets/\\d+$" },
    },
  },
  {
    name: "createPet: status is not defaulted when absent; unknown fields are ignored",
    request: post("/pets", JSON.stringify({ name: "Pip", categoryId: 3, color: "grey", id: 1 })),
    expect: {
      status: 201,
      fields: { name: "Pip", categoryId: 3 },
      absentFields: ["status", "color"],
    },
  },
  {
    name: "createPet: application/json with a charset is accepted",
    request: post("/pets", JSON.stringify(newPet), {
      ...auth,
      "content-type": "application/json; charset=utf-8",
    }),
    expect: { status: 201, fields: newPet },
  },
  ...invalidPetBodies.map(([what, body, field]) => ({
    name: `createPet: ${what} → 400`,
    request: post("/pets", body),
    expect: { status: 400, code: "invalid_body", messageIncludes: field },
  })),
  {
    name: `createPet: a name of exactly ${maxStringLength} characters is stored`,
    request: post("/pets", JSON.stringify({ name: "n".repeat(maxStringLength), categoryId: 1 })),
    expect: { status: 201, fields: { name: "n".repeat(maxStringLength) } },
  },
  {
    name: `createPet: a name over ${maxStringLength} characters → 400 naming the limit`,
    request: post(
      "/pets",
      JSON.stringify({ name: "n".repeat(maxStringLength + 1), categoryId: 1 }),
    ),
    expect: {
      status: 400,
      code: "invalid_body",
      messageIncludes: `name must be at most ${maxStringLength} characters`,
    },
  },
  {
    name: "createPet: a non-JSON content type → 415",
    request: post("/pets", JSON.stringify(newPet), { ...auth, "content-type": "text/plain" }),
    expect: { status: 415, code: "unsupported_media_type", messageIncludes: "Content-Type" },
  },
];

const getPetCases: BehaviourCase[] = [
  {
    name: "getPet: 200 with the pet and the deprecation headers",
    request: get("/pets/7"),
    expect: { status: 200, fields: { id: 7 }, headers: deprecation },
  },
  {
    name: "getPet: an absent pet → 404 with the deprecation headers",
    request: get("/pets/99999"),
    expect: { status: 404, code: "not_found", messageIncludes: "99999", headers: deprecation },
  },
  {
    name: "getPet: an int64 id above the safe range (never assigned) → 404",
    request: get("/pets/9007199254740993"),
    expect: {
      status: 404,
      code: "not_found",
      messageIncludes: "9007199254740993",
      headers: deprecation,
    },
  },
  ...["abc", "0", "-3", "1.5", "99999999999999999999"].map((petId) => ({
    name: `getPet: petId ${petId} → 400`,
    request: get(`/pets/${petId}`),
    expect: { status: 400, code: "invalid_path", messageIncludes: "petId", headers: deprecation },
  })),
];

const categoryCases: BehaviourCase[] = [
  {
    name: "listCategories: the seeded categories by ascending id",
    request: get("/categories"),
    expect: { status: 200, length: { min: 5, max: 1000 }, idsFrom: 1 },
  },
  {
    name: "createCategory: 201 with the stored category",
    request: post(
      "/categories",
      JSON.stringify({ name: "ferret", description: "Playful mustelids." }),
    ),
    expect: { status: 201, fields: { name: "ferret", description: "Playful mustelids." } },
  },
  {
    name: "createCategory: description is optional",
    request: post("/categories", '{"name":"hamster"}'),
    expect: { status: 201, fields: { name: "hamster" }, absentFields: ["description"] },
  },
  ...(
    [
      ["missing name", '{"description":"x"}', "name"],
      ["description not a string", '{"name":"x","description":5}', "description"],
      ["body an array", "[]", "body"],
      ["malformed JSON", "{", "JSON"],
      ["empty body", "", "body"],
      [
        `description over ${maxStringLength} characters`,
        JSON.stringify({ name: "x", description: "d".repeat(maxStringLength + 1) }),
        `description must be at most ${maxStringLength} characters`,
      ],
    ] as const
  ).map(([what, body, field]) => ({
    name: `createCategory: ${what} → 400`,
    request: post("/categories", body),
    expect: { status: 400, code: "invalid_body", messageIncludes: field },
  })),
  {
    name: "createCategory: a non-JSON content type → 415",
    request: post("/categories", "name=ferret", {
      ...auth,
      "content-type": "application/x-www-form-urlencoded",
    }),
    expect: { status: 415, code: "unsupported_media_type" },
  },
];

const routingCases: BehaviourCase[] = [
  ...["/store/orders", "/pets/1/no-such-part", "/owners", ""].map((path) => ({
    name: `unknown path ${JSON.stringify(path)} → 404`,
    request: get(path),
    expect: { status: 404, code: "not_found" },
  })),
  ...(
    [
      ["DELETE", "/pets", "GET, POST"],
      ["PUT", "/pets/1", "GET"],
      ["PATCH", "/categories", "GET, POST"],
      ["DELETE", "/pets/1", "GET"],
    ] as const
  ).map(([method, path, allow]) => ({
    name: `${method} ${path} → 405 with Allow`,
    request: { method, path, headers: auth },
    expect: { status: 405, code: "method_not_allowed", headers: { allow } },
  })),
];

const headCases: BehaviourCase[] = [
  {
    name: "HEAD /pets → 200 with GET's headers and no body",
    request: { method: "HEAD", path: "/pets?limit=3", headers: auth },
    expect: {
      status: 200,
      emptyBody: true,
      headers: { "content-type": "application/json" },
      headerPatterns: { "content-length": "^[1-9]\\d*$" },
    },
  },
  {
    name: "HEAD /pets/1 → 200 with the deprecation headers",
    request: { method: "HEAD", path: "/pets/1", headers: auth },
    expect: { status: 200, emptyBody: true, headers: deprecation },
  },
  {
    name: "HEAD /categories without a credential → 401",
    request: { method: "HEAD", path: "/categories" },
    expect: { status: 401, emptyBody: true, headers: { "www-authenticate": "Bearer" } },
  },
];

const scenarioCases: BehaviourCase[] = [
  ...([503, 500, 429, 404] as const).map((status) => ({
    name: `Prefer: code=${status} → ${status} Error`,
    request: get("/pets", { ...auth, prefer: `code=${status}` }),
    expect: { status },
  })),
  {
    name: "Prefer: code=503 still needs the credential",
    request: get("/pets", { prefer: "code=503" }),
    expect: { status: 401, code: "unauthorized" },
  },
  {
    name: "Prefer: a 2xx code is ignored",
    request: get("/pets?limit=1", { ...auth, prefer: "code=200" }),
    expect: { status: 200, length: { min: 1, max: 1 } },
  },
];

export const behaviourCases: readonly BehaviourCase[] = [
  ...authCases,
  ...listCases,
  ...createPetCases,
  ...getPetCases,
  ...categoryCases,
  ...routingCases,
  ...headCases,
  ...scenarioCases,
];

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function fieldProblems(
  value: unknown,
  fields: Readonly<Record<string, unknown>>,
  where: string,
): string[] {
  if (!isObject(value)) return [`${where} is not a JSON object`];
  return Object.entries(fields)
    .filter(([name, expected]) => JSON.stringify(value[name]) !== JSON.stringify(expected))
    .map(
      ([name, expected]) =>
        `${where}.${name} is ${JSON.stringify(value[name])}, expected ${JSON.stringify(expected)}`,
    );
}

/** Every way the result falls short of the case's expectation; empty when it meets it. */
export function checkCase(expectation: CaseExpectation, result: CaseResult): string[] {
  const problems: string[] = [];
  if (result.status !== expectation.status) {
    problems.push(
      `status ${result.status}, expected ${expectation.status}: ${result.text.slice(0, 200)}`,
    );
  }
  for (const [name, expected] of Object.entries(expectation.headers ?? {})) {
    const actual = result.headers[name];
    if (actual === undefined) problems.push(`header ${name} is missing`);
    else if (expected !== true && actual !== expected)
      problems.push(
        `header ${name} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
      );
  }
  for (const [name, pattern] of Object.entries(expectation.headerPatterns ?? {})) {
    const actual = result.headers[name];
    if (actual === undefined || !new RegExp(pattern).test(actual)) {
      problems.push(`header ${name} is ${JSON.stringify(actual)}, expected to match /${pattern}/`);
    }
  }
  if (expectation.status === 0 || result.status === 0) return problems;
  if (expectation.emptyBody) {
    return result.text === ""
      ? problems
      : [...problems, `body should be empty: ${result.text.slice(0, 100)}`];
  }
  const body = parseJson(result.text);
  if (expectation.bodyNotJson) {
    return body.ok || result.text === ""
      ? [...problems, `body should be malformed JSON: ${result.text.slice(0, 100)}`]
      : problems;
  }
  if (!body.ok)
    return [...problems, `body is not JSON: ${JSON.stringify(result.text.slice(0, 100))}`];
  const value = body.value;
  if (result.status >= 400) {
    if (
      !isObject(value) ||
      typeof value.code !== "string" ||
      typeof value.message !== "string" ||
      value.status !== result.status
    ) {
      problems.push(
        `body is not an Error with status ${result.status}: ${result.text.slice(0, 200)}`,
      );
    }
  }
  if (expectation.code !== undefined)
    problems.push(...fieldProblems(value, { code: expectation.code }, "body"));
  if (expectation.messageIncludes !== undefined) {
    const message = isObject(value) ? value.message : undefined;
    if (typeof message !== "string" || !message.includes(expectation.messageIncludes)) {
      problems.push(
        `message ${JSON.stringify(message)} does not mention ${JSON.stringify(expectation.messageIncludes)}`,
      );
    }
  }
  if (expectation.fields) problems.push(...fieldProblems(value, expectation.fields, "body"));
  for (const name of expectation.absentFields ?? []) {
    if (isObject(value) && name in value) problems.push(`body.${name} should be absent`);
  }
  if (expectation.length || expectation.everyItem || expectation.idsFrom !== undefined) {
    if (!Array.isArray(value)) return [...problems, "body is not a JSON array"];
    const { min, max } = expectation.length ?? { min: 0, max: Number.POSITIVE_INFINITY };
    if (value.length < min || value.length > max)
      problems.push(`array has ${value.length} items, expected ${min}–${max}`);
    value.forEach((item, index) => {
      if (expectation.everyItem)
        problems.push(...fieldProblems(item, expectation.everyItem, `body[${index}]`));
    });
    if (expectation.idsFrom !== undefined) {
      const ids = value.map((item) => (isObject(item) ? item.id : undefined));
      const ascending = ids.every(
        (id, index) => typeof id === "number" && (index === 0 || id > (ids[index - 1] as number)),
      );
      if (!ascending || ids[0] !== expectation.idsFrom)
        problems.push(
          `ids ${JSON.stringify(ids.slice(0, 10))}… are not ascending from ${expectation.idsFrom}`,
        );
    }
  }
  return problems;
}

/**
 * Sends a case's request with `fetch` to a base URL (ending in `/v1`) and
 * reads the result; a network error or a timeout is status 0. The browser
 * tests send with this very function, inside the page (./page-fetch.ts).
 */
export async function sendCase(baseUrl: string, request: CaseRequest): Promise<CaseResult> {
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers ?? {},
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.timeoutMs === undefined
        ? {}
        : { signal: AbortSignal.timeout(request.timeoutMs) }),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, text: await response.text() };
  } catch (error) {
    if (error instanceof TypeError || (error as Error).name === "TimeoutError") {
      return { status: 0, headers: {}, text: "" };
    }
    throw error;
  }
}
