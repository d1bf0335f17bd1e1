/**
 * The pet and credential cases as a user reads them in a report: each case
 * sends the request its name promises, and the suite follows what the
 * deployment answered (the pet it lists first, the statuses it holds, the
 * Location it gives), not what the kit's mock happens to hold.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { CoreRequest, CoreResponse } from "../mocks/core/exchange.js";
import type { PetstoreCore } from "../mocks/core/petstore-core.js";
import { type PetstoreServerOptions, startPetstoreServerWith } from "../mocks/server/server.js";
import { runContractSuite } from "./runner.js";
import { failingChecks, type RunResult } from "./suite/results.js";
import { testApiKey } from "./test-support/faulty-servers.js";

const tag = "ct-cases";

async function runAgainst(
  options: PetstoreServerOptions & { wrapCore?: (handle: PetstoreCore) => PetstoreCore } = {},
): Promise<RunResult> {
  const server = await startPetstoreServerWith(
    { port: 0, apiKeys: [testApiKey], ...options },
    options,
  );
  try {
    return await runContractSuite({ baseUrl: server.url, apiKey: testApiKey, tag, strict: true });
  } finally {
    await server.close();
  }
}

const isList = (request: CoreRequest) => request.method === "GET" && request.path === "/pets";
const isUnfilteredList = (request: CoreRequest) =>
  isList(request) &&
  request.query === "" &&
  request.header("authorization") === `Bearer ${testApiKey}`;
const isCreate = (request: CoreRequest) => request.method === "POST" && request.path === "/pets";
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
  let categoryId: number;
  let createdPetId: number;
  beforeAll(async () => {
    result = await runAgainst();
    categoryId = result.created.find((record) => record.collection === "categories")?.id ?? NaN;
    createdPetId = result.created.find((record) => record.collection === "pets")?.id ?? NaN;
  });

  it("sends each listPets case the query its name promises, odd ones as provocations", () => {
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

  it("sends each createPet case the body its name promises, invalid ones as provocations", () => {
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

  it("reads back the created and the first listed pet, and asks for absent and odd ids", () => {
    const firstListed = listedIds(result)[0];
    const reads = result.cases.filter(
      (record) => record.operation === "getPet" && !record.caseId.includes(".auth-"),
    );
    expect(
      reads.map((record) => [record.caseId, record.exchange.request.path, record.provocation]),
    ).toEqual([
      ["getPet.created", `/pets/${createdPetId}`, false],
      ["getPet.listed", `/pets/${firstListed}`, false],
      ["getPet.absent", `/pets/${Number.MAX_SAFE_INTEGER}`, true],
      ["getPet.not-an-integer", "/pets/abc", true],
      ["getPet.fraction", "/pets/1.5", true],
    ]);
  });

  it("sends every bad credential on all five operations, as provocations", () => {
    const probe = { name: `${tag} auth-probe` };
    const requests = {
      listPets: { method: "GET", path: "/pets" },
      createPet: { method: "POST", path: "/pets", json: { ...probe, categoryId } },
      getPet: { method: "GET", path: `/pets/${listedIds(result)[0]}` },
      listCategories: { method: "GET", path: "/categories" },
      createCategory: { method: "POST", path: "/categories", json: probe },
    };
    for (const [operation, request] of Object.entries(requests)) {
      for (const credential of ["missing", "wrong", "malformed", "basic", "empty-bearer"]) {
        expect(sent(result, `${operation}.auth-${credential}`)).toEqual({
          query: undefined,
          json: undefined,
          rawBody: undefined,
          ...request,
          credential,
          provocation: true,
        });
      }
    }
  });

  it("tells in each check what the contract expects, and which rules it enforces", () => {
    const planned = (id: string) => {
      const check = result.plan?.find((candidate) => candidate.id === id);
      return check && { kind: check.kind, expected: check.expected, rules: check.rules };
    };
    expect(planned("listPets.status-sold.finds-existing")).toEqual({
      kind: "documented",
      expected: "not empty: the unfiltered list holds a pet with status sold",
      rules: ["§4.1.status-filter"],
    });
    expect(planned("createPet.full.header-Location")).toEqual({
      kind: "advisory",
      expected: "Location header naming the new pet (…/pets/{id})",
      rules: ["§4.2.createPet"],
    });
    const created = result.cases.find((record) => record.caseId === "getPet.created");
    expect(planned("getPet.created.same-as-created")).toEqual({
      kind: "documented",
      expected: `the same pet: ${JSON.stringify({
        name: `${tag} Rex`,
        categoryId,
        status: "pending",
        id: createdPetId,
      })}`,
      rules: ["§4.3.getPet"],
    });
    expect(created?.exchange.response?.status).toBe(200);
  });
});

function listedIds(result: RunResult): number[] {
  const list = result.cases.find((record) => record.caseId === "listPets.default");
  const pets = (list?.exchange.response?.json ?? []) as { id: number }[];
  return pets.map((pet) => pet.id);
}

/** Rewrites the answers `when` picks. */
const answering =
  (
    when: (request: CoreRequest) => boolean,
    rewrite: (response: CoreResponse, request: CoreRequest) => CoreResponse,
  ) =>
  (handle: PetstoreCore): PetstoreCore =>
  async (request) => {
    const response = await handle(request);
    return when(request) ? rewrite(response, request) : response;
  };

