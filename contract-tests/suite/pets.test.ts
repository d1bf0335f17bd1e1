/**
 * The pet and credential cases as a user reads them in a report: each case
 * sends the request its name promises, and the suite follows what the
 * deployment answered (the pet it lists first, the statuses it holds, the
 * Location it gives), not what the kit's mock happens to hold. Each test runs
 * the suite itself (no beforeAll): Stryker runs, for a mutant, only the tests
 * during which the mutated code ran.
 */
import { describe, expect, it } from "vitest";
import type { CoreRequest } from "../../mocks/core/exchange.js";
import { interfaceOperations } from "../../mocks/interface/operations.js";
import {
  createPet,
  fault,
  listPets,
  rewriteResponse,
  testApiKey,
} from "../../mocks/test-support/faulty-servers.js";
import type { SuiteOptions } from "../run/runner.js";
import { suiteAgainst } from "../test-support/runs.js";
import { failingChecks, type RunResult } from "./results.js";

const tag = "ct-cases";

async function runAgainst(
  options: Parameters<typeof suiteAgainst>[0] = {},
  suite: Partial<Pick<SuiteOptions, "only">> = {},
): Promise<RunResult> {
  return (await suiteAgainst(options, { tag, strict: true, ...suite })).result;
}

const isUnfilteredList = (request: CoreRequest) =>
  listPets(request) &&
  request.query === "" &&
  request.header("authorization") === `Bearer ${testApiKey}`;
/** The `name` a createPet request sent; "" when the body is not JSON. */
function sentName(request: CoreRequest): string {
  try {
    return String((JSON.parse(request.body ?? "") as { name?: unknown }).name);
  } catch {
    return "";
  }
}

/** What a case sent, as the report's curl line shows it. */
function sent(result: RunResult, caseId: string) {
  const record = result.cases.find((candidate) => candidate.caseId === caseId);
  if (!record) throw new Error(`no case ${caseId}`);
  const { method, path, query, json, rawBody, credential } = record.exchange.request;
  return { method, path, query, json, rawBody, credential, provocation: record.provocation };
}

const outcome = (result: RunResult, id: string) =>
  result.checks.find((check) => check.id === id)?.outcome;

