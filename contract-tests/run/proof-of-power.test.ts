/**
 * Proof of the suite's power: it passes against the kit's standalone mock
 * and fails against each deliberately faulty server for the right reason
 * (hostile-deployments.node.test.ts: it stays bounded and leak-free against each
 * hostile one).
 */
import { describe, expect, it } from "vitest";
import { fault, faultyServers } from "../../mocks/test-support/faulty-servers.js";
import { diagnose } from "../report/diagnosis.js";
import { failingChecks, runPassed } from "../suite/results.js";
import { suiteAgainst } from "../test-support/runs.js";

describe("the contract suite against the kit's standalone mock", () => {
  it("passes every check, advisory ones included", async () => {
    const { result } = await suiteAgainst({}, { strict: true });
    expect(failingChecks(result).map((check) => `${check.id}: ${check.actual}`)).toEqual([]);
    expect(result.checks.filter((check) => check.outcome === "passed").length).toBeGreaterThan(300);
    expect(result.created.map((record) => record.collection).sort()).toEqual([
      "categories",
      "categories",
      "pets",
      "pets",
      "pets",
    ]);
    expect(result.created.every((record) => record.name.startsWith(result.tag))).toBe(true);
    const methods = new Set(result.cases.map((record) => record.exchange.request.method));
    expect(methods).toEqual(new Set(["GET", "POST"]));
  });

  it("sends only GETs with --read-only and leaves the store as seeded", async () => {
    const { result, server } = await suiteAgainst({}, { readOnly: true });
    expect(runPassed(result)).toBe(true);
    expect(result.cases.every((record) => record.exchange.request.method === "GET")).toBe(true);
    expect(result.created).toEqual([]);
    expect(server.store.listCategories()).toHaveLength(5);
    expect(server.store.listPets({ limit: 100 })).toHaveLength(50);
  });
});

describe("what a run created", () => {
  it("lists every record a POST created for clean-up, requests sent to be rejected included", async () => {
    const wrapCore = fault("accepts-pet-without-name");
    const { result } = await suiteAgainst({ wrapCore }, { only: ["createPet"] });
    const pets = result.created.filter((record) => record.collection === "pets");
    expect(pets.map((record) => record.name)).toEqual([
      expect.stringMatching(/Rex$/),
      expect.stringMatching(/Luna$/),
      expect.stringMatching(/Hops"$/),
      "unnamed",
    ]);
    // The categories createPet needs are written (and listed) though not reported.
    expect(result.created.filter((record) => record.collection === "categories")).toHaveLength(2);
  });
});

describe("--only", () => {
  it("reports only the chosen operation and writes only what it needs", async () => {
    const listOnly = (await suiteAgainst({}, { only: ["listPets"] })).result;
    expect(new Set(listOnly.checks.map((check) => check.operation))).toEqual(new Set(["listPets"]));
    expect(listOnly.created).toEqual([]);
    const getOnly = (await suiteAgainst({}, { only: ["getPet"] })).result;
    expect(runPassed(getOnly)).toBe(true);
    expect(
      getOnly.checks.find((check) => check.id === "getPet.created.same-as-created")?.outcome,
    ).toBe("passed");
    expect(getOnly.created.map((record) => record.collection)).toContain("pets");
  });
});

describe("the contract suite against deliberately faulty servers", () => {
  it("keeps at least fifteen faults, each with a distinct name", () => {
    expect(faultyServers.length).toBeGreaterThanOrEqual(15);
    expect(new Set(faultyServers.map((fault) => fault.name)).size).toBe(faultyServers.length);
  });

  it.each(faultyServers)("fails $name ($violation)", async (fault) => {
    const { result } = await suiteAgainst({ ...fault.server, wrapCore: fault.wrap });
    expect(runPassed(result)).toBe(false);
    const failing = failingChecks(result);
    expect(failing.map((check) => check.id)).toEqual(expect.arrayContaining([...fault.caughtBy]));
    const faultyOperations = new Set(fault.caughtBy.map((id) => id.split(".")[0]));
    const elsewhere = failing.filter((check) => !faultyOperations.has(check.operation));
    if (!fault.everyOperation) expect(elsewhere).toEqual([]);
    // One fault in the real API: never blamed on the URL, the key or a dead deployment.
    const wholeDeployment = ["not-answering", "key-rejected", "wrong-base-path", "not-this-api"];
    const causes = diagnose(result).map((diagnosis) => diagnosis.cause);
    expect(causes.filter((cause) => wholeDeployment.includes(cause))).toEqual([]);
  });
});
