/**
 * The contract a mock records from the requests it answers (through the
 * lifecycle, as every runtime builds it): one interaction per request shape,
 * named after its test, with provider states, matchers from openapi.yaml,
 * no secret, nothing a fault made up, within its caps.
 */
import { describe, expect, it, vi } from "vitest";
import { createPetstoreCore } from "../core/create-core.js";
import { createPetstore, type PetstoreLifecycleOptions } from "../runtime/lifecycle.js";
import { createPetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { contractLimits, contractText, type PactInteraction } from "./pact.js";
import { createContractRecorder, currentTestName } from "./recorder.js";

const key = "petstore-dev-key";
const auth = { authorization: `Bearer ${key}` };
const json = { ...auth, "content-type": "application/json" };

async function mock(options: PetstoreLifecycleOptions = {}) {
  let test: string | undefined = "a test";
  const petstore = await createPetstore({ testName: () => test, contract: {}, ...options });
  return {
    petstore,
    as(name: string | undefined) {
      test = name;
    },
    get: (target: string, headers: Record<string, string> = auth) =>
      petstore.handle(coreRequest("GET", target, { headers })),
    post: (target: string, body: unknown, headers: Record<string, string> = json) =>
      petstore.handle(coreRequest("POST", target, { headers, body: JSON.stringify(body) })),
    interactions: () => petstore.contract().interactions,
  };
}

/** How a Pact generator names a provider state's parameter: `${petId}`. */
const injected = (name: string) => `\${${name}}`;

const byText = (a: unknown, b: unknown) =>
  JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0;

const only = (interactions: readonly PactInteraction[]) => {
  expect(interactions).toHaveLength(1);
  return interactions[0] as PactInteraction;
};

describe("one interaction per request shape", () => {
  it("joins requests of one shape from several tests, the example from the first test in order", async () => {
    const { as, get, interactions } = await mock();
    as("b › shows pet 3");
    await get("/pets/3");
    as("a › shows pet 7");
    await get("/pets/7");
    await get("/pets/7");
    const interaction = only(interactions());
    expect(interaction.comments.petstoreMockKit.tests).toEqual([
      "a › shows pet 7",
      "b › shows pet 3",
    ]);
    expect(interaction.description).toBe("a › shows pet 7: getPet 200");
    expect(interaction.comments.testname).toBe("a › shows pet 7");
    expect(interaction.request.path).toBe("/pets/7");
    expect(interaction.providerStates?.[0]?.name).toMatch(/^pet 7 exists/);
  });

  it("tells shapes apart by status, credential, query names and value kinds, enum values, and body fields", async () => {
    const { get, post, interactions } = await mock();
    await get("/pets/7");
    await get("/pets/999");
    await get("/pets/7", {});
    await get("/pets/7", { authorization: "Bearer nope" });
    await get("/pets?limit=5");
    await get("/pets?limit=6");
    await get("/pets?limit=5&status=sold");
    await get("/pets?limit=7&status=sold");
    await get("/pets?limit=5&status=pending");
    await get("/pets?limit=five");
    await post("/pets", { name: "Rex", categoryId: 1 });
    await post("/pets", { name: "Rex", categoryId: 1, status: "sold" });
    const shapes = interactions().map((i) => i.comments.petstoreMockKit.shape);
    expect(shapes.sort()).toEqual([
      "GET /pets valid ?limit=integer body:none → 200",
      "GET /pets valid ?limit=integer&status=pending body:none → 200",
      "GET /pets valid ?limit=integer&status=sold body:none → 200",
      "GET /pets valid ?limit=invalid body:none → 400",
      "GET /pets/{petId} missing ?- body:none → 401",
      "GET /pets/{petId} valid ?- body:none → 200",
      "GET /pets/{petId} valid ?- body:none → 404",
      "GET /pets/{petId} wrong ?- body:none → 401",
      "POST /pets valid ?- body:json{categoryId,name,status} → 201",
      "POST /pets valid ?- body:json{categoryId,name} → 201",
    ]);
    expect(new Set(interactions().map((i) => i.key)).size).toBe(10);
  });

  it("keeps a value outside the interface's domain apart, even where a profile answers it like one inside", async () => {
    const { as, get, interactions } = await mock({
      behaviour: {
        version: 1,
        choices: { limitOutOfRange: "clamped", petIdOutOfRange: "notFound" },
      },
    });
    for (const [test, target] of [
      ["a > five pets", "/pets?limit=5"],
      ["b > no pets", "/pets?limit=0"],
      ["c > many pets", "/pets?limit=500"],
      ["d > a gone pet", "/pets/999"],
      ["e > pet zero", "/pets/0"],
    ] as const) {
      as(test);
      await get(target);
    }
    const listed = interactions().map((i) => [
      i.comments.petstoreMockKit.shape,
      i.comments.petstoreMockKit.tests,
      i.request.matchingRules,
    ]);
    expect(listed).toEqual([
      ["GET /pets valid ?limit=integer body:none → 200", ["a > five pets"], expect.anything()],
      [
        "GET /pets valid ?limit=outside body:none → 200",
        ["b > no pets", "c > many pets"],
        expect.anything(),
      ],
      ["GET /pets/{petId} valid ?- body:none → 404", ["d > a gone pet"], expect.anything()],
      ["GET /pets/{petId=outside} valid ?- body:none → 404", ["e > pet zero"], expect.anything()],
    ]);
    // Literal where outside: a verifier's matcher would let another value stand for it.
    expect(listed[1]?.[2]).not.toHaveProperty("query");
    expect(listed[3]?.[2]).not.toHaveProperty("path");
    expect(listed[0]?.[2]).toHaveProperty("query.limit");
    expect(listed[2]?.[2]).toHaveProperty("path");
  });

  it("keeps each value of an enum filter apart: its own request, provider state and tests", async () => {
    const { as, get, interactions } = await mock();
    for (const [test, status] of [
      ["f1 > pending", "pending"],
      ["f2 > sold", "sold"],
      ["f3 > available", "available"],
      ["f4 > sold again", "sold"],
    ] as const) {
      as(test);
      await get(`/pets?limit=3&status=${status}`);
    }
    const listed = interactions().map((i) => [
      i.request.query?.status,
      i.providerStates?.map((state) => state.name),
      i.comments.petstoreMockKit.tests,
      i.response.matchingRules?.body?.["$[*].status"]?.matchers,
    ]);
    expect(listed.sort()).toEqual([
      [
        ["available"],
        ["pets exist with status available"],
        ["f3 > available"],
        [{ match: "regex", regex: "^(?:available)$" }],
      ],
      [
        ["pending"],
        ["pets exist with status pending"],
        ["f1 > pending"],
        [{ match: "regex", regex: "^(?:pending)$" }],
      ],
      [
        ["sold"],
        ["pets exist with status sold"],
        ["f2 > sold", "f4 > sold again"],
        [{ match: "regex", regex: "^(?:sold)$" }],
      ],
    ]);
  });

  it("is named after the operation where no test is known, and unique where names meet", async () => {
    const { as, get, interactions } = await mock();
    as(undefined);
    await get("/pets?limit=5");
    await get("/pets?status=sold");
    expect(interactions().map((i) => [i.description, i.comments.petstoreMockKit.tests])).toEqual([
      ["listPets 200", []],
      ["listPets 200 (2)", []],
    ]);
  });

  it("names the vitest test running now, with its file", async () => {
    expect(currentTestName()).toBe(
      "mocks/contract/recorder.test.ts > one interaction per request shape > names the vitest test running now, with its file",
    );
    const petstore = await createPetstore({ contract: {} });
    await petstore.handle(coreRequest("GET", "/categories", { headers: auth }));
    expect(petstore.contract().interactions[0]?.comments.testname).toBe(currentTestName());
  });

  it("names the Jest test running now as file > describe > test, from jest-circus's blocks", () => {
    /** What Jest puts on a test file's global: its `expect`, and jest-circus's state. */
    const jest = (joined: string, test?: object) => ({
      expect: { getState: () => ({ currentTestName: joined, testPath: "/app/pets.test.mjs" }) },
      process: { cwd: () => "/app" },
      ...(test ? { [Symbol("JEST_STATE_SYMBOL")]: { currentlyRunningTest: test } } : {}),
    });
    const root = { name: "ROOT_DESCRIBE_BLOCK" };
    const inPets = { name: "creates a pet", parent: { name: "pets", parent: root } };
    expect(currentTestName(jest("pets creates a pet", inPets))).toBe(
      "pets.test.mjs > pets > creates a pet",
    );
    const nested = { name: "a pet", parent: { name: "pets creates", parent: root } };
    expect(currentTestName(jest("pets creates a pet", nested))).toBe(
      "pets.test.mjs > pets creates > a pet",
    );
    expect(currentTestName(jest("lists", { name: "lists", parent: root }))).toBe(
      "pets.test.mjs > lists",
    );
    // Without jest-circus, or with its state on another test: Jest's own name.
    expect(currentTestName(jest("pets creates a pet"))).toBe("pets.test.mjs > pets creates a pet");
    expect(currentTestName(jest("pets creates a pet", { name: "other", parent: root }))).toBe(
      "pets.test.mjs > pets creates a pet",
    );
  });
});

describe("what an interaction holds", () => {
  it("the data it needed as provider states, fed into the request by generators", async () => {
    const { get, post, interactions } = await mock();
    await get("/pets/7");
    await post("/pets", { name: "Rex", categoryId: 3 });
    const [create, read] = interactions();
    expect(read?.providerStates).toEqual([
      { name: "pet 7 exists with status pending", params: { petId: 7, status: "pending" } },
    ]);
    expect(read?.request.generators).toEqual({
      path: { type: "ProviderState", expression: `/pets/${injected("petId")}`, dataType: "STRING" },
    });
    expect(create?.providerStates).toEqual([
      { name: "category 3 exists", params: { categoryId: 3 } },
    ]);
    expect(create?.request.generators).toEqual({
      body: {
        "$.categoryId": {
          type: "ProviderState",
          expression: injected("categoryId"),
          dataType: "INTEGER",
        },
      },
    });
  });

  it("matchers from openapi.yaml instead of the values, a list as its first item", async () => {
    const { get, interactions } = await mock();
    await get("/pets?limit=3&status=sold");
    const { request, response } = only(interactions());
    expect(response.body?.content).toEqual([
      { id: 3, name: "Bruno", categoryId: 1, status: "sold" },
    ]);
    const rules = response.matchingRules?.body ?? {};
    const matchers = Object.fromEntries(
      Object.entries(rules).map(([path, rule]) => [path, rule.matchers]),
    );
    expect(matchers).toEqual({
      $: [{ match: "type", min: 1 }],
      "$[*].categoryId": [{ match: "integer" }],
      "$[*].id": [{ match: "integer" }],
      "$[*].name": [{ match: "type" }],
      // The enum, narrowed to the filter the request asked for.
      "$[*].status": [{ match: "regex", regex: "^(?:sold)$" }],
    });
    expect(request.query).toEqual({ limit: ["3"], status: ["sold"] });
    expect(request.matchingRules?.query).toEqual({
      limit: { combine: "AND", matchers: [{ match: "regex", regex: "^-?[0-9]+$" }] },
      status: {
        combine: "AND",
        matchers: [{ match: "regex", regex: "^(?:available|pending|sold)$" }],
      },
    });
    expect(request.headers).toEqual({ Authorization: ["Bearer [redacted]"] });
  });

  it("expects the fields openapi.yaml requires, and an optional one only where the request promises it", async () => {
    const { petstore, as, get, post, interactions } = await mock({
      counts: { pets: 0, categories: 2 },
    });
    // Every seeded category has a description, every pet below a status: neither is required.
    expect((await petstore.store.listCategories()).every((c) => c.description)).toBe(true);
    await petstore.store.createPet({ name: "Rex", categoryId: 1, status: "sold" });
    await petstore.store.createPet({ name: "Tom", categoryId: 1, status: "sold" });
    as("lists");
    await get("/categories");
    await get("/pets");
    as("filters");
    await get("/pets?status=sold");
    as("reads");
    await get("/pets/1");
    as("creates");
    await post("/categories", { name: "Owls", description: "birds" });
    await post("/categories", { name: "Bats" });
    const answer = (test: string, operation: string, at = 0) =>
      interactions().filter(
        (i) => i.comments.testname === test && i.comments.petstoreMockKit.operationId === operation,
      )[at]?.response;
    const fields = (body: unknown) =>
      Object.keys((Array.isArray(body) ? body[0] : body) as object).sort();
    expect(fields(answer("lists", "listCategories")?.body?.content)).toEqual(["id", "name"]);
    expect(answer("lists", "listCategories")?.matchingRules?.body).not.toHaveProperty(
      "$[*].description",
    );
    expect(fields(answer("lists", "listPets")?.body?.content)).toEqual([
      "categoryId",
      "id",
      "name",
    ]);
    // A filter promises its field on every item; a state's status, the pet's; a create, what it sent.
    expect(fields(answer("filters", "listPets")?.body?.content)).toContain("status");
    expect(fields(answer("reads", "getPet")?.body?.content)).toContain("status");
    const created = interactions()
      .filter((i) => i.comments.petstoreMockKit.operationId === "createCategory")
      .map((i) => fields(i.response.body?.content));
    expect(created.sort()).toEqual([
      ["description", "id", "name"],
      ["id", "name"],
    ]);
  });

  it("an empty list as it was, and a path that names no valid id without a path rule", async () => {
    const { get, interactions } = await mock({ counts: { pets: 0, categories: 1 } });
    await get("/pets");
    await get("/pets/abc");
    const [bad, list] = interactions();
    expect(list?.response.body?.content).toEqual([]);
    expect(list?.response.matchingRules).toBeUndefined();
    expect(list?.providerStates).toEqual([{ name: "no pets exist", params: {} }]);
    expect(bad?.response.status).toBe(400);
    expect(bad?.request.matchingRules?.path).toBeUndefined();
    expect(bad?.providerStates).toBeUndefined();
  });

  it("strings cut to 200 characters, keys sorted", async () => {
    const { post, interactions } = await mock();
    await post("/categories", { name: "x".repeat(500), description: "d" });
    const { request, response } = only(interactions());
    expect(request.body?.content).toEqual({ description: "d", name: `${"x".repeat(199)}…` });
    expect(Object.keys(response.body?.content as object)).toEqual(["description", "id", "name"]);
  });
});

describe("secrets never written", () => {
  it("no key, presented token or admin key anywhere; secret-named parameters masked", async () => {
    const admin = "the-admin-secret-value";
    const { get, post, petstore } = await mock({ apiKeys: [key], secrets: [admin] });
    await get("/pets?limit=5&api_key=petstore-dev-key&token=abc123&petstore-dev-key=1");
    await get("/pets/7", { authorization: "Bearer some-stolen-token-value" });
    await post("/categories", {
      name: `named ${key} ${admin}`,
      description: encodeURIComponent(key),
      [admin]: "a field named like a secret",
    });
    const text = contractText(petstore.contract());
    for (const secret of [
      key,
      admin,
      "some-stolen-token-value",
      "abc123",
      encodeURIComponent(key),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('"api_key": [\n            "[redacted]"');
    expect(text).toContain('"Bearer [wrong]"');
  });

  it("no admin key of digits, written as a number in a body, a path or a provider state", async () => {
    const admin = "4242424242424242";
    const long = "98765432109876543210987";
    const { get, post, petstore } = await mock({ apiKeys: [key], secrets: [admin, long] });
    await post("/pets", { name: "x", categoryId: Number(admin) });
    await post("/pets", { name: "y", categoryId: Number(long) });
    await get(`/pets/${admin}`);
    const text = contractText(petstore.contract());
    expect(text).not.toContain(admin);
    expect(text).not.toContain(String(Number(long)).slice(2, 14));
    expect(text).toContain('"categoryId": "[redacted]"');
  });
});

describe("what is left out", () => {
  it("answers a fault, a scenario or a full store made, but not a delay", async () => {
    const { petstore, get, post, interactions } = await mock({ maxPets: 50 });
    petstore.faults.add({ operation: "listPets", status: 503, times: 1 });
    await get("/pets");
    petstore.faults.add({ operation: "listPets", body: "empty", times: 1 });
    await get("/pets");
    petstore.faults.add({ operation: "listPets", body: "malformed", times: 1 });
    await get("/pets");
    await get("/pets", { ...auth, prefer: "code=404" });
    await post("/pets", { name: "Rex", categoryId: 1 });
    expect(interactions()).toEqual([]);
    petstore.faults.add({ operation: "listPets", delayMs: 1, times: 1 });
    await get("/pets");
    expect(interactions().map((i) => i.response.status)).toEqual([200]);
  });

  it("an exchange whose body is over the cap", async () => {
    const { post, interactions } = await mock();
    await post("/categories", { name: "x".repeat(contractLimits.bodyChars) });
    expect(interactions()).toEqual([]);
  });

  it("new shapes past the cap, said once", async () => {
    const warn = vi.fn();
    const recorder = createContractRecorder({
      categoryExists: () => true,
      testName: () => "t",
      warn,
    });
    const core = createPetstoreCore({
      store: await createPetstoreStore(),
      observe: recorder.observe,
    });
    // Each unknown query parameter name makes another shape.
    for (let index = 0; index <= contractLimits.interactions + 5; index++) {
      await core(coreRequest("GET", `/categories?p${index}=1`, { headers: auth }));
    }
    expect(recorder.interactions()).toHaveLength(contractLimits.interactions);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/holds 1000 interactions, its cap/);
  });

  it(`test names past ${contractLimits.testsPerInteraction} per interaction`, async () => {
    const { as, get, interactions } = await mock();
    for (let index = 0; index < contractLimits.testsPerInteraction + 10; index++) {
      as(`test ${String(index).padStart(3, "0")}`);
      await get("/categories");
    }
    const { tests } = only(interactions()).comments.petstoreMockKit;
    expect(tests).toHaveLength(contractLimits.testsPerInteraction);
    expect(tests.at(-1)).toBe("test 049");
  });
});

describe("over a mock's life", () => {
  it("a reset keeps the contract, clear() empties it", async () => {
    const { petstore, get, interactions } = await mock();
    await get("/categories");
    await petstore.reset();
    expect(interactions()).toHaveLength(1);
    petstore.contractRecorder?.clear();
    expect(interactions()).toEqual([]);
  });

  it("creates answered together record what each sent, as one after another do", async () => {
    const bodies = [
      { name: "Rex", categoryId: 1 },
      { name: "Tom", categoryId: 2, status: "sold" },
      { name: "Kit", categoryId: 1, tags: ["a"] },
    ];
    const together = await mock();
    await Promise.all(bodies.map((body) => together.post("/pets", body)));
    const apart = await mock();
    for (const body of bodies) await apart.post("/pets", body);
    const shapes = (interactions: readonly PactInteraction[]) =>
      interactions.map((interaction) => interaction.request.body).sort(byText);
    expect(shapes(together.interactions())).toHaveLength(3);
    expect(shapes(together.interactions())).toEqual(shapes(apart.interactions()));
  });

  it("the same requests in another order give the same text", async () => {
    const run = async (order: readonly string[]) => {
      const { as, get, petstore } = await mock();
      for (const target of order) {
        as(`test of ${target}`);
        await get(target);
      }
      return contractText(petstore.contract());
    };
    const targets = ["/pets/7", "/pets?limit=2", "/categories", "/pets/999", "/pets?status=sold"];
    expect(await run(targets)).toBe(await run([...targets].reverse()));
  });
});
