/** `--compare-mock`: per request, where a deployment and the kit's mock answer differently. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractText } from "../../mocks/contract/pact.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import {
  type FaultyServer,
  fault,
  startMock,
  testApiKey,
} from "../../mocks/test-support/faulty-servers.js";
import { parse } from "../cli/options.js";
import { startOtherDeployment } from "../test-support/other-deployment.js";
import { recordContract } from "../test-support/recorded-contract.js";
import { closedAfter, runCli } from "../test-support/runs.js";
import { bodyShape } from "./compare-answers.js";
import { compareWithMock, sameValue } from "./compare-mock.js";
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
      request: "POST /pets",
      choices: [],
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
      expect.objectContaining({ caseId: "listPets.default", aspect: "item fields" }),
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
        request: expect.stringMatching(/^GET \/pets\/[^/?]+$/),
        aspect: "header link",
        deployment: "(absent)",
        mock: expect.stringMatching(/^<\/v1\/pets>; rel="successor-version"$/),
      });
    }
  });
});

describe("a list's order: what a consumer contract cannot carry, --compare-mock shows", () => {
  it("an app's oldest-first test passes --consumer against a staging that lists newest first; --compare-mock names the order", async () => {
    const contract = await recordContract("ordered-app", [
      {
        test: "pets.test.ts > lists the oldest pets first",
        method: "GET",
        target: "/pets?limit=5",
      },
    ]);
    // The list's example keeps its first item: the order the test relied on is not in it.
    const [interaction] = contract.interactions;
    expect(interaction?.response.body?.content).toHaveLength(1);
    const file = join(await mkdtemp(join(tmpdir(), "petstore-order-")), "ordered-app.json");
    await writeFile(file, contractText(contract));
    const newestFirst = await startPetstoreServer({
      port: 0,
      apiKeys: [testApiKey],
      quiet: true,
      behaviour: { version: 1, choices: { petsOrder: "descending" } },
    });
    const { consumer, compared } = await closedAfter(newestFirst, async (staging) => ({
      consumer: await runCli(["--url", staging.url, "--consumer", file], {
        PETSTORE_API_KEY: testApiKey,
      }),
      compared: await runCli(["--url", staging.url, "--only", "listPets", "--compare-mock"], {
        PETSTORE_API_KEY: testApiKey,
      }),
    }));
    expect(consumer.code).toBe(0);
    expect(consumer.out).toContain("1 interaction: 0 would break, 1 pass");
    expect(compared.out).toContain(
      "order: deployment descending id | mock ascending id  <- choice petsOrder (the deployment: descending)",
    );
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
    expect(out).toMatch(/compare-mock: [1-9]\d* of \d+ requests answered differently/);
    expect(out).toContain("getPet.absent  (GET /pets/9007199254740991)");
    expect(out).toContain("status: deployment 400 | mock 404");
  });
});

/** The other deployment's choices (test-support/other-deployment.ts), as a profile names them. */
const otherDeploymentProfile = {
  version: 1,
  name: "the other deployment",
  choices: {
    limitBelowMinimum: "clamped",
    limitAboveMaximum: "clamped",
    limitNotInteger: "default",
    repeatedQuery: "last",
    statusUnknown: "ignored",
    petIdMalformed: "notFound",
    petIdOutOfRange: "notFound",
    unknownCategory: "accepted",
    categoryRefusalStatus: "422",
    categoryCredentialStatus: "403",
    categoryErrorShape: "errorField",
    createdStatus: "available",
    petsOrder: "descending",
    categoriesOrder: "descending",
    errorCodes: {
      alternative: "custom",
      value: {
        not_found: "E_NOT_FOUND",
        invalid_body: "E_VALIDATION",
        unauthorized: "AUTH_REQUIRED",
      },
    },
    petFields: { alternative: "extra", value: { tags: [], createdAt: "2024-01-01T00:00:00.000Z" } },
    categoryFields: { alternative: "extra", value: { createdAt: "2024-01-01T00:00:00.000Z" } },
    wwwAuthenticate: {
      alternative: "custom",
      value: 'Bearer realm="petstore", error="invalid_token"',
    },
    createLocation: "absent",
    deprecationDate: "absent",
    sunsetHeader: "absent",
    successorLink: "absent",
  },
} as const;

describe("--compare-mock --behaviour", () => {
  it("against a deployment that chooses otherwise, a profile of its choices leaves fewer differences, and no advice about them", async () => {
    const directory = await mkdtemp(join(tmpdir(), "petstore-compare-"));
    const file = join(directory, "other.json");
    await writeFile(file, JSON.stringify(otherDeploymentProfile));
    const other = await startOtherDeployment({ apiKeys: [testApiKey] });
    try {
      const base = ["--url", other.url, "--key", testApiKey, "--compare-mock"];
      const plain = await runCli(base);
      const profiled = await runCli([...base, "--behaviour", file]);
      const counted = (out: string) => {
        const [, differing, compared] =
          /compare-mock: (\d+) of (\d+) requests answered differently/.exec(out) ?? [];
        return { differing: Number(differing), compared: Number(compared) };
      };
      const before = counted(plain.out);
      const after = counted(profiled.out);
      expect(profiled.out).toContain("(behaviour profile the other deployment)");
      console.log(
        `compare-mock against the other deployment: ${before.differing} of ${before.compared} differ without a profile, ${after.differing} with its profile`,
      );
      expect(after.compared).toBe(before.compared);
      // The bar: at most 5 % of the requests answered differently, each by data.
      expect(after.differing).toBeLessThanOrEqual(Math.floor(after.compared * 0.05));
      const advice = (out: string) => out.split("\n").filter((line) => line.includes("[advisory]"));
      expect(advice(plain.out).length).toBeGreaterThan(10);
      expect(advice(profiled.out)).toEqual([]);
    } finally {
      await other.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("refuses a bad profile before asking the deployment anything (exit 2)", async () => {
    const directory = await mkdtemp(join(tmpdir(), "petstore-compare-"));
    const file = join(directory, "bad.json");
    await writeFile(file, JSON.stringify({ version: 1, choices: { petsOrder: "shuffled" } }));
    try {
      const { code, err } = await runCli([
        "--url",
        "http://127.0.0.1:9/v1",
        "--key",
        testApiKey,
        "--compare-mock",
        "--behaviour",
        file,
      ]);
      expect(code).toBe(2);
      expect(err).toMatch(
        /behaviour profile .*bad\.json: choices\.petsOrder\.alternative: "shuffled" is not an alternative of petsOrder/,
      );
      expect(
        (await runCli(["--url", "http://127.0.0.1:9/v1", "--key", testApiKey, "--behaviour", file]))
          .err,
      ).toContain("--behaviour needs --compare-mock");
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe("sameValue", () => {
  it("takes a profile's value with its keys in another order for the one learned (no extra mock run for it)", () => {
    const given = {
      missingCredential: { code: "NO_TOKEN", headers: { "www-authenticate": "Bearer", x: "1" } },
      badQuery: { code: "Q" },
    };
    const learned = {
      badQuery: { code: "Q" },
      missingCredential: { headers: { x: "1", "www-authenticate": "Bearer" }, code: "NO_TOKEN" },
    };
    expect(sameValue(learned, given)).toBe(true);
    expect(sameValue(undefined, undefined)).toBe(true);
    expect(sameValue({ list: [1, 2] }, { list: [2, 1] })).toBe(false);
    expect(sameValue({ code: "Q" }, { code: "R" })).toBe(false);
    expect(sameValue({ code: "Q" }, undefined)).toBe(false);
  });
});