describe("a deployment that lists other pets than the mock, with its own Location style", () => {
  let result: RunResult;
  let createdIds: number[];
  beforeAll(async () => {
    const hidden = (pet: { id: number; status?: string }) => pet.id === 1 || pet.status === "sold";
    const lists = answering(isList, (response) => {
      const pets = JSON.parse(response.body ?? "null") as unknown;
      if (response.status !== 200 || !Array.isArray(pets)) return response;
      return { ...response, body: JSON.stringify(pets.filter((pet) => !hidden(pet))) };
    });
    // full: no Location; without-status: another pet's; unicode-name: a trailing "//".
    const locations = answering(isCreate, (response, request) => {
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
  });

  it("reads back and probes credentials on the first pet the deployment lists", () => {
    expect(listedIds(result)[0]).toBe(2);
    expect(sent(result, "getPet.listed").path).toBe("/pets/2");
    expect(sent(result, "getPet.auth-wrong").path).toBe("/pets/2");
    expect(outcome(result, "getPet.listed.same-as-listed")).toBe("passed");
  });

  it("expects a filtered list not to be empty only for statuses the unfiltered list showed", () => {
    expect(outcome(result, "listPets.status-available.finds-existing")).toBe("passed");
    expect(outcome(result, "listPets.status-sold.finds-existing")).toBeUndefined();
    expect(outcome(result, "listPets.status-sold.every-status-sold")).toBe("passed");
  });

  it("accepts a Location with trailing slashes and says what is wrong with the others", () => {
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
  beforeAll(async () => {
    const dropped = (request: CoreRequest) =>
      isUnfilteredList(request) || (isCreate(request) && sentName(request).endsWith("Rex"));
    result = await runAgainst({
      counts: { pets: 0 },
      wrapCore: answering(dropped, (response) => ({ ...response, dropped: true })),
    });
  });

  it("blames only the unanswered cases and reads back the next created pet as the known one", () => {
    const failing = new Set(failingChecks(result).map((check) => check.caseId));
    expect([...failing]).toEqual(["listPets.default", "createPet.full"]);
    const luna = result.created.find((record) => record.name.endsWith("Luna"));
    expect(sent(result, "getPet.created").path).toBe(`/pets/${luna?.id}`);
    expect(sent(result, "getPet.listed").path).toBe(`/pets/${luna?.id}`);
    expect(outcome(result, "getPet.listed.same-as-listed")).toBe("passed");
  });

  it("does not expect filtered lists to find pets the unfiltered list never showed", () => {
    expect(
      result.checks.filter((check) => check.id.endsWith(".finds-existing")).map((c) => c.id),
    ).toEqual([]);
  });
});
