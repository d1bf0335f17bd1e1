/** How the judge reads a request before any answer: what lies outside the interface's domain, and why. */
import { describe, expect, it } from "vitest";
import { mediaTypeOf, readRequest, type SentRequest } from "./request.js";

const read = (request: Partial<SentRequest> & Pick<SentRequest, "operation">) =>
  readRequest({ path: "/pets", query: "", credential: "valid", ...request });
const createPet = (body: string | undefined, contentType?: string) =>
  read({ operation: "createPet", body, contentType });
const listPets = (query: string) => read({ operation: "listPets", query });
const reasons = (request: ReturnType<typeof read>) => request.outside.map((found) => found.reason);

describe("query parameters", () => {
  it("a repeated parameter lies outside, with the statement of that parameter and the kit's 400", () => {
    const reading = listPets("limit=63&limit=70");
    expect(reading.outside).toEqual([
      {
        reason: "limit is given 2 times",
        rules: ["§4.1.limit-range"],
        advised: 400,
        choices: ["repeatedQuery"],
      },
    ]);
    expect(reading.query.has("limit")).toBe(false);
    expect(reading.ordinary).toBe(false);
  });

  it("a query that is not valid percent-encoding lies outside, name or value", () => {
    for (const query of ["%zz=1", "limit=%e0"]) {
      expect(listPets(query).outside).toEqual([
        { reason: "the query is not valid percent-encoding", rules: [], advised: 400 },
      ]);
    }
  });

  it("decodes names and values, `+` as a space, and a bare name as empty", () => {
    expect(listPets("%73tatus=sold").query.get("status")).toBe("sold");
    expect(reasons(listPets("status=so+ld"))).toEqual([
      'status is "so ld", not one of available, pending, sold',
    ]);
    expect(reasons(listPets("limit"))).toEqual(["limit is empty"]);
    expect(reasons(listPets("limit="))).toEqual(["limit is empty"]);
  });

  it("values outside the schema: not an integer, outside int64, outside the range", () => {
    expect(reasons(listPets("limit=1.5"))).toEqual(["limit is not an integer"]);
    expect(reasons(listPets("limit=9223372036854775808"))).toEqual(["limit is outside int64"]);
    expect(reasons(listPets("limit=-9223372036854775809"))).toEqual(["limit is outside int64"]);
    expect(reasons(listPets("limit=0"))).toEqual(["limit is below 1"]);
    expect(reasons(listPets("limit=101"))).toEqual(["limit is above 100"]);
    const inside = listPets("limit=100&status=sold");
    expect(inside.outside).toEqual([]);
    expect(inside.ordinary).toBe(true);
    expect([...inside.query]).toEqual([
      ["limit", "100"],
      ["status", "sold"],
    ]);
  });

  it("a long enum value is shown cut to 40 characters", () => {
    const value = "x".repeat(60);
    expect(reasons(listPets(`status=${value}`))).toEqual([
      `status is "${"x".repeat(40)}", not one of available, pending, sold`,
    ]);
  });

  it("a parameter the operation does not take is extra, not outside, its name cut to 40", () => {
    const reading = listPets(`${"n".repeat(50)}=1&sort=name`);
    expect(reading.extra).toEqual(["n".repeat(40), "sort"]);
    expect(reading.outside).toEqual([]);
    expect(reading.ordinary).toBe(true);
    expect(listPets("=5&limit=5").extra).toEqual([""]);
  });
});

describe("the silent choice that decides the answer to a value outside the schema", () => {
  const choices = (request: ReturnType<typeof read>) =>
    request.outside.map((found) => found.choices);
  const getPet = (path: string) => read({ operation: "getPet", path });

  it.each([
    ["limit=0", ["limitBelowMinimum"]],
    ["limit=-3", ["limitBelowMinimum"]],
    ["limit=101", ["limitAboveMaximum"]],
    ["limit=9223372036854775808", ["limitAboveMaximum"]],
    ["limit=1.5", ["limitNotInteger"]],
    ["limit=abc", ["limitNotInteger"]],
    ["limit=", ["emptyQuery", "limitNotInteger"]],
    ["status=AVAILABLE", ["statusCase", "statusUnknown"]],
    ["status=flying", ["statusUnknown"]],
    ["status=", ["emptyQuery", "statusUnknown"]],
    ["status=sold&status=sold", ["repeatedQuery"]],
  ])("GET /pets?%s: %s", (query, choice) => {
    expect(choices(listPets(query))).toEqual([choice]);
  });

  it("a petId: malformed or out of range; an odd encoding has none", () => {
    expect(choices(getPet("/pets/abc"))).toEqual([["petIdMalformed"]]);
    expect(choices(getPet("/pets/1.5"))).toEqual([["petIdMalformed"]]);
    expect(choices(getPet("/pets/0"))).toEqual([["petIdOutOfRange"]]);
    expect(choices(getPet("/pets/-4"))).toEqual([["petIdOutOfRange"]]);
    expect(choices(getPet("/pets/99999999999999999999"))).toEqual([["petIdOutOfRange"]]);
    expect(choices(getPet("/pets/%e0"))).toEqual([undefined]);
    expect(choices(listPets("%zz=1"))).toEqual([undefined]);
  });
});