describe("the pet cases against the kit's mock", () => {
  let result: RunResult;
  let categoryId: unknown;
  let createdPetId: unknown;
  const setUp = async () => {
    result = await runAgainst();
    categoryId = result.created.find((record) => record.collection === "categories")?.id ?? NaN;
    createdPetId = result.created.find((record) => record.collection === "pets")?.id ?? NaN;
  };

  it("sends each listPets case the query its name promises, odd ones as provocations", async () => {
    await setUp();
    const lists = result.cases.filter(
      (record) => record.operation === "listPets" && !record.caseId.includes(".auth-"),
    );
    expect(
      lists.map((record) => [record.caseId, record.exchange.request.query, record.provocation]),
    ).toEqual([
      ["listPets.default", {}, false],
      ["listPets.limit-1", { limit: "1" }, false],
      ["listPets.limit-5", { limit: "5" }, false],
      ["listPets.limit-100", { limit: "100" }, false],
      ["listPets.status-available", { status: "available" }, false],
      ["listPets.status-pending", { status: "pending" }, false],
      ["listPets.status-sold", { status: "sold" }, false],
      ["listPets.status-and-limit", { status: "available", limit: "2" }, false],
      ["listPets.limit-invalid-0", { limit: "0" }, true],
      ["listPets.limit-invalid--1", { limit: "-1" }, true],
      ["listPets.limit-invalid-101", { limit: "101" }, true],
      ["listPets.limit-invalid-1000", { limit: "1000" }, true],
      ["listPets.limit-invalid-abc", { limit: "abc" }, true],
      ["listPets.limit-invalid-1.5", { limit: "1.5" }, true],
      ["listPets.limit-invalid-empty", { limit: "" }, true],
      ["listPets.status-invalid", { status: "not-a-status" }, true],
    ]);
  });

  it("sends each createPet case the body its name promises, invalid ones as provocations", async () => {
    await setUp();
    const creates = result.cases.filter(
      (record) => record.operation === "createPet" && !record.caseId.includes(".auth-"),
    );
    const invalid = `${tag} invalid`;
    expect(
      creates.map((record) => {
        const { json, rawBody } = record.exchange.request;
        return [record.caseId, rawBody ?? json, record.provocation];
      }),
    ).toEqual([
      ["createPet.full", { name: `${tag} Rex`, categoryId, status: "pending" }, false],
      ["createPet.without-status", { name: `${tag} Luna`, categoryId }, false],
      [
        "createPet.unicode-name",
        { name: `${tag} Žofka 🐇 "Hops"`, categoryId, status: "available" },
        false,
      ],
      ["createPet.missing-name", { categoryId }, true],
      ["createPet.missing-categoryId", { name: invalid }, true],
      ["createPet.name-not-string", { name: 7, categoryId }, true],
      ["createPet.categoryId-not-integer", { name: invalid, categoryId: "one" }, true],
      ["createPet.categoryId-fraction", { name: invalid, categoryId: 1.5 }, true],
      ["createPet.status-not-in-enum", { name: invalid, categoryId, status: "flying" }, true],
      ["createPet.empty-object", {}, true],
      ["createPet.array-body", [{ name: invalid, categoryId }], true],
      ["createPet.malformed-json", `{"name": "${invalid}", "categoryId": `, true],
      ["createPet.empty-body", "", true],
    ]);
  });

  it("reads back the created and the first listed pet, and asks for absent and odd ids", async () => {
    await setUp();
    const firstListed = listedIds(result)[0];
    const reads = result.cases.filter(
      (record) => record.operation === "getPet" && !record.caseId.includes(".auth-"),
    );
    expect(
      reads.map((record) => [record.caseId, record.exchange.request.path, record.provocation]),
    ).toEqual([
      ["getPet.created", `/pets/${createdPetId}`, false],
      ["getPet.listed", `/pets/${firstListed}`, false],
      // An id no deployment hands out: inside the interface, answered 404 (not a provocation).
      ["getPet.absent", `/pets/${Number.MAX_SAFE_INTEGER}`, false],
      ["getPet.not-an-integer", "/pets/abc", true],
      ["getPet.fraction", "/pets/1.5", true],
    ]);
  });

  it("sends every bad credential on every operation, as provocations", async () => {
    await setUp();
    const ids = new Set(listedIds(result).map(String));
    for (const operation of interfaceOperations) {
      const segments = operation.template.split("/");
      for (const credential of ["missing", "wrong", "malformed", "basic", "empty-bearer"]) {
        const request = sent(result, `${operation.id}.auth-${credential}`);
        expect(request).toEqual({
          method: operation.method,
          path: expect.any(String),
          query: undefined,
          json: operation.body ? expect.objectContaining({ name: `${tag} auth-probe` }) : undefined,
          rawBody: undefined,
          credential,
          provocation: true,
        });
        // The operation's path, a listed record's id for each parameter.
        const sentSegments = request.path.split("/");
        expect(sentSegments.length).toBe(segments.length);
        segments.forEach((segment, index) => {
          const at = sentSegments[index] as string;
          expect(segment.startsWith("{") ? ids.has(at) : at === segment, request.path).toBe(true);
        });
      }
    }
    expect(sent(result, "createPet.auth-basic").json).toMatchObject({ categoryId });
  });

  it("tells in each check what the contract expects", async () => {
    await setUp();
    const expected = (id: string) => result.plan?.find((check) => check.id === id)?.expected;
    const firstSold = listedPets(result).find((pet) => pet.status === "sold");
    expect(expected("listPets.status-sold.finds-existing")).toBe(
      `not empty: a listed record has status sold (id ${firstSold?.id})`,
    );
    expect(expected("createPet.full.header-Location")).toBe(
      "Location header: names the new record (…/pets/{id})",
    );
    const rex = { name: `${tag} Rex`, categoryId, status: "pending", id: createdPetId };
    expect(expected("getPet.created.same-as-created")).toBe(
      `the same record as created: ${JSON.stringify(rex)}`,
    );
  });

  it("says of each check whether it fails the run and which rules it enforces", async () => {
    await setUp();
    const cases = [
      "listPets.status-sold",
      "listPets.limit-invalid-abc",
      "listPets.status-invalid",
      "createPet.missing-name",
      "createPet.malformed-json",
      "getPet.absent",
      "getPet.fraction",
      "listCategories.auth-basic",
    ];
    const planned = (result.plan ?? [])
      .filter((check) => cases.some((id) => check.id.startsWith(`${id}.`)))
      .map((check) => [check.id, check.kind, check.rules]);
    const errorBody = ["§2.Error", "§7.status-repeats"];
    const mediaType = ["§4.media-type"];
    const noServerError = ["§7.no-server-error"];
    const pet = ["§2.PetStatus", "§2.Pet"];
    const filter = ["§2.PetStatus", "§4.1.status-filter"];
    const newPet = ["§2.NewPet", "§4.2.400"];
    const credential = ["§4.auth-required", "§5.bearer"];
    const deprecated = ["§4.3.deprecated"];
    type Row = [string, string, string[]];
    /** What the case's answer owes after its own checks: an Error, JSON, its body, then `more`, rate limits last. */
    const owed = (id: string, body: string, ...more: Row[]) => [
      [`${id}.error-body`, "documented", errorBody],
      [`${id}.media-type`, "documented", mediaType],
      [`${id}.${body}`, "documented", pet],
      ...more.map(([slug, kind, rules]) => [`${id}.${slug}`, kind, rules]),
      [`${id}.rate-limited`, "advisory", ["§8.rate-limits"]],
      [`${id}.too-large`, "advisory", ["§8.size-limits"]],
    ];
    const overMaximum: Row = ["never-over-maximum", "documented", ["§4.1.limit-range"]];
    const sunset: Row[] = [
      ["header-Sunset", "advisory", deprecated],
      ["header-Deprecation", "advisory", deprecated],
    ];
    expect(planned).toEqual([
      ["listPets.status-sold.no-5xx", "documented", noServerError],
      ["listPets.status-sold.status-200", "documented", ["§4.1.listPets"]],
      ["listPets.status-sold.at-most-default", "documented", ["§4.1.limit-default"]],
      ["listPets.status-sold.every-status-sold", "documented", filter],
      ["listPets.status-sold.finds-existing", "documented", filter],
      ...owed("listPets.status-sold", "body-Pet-array"),
      ["listPets.limit-invalid-abc.no-5xx", "documented", noServerError],
      ["listPets.limit-invalid-abc.status-400", "advisory", ["§4.1.limit-range"]],
      ...owed("listPets.limit-invalid-abc", "body-Pet-array", overMaximum),
      ["listPets.status-invalid.no-5xx", "documented", noServerError],
      ["listPets.status-invalid.status-400", "advisory", filter],
      ...owed("listPets.status-invalid", "body-Pet-array", overMaximum),
      ["createPet.missing-name.no-5xx", "documented", noServerError],
      ["createPet.missing-name.rejected", "documented", newPet],
      ["createPet.missing-name.status-400", "documented", newPet],
      ...owed("createPet.missing-name", "body-Pet"),
      ["createPet.malformed-json.no-5xx", "documented", noServerError],
      ["createPet.malformed-json.rejected", "documented", [...newPet, "§4.media-type"]],
      ["createPet.malformed-json.status-400", "advisory", newPet],
      ...owed("createPet.malformed-json", "body-Pet"),
      ["getPet.absent.no-5xx", "documented", noServerError],
      // The kit's pick of an absent id: a deployment holding it may answer with that very pet.
      ["getPet.absent.status-404", "documented", ["§4.3.404", "§4.3.getPet"]],
      ["getPet.absent.same-id", "documented", ["§4.3.getPet"]],
      ["getPet.absent.absent", "advisory", ["§4.3.404"]],
      ...owed("getPet.absent", "body-Pet", ...sunset),
      ["getPet.fraction.no-5xx", "documented", noServerError],
      ["getPet.fraction.status-400", "advisory", ["§4.3.petId"]],
      ...owed("getPet.fraction", "body-Pet", ...sunset),
      ["listCategories.auth-basic.no-5xx", "documented", noServerError],
      ["listCategories.auth-basic.rejected", "documented", credential],
      ["listCategories.auth-basic.status-401", "advisory", credential],
      ["listCategories.auth-basic.header-WWW-Authenticate", "advisory", ["§5.bearer"]],
      ["listCategories.auth-basic.error-body", "advisory", errorBody],
      ["listCategories.auth-basic.media-type", "documented", mediaType],
      ["listCategories.auth-basic.error-media-type", "advisory", mediaType],
      ["listCategories.auth-basic.body-Category-array", "documented", ["§2.Category"]],
      ["listCategories.auth-basic.rate-limited", "advisory", ["§8.rate-limits"]],
      ["listCategories.auth-basic.too-large", "advisory", ["§8.size-limits"]],
    ]);
  });
});

