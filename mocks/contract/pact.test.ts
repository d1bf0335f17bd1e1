/**
 * The contract format: assembling, reading a file back and merging two, and
 * what a contract file that is not the kit's gets.
 */
import { describe, expect, it } from "vitest";
import { openapiSha256 } from "../generated/openapi-document.js";
import {
  contractLimits,
  contractNamesOf,
  contractText,
  mergeContracts,
  type PactContract,
  pactOf,
  type RecordedInteraction,
  recordedOf,
} from "./pact.js";

const names = { consumer: "web", provider: "petstore" };

function recorded(key: string, tests: string[], status = 200): RecordedInteraction {
  return {
    key,
    facts: { operationId: "listPets", tests, credential: "valid", shape: `shape ${key}` },
    testname: tests[0],
    providerStates: [],
    request: { method: "GET", path: `/pets?from=${tests[0] ?? "none"}` },
    response: { status },
  };
}

describe("pactOf", () => {
  it("is Pact v4 with the kit's facts beside, sorted by description", () => {
    const contract = pactOf([recorded("b", ["zeta"]), recorded("a", ["alpha"])], names);
    expect(contract.metadata).toEqual({
      pactSpecification: { version: "4.0" },
      petstoreMockKit: {
        format: 1,
        openapi: { version: "1.0.0", sha256: openapiSha256 },
        basePath: "/v1",
        credentials: { valid: "Bearer [redacted]", wrong: "Bearer [wrong]" },
      },
    });
    expect(contract.interactions.map((i) => [i.type, i.description, i.key])).toEqual([
      ["Synchronous/HTTP", "alpha: listPets 200", "a"],
      ["Synchronous/HTTP", "zeta: listPets 200", "b"],
    ]);
    expect(contract.interactions[0]?.comments).toEqual({
      testname: "alpha",
      text: ["shape a", "relied on by: alpha"],
      petstoreMockKit: {
        operationId: "listPets",
        tests: ["alpha"],
        credential: "valid",
        shape: "shape a",
      },
    });
  });

  it("numbers interactions that share a title by their key, whatever order they came in", () => {
    const same = (key: string) => ({
      ...recorded(key, ["t"]),
      request: { method: "GET", path: `/pets?k=${key}` },
    });
    for (const order of [
      ["k1", "k2"],
      ["k2", "k1"],
    ]) {
      const contract = pactOf(order.map(same), names);
      expect(contract.interactions.map((i) => [i.key, i.description])).toEqual([
        ["k1", "t: listPets 200"],
        ["k2", "t: listPets 200 (2)"],
      ]);
    }
  });

  it("checks the names it is given", () => {
    expect(contractNamesOf()).toEqual({ consumer: "petstore-consumer", provider: "petstore" });
    expect(() => contractNamesOf({ consumer: "" })).toThrow(RangeError);
    expect(() => contractNamesOf({ provider: "a\nb" })).toThrow(/without control characters/);
    expect(() => contractNamesOf({ consumer: "x".repeat(101) })).toThrow(/1 to 100 characters/);
  });
});

describe("mergeContracts", () => {
  it("joins the tests of one shape and keeps the example of the first test, adds the rest", () => {
    const older = pactOf([recorded("a", ["m"]), recorded("b", ["b-test"])], names);
    const newer = pactOf([recorded("a", ["c", "x"]), recorded("c", ["new"])], names);
    const { contract, omitted } = mergeContracts(JSON.parse(contractText(older)), newer);
    expect(omitted).toBe(0);
    const byKey = Object.fromEntries(contract.interactions.map((i) => [i.key, i]));
    expect(byKey.a?.comments.petstoreMockKit.tests).toEqual(["c", "m", "x"]);
    expect(byKey.a?.request.path).toBe("/pets?from=c");
    expect(byKey.a?.description).toBe("c: listPets 200");
    expect(Object.keys(byKey).sort()).toEqual(["a", "b", "c"]);
  });

  it("gives the same file whichever part comes first, and again when merged twice", () => {
    const one = pactOf([recorded("a", ["m"]), recorded("b", ["b-test"])], names);
    const two = pactOf([recorded("a", ["c"]), recorded("c", ["new"])], names);
    const ab = mergeContracts(one, two).contract;
    const ba = mergeContracts(two, one).contract;
    expect(contractText(ab)).toBe(contractText(ba));
    expect(contractText(mergeContracts(ab, two).contract)).toBe(contractText(ab));
  });

  it(`stops at ${contractLimits.interactions} interactions and counts what it left out`, () => {
    const many = Array.from({ length: contractLimits.interactions }, (_, i) =>
      recorded(`k${i}`, []),
    );
    const full = pactOf(many, names);
    const { contract, omitted } = mergeContracts(full, pactOf([recorded("new", [])], names));
    expect(contract.interactions).toHaveLength(contractLimits.interactions);
    expect(omitted).toBe(1);
  });

  it.each([
    [
      "another consumer's contract",
      pactOf([], { ...names, consumer: "other" }),
      /consumer "other", not "web"/,
    ],
    [
      "another tool's pact",
      { consumer: { name: "web" }, interactions: [] },
      /not written by petstore-mock-kit/,
    ],
    ["a newer format", { metadata: { petstoreMockKit: { format: 2 } } }, /format 2 is not 1/],
    ["no object", [], /not a JSON object/],
  ])("refuses to merge into %s", (_, older, message) => {
    expect(() => mergeContracts(older, pactOf([], names))).toThrow(message);
  });
});

describe("recordedOf: a file read back", () => {
  const valid = (): PactContract => JSON.parse(contractText(pactOf([recorded("a", ["t"])], names)));
  type Interaction = Record<string, unknown>;
  const facts = (i: Interaction) =>
    (i.comments as { petstoreMockKit: Interaction }).petstoreMockKit;
  const withInteraction = (change: (interaction: Interaction) => void) => {
    const contract = valid() as unknown as { interactions: Interaction[] };
    change(contract.interactions[0] as Interaction);
    return contract;
  };

  it("takes what the kit wrote", () => {
    expect(recordedOf(valid()).interactions[0]).toEqual(recorded("a", ["t"]));
  });

  it.each([
    ["no facts", (i: Interaction) => delete i.comments, /has no comments.petstoreMockKit/],
    [
      "an unknown operation",
      (i: Interaction) => {
        facts(i).operationId = "deletePet";
      },
      /names no operation of openapi.yaml/,
    ],
    [
      "tests that are no names",
      (i: Interaction) => {
        facts(i).tests = [1];
      },
      /tests must be a list of test names/,
    ],
    ["no key", (i: Interaction) => delete i.key, /needs a key/],
  ])("refuses an interaction with %s", (_, change, message) => {
    expect(() => recordedOf(withInteraction(change))).toThrow(message);
  });

  it.each(["consumer", "provider"] as const)("refuses a file whose %s has no name", (side) => {
    const contract = valid() as unknown as Record<string, unknown>;
    contract[side] = { name: "" };
    expect(() => recordedOf(contract)).toThrow(
      `${side}.name must be 1 to 100 characters without control characters`,
    );
  });

  it(`refuses more than ${contractLimits.interactions} interactions`, () => {
    const contract = valid() as unknown as { interactions: unknown[] };
    contract.interactions = Array.from(
      { length: contractLimits.interactions + 1 },
      () => contract.interactions[0],
    );
    expect(() => recordedOf(contract)).toThrow(/at most 1000/);
  });
});