describe("path parameters", () => {
  const getPet = (path: string) => read({ operation: "getPet", path });

  it("are decoded by name", () => {
    expect(getPet("/pets/%31%32").path).toEqual({ petId: "12" });
    expect(getPet("/pets/12").outside).toEqual([]);
  });

  it("lie outside when not a positive identifier, or not valid percent-encoding", () => {
    expect(reasons(getPet("/pets/0"))).toEqual(["petId is not a positive identifier"]);
    expect(reasons(getPet("/pets/abc"))).toEqual(["petId is not an integer"]);
    expect(getPet("/pets/%e0").outside).toEqual([
      {
        reason: "petId is not valid percent-encoding",
        rules: ["§4.3.petId"],
        advised: 400,
      },
    ]);
  });
});

describe("bodies", () => {
  const json = "application/json";

  it("a missing body is broken, not outside", () => {
    for (const body of [undefined, ""]) {
      const reading = createPet(body, json);
      expect(reading.brokenBody?.reason).toBe("the required body is missing");
      expect(reading.brokenBody?.rules).toContain("§2.NewPet");
      expect(reading.outside).toEqual([]);
      expect(reading.json).toBeUndefined();
      expect(reading.ordinary).toBe(false);
    }
  });

  it("a body that is not JSON is broken", () => {
    const reading = createPet("{", json);
    expect(reading.brokenBody?.reason).toBe("the body is not JSON");
    expect(reading.invalidBody).toBeUndefined();
    expect(reading.ordinary).toBe(false);
  });

  it("a body not sent as application/json lies outside, with the kit's 415 as advice", () => {
    const body = '{"name":"Rex","categoryId":1}';
    expect(createPet(body, "text/plain; charset=utf-8").outside).toEqual([
      {
        reason: 'the body is sent as "text/plain", not application/json',
        rules: ["§4.media-type"],
        choices: ["bodyMediaType"],
        advised: 415,
      },
    ]);
    expect(reasons(createPet(body))).toEqual([
      "the body is sent as no media type, not application/json",
    ]);
    const sent = createPet(body, "Application/JSON; charset=utf-8");
    expect(sent.outside).toEqual([]);
    expect(sent.json).toEqual({ name: "Rex", categoryId: 1 });
    expect(sent.ordinary).toBe(true);
  });

  it("a body that breaks the schema is invalid, naming the schema and the problem", () => {
    const reading = createPet('{"name":"Rex"}', json);
    expect(reading.invalidBody?.reason).toMatch(/^the body is not a NewPet: .*categoryId/);
    expect(reading.invalidBody?.rules).toContain("§2.NewPet");
    expect(reading.ordinary).toBe(false);
  });

  it("an int64 field beyond int64 is invalid, from 2^63 up and below -2^63", () => {
    for (const id of ["9223372036854775808", "1e19", "-9223372036854777856"]) {
      expect(createPet(`{"name":"Rex","categoryId":${id}}`, json).invalidBody?.reason).toBe(
        "the body is not a NewPet: /categoryId must be an int64",
      );
    }
    const lowest = createPet('{"name":"Rex","categoryId":-9223372036854775808}', json);
    expect(lowest.invalidBody).toBeUndefined();
  });

  it("is ordinary only with strings of 1 to 100 characters and no field the schema does not name", () => {
    const ordinary = (name: string, extra = "") =>
      createPet(`{"name":${JSON.stringify(name)},"categoryId":1${extra}}`, json).ordinary;
    expect(ordinary("R")).toBe(true);
    expect(ordinary("R".repeat(100))).toBe(true);
    expect(ordinary("")).toBe(false);
    expect(ordinary("R".repeat(101))).toBe(false);
    expect(ordinary("Rex", ',"colour":"red"')).toBe(false);
  });

  it("an operation without a body reads none", () => {
    const reading = read({ operation: "listPets", body: "{", contentType: "text/plain" });
    expect(reading.brokenBody).toBeUndefined();
    expect(reading.outside).toEqual([]);
    expect(reading.json).toBeUndefined();
  });
});

describe("mediaTypeOf", () => {
  it("is the type without parameters, lower case and trimmed", () => {
    expect(mediaTypeOf(" Application/JSON ; charset=utf-8")).toBe("application/json");
    expect(mediaTypeOf(undefined)).toBe("");
  });
});
