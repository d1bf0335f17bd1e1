/** `--compare-mock`: per request, where a deployment and the kit's mock answer differently. */
import { describe, expect, it } from "vitest";
import {
  type FaultyServer,
  fault,
  startMock,
  testApiKey,
} from "../../mocks/test-support/faulty-servers.js";
import { parse } from "../cli/options.js";
import { closedAfter, runCli } from "../test-support/runs.js";
import { bodyShape, compareWithMock } from "./compare-mock.js";
import { runContractSuite } from "./runner.js";

async function compareAgainst(wrapHandler?: FaultyServer["wrap"]) {
  const deployment = await startMock(wrapHandler);
  try {
    const command = parse(["--url", deployment.url, "--key", testApiKey], {});
    if (command.kind !== "run") throw new Error(`unexpected ${command.kind}`);
    const { options } = command;
    return await compareWithMock(options, await runContractSuite(options));
  } finally {
    await deployment.close();
  }
}

describe("compareWithMock", () => {
  it("finds no difference between the mock and itself", async () => {
    const comparison = await compareAgainst();
    expect(comparison.compared).toBeGreaterThan(50);
    expect(comparison.differences).toEqual([]);
  });

  it("reports a status difference on the requests that show it", async () => {
    const { differences } = await compareAgainst(fault("created-as-200"));
    expect(differences).toContainEqual({
      caseId: "createPet.full",
      request: "POST /v1/pets",
      aspect: "status",
      deployment: "200",
      mock: "201",
    });
    expect(new Set(differences.map((difference) => difference.aspect))).toEqual(
      new Set(["status"]),
    );
  });

  it("reports body-shape and header differences", async () => {
    const shapes = await compareAgainst(fault("pet-id-as-string"));
    expect(shapes.differences).toContainEqual(
      expect.objectContaining({ caseId: "listPets.default", aspect: "body shape" }),
    );
    const headers = await compareAgainst(fault("html-401"));
    expect(headers.differences).toContainEqual(
      expect.objectContaining({
        caseId: "listPets.auth-missing",
        aspect: "header content-type",
        deployment: "text/html",
        mock: "application/json",
      }),
    );
  });

  it("compares every header of the interface, the deprecated operation's successor link too", async () => {
    const { differences } = await compareAgainst((handle) => async (request) => {
      const answer = await handle(request);
      const { link: _, ...headers } = answer.headers;
      return { ...answer, headers };
    });
    expect(differences.length).toBeGreaterThan(0);
    for (const difference of differences) {
      expect(difference).toMatchObject({
        request: expect.stringMatching(/^GET \/v1\/pets\/[^/?]+$/),
        aspect: "header link",
        deployment: "(absent)",
        mock: expect.stringMatching(/^<\/v1\/pets>; rel="successor-version"$/),
      });
    }
  });
});

describe("bodyShape", () => {
  it("describes types and keys, not values", () => {
    expect(bodyShape([{ name: "Rex", id: 3, status: "sold" }])).toBe(
      "[{id: integer, name: string, status: string}, …]",
    );
    expect(bodyShape({ code: "x", message: "y", status: 4.5 })).toBe(
      "{code: string, message: string, status: number}",
    );
  });
});

describe("petstore-contract --compare-mock", () => {
  it("prints the comparison after the run", async () => {
    const { out } = await closedAfter(await startMock(fault("absent-pet-400")), (deployment) =>
      runCli(["--url", deployment.url, "--key", testApiKey, "--only", "getPet", "--compare-mock"]),
    );
    expect(out).toMatch(/compare-mock: 1 of \d+ requests answered differently/);
    expect(out).toContain("getPet.absent  (GET /v1/pets/9007199254740991)");
    expect(out).toContain("status: deployment 400 | mock 404");
  });
});
