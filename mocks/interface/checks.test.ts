/**
 * The checks the judge builds its verdicts from, on hand-made answers: what
 * each expects in words, which answers it judges, and the exact reason a
 * report shows when an answer breaks it.
 */
import { describe, expect, it } from "vitest";
import {
  type Answer,
  accepted,
  atMost,
  bodySchema,
  type Check,
  errorBody,
  everyItem,
  hasId,
  header,
  holds,
  isSuccess,
  jsonMediaType,
  listsIds,
  noServerError,
  notEmpty,
  notSuccess,
  rateLimited,
  readAnswer,
  repeats,
  status,
  statusAmong,
} from "./checks.js";
import { mediaTypeOf } from "./request.js";

const json = "application/json";

const answer = (code: number, body = "", headers: Record<string, string> = {}): Answer =>
  readAnswer({ status: code, headers, text: body });

const jsonAnswer = (code: number, value: unknown, headers: Record<string, string> = {}) =>
  answer(code, JSON.stringify(value), { "content-type": json, ...headers });

/** What a report shows for this answer: undefined when the check passes, else its reason. */
function actual(check: Check, got: Answer): string | undefined {
  try {
    check.assert(got);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const pet = { id: 1, name: "Rex", categoryId: 2, status: "sold" };

describe("readAnswer", () => {
  it("parses a JSON body and keeps text that is not JSON as text", () => {
    expect(readAnswer({ status: 200, headers: {}, text: '{"a":1}' })).toMatchObject({
      json: { a: 1 },
      isJson: true,
    });
    expect(readAnswer({ status: 200, headers: {}, text: "nope" })).toMatchObject({
      json: undefined,
      isJson: false,
      text: "nope",
    });
    expect(readAnswer({ status: 204, headers: {}, text: " \n" }).isJson).toBe(false);
  });
});

describe("isSuccess", () => {
  it("is a 2xx status", () => {
    expect([199, 200, 299, 300].map((code) => isSuccess({ status: code }))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("statuses", () => {
  it("expects one status, or one of a list, naming what came", () => {
    const one = status(404, "documented", ["§4.3.404"]);
    expect(one).toMatchObject({ slug: "status-404", expected: "HTTP 404", rules: ["§4.3.404"] });
    expect(actual(one, answer(404))).toBeUndefined();
    expect(actual(one, answer(400))).toBe("HTTP 400");
    const among = statusAmong([200, 401, 404], "documented", ["§4.3.getPet"], "getPet");
    expect(among).toMatchObject({
      slug: "status-documented",
      expected: "a status the interface documents for getPet: 200, 401, 404",
    });
    expect(actual(among, answer(401))).toBeUndefined();
    expect(actual(among, answer(400))).toBe("HTTP 400");
  });

  it("rejected: passes any answer outside 2xx and names a 2xx one", () => {
    const check = notSuccess("advisory", ["§2.NewCategory"]);
    expect(check).toMatchObject({
      slug: "rejected",
      kind: "advisory",
      expected: "not a 2xx answer: the request must be rejected",
    });
    for (const code of [199, 300, 404]) expect(actual(check, answer(code))).toBeUndefined();
    expect(actual(check, answer(200))).toBe("HTTP 200 accepted the request");
    expect(actual(check, answer(299))).toBe("HTTP 299 accepted the request");
  });

  it("no-5xx fails only a 5xx", () => {
    const check = noServerError();
    expect(check.rules).toEqual(["§7.no-server-error"]);
    expect(actual(check, answer(499))).toBeUndefined();
    expect(actual(check, answer(500))).toBe("HTTP 500");
  });
});

describe("bodySchema", () => {
  it("says what it expects, one value or an array, and judges only 2xx answers", () => {
    const one = bodySchema({ schema: "Pet", shape: "one" });
    expect(one).toMatchObject({
      slug: "body-Pet",
      expected: "a JSON Pet as openapi.yaml defines it",
      rules: ["§2.PetStatus", "§2.Pet"],
    });
    expect(bodySchema({ schema: "Category", shape: "array" })).toMatchObject({
      slug: "body-Category-array",
      expected: "a JSON array of Category as openapi.yaml defines it",
    });
    expect(one.appliesTo?.(answer(400))).toBe(false);
  });

  it("names a body that is not JSON by its content type, and the schema a JSON body breaks", () => {
    const check = bodySchema({ schema: "Pet", shape: "one" });
    expect(actual(check, answer(200, "<html>", { "content-type": "text/html" }))).toBe(
      "body is not JSON (content-type: text/html)",
    );
    expect(actual(check, answer(200, "oops"))).toBe("body is not JSON (content-type: none)");
    expect(actual(check, jsonAnswer(200, pet))).toBeUndefined();
    expect(actual(check, jsonAnswer(200, { ...pet, categoryId: undefined }))).toBe(
      "body does not match the Pet schema: (body) must have required property 'categoryId'",
    );
  });
});

describe("errorBody", () => {
  it("judges only answers outside 2xx", () => {
    const check = errorBody("documented");
    expect(check).toMatchObject({
      slug: "error-body",
      expected: "an Error body (code, message, status) whose status equals the HTTP status",
      rules: ["§2.Error", "§7.status-repeats"],
    });
    expect(check.appliesTo?.(answer(200))).toBe(false);
    expect(check.appliesTo?.(answer(300))).toBe(true);
    expect(errorBody("advisory").kind).toBe("advisory");
  });

  it("fails an Error whose status is not the HTTP status, or a body that is no Error", () => {
    const check = errorBody("documented");
    const error = { code: "not-found", message: "no such pet", status: 404 };
    expect(actual(check, jsonAnswer(404, error))).toBeUndefined();
    expect(actual(check, jsonAnswer(404, { ...error, status: 400 }))).toBe(
      "Error.status is 400, the HTTP status 404",
    );
    expect(actual(check, jsonAnswer(404, { error: "x" }))).toMatch(
      /^body does not match the Error schema: /,
    );
    expect(actual(check, answer(404, "gone", { "content-type": "text/plain" }))).toBe(
      "body is not JSON (content-type: text/plain)",
    );
  });
});

describe("the record with this very id, and statuses that say little", () => {
  it("same-id names the id it expects and what came instead", () => {
    const check = hasId(7, ["§4.3.getPet"]);
    expect(check).toMatchObject({ slug: "same-id", expected: "the record with id 7" });
    expect(actual(check, jsonAnswer(200, { ...pet, id: 7 }))).toBeUndefined();
    expect(actual(check, jsonAnswer(200, { ...pet, id: 8 }))).toBe("the record with id 8");
    expect(actual(check, jsonAnswer(200, { ...pet, id: "7" }))).toBe('the record with id "7"');
    expect(actual(check, jsonAnswer(200, { name: "Rex" }))).toBe("no id");
    expect(actual(check, answer(200, "<html>", { "content-type": "text/html" }))).toBe(
      "body is not JSON (content-type: text/html)",
    );
  });

  it("status-2xx is advice on a refusal below 500 of a request no error is shown for", () => {
    const check = accepted("createCategory", ["§4.5.createCategory"]);
    expect(check.expected).toBe(
      "a 2xx: the interface shows no error answer of createCategory (§7), so refusing a valid request is the deployment's choice",
    );
    const applies = [200, 400, 499, 500, 503].map((code) => check.appliesTo?.(answer(code)));
    expect(applies).toEqual([false, true, true, false, false]);
    expect(actual(check, answer(403))).toBe("HTTP 403");
  });

  it("rate-limited judges only a 429 and shows its Retry-After, cut to 40 characters", () => {
    const check = rateLimited();
    expect([200, 429, 503].map((code) => check.appliesTo?.(answer(code)))).toEqual([
      false,
      true,
      false,
    ]);
    const rest = "): this answer judged nothing beyond what every answer owes";
    expect(actual(check, answer(429))).toBe(`rate-limited (HTTP 429${rest}`);
    expect(actual(check, answer(429, "", { "retry-after": "5" }))).toBe(
      `rate-limited (HTTP 429, Retry-After: 5${rest}`,
    );
    expect(actual(check, answer(429, "", { "retry-after": "9".repeat(50) }))).toBe(
      `rate-limited (HTTP 429, Retry-After: ${"9".repeat(40)}${rest}`,
    );
  });
});

describe("the JSON media type", () => {
  it("reads the media type without parameters, in lower case", () => {
    expect(mediaTypeOf("Application/JSON ; charset=utf-8")).toBe("application/json");
    expect(mediaTypeOf(undefined)).toBe("");
  });

  it("judges answers with a body, all of them or only errors or successes", () => {
    const all = jsonMediaType("documented", "all");
    expect(all).toMatchObject({
      slug: "media-type",
      expected: "Content-Type application/json on an answer with a body",
      rules: ["§4.media-type"],
    });
    expect(all.appliesTo?.(answer(204))).toBe(false);
    expect(all.appliesTo?.(answer(200, "[]"))).toBe(true);
    const errors = jsonMediaType("advisory", "errors", "error-media-type");
    expect(errors).toMatchObject({
      slug: "error-media-type",
      expected: "Content-Type application/json on an error answer with a body",
    });
    expect(errors.appliesTo?.(answer(200, "[]"))).toBe(false);
    expect(errors.appliesTo?.(answer(401, "no"))).toBe(true);
    const successes = jsonMediaType("documented", "successes");
    expect(successes.expected).toBe("Content-Type application/json on a success with a body");
    expect(successes.appliesTo?.(answer(401, "no"))).toBe(false);
    expect(successes.appliesTo?.(answer(200, "[]"))).toBe(true);
  });

  it("names a missing or wrong Content-Type", () => {
    const check = jsonMediaType("documented", "all");
    expect(
      actual(check, answer(200, "[]", { "content-type": "Application/JSON; charset=UTF-8" })),
    ).toBeUndefined();
    expect(actual(check, answer(200, "[]"))).toBe("Content-Type is missing");
    expect(actual(check, answer(200, "[]", { "content-type": "text/plain" }))).toBe(
      'Content-Type is "text/plain"',
    );
  });
});

describe("list checks", () => {
  it("atMost judges only 2xx answers and counts the items", () => {
    const check = atMost(2, "at-most-default", ["§4.1.limit-default"]);
    expect(check).toMatchObject({ expected: "at most 2 items", rules: ["§4.1.limit-default"] });
    expect(check.appliesTo?.(answer(400))).toBe(false);
    expect(actual(check, jsonAnswer(200, [pet, pet]))).toBeUndefined();
    expect(actual(check, jsonAnswer(200, [pet, pet, pet]))).toBe("3 items");
    expect(actual(check, answer(200, "[", { "content-type": json }))).toBe(
      `body is not JSON (content-type: ${json})`,
    );
    expect(actual(check, jsonAnswer(200, { items: [] }))).toBe("body is not an array");
  });

  it("everyItem names the first item without the value", () => {
    const check = everyItem("status", "sold", ["§4.1.status-filter"]);
    expect(check).toMatchObject({
      slug: "every-status-sold",
      expected: 'every item has status "sold"',
    });
    expect(actual(check, jsonAnswer(200, [pet]))).toBeUndefined();
    expect(actual(check, jsonAnswer(200, [pet, { ...pet, status: "pending" }]))).toBe(
      `item ${JSON.stringify({ ...pet, status: "pending" })} does not`,
    );
    expect(actual(check, jsonAnswer(200, [null]))).toBe("item null does not");
    expect(actual(check, jsonAnswer(200, pet))).toBe("body is not an array");
  });

  it("notEmpty and listsIds name what is missing", () => {
    const some = notEmpty("a listed record has status sold", ["§4.1.status-filter"]);
    expect(some.slug).toBe("finds-existing");
    expect(actual(some, jsonAnswer(200, []))).toBe("empty list");
    expect(actual(some, jsonAnswer(200, [pet]))).toBeUndefined();
    const listed = listsIds([1, 7, 9], ["§4.4.listCategories"]);
    expect(listed).toMatchObject({
      slug: "lists-created",
      expected: "lists every record the run created (1, 7, 9)",
    });
    expect(actual(listed, jsonAnswer(200, [{ id: 7 }, null, { id: 1 }]))).toBe("missing id 9");
    expect(actual(listed, jsonAnswer(200, [{ id: 9 }, { id: 7 }, { id: 1 }]))).toBeUndefined();
  });
});

describe("repeats: the answer holds what was sent or known", () => {
  it("holds objects by key and arrays item by item, values exactly", () => {
    expect(holds({ a: 1, b: { c: [1, 2] }, extra: true }, { a: 1, b: { c: [1, 2] } })).toBe(true);
    expect(holds({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(holds({ a: [1, 2, 3] }, { a: [1, 2] })).toBe(false);
    expect(holds([1, 3], [1, 2])).toBe(false);
    expect(holds([2, 1], [1, 2])).toBe(false);
    expect(holds({ 0: 1, 1: 2, length: 2 }, [1, 2])).toBe(false);
    expect(holds("a", { length: 1 })).toBe(false);
    expect(holds({ a: "1" }, { a: 1 })).toBe(false);
    expect(holds(null, { a: 1 })).toBe(false);
    expect(holds(Number.NaN, Number.NaN)).toBe(true);
    expect(holds({ a: null }, { a: null })).toBe(true);
  });

  it("says what it expected and shows what came, cut", () => {
    const check = repeats(
      { name: "Rex" },
      "echoes-input",
      "the stored record repeats what was sent",
      ["§4.2.createPet"],
    );
    expect(check.expected).toBe('the stored record repeats what was sent: {"name":"Rex"}');
    expect(actual(check, jsonAnswer(201, pet))).toBeUndefined();
    expect(actual(check, jsonAnswer(201, { ...pet, name: "Luna" }))).toBe(
      `got ${JSON.stringify({ ...pet, name: "Luna" })}`,
    );
    expect(actual(check, jsonAnswer(201, { name: "x".repeat(300) }))).toMatch(/^got .{200}…$/);
    const exactly200 = { name: "x".repeat(200 - '{"name":""}'.length) };
    expect(actual(check, jsonAnswer(201, exactly200))).toBe(`got ${JSON.stringify(exactly200)}`);
    expect(actual(check, answer(201, "Rex", { "content-type": "text/plain" }))).toBe(
      "body is not JSON (content-type: text/plain)",
    );
  });
});

describe("header", () => {
  it("is advisory, names a missing header and a value that fails its test", () => {
    const check = header(
      "WWW-Authenticate",
      "names the Bearer scheme",
      (v) => /bearer/i.test(v),
      ["§5.bearer"],
      () => true,
    );
    expect(check).toMatchObject({
      slug: "header-WWW-Authenticate",
      kind: "advisory",
      expected: "WWW-Authenticate header: names the Bearer scheme",
    });
    expect(actual(check, answer(401, "", { "www-authenticate": "Bearer" }))).toBeUndefined();
    expect(actual(check, answer(401, "", { "www-authenticate": "Basic" }))).toBe(
      "WWW-Authenticate: Basic",
    );
    expect(actual(check, answer(401))).toBe("no WWW-Authenticate header");
  });
});