function listedPets(result: RunResult): { id: number; status?: string }[] {
  const list = result.cases.find((record) => record.caseId === "listPets.default");
  return (list?.exchange.response?.json ?? []) as { id: number; status?: string }[];
}

const listedIds = (result: RunResult): number[] => listedPets(result).map((pet) => pet.id);

describe("a deployment that lists other pets than the mock, with its own Location style", () => {
  let result: RunResult;
  let createdIds: unknown[];
  const setUp = async () => {
    const hidden = (pet: { id: number; status?: string }) => pet.id === 1 || pet.status === "sold";
    const lists = rewriteResponse(listPets, (response) => {
      const pets = JSON.parse(response.body ?? "null") as unknown;
      if (response.status !== 200 || !Array.isArray(pets)) return response;
      return { ...response, body: JSON.stringify(pets.filter((pet) => !hidden(pet))) };
    });
    // full: no Location; without-status: another pet's; unicode-name: a trailing "//".
    const locations = rewriteResponse(createPet, (response, request) => {
      if (response.status !== 201) return response;
      const { location, ...headers } = response.headers;
      const name = sentName(request);
      if (name.endsWith("Rex")) return { ...response, headers };
      const wrong = location?.replace(/\d+$/, "1");
      const value = name.endsWith("Luna") ? wrong : `${location}//`;
      return { ...response, headers: { ...headers, location: value ?? "" } };
    });
    result = await runAgainst({ wrapCore: (handle) => lists(locations(handle)) });
    createdIds = result.created.filter((r) => r.collection === "pets").map((r) => r.id);
  };

  it("reads back and probes credentials on the first pet the deployment lists", async () => {
    await setUp();
    expect(listedIds(result)[0]).toBe(2);
    expect(sent(result, "getPet.listed").path).toBe("/pets/2");
    expect(sent(result, "getPet.auth-wrong").path).toBe("/pets/2");
    expect(outcome(result, "getPet.listed.same-as-listed")).toBe("passed");
  });

  it("expects a filtered list not to be empty only for statuses the unfiltered list showed", async () => {
    await setUp();
    expect(outcome(result, "listPets.status-available.finds-existing")).toBe("passed");
    expect(outcome(result, "listPets.status-sold.finds-existing")).toBeUndefined();
    expect(outcome(result, "listPets.status-sold.every-status-sold")).toBe("passed");
  });

  it("accepts a Location with trailing slashes and says what is wrong with the others", async () => {
    await setUp();
    const failing = failingChecks(result).map((check) => [check.id, check.actual?.split(" — ")[0]]);
    expect(failing).toEqual([
      ["createPet.full.header-Location", "no Location header"],
      [
        "createPet.without-status.header-Location",
        expect.stringMatching(/^Location: \S+\/pets\/1$/),
      ],
    ]);
    expect(createdIds).toHaveLength(3);
    expect(outcome(result, "createPet.unicode-name.header-Location")).toBe("passed");
  });
});

