/**
 * Every alternative of the behaviour table conforms: the kit's mock under a
 * profile that takes it passes `petstore-contract` with no documented
 * failure, in the fixed suite, verifying the consumer contract the fixed
 * suite's requests recorded (`--consumer`), and in `--fuzz`; told the
 * profile, the fixed suite raises no advice about it either. The profiles
 * are built from the table itself (profile k takes each choice's k-th
 * alternative, wrapping round), so an
 * alternative added to the table is walked without touching this test; a
 * test below checks that every alternative is taken at least once.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choiceIds } from "../../mocks/interface/behaviours.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import { testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { alternativesOf, walkProfiles } from "../../mocks/test-support/profile-walk.js";
import { exitCodes } from "../cli/cli-main.js";
import { failingChecks } from "../suite/results.js";
import { runCli } from "../test-support/runs.js";
import { runContractSuite } from "./runner.js";

const profiles = walkProfiles;

const documentedFailures = (result: Awaited<ReturnType<typeof runContractSuite>>) =>
  failingChecks(result).map((check) => `${check.id}: ${check.actual}\n  ${check.curl ?? ""}`);

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "petstore-profiles-"));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

it("the profiles take every alternative of every choice at least once", () => {
  const taken = new Set(
    profiles.flatMap((profile) =>
      Object.entries(profile.choices).map(([id, choice]) =>
        typeof choice === "string" ? `${id}.${choice}` : `${id}.${choice?.alternative}`,
      ),
    ),
  );
  const every = choiceIds.flatMap((id) => alternativesOf(id).map((name) => `${id}.${name}`));
  expect(every.filter((alternative) => !taken.has(alternative))).toEqual([]);
  expect(profiles.length).toBeGreaterThan(1);
});

describe.each(profiles.map((profile) => [profile.name, profile] as const))(
  "the mock under the profile %s",
  (_name, profile) => {
    it("passes the fixed suite, --fuzz and its own consumer contract with no documented failure", async () => {
      const mock = await startPetstoreServer({
        port: 0,
        apiKeys: [testApiKey],
        behaviour: profile,
        contract: {},
      });
      try {
        // Told the profile, the judge raises no advice about the mock's own choices.
        const fixed = await runContractSuite({
          baseUrl: mock.url,
          apiKey: testApiKey,
          behaviour: mock.behaviour,
        });
        expect(fixed.stopReason).toBeUndefined();
        expect(documentedFailures(fixed)).toEqual([]);
        const advice = fixed.checks.filter((check) => check.outcome === "failed");
        expect(advice.map((check) => `${check.id}: ${check.actual}`)).toEqual([]);
        expect(fixed.checks.filter((check) => check.outcome === "passed").length).toBeGreaterThan(
          250,
        );
        // What the fixed suite's requests relied on, verified against the mock that answered them.
        const contract = join(directory, `${String(profile.name).replaceAll(" ", "-")}.json`);
        await writeFile(contract, JSON.stringify(mock.contract()));
        const verified = await runCli([
          "--consumer",
          contract,
          "--url",
          mock.url,
          "--key",
          testApiKey,
        ]);
        expect({
          code: verified.code,
          out: verified.code === 0 ? "" : verified.out + verified.err,
        }).toEqual({
          code: exitCodes.passed,
          out: "",
        });
        for (const fuzzSeed of [1, 2]) {
          const fuzzed = await runContractSuite({
            baseUrl: mock.url,
            apiKey: testApiKey,
            fuzz: 150,
            fuzzSeed,
            fuzzOnly: true,
            fuzzWrites: 40,
          });
          expect(fuzzed.fuzz?.generated).toBe(150);
          expect(documentedFailures(fuzzed)).toEqual([]);
        }
      } finally {
        await mock.close();
      }
    }, 120_000);
  },
);
