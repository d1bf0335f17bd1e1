/**
 * The checks cases are built from, on hand-made answers: what each expects
 * in words, which answers it judges, and the exact `actual` a report shows
 * when an answer breaks it.
 */
import { describe, expect, it } from "vitest";
import { getPetSunset } from "../mocks/spec.js";
import { type ContractResponse, contractResponse } from "./http.js";
import { type Check, rulesOf } from "./suite/context.js";
import {
  atMost,
  bodySchema,
  deprecationHeaders,
  echoes,
  errorBody,
  everyItem,
  jsonMediaType,
  mediaTypeOf,
  noServerError,
  notSuccess,
  rejection,
  status,
  wwwAuthenticateBearer,
} from "./suite/expectations.js";

const json = "application/json";

function answer(status: number, body = "", headers: Record<string, string> = {}): ContractResponse {
  return contractResponse({ status, headers, text: body });
}

const jsonAnswer = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  answer(status, JSON.stringify(value), { "content-type": json, ...headers });

/** What a report shows for this answer: undefined when the check passes, else its `actual`. */
function actual(check: Check, response: ContractResponse): string | undefined {
  try {
    check.assert(response);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const pet = { id: 1, name: "Rex", categoryId: 2, status: "sold" };

describe("status", () => {
  it("expects the code and names the statements that document it for the operation", () => {
    const check = status(404);
    expect(check).toMatchObject({ slug: "status-404", kind: "documented", expected: "HTTP 404" });
    expect(rulesOf(check, "getPet")).toEqual(["§4.3.404"]);
    expect(rulesOf(status(401), "listPets")).toEqual(["§4.1.401", "§5.401"]);
    expect(rulesOf(status(418), "listPets")).toEqual([]);
    expect(status(400, "advisory").kind).toBe("advisory");
  });
});

describe("a request sent to be rejected", () => {
  it("passes any answer outside 2xx and names a 2xx one", () => {
    const check = notSuccess(["§4.2.400"]);
    expect(check.expected).toBe("not a 2xx answer: the request must be rejected");
    expect(check.rules).toEqual(["§4.2.400"]);
    expect(actual(check, answer(404))).toBeUndefined();
    expect(actual(check, answer(300))).toBeUndefined();
    expect(actual(check, answer(199))).toBeUndefined();
    expect(actual(check, answer(200))).toBe("HTTP 200 accepted the request");
    expect(actual(check, answer(299))).toBe("HTTP 299 accepted the request");
  });

  it("fails only a 5xx answer for no-5xx", () => {
    const check = noServerError(["§4.2.400"]);
    expect(check.expected).toBe("no 5xx answer for any input");
    expect(actual(check, answer(499))).toBeUndefined();
    expect(actual(check, answer(500))).toBe("HTTP 500");
  });

  it("adds the documented status, the advised one as advisory, and the Error body", () => {
    const checks = rejection({
      documented: 400,
      advised: 422,
      errorBody: "advisory",
      because: ["§4.2.400"],
    });
    expect(checks.map((check) => `${check.slug} ${check.kind}`)).toEqual([
      "rejected documented",
      "no-5xx documented",
      "status-400 documented",
      "status-422 advisory",
      "error-body advisory",
    ]);
    expect(
      rejection({ errorBody: "documented", because: ["§4.2.400"] }).map((check) => check.slug),
    ).toEqual(["rejected", "no-5xx", "error-body"]);
  });
});

describe("bodySchema", () => {
  it("says what it expects, one value or an array", () => {
    expect(bodySchema("Pet").expected).toBe("a JSON Pet as openapi.yaml defines it");
    expect(bodySchema("Pet", "array")).toMatchObject({
      slug: "body-Pet-array",
      expected: "a JSON array of Pet as openapi.yaml defines it",
      rules: ["§2.Pet", "§2.PetStatus"],
    });
  });

  it("names a body that is not JSON by its content type", () => {
    const check = bodySchema("Pet");
    expect(actual(check, answer(200, "<html>", { "content-type": "text/html" }))).toBe(
      "body is not JSON (content-type: text/html)",
    );
    expect(actual(check, answer(200, "oops"))).toBe("body is not JSON (content-type: none)");
  });

  it("names the schema a JSON body breaks", () => {
    const check = bodySchema("Pet");
    expect(actual(check, jsonAnswer(200, pet))).toBeUndefined();
    expect(actual(check, jsonAnswer(200, { ...pet, categoryId: undefined }))).toBe(
      "body does not match the Pet schema: (body) must have required property 'categoryId'",
    );
  });
});

describe("errorBody", () => {
  it("judges only answers outside 2xx", () => {
    const check = errorBody();
    expect(check).toMatchObject({
      slug: "error-body",
      expected: "an Error body (code, message, status) whose status equals the HTTP status",
      rules: ["§2.Error", "§7.status-repeats"],
    });
    expect(check.appliesTo?.(answer(200))).toBe(false);
    expect(check.appliesTo?.(answer(300))).toBe(true);
    expect(check.appliesTo?.(answer(404))).toBe(true);
  });

  it("fails an Error whose status is not the HTTP status", () => {
    const check = errorBody();
    const error = { code: "not-found", message: "no such pet", status: 404 };
    expect(actual(check, jsonAnswer(404, error))).toBeUndefined();
    expect(actual(check, jsonAnswer(404, { ...error, status: 400 }))).toBe(
      "Error.status is 400, the HTTP status 404",
    );
  });
});

describe("the JSON media type", () => {
  it("reads the media type without parameters, in lower case", () => {
    expect(mediaTypeOf("Application/JSON ; charset=utf-8")).toBe("application/json");
    expect(mediaTypeOf(undefined)).toBe("");
  });

  it("judges only answers with a body", () => {
    const check = jsonMediaType();
    expect(check).toMatchObject({
      expected: "Content-Type application/json on an answer with a body",
      rules: ["§4.media-type"],
    });
    expect(check.appliesTo?.(answer(204))).toBe(false);
    expect(check.appliesTo?.(answer(200, "[]"))).toBe(true);
  });

  it("names a missing or wrong Content-Type", () => {
    const check = jsonMediaType();
    expect(
      actual(check, answer(200, "[]", { "content-type": "Application/JSON; charset=UTF-8" })),
    ).toBeUndefined();
    expect(actual(check, answer(200, "[]"))).toBe("Content-Type is missing");
    expect(actual(check, answer(200, "[]", { "content-type": "text/plain" }))).toBe(
      'Content-Type is "text/plain"',
    );
  });
});

describe("atMost", () => {
  it("judges only 2xx answers and counts the items", () => {
    const check = atMost(2, "at-most-default");
    expect(check).toMatchObject({ expected: "at most 2 items", rules: ["§4.1.limit-default"] });
    expect(check.appliesTo?.(answer(400))).toBe(false);
    expect(actual(check, jsonAnswer(200, [pet, pet]))).toBeUndefined();
    expect(actual(check, jsonAnswer(200, [pet, pet, pet]))).toBe("3 items");
  });

  it("names a body that is not a JSON array", () => {
    const check = atMost(2);
    expect(actual(check, answer(200, "[", { "content-type": json }))).toBe(
      `body is not JSON (content-type: ${json})`,
    );
    expect(actual(check, jsonAnswer(200, { items: [] }))).toBe("body is not an array");
  });
});

describe("everyItem", () => {
  it("names the first item without the value", () => {
    const check = everyItem("status", "sold");
    expect(check).toMatchObject({
      slug: "every-status-sold",
      expected: 'every item has status "sold"',
      rules: ["§4.1.status-filter"],
    });
    expect(actual(check, jsonAnswer(200, [pet]))).toBeUndefined();
    expect(actual(check, jsonAnswer(200, [pet, { ...pet, status: "pending" }]))).toBe(
      `item ${JSON.stringify({ ...pet, status: "pending" })} does not`,
    );
    expect(actual(check, jsonAnswer(200, [null]))).toBe("item null does not");
  });

  it("names a body that is not a JSON array", () => {
    const check = everyItem("status", "sold");
    expect(actual(check, answer(200, "sold"))).toBe("body is not JSON (content-type: none)");
    expect(actual(check, jsonAnswer(200, pet))).toBe("body is not an array");
  });
});

describe("echoes", () => {
  it("names the statements of the operation that stored the record", () => {
    const check = echoes({ name: "Rex" });
    expect(check.expected).toBe('the stored record repeats what was sent: {"name":"Rex"}');
    expect(rulesOf(check, "createPet")).toEqual(["§4.2.createPet", "§3.status-on-creation"]);
    expect(rulesOf(check, "createCategory")).toEqual(["§4.5.createCategory"]);
  });

  it("passes a body that contains what was sent and names one that is not JSON", () => {
    const check = echoes({ name: "Rex" });
    expect(actual(check, jsonAnswer(201, pet))).toBeUndefined();
    expect(actual(check, jsonAnswer(201, { ...pet, name: "Luna" }))).toBeDefined();
    expect(actual(check, answer(201, "Rex", { "content-type": "text/plain" }))).toBe(
      "body is not JSON (content-type: text/plain)",
    );
  });
});

describe("advisory headers", () => {
  it("expects getPet's Sunset date and a Deprecation header", () => {
    const [sunset, deprecation] = deprecationHeaders();
    if (!sunset || !deprecation) throw new Error("two checks expected");
    expect(sunset).toMatchObject({
      slug: "header-Sunset",
      kind: "advisory",
      expected: `Sunset header: the removal date ${getPetSunset.toUTCString()}`,
      rules: ["§4.3.deprecated"],
    });
    expect(deprecation).toMatchObject({
      expected: "Deprecation header: present",
      rules: ["§4.3.deprecated"],
    });
    expect(actual(sunset, answer(200, "", { sunset: getPetSunset.toUTCString() }))).toBeUndefined();
    expect(actual(sunset, answer(200, "", { sunset: "Tue, 01 Jan 2030 00:00:00 GMT" }))).toBe(
      "Sunset: Tue, 01 Jan 2030 00:00:00 GMT",
    );
    expect(actual(sunset, answer(200))).toBe("no Sunset header");
    expect(actual(deprecation, answer(200, "", { deprecation: "@1700000000" }))).toBeUndefined();
    expect(actual(deprecation, answer(200, "", { deprecation: " " }))).toBe("Deprecation:  ");
    expect(actual(deprecation, answer(200))).toBe("no Deprecation header");
  });

  it("expects WWW-Authenticate to name the Bearer scheme", () => {
    const check = wwwAuthenticateBearer();
    expect(check).toMatchObject({
      expected: "WWW-Authenticate header: names the Bearer scheme",
      rules: ["§5.bearer"],
    });
    expect(actual(check, answer(401, "", { "www-authenticate": "Bearer" }))).toBeUndefined();
    expect(actual(check, answer(401, "", { "www-authenticate": "Basic" }))).toBe(
      "WWW-Authenticate: Basic",
    );
  });
});