describe("a deployment with no pets whose unfiltered list and first creation go unanswered", () => {
  let result: RunResult;
  const setUp = async () => {
    const dropped = (request: CoreRequest) =>
      isUnfilteredList(request) || (createPet(request) && sentName(request).endsWith("Rex"));
    result = await runAgainst({
      counts: { pets: 0 },
      wrapCore: rewriteResponse(dropped, (response) => ({ ...response, dropped: true })),
    });
  };

  it("blames only the unanswered cases and reads back the next created pet as the known one", async () => {
    await setUp();
    const failing = new Set(failingChecks(result).map((check) => check.caseId));
    expect([...failing]).toEqual(["listPets.default", "createPet.full"]);
    const luna = result.created.find((record) => record.name.endsWith("Luna"));
    expect(sent(result, "getPet.created").path).toBe(`/pets/${luna?.id}`);
    expect(sent(result, "getPet.listed").path).toBe(`/pets/${luna?.id}`);
    // The pet the run knows best is the one it created: the judge compares with that.
    expect(outcome(result, "getPet.listed.same-as-created")).toBe("passed");
  });

  it("does not expect filtered lists to find pets the unfiltered list never showed", async () => {
    await setUp();
    expect(
      result.checks.filter((check) => check.id.endsWith(".finds-existing")).map((c) => c.id),
    ).toEqual([]);
  });
});

describe("a deployment whose createPet answers 201 without a body", () => {
  const noBody = rewriteResponse(createPet, (response) =>
    response.status === 201 ? { ...response, body: undefined } : response,
  );
  const skipNote = "createPet returned no pet to read back";

  it("blames the Location on the missing id, and skips reading a pet back", async () => {
    const result = await runAgainst({ wrapCore: noBody });
    const location = result.checks.find((check) => check.id === "createPet.full.header-Location");
    expect(location?.actual).toMatch(/^Location: \S+\/pets\/\d+ — got HTTP 201/);
    const created = result.checks.filter((check) => check.caseId === "getPet.created");
    // The checks a read-back of the created pet earns, skipped.
    expect(created.map((check) => check.id)).toEqual(
      expect.arrayContaining(["getPet.created.status-200", "getPet.created.same-as-created"]),
    );
    expect(new Set(created.map((check) => `${check.outcome}: ${check.note}`))).toEqual(
      new Set([`skipped: ${skipNote}`]),
    );
  });

  it("with --only getPet still lists pets to find one to read back", async () => {
    const result = await runAgainst({ wrapCore: noBody }, { only: ["getPet"] });
    expect(outcome(result, "getPet.created.same-as-created")).toBe("skipped");
    expect(outcome(result, "getPet.listed.same-as-listed")).toBe("passed");
  });
});

describe("a deployment whose status filter finds nothing", () => {
  it("says the filtered list came back empty", async () => {
    const result = await runAgainst({ wrapCore: fault("status-filter-empty") });
    const check = result.checks.find((c) => c.id === "listPets.status-sold.finds-existing");
    expect(check?.actual).toMatch(/^empty list — got HTTP 200/);
  });
});
