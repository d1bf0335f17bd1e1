/**
 * The category cases (suite/categories.ts): what they send and plan, what
 * they report, and which category the pet cases file their pets under.
 */
import { describe, expect, it } from "vitest";
import type { PetstoreCore } from "../../mocks/core/petstore-core.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import type { RunningPetstoreServer } from "../../mocks/server/server.js";
import { fault } from "../../mocks/test-support/faulty-servers.js";
import { suiteAgainst } from "../test-support/runs.js";

type Wrap = (handle: PetstoreCore) => PetstoreCore;

const categoriesOnly: OperationId[] = ["listCategories", "createCategory"];

const planOf = (result: {
  plan?: readonly { id: string; kind: string; rules: readonly string[] }[];
}) =>
  (result.plan ?? [])
    .filter((check) => !check.id.includes(".auth-"))
    .map((check) => `${check.id} ${check.kind} ${check.rules.join(" ")}`);

const categoryIds = (result: { created: readonly { collection: string; id: unknown }[] }) =>
  result.created.filter((record) => record.collection === "categories").map((record) => record.id);

describe("the category cases", () => {
  it("send the documented and the provoking requests, and plan each check under its rules", async () => {
    const { result, server } = await suiteAgainst({}, { only: categoriesOnly });
    expect(
      result.cases
        .filter((record) => !record.caseId.includes(".auth-"))
        .map((record) => `${record.caseId}${record.provocation ? " (provocation)" : ""}`),
    ).toEqual([
      "listCategories.all",
      "createCategory.full",
      "createCategory.name-only",
      "listCategories.after-create",
      "createCategory.missing-name (provocation)",
      "createCategory.name-not-string (provocation)",
      "createCategory.array-body (provocation)",
      "createCategory.malformed-json (provocation)",
    ]);
    const always = (id: string) => [
      `${id}.error-body advisory §2.Error §7.status-repeats`,
      `${id}.media-type documented §4.media-type`,
      `${id}.error-media-type advisory §4.media-type`,
    ];
    const noServerError = (id: string) => `${id}.no-5xx documented §7.no-server-error`;
    const rateLimited = (id: string) => [
      `${id}.rate-limited advisory §8.rate-limits`,
      `${id}.too-large advisory §8.size-limits`,
    ];
    expect(planOf(result)).toEqual([
      noServerError("listCategories.all"),
      "listCategories.all.status-200 documented §4.4.listCategories",
      // The interface shows no error answer of the category operations: a refusal is advice.
      "listCategories.all.status-2xx advisory §4.4.listCategories",
      ...always("listCategories.all"),
      "listCategories.all.body-Category-array documented §2.Category",
      ...rateLimited("listCategories.all"),
      ...["full", "name-only"].flatMap((name) => [
        noServerError(`createCategory.${name}`),
        `createCategory.${name}.status-201 documented §4.5.createCategory`,
        `createCategory.${name}.status-2xx advisory §4.5.createCategory`,
        `createCategory.${name}.echoes-input documented §4.5.createCategory`,
        ...always(`createCategory.${name}`),
        `createCategory.${name}.body-Category documented §2.Category`,
        ...rateLimited(`createCategory.${name}`),
      ]),
      noServerError("listCategories.after-create"),
      "listCategories.after-create.status-200 documented §4.4.listCategories",
      "listCategories.after-create.status-2xx advisory §4.4.listCategories",
      "listCategories.after-create.lists-created documented §4.4.listCategories",
      ...always("listCategories.after-create"),
      "listCategories.after-create.body-Category-array documented §2.Category",
      ...rateLimited("listCategories.after-create"),
      // The interface shows no error answer of createCategory: every rejection is advice.
      ...["missing-name", "name-not-string", "array-body", "malformed-json"].flatMap((name) => [
        noServerError(`createCategory.${name}`),
        `createCategory.${name}.rejected advisory §2.NewCategory${name === "malformed-json" ? " §4.media-type" : ""}`,
        `createCategory.${name}.status-400 advisory §2.NewCategory`,
        ...always(`createCategory.${name}`),
        `createCategory.${name}.body-Category documented §2.Category`,
        ...rateLimited(`createCategory.${name}`),
      ]),
    ]);
    const malformed = result.cases.find(
      (record) => record.caseId === "createCategory.malformed-json",
    );
    expect(malformed?.exchange.request.rawBody).toBe(`{"name": "${result.tag} broken"`);
    expect(
      server.store
        .listCategories()
        .filter((category) => category.name.startsWith(result.tag))
        .map((category) => [category.name, category.description]),
    ).toEqual([
      [`${result.tag} dog`, "Created by the contract suite; safe to remove."],
      [`${result.tag} cat`, undefined],
    ]);
  });

  it("with --only listCategories, still creates categories to find them in the list", async () => {
    const { result } = await suiteAgainst({}, { only: ["listCategories"] });
    const created = categoryIds(result);
    expect(created).toHaveLength(2);
    const listsCreated = result.checks.find(
      (check) => check.id === "listCategories.after-create.lists-created",
    );
    expect(listsCreated).toMatchObject({
      outcome: "passed",
      expected: `lists every record the run created (${created.join(", ")})`,
    });
  });

  it("with --read-only, skips the list after creation: the run created no category", async () => {
    const { result } = await suiteAgainst({}, { only: ["listCategories"], readOnly: true });
    const afterCreate = result.checks.filter((check) =>
      check.id.startsWith("listCategories.after-create."),
    );
    expect(afterCreate.map((check) => [check.id, check.outcome, check.note])).toEqual(
      [
        "no-5xx",
        "status-200",
        "status-2xx",
        "error-body",
        "media-type",
        "error-media-type",
        "body-Category-array",
        "rate-limited",
        "too-large",
      ].map((slug) => [
        `listCategories.after-create.${slug}`,
        "skipped",
        "the run created no category",
      ]),
    );
  });

  it("names the created categories a deployment fails to list", async () => {
    const { result } = await suiteAgainst(
      { wrapCore: fault("loses-categories") },
      { only: ["listCategories"] },
    );
    const listsCreated = result.checks.find(
      (check) => check.id === "listCategories.after-create.lists-created",
    );
    expect(listsCreated?.actual).toMatch(
      new RegExp(`^missing id ${categoryIds(result).join(", ")} — got HTTP 200 `),
    );
  });

  it("finds the created categories in a list that also holds a null item", async () => {
    const withNull: Wrap = (handle) => async (request) => {
      const response = await handle(request);
      if (request.method !== "GET" || request.path !== "/categories") return response;
      return { ...response, body: response.body?.replace(/^\[/, "[null,") };
    };
    const { result } = await suiteAgainst({ wrapCore: withNull }, { only: ["listCategories"] });
    const outcome = (id: string) => result.checks.find((check) => check.id === id)?.outcome;
    expect(outcome("listCategories.after-create.body-Category-array")).toBe("failed");
    expect(outcome("listCategories.after-create.lists-created")).toBe("passed");
  });
});

describe("the category the pet cases file their pets under", () => {
  const petCategories = (server: RunningPetstoreServer, tag: string) =>
    new Set(
      server.store
        .listPets({ limit: 100 })
        .filter((pet) => pet.name.startsWith(tag))
        .map((pet) => pet.categoryId),
    );

  it.each<OperationId>(["createPet", "getPet"])(
    "is the first one the run created (--only %s)",
    async (operation) => {
      const { result, server } = await suiteAgainst({}, { only: [operation] });
      const [first] = categoryIds(result);
      expect(first).toBeGreaterThan(5);
      expect(petCategories(server, result.tag)).toEqual(new Set([first]));
    },
  );

  /** createCategory fails; listCategories lists the seeded categories newest first. */
  const noNewCategories: Wrap = (handle) => async (request) => {
    if (request.path !== "/categories") return handle(request);
    if (request.method === "POST") {
      return {
        status: 500,
        headers: { "content-type": "application/json" },
        body: '{"code":"internal","message":"down","status":500}',
      };
    }
    const response = await handle(request);
    return {
      ...response,
      body: JSON.stringify((JSON.parse(response.body ?? "[]") as unknown[]).reverse()),
    };
  };

  it.each<OperationId>(["createPet", "getPet"])(
    "is the first one listed when the run could create none (--only %s)",
    async (operation) => {
      const { result, server } = await suiteAgainst(
        { wrapCore: noNewCategories },
        { only: [operation] },
      );
      expect(categoryIds(result)).toEqual([]);
      expect(petCategories(server, result.tag)).toEqual(new Set([5]));
    },
  );

  it("goes on, filing pets under category 1, when the category requests get no answer", async () => {
    const dropped: Wrap = (handle) => async (request) =>
      request.path === "/categories"
        ? { status: 500, headers: {}, body: undefined, dropped: true }
        : handle(request);
    const { result, server } = await suiteAgainst(
      { wrapCore: dropped },
      { only: ["createPet"], maxRetries: 0 },
    );
    expect(result.stoppedEarly).toBeUndefined();
    expect(categoryIds(result)).toEqual([]);
    expect(petCategories(server, result.tag)).toEqual(new Set([1]));
  });
});
