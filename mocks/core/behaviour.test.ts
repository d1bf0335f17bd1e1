/**
 * The core under a behaviour profile answers as each alternative says, and
 * only there: what the profile leaves at the default is the kit's answer.
 */
import { describe, expect, it } from "vitest";
import type { ErrorClass } from "../interface/behaviour-profile.js";
import { type BehaviourProfileInput, behaviourFrom } from "../interface/behaviours.js";
import type { ErrorBody } from "../interface/types.js";
import { createPetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { operationBehaviour } from "./behaviour.js";
import { createPetstoreCore } from "./create-core.js";
import { defaultApiKey } from "./defaults.js";
import type { CoreResponse } from "./exchange.js";

const auth = { authorization: `Bearer ${defaultApiKey}` };
const json = { ...auth, "content-type": "application/json" };

async function mockUnder(
  choices: BehaviourProfileInput["choices"] | undefined,
  { origin, pets = 6 }: { readonly origin?: string; readonly pets?: number } = {},
) {
  const behaviour =
    choices === undefined ? undefined : behaviourFrom({ version: 1, choices }, "test");
  const store = await createPetstoreStore({ pets, categories: 2 }, undefined, { behaviour });
  const profile = behaviour === undefined ? undefined : operationBehaviour(behaviour);
  const core = createPetstoreCore({ store, profile });
  return (
    method: string,
    target: string,
    headers: Readonly<Record<string, string>> = auth,
    body?: unknown,
    text?: string,
  ) =>
    core(
      coreRequest(method, target, {
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(text === undefined ? {} : { body: text }),
        ...(origin === undefined ? {} : { origin }),
      }),
    );
}

const bodyOf = (response: CoreResponse): unknown => JSON.parse(response.body ?? "null");
const ids = (response: CoreResponse) => (bodyOf(response) as { id: number }[]).map((pet) => pet.id);

describe("the list's query", () => {
  it.each([
    ["limitBelowMinimum", "clamped", "limit=0", [1]],
    ["limitAboveMaximum", "clamped", "limit=500", [1, 2, 3, 4, 5, 6]],
    ["limitBelowMinimum", "clamped", "limit=-3", [1]],
    ["limitBelowMinimum", "default", "limit=0", [1, 2, 3, 4, 5, 6]],
    ["limitAboveMaximum", "default", "limit=101", [1, 2, 3, 4, 5, 6]],
    ["emptyQuery", "ignored", "limit=", [1, 2, 3, 4, 5, 6]],
    ["emptyQuery", "ignored", "status=&limit=2", [1, 2]],
    ["statusUnknown", "empty", "status=flying", []],
    ["statusUnknown", "ignored", "status=AVAILABLE&limit=2", [1, 2]],
    ["limitNotInteger", "rounded", "limit=2.9", [1, 2]],
    ["limitNotInteger", "rounded", "limit=abc", [1, 2, 3, 4, 5, 6]],
    ["limitNotInteger", "default", "limit=2.9", [1, 2, 3, 4, 5, 6]],
    ["limitNotInteger", "default", "limit=", [1, 2, 3, 4, 5, 6]],
    ["repeatedQuery", "first", "limit=2&limit=3", [1, 2]],
    ["repeatedQuery", "last", "limit=2&limit=3", [1, 2, 3]],
    ["unknownQuery", "ignored", "limit=1&utm_source=x", [1]],
    ["statusUnknown", "ignored", "status=flying", [1, 2, 3, 4, 5, 6]],
    ["statusUnknown", "ignored", "status=", [1, 2, 3, 4, 5, 6]],
  ] as const)("%s %s: %s lists %j", async (choice, alternative, query, expected) => {
    const send = await mockUnder({ [choice]: alternative });
    const response = await send("GET", `/pets?${query}`);
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual(expected);
  });

  it("a decimal rounded below 1 is held to limitBelowMinimum: refused by default, clamped when chosen", async () => {
    expect(
      (await (await mockUnder({ limitNotInteger: "rounded" }))("GET", "/pets?limit=0.5")).status,
    ).toBe(400);
    const clamped = await mockUnder({ limitNotInteger: "rounded", limitBelowMinimum: "clamped" });
    expect(ids(await clamped("GET", "/pets?limit=0.5"))).toEqual([1]);
  });

  it("limitAboveMaximum clamped: above 100 lists the first 100 of a store holding 150", async () => {
    const send = await mockUnder({ limitAboveMaximum: "clamped" }, { pets: 150 });
    const first100 = Array.from({ length: 100 }, (_, index) => index + 1);
    for (const limit of [101, 500]) {
      const response = await send("GET", `/pets?limit=${limit}`);
      expect(response.status).toBe(200);
      expect(ids(response)).toEqual(first100);
    }
  });

  it("the alternatives left at the default still refuse", async () => {
    const send = await mockUnder({ limitAboveMaximum: "clamped" });
    expect((await send("GET", "/pets?limit=abc")).status).toBe(400);
    expect((await send("GET", "/pets?limit=2&limit=3")).status).toBe(400);
    expect((await send("GET", "/pets?status=SOLD")).status).toBe(400);
  });

  it("unknownQuery refused: 400 invalid_query naming the parameter, on both lists", async () => {
    const send = await mockUnder({ unknownQuery: "refused" });
    for (const path of ["/pets?utm_source=x", "/categories?utm_source=x"]) {
      const response = await send("GET", path);
      expect(response.status).toBe(400);
      expect(bodyOf(response)).toMatchObject({
        code: "invalid_query",
        message:
          '"utm_source" is not a query parameter of ' +
          (path.startsWith("/pets") ? "listPets" : "listCategories"),
      });
    }
    expect((await send("GET", "/pets?limit=2")).status).toBe(200);
  });

  it("a pair that is not valid percent-encoding is refused naming it, the query's earlier pairs first", async () => {
    const send = await mockUnder({ unknownQuery: "refused", repeatedQuery: "first" });
    const bad = await send("GET", "/pets?limit=2&x=%ZZ");
    expect(bad.status).toBe(400);
    expect(bodyOf(bad)).toMatchObject({
      code: "invalid_query",
      message: 'query string is not valid percent-encoding (got "x=%ZZ")',
    });
    expect(bodyOf(await send("GET", "/pets?utm_source=x&x=%ZZ"))).toMatchObject({
      message: '"utm_source" is not a query parameter of listPets',
    });
  });

  it("statusCase caseInsensitive: any case filters by the status", async () => {
    const send = await mockUnder({ statusCase: "caseInsensitive" });
    const exact = await send("GET", "/pets?status=sold");
    const upper = await send("GET", "/pets?status=SoLD");
    expect(upper.status).toBe(200);
    expect(upper.body).toBe(exact.body);
    expect((await send("GET", "/pets?status=flying")).status).toBe(400);
  });
});

describe("order", () => {
  it("petsOrder descending: newest first, the first `limit` of that order", async () => {
    const send = await mockUnder({ petsOrder: "descending" });
    expect(ids(await send("GET", "/pets?limit=2"))).toEqual([6, 5]);
    const sold = bodyOf(await send("GET", "/pets?status=sold")) as { id: number }[];
    expect(sold.map((pet) => pet.id)).toEqual([...sold.map((pet) => pet.id)].sort((a, b) => b - a));
  });

  it("categoriesOrder descending: newest first", async () => {
    const send = await mockUnder({ categoriesOrder: "descending" });
    expect(ids(await send("GET", "/categories"))).toEqual([2, 1]);
  });
});

describe("getPet's petId", () => {
  it.each([
    ["petIdMalformed", "/pets/abc", 404, "/pets/0", 400],
    ["petIdOutOfRange", "/pets/0", 404, "/pets/abc", 400],
  ] as const)(
    "%s notFound: %s is a 404, %s still a %i",
    async (choice, chosen, status, other, otherStatus) => {
      const send = await mockUnder({ [choice]: "notFound" });
      const response = await send("GET", chosen);
      expect(response.status).toBe(status);
      expect(bodyOf(response)).toMatchObject({ code: "not_found", status: 404 });
      expect((await send("GET", other)).status).toBe(otherStatus);
    },
  );

  it("petIdOutOfRange notFound: negative and beyond int64 are 404s too", async () => {
    const send = await mockUnder({ petIdOutOfRange: "notFound" });
    expect((await send("GET", "/pets/-4")).status).toBe(404);
    expect((await send("GET", `/pets/${"9".repeat(30)}`)).status).toBe(404);
  });
});

describe("creates", () => {
  it("unknownCategory accepted: 201, stored with that categoryId", async () => {
    const send = await mockUnder({ unknownCategory: "accepted" });
    const response = await send("POST", "/pets", json, { name: "Rex", categoryId: 77 });
    expect(response.status).toBe(201);
    expect(bodyOf(response)).toEqual({ id: 7, name: "Rex", categoryId: 77 });
  });

  it.each(["available", "pending", "sold"] as const)(
    "createdStatus %s: a pet created without one gets it",
    async (status) => {
      const send = await mockUnder({ createdStatus: status });
      const created = await send("POST", "/pets", json, { name: "Rex", categoryId: 1 });
      expect(bodyOf(created)).toEqual({ id: 7, name: "Rex", categoryId: 1, status });
      const kept = await send("POST", "/pets", json, {
        name: "Mia",
        categoryId: 1,
        status: "pending",
      });
      expect(bodyOf(kept)).toMatchObject({ status: "pending" });
    },
  );

  it("categoryRefusalStatus 422: createCategory's refused body, never createPet's", async () => {
    const send = await mockUnder({ categoryRefusalStatus: "422" });
    const category = await send("POST", "/categories", json, { name: 3 });
    expect(category.status).toBe(422);
    expect(bodyOf(category)).toMatchObject({ code: "invalid_body", status: 422 });
    expect((await send("POST", "/pets", json, { name: 3 })).status).toBe(400);
  });

  it.each([
    ["absent", undefined],
    ["absolute", "http://127.0.0.1:4000/v1/pets/7"],
    ["relative", "/v1/pets/7"],
  ] as const)("createLocation %s", async (alternative, location) => {
    const send = await mockUnder(
      { createLocation: alternative },
      { origin: "http://127.0.0.1:4000" },
    );
    const response = await send("POST", "/pets", json, { name: "Rex", categoryId: 1 });
    expect(response.headers.location).toBe(location);
  });

  it("createLocation absolute never writes a Host the runtime did not vouch for: relative then", async () => {
    const send = await mockUnder({ createLocation: "absolute" });
    const headers = { ...json, host: "evil.example" };
    const response = await send("POST", "/pets", headers, { name: "Rex", categoryId: 1 });
    expect(response.headers.location).toBe("/v1/pets/7");
  });
});

describe("records and Error bodies", () => {
  it("petFields and categoryFields extra: every record carries them, each its own value of the sample's kind, in lists too", async () => {
    const send = await mockUnder({
      petFields: { alternative: "extra", value: { createdAt: "2024-01-01T00:00:00Z", tags: [] } },
      categoryFields: { alternative: "extra", value: { slug: "x" } },
    });
    const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
    expect(bodyOf(await send("GET", "/pets/1"))).toMatchObject({
      id: 1,
      createdAt: expect.stringMatching(dateTime),
      tags: [],
    });
    const list = bodyOf(await send("GET", "/pets?limit=6")) as { createdAt: string }[];
    for (const pet of list)
      expect(pet).toMatchObject({ createdAt: expect.stringMatching(dateTime), tags: [] });
    expect(new Set(list.map((pet) => pet.createdAt)).size).toBe(6);
    const categories = bodyOf(await send("GET", "/categories")) as { slug: string }[];
    expect(categories).toEqual([
      expect.objectContaining({ id: 1, slug: expect.any(String) }),
      expect.objectContaining({ id: 2, slug: expect.any(String) }),
    ]);
    expect(categories.map((category) => category.slug)).not.toContain("x");
    const created = bodyOf(await send("POST", "/pets", json, { name: "Rex", categoryId: 1 }));
    expect(created).toMatchObject({ id: 7, createdAt: expect.stringMatching(dateTime), tags: [] });
  });

  it.each([
    [
      { errorCodes: "upperCase" },
      { code: "NOT_FOUND", message: "No pet with id 99.", status: 404 },
    ],
    [
      { errorCodes: "httpStatus" },
      { code: "NOT_FOUND", message: "No pet with id 99.", status: 404 },
    ],
    [
      { errorCodes: { alternative: "custom", value: { not_found: "E_NOT_FOUND" } } },
      { code: "E_NOT_FOUND", message: "No pet with id 99.", status: 404 },
    ],
    [{ errorMessages: "reasonPhrase" }, { code: "not_found", message: "Not Found", status: 404 }],
    [
      { errorFields: { alternative: "extra", value: { traceId: "0" } } },
      { code: "not_found", message: "No pet with id 99.", status: 404, traceId: "0" },
    ],
  ] as const)("%j: the Error body is %j", async (choices, expected) => {
    const send = await mockUnder(choices as BehaviourProfileInput["choices"]);
    expect(bodyOf(await send("GET", "/pets/99"))).toEqual(expected);
  });

  it("a Prefer scenario keeps the kit's Error body", async () => {
    const send = await mockUnder({ errorCodes: "upperCase" });
    const response = await send("GET", "/pets", { ...auth, prefer: "code=503" });
    expect(bodyOf(response)).toMatchObject({ code: "service_unavailable" });
  });
});

describe("the category operations' errors", () => {
  it("categoryCredentialStatus 403: a bad credential on a category operation, never on the others", async () => {
    const send = await mockUnder({ categoryCredentialStatus: "403" });
    for (const method of ["GET", "POST"]) {
      const response = await send(method, "/categories", {});
      expect(response.status).toBe(403);
      expect(bodyOf(response)).toMatchObject({ code: "forbidden", status: 403 });
      expect(response.headers["www-authenticate"]).toBeUndefined();
    }
    expect((await send("GET", "/pets", {})).status).toBe(401);
  });

  it("categoryErrorShape errorField: a key the message would echo is masked in `error` too", async () => {
    const send = await mockUnder({ categoryErrorShape: "errorField" });
    const refused = await send("POST", "/categories", json, { name: [defaultApiKey] });
    expect(refused.status).toBe(400);
    expect(refused.body).not.toContain(defaultApiKey);
    expect(bodyOf(refused)).toEqual({ error: expect.stringContaining("name must be a string") });
  });

  it("categoryErrorShape errorField: { error } on the category operations only", async () => {
    const send = await mockUnder({
      categoryErrorShape: "errorField",
      categoryRefusalStatus: "422",
    });
    const refused = await send("POST", "/categories", json, {});
    expect(refused.status).toBe(422);
    expect(bodyOf(refused)).toEqual({ error: "name is required" });
    expect(bodyOf(await send("GET", "/pets/99"))).toMatchObject({ code: "not_found" });
  });
});

describe("headers", () => {
  it.each([
    ["absent", undefined],
    [{ alternative: "custom", value: 'Bearer realm="petstore"' }, 'Bearer realm="petstore"'],
  ] as const)("wwwAuthenticate %j", async (choice, header) => {
    const send = await mockUnder({ wwwAuthenticate: choice });
    const response = await send("GET", "/pets", {});
    expect(response.status).toBe(401);
    expect(response.headers["www-authenticate"]).toBe(header);
  });

  it("deprecationDate and successorLink: getPet's headers as the profile gives them, Sunset kept", async () => {
    const dated = await mockUnder({
      deprecationDate: { alternative: "date", value: "@1700000000" },
      successorLink: "absent",
    });
    const response = await dated("GET", "/pets/1");
    expect(response.headers.deprecation).toBe("@1700000000");
    expect(response.headers.sunset).toBe("Thu, 05 Dec 2030 00:00:00 GMT");
    expect(response.headers.link).toBeUndefined();
    expect(response.headers.sunset).toBe("Thu, 05 Dec 2030 00:00:00 GMT");
    const other = await mockUnder({
      deprecationDate: "absent",
      successorLink: {
        alternative: "custom",
        value: '<https://example.com/v1/pets>; rel="successor-version"',
      },
    });
    const again = await other("GET", "/pets/1");
    expect(again.headers.sunset).toBeDefined();
    const noSunset = await mockUnder({ sunsetHeader: "absent" });
    expect((await noSunset("GET", "/pets/1")).headers.sunset).toBeUndefined();
    expect(again.headers.deprecation).toBeUndefined();
    expect(again.headers.link).toBe('<https://example.com/v1/pets>; rel="successor-version"');
  });
});

describe("the default profile", () => {
  it("a profile of only defaults answers as no profile does", async () => {
    const plain = await mockUnder(undefined);
    const named = await mockUnder({ petsOrder: "ascending", errorCodes: "kit" });
    for (const target of [
      "/pets?limit=0",
      "/pets?limit=3",
      "/pets/abc",
      "/pets/1",
      "/categories",
    ]) {
      const [a, b] = [await plain("GET", target), await named("GET", target)];
      expect(b).toEqual(a);
    }
  });
});

describe("paths and methods", () => {
  it("trailingSlash same: `/pets/` and `/categories/` answer as without the slash; notFound by default", async () => {
    const same = await mockUnder({ trailingSlash: "same" });
    expect(ids(await same("GET", "/pets/?limit=2"))).toEqual([1, 2]);
    expect((await same("GET", "/categories/")).status).toBe(200);
    expect((await same("GET", "/pets/1/")).status).toBe(200);
    const kit = await mockUnder(undefined);
    expect((await kit("GET", "/pets/")).status).toBe(404);
  });

  it("headMethod refused: 405 with Allow naming GET; answered by default", async () => {
    const refused = await mockUnder({ headMethod: "refused" });
    const head = await refused("HEAD", "/pets");
    expect(head.status).toBe(405);
    expect(head.headers.allow).toContain("GET");
    expect(head.body).toBeUndefined();
    const kit = await mockUnder(undefined);
    expect((await kit("HEAD", "/pets")).status).toBe(200);
  });
});

describe("create bodies", () => {
  it("blankName accepted: a blank name is stored on both creates; refused by default", async () => {
    const accepted = await mockUnder({ blankName: "accepted" });
    expect((await accepted("POST", "/pets", json, { name: " ", categoryId: 1 })).status).toBe(201);
    expect((await accepted("POST", "/categories", json, { name: "" })).status).toBe(201);
    const kit = await mockUnder(undefined);
    expect((await kit("POST", "/pets", json, { name: " ", categoryId: 1 })).status).toBe(400);
  });

  it("bodyMediaType accepted: a text/plain JSON body is read; 415 by default", async () => {
    const plain = { ...auth, "content-type": "text/plain" };
    const accepted = await mockUnder({ bodyMediaType: "accepted" });
    const created = await accepted("POST", "/pets", plain, { name: "Rex", categoryId: 1 });
    expect(created.status).toBe(201);
    expect(bodyOf(created)).toMatchObject({ name: "Rex" });
    const kit = await mockUnder(undefined);
    expect((await kit("POST", "/pets", plain, { name: "Rex", categoryId: 1 })).status).toBe(415);
  });

  it("categoryDescription dropped: a description of another type is left out; createPet's body is still checked", async () => {
    const dropped = await mockUnder({ categoryDescription: "dropped" });
    const created = await dropped("POST", "/categories", json, { name: "emu", description: 5 });
    expect(created.status).toBe(201);
    expect(bodyOf(created)).not.toHaveProperty("description");
    const pet = await dropped("POST", "/pets", json, { name: "Rex", categoryId: 1, status: 5 });
    expect(pet.status).toBe(400);
    const kit = await mockUnder(undefined);
    expect((await kit("POST", "/categories", json, { name: "emu", description: 5 })).status).toBe(
      400,
    );
  });

  it("categoryLocation relative and absolute: createCategory's 201 names the new category; none by default", async () => {
    const relative = await mockUnder({ categoryLocation: "relative" });
    const made = await relative("POST", "/categories", json, { name: "emu" });
    expect(made.headers.location).toBe(`/v1/categories/${(bodyOf(made) as { id: number }).id}`);
    const absolute = await mockUnder(
      { categoryLocation: "absolute" },
      { origin: "http://127.0.0.1:4000" },
    );
    const there = await absolute("POST", "/categories", json, { name: "emu" });
    expect(there.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:4000\/v1\/categories\/\d+$/);
    // A Host the runtime did not check names no origin: the Location stays relative.
    const unchecked = await mockUnder({ categoryLocation: "absolute" });
    const hostile = await unchecked(
      "POST",
      "/categories",
      { ...json, host: "evil.example" },
      {
        name: "emu",
      },
    );
    expect(hostile.headers.location).toMatch(/^\/v1\/categories\/\d+$/);
    const kit = await mockUnder(undefined);
    expect((await kit("POST", "/categories", json, { name: "emu" })).headers.location).toBe(
      undefined,
    );
  });
});

describe("deprecation headers", () => {
  it("deprecationOn success: getPet's 404 carries none, its 200 all three", async () => {
    const success = await mockUnder({ deprecationOn: "success" });
    const found = await success("GET", "/pets/1");
    expect(Object.keys(found.headers)).toEqual(
      expect.arrayContaining(["deprecation", "sunset", "link"]),
    );
    const absent = await success("GET", "/pets/999");
    expect(absent.status).toBe(404);
    expect(absent.headers).not.toHaveProperty("deprecation");
    expect(absent.headers).not.toHaveProperty("sunset");
    const kit = await mockUnder(undefined);
    expect((await kit("GET", "/pets/999")).headers).toHaveProperty("sunset");
  });

  it("deprecationDate true: `Deprecation: true`", async () => {
    const send = await mockUnder({ deprecationDate: "true" });
    expect((await send("GET", "/pets/1")).headers.deprecation).toBe("true");
  });
});

/** A mock whose profile (`errorClasses: perClass`) answers each named class of failure with its own code word. */
const mockWithClassCodes = (codes: Readonly<Partial<Record<ErrorClass, string>>>) =>
  mockUnder({
    errorClasses: {
      alternative: "perClass",
      value: Object.fromEntries(Object.entries(codes).map(([name, code]) => [name, { code }])),
    },
  });

describe("answers by class", () => {
  const classes = {
    missingCredential: { code: "NO_TOKEN" },
    wrongCredential: {
      code: "BAD_TOKEN",
      headers: { "www-authenticate": 'Bearer error="invalid_token"' },
    },
    badQuery: { fields: { details: [] } },
    notFound: { code: "NOT_FOUND" },
  };

  it("errorClasses perClass: each class its own code, fields and headers; others as errorCodes says", async () => {
    const send = await mockUnder({
      errorClasses: { alternative: "perClass", value: classes },
      errorCodes: "upperCase",
    });
    const missing = await send("GET", "/pets", {});
    expect(bodyOf(missing)).toMatchObject({ code: "NO_TOKEN", status: 401 });
    expect(missing.headers["www-authenticate"]).toBe("Bearer");
    const wrong = await send("GET", "/pets", { authorization: "Bearer nope" });
    expect(bodyOf(wrong)).toMatchObject({ code: "BAD_TOKEN", status: 401 });
    expect(wrong.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    const query = await send("GET", "/pets?limit=0");
    expect(bodyOf(query)).toEqual({
      code: "INVALID_QUERY",
      message: expect.any(String),
      status: 400,
      details: [],
    });
    expect(bodyOf(await send("GET", "/pets/999"))).toMatchObject({ code: "NOT_FOUND" });
    const malformed = await mockWithClassCodes({
      malformedBody: "entity.parse.failed",
      badBody: "VALIDATION",
    });
    const notJson = await malformed("POST", "/pets", json, undefined, "{oops");
    expect(bodyOf(notJson)).toMatchObject({ code: "entity.parse.failed", status: 400 });
    const invalid = await malformed("POST", "/pets", json, { name: 5, categoryId: 1 });
    expect(bodyOf(invalid)).toMatchObject({ code: "VALIDATION", status: 400 });
    expect(bodyOf(await send("GET", "/pets/abc"))).toEqual({
      code: "INVALID_PATH",
      message: expect.any(String),
      status: 400,
    });
  });

  it("errorClasses: an absent record, an unknown path, no body and a category named by no record are classes of their own", async () => {
    const send = await mockWithClassCodes({
      notFound: "NO_RECORD",
      unknownPath: "NO_ROUTE",
      missingBody: "NO_BODY",
      unknownReference: "NO_CATEGORY",
      badBody: "BAD_BODY",
    });
    const codeOf = async (...request: Parameters<typeof send>) =>
      (bodyOf(await send(...request)) as ErrorBody).code;
    expect(await codeOf("GET", "/pets/999")).toBe("NO_RECORD");
    expect(await codeOf("GET", "/nowhere")).toBe("NO_ROUTE");
    expect(await codeOf("POST", "/pets", json)).toBe("NO_BODY");
    expect(await codeOf("POST", "/pets", json, { name: "Rex", categoryId: 999 })).toBe(
      "NO_CATEGORY",
    );
    expect(await codeOf("POST", "/pets", json, { name: 5, categoryId: 1 })).toBe("BAD_BODY");
  });

  it("errorClasses: a credential's class is the one the mock's own refusal names", async () => {
    const send = await mockWithClassCodes({
      missingCredential: "MISSING",
      wrongCredential: "WRONG",
      malformedCredential: "MALFORMED",
    });
    for (const [authorization, code, reason] of [
      ["", "MISSING", /^Missing credential/],
      ["   ", "MISSING", /^Missing credential/],
      ["Bearer my key", "WRONG", /^Invalid API key/],
      ["Bearer\tnope", "WRONG", /^Invalid API key/],
      ["bearer  nope ", "WRONG", /^Invalid API key/],
      ["Bearer", "MALFORMED", /^Empty bearer token/],
      ["Basic abc", "MALFORMED", /^Unsupported authorization scheme/],
    ] as const) {
      const body = bodyOf(await send("GET", "/pets", { authorization })) as ErrorBody;
      expect({ authorization, code: body.code }).toEqual({ authorization, code });
      expect(body.message).toMatch(reason);
    }
  });

  it("commonHeaders headers: a fixed text, and a fresh value per answer, on the answers they name", async () => {
    const send = await mockUnder({
      commonHeaders: {
        alternative: "headers",
        value: {
          "cache-control": { value: "no-store" },
          "x-request-id": {},
          etag: { on: "success" },
        },
      },
    });
    const first = await send("GET", "/pets");
    const second = await send("GET", "/pets");
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["x-request-id"]).toMatch(/^[0-9a-f]{16}$/);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]{16}"$/);
    const refused = await send("GET", "/pets", {});
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.headers["x-request-id"]).toBeDefined();
    expect(refused.headers).not.toHaveProperty("etag");
  });

  it("a profile may not set the headers HTTP, the server or other choices decide", () => {
    for (const name of [
      "content-type",
      "content-length",
      "www-authenticate",
      "set-cookie",
      "connection",
    ]) {
      expect(() =>
        behaviourFrom(
          {
            version: 1,
            choices: {
              commonHeaders: { alternative: "headers", value: { [name]: { value: "x" } } },
            },
          },
          "test",
        ),
      ).toThrow(/is not a header a profile may set/);
    }
  });
});
