/**
 * Ids beyond 2^53: the interface's ids are int64s (INTERFACE.md §2: "id |
 * integer, int64"), and `JSON.parse` rounds 4611686018427387905 to
 * 4611686018427387904. A deployment handing out such ids conforms: every
 * mode reads them exactly, reads created pets back by them, judges what it
 * reads, and lists exactly the ids the run created.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { exitCodes } from "../cli/cli-main.js";
import { failingChecks } from "../suite/results.js";
import { type OtherDeployment, startOtherDeployment } from "../test-support/other-deployment.js";
import { recordContract } from "../test-support/recorded-contract.js";
import { runCliWithReports } from "../test-support/runs.js";
import { runContractSuite } from "./runner.js";

const idsFrom = 2n ** 62n + 1n;
let deployment: OtherDeployment;

beforeAll(async () => {
  deployment = await startOtherDeployment({ apiKeys: [testApiKey], idsFrom });
});
afterAll(() => deployment.close());

/** The CLI against the deployment with the test key, after `args`, with every report. */
const runCli = (...args: string[]) =>
  runCliWithReports([...args, "--url", deployment.url, "--key", testApiKey]);

/** The ids the deployment stored for records named with the run's tag, as digits. */
const taggedIds = (tag: string) =>
  deployment
    .pets()
    .filter((pet) => String((pet as { name?: unknown }).name).startsWith(tag))
    .map((pet) => String((pet as { id: unknown }).id));

describe("a deployment whose ids are beyond 2^53", () => {
  it("the fixed suite reads created pets back by their exact ids and lists them for clean-up", async () => {
    const { code, out, reports } = await runCli();
    expect(code, out).toBe(exitCodes.passed);
    const report = JSON.parse(reports.json) as {
      tag: string;
      checks: { id: string; outcome: string; kind: string }[];
      matrix: { operation: string; status: number; cell: string }[];
    };
    const created = taggedIds(report.tag);
    expect(created).toHaveLength(3);
    expect(created.every((id) => BigInt(id) > 2n ** 53n)).toBe(true);
    // Exactly as the deployment wrote them, in every report.
    const pets = /"collection": "pets",\s*"id": (\d+)/g;
    expect([...reports.json.matchAll(pets)].map((found) => found[1])).toEqual(created);
    expect(out).toContain(`created: pets ${created.join(", ")}`);
    const readBack = report.checks.filter((check) => check.id.startsWith("getPet.created."));
    expect(readBack.length).toBeGreaterThan(3);
    // Judged, not skipped; only advice (this deployment sends no Sunset header) may fail.
    expect(readBack.filter((check) => check.outcome === "skipped")).toEqual([]);
    expect(
      readBack.filter((check) => check.kind === "documented" && check.outcome !== "passed"),
    ).toEqual([]);
    expect(readBack.map((check) => check.id)).toContain("getPet.created.same-as-created");
    expect(report.matrix).toContainEqual(
      expect.objectContaining({ operation: "getPet", status: 200, cell: "passed" }),
    );
  });

  it("--fuzz reports no documented failure and reads its creates back", async () => {
    for (const seed of [1, 2, 3]) {
      const result = await runContractSuite({
        baseUrl: deployment.url,
        apiKey: testApiKey,
        fuzz: 120,
        fuzzSeed: seed,
        fuzzOnly: true,
        fuzzWrites: 20,
      });
      expect(failingChecks(result).map((check) => `${check.id}: ${check.actual}`)).toEqual([]);
      const pets = result.created.filter((record) => record.collection === "pets");
      // It knew the listed categories' exact ids, so its creates went through.
      expect(pets.length).toBeGreaterThan(0);
      expect(pets.map((record) => String(record.id))).toEqual(taggedIds(result.tag));
    }
  }, 60_000);

  it("--consumer sets up pet states with the deployment's exact ids and verifies every interaction", async () => {
    const contract = await recordContract("pet-app", [
      { test: "pets.spec.ts > shows a pet", method: "GET", target: "/pets/7" },
      {
        test: "pets.spec.ts > lists sold pets",
        method: "GET",
        target: "/pets?status=sold&limit=5",
      },
      { test: "pets.spec.ts > shows the first page", method: "GET", target: "/pets" },
    ]);
    const file = join(await mkdtemp(join(tmpdir(), "petstore-big-ids-")), "pet-app-petstore.json");
    await writeFile(file, JSON.stringify(contract));
    const { code, out, reports } = await runCli("--consumer", file);
    expect(code, out).toBe(exitCodes.passed);
    const report = JSON.parse(reports.json) as {
      consumer: { interactions: { outcome: string }[] };
      checks: { id: string; outcome: string }[];
    };
    expect(report.consumer.interactions.map((interaction) => interaction.outcome)).toEqual([
      "passed",
      "passed",
      "passed",
    ]);
    expect(out).toContain("0 would break, 3 pass, 0 not verified");
    expect(
      report.checks.filter((check) => check.id.startsWith("getPet.consumer")).length,
    ).toBeGreaterThan(0);
  }, 30_000);
});
