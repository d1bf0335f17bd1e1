/**
 * A consumer contract's regex matchers are hostile input: `(a+)+$` on a
 * create's name the deployment echoes (the kit's own mock does) is judged at
 * once, not after a backtracking engine's days; and `--max-time` ends a run
 * whose matching is still busy at its deadline, with exit code 4.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contractText, type PactContract } from "../../mocks/contract/pact.js";
import { listPets, rewriteResponse, startMock } from "../../mocks/test-support/faulty-servers.js";
import { exitCodes } from "../cli/cli-main.js";
import { recordContract } from "../test-support/recorded-contract.js";
import { closedAfter, runCli } from "../test-support/runs.js";

const dir = await mkdtemp(join(tmpdir(), "petstore-hostile-regex-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** `contract` with `rule` as its first interaction's answer rule at `path`, in a file; its path. */
async function withRule(contract: PactContract, path: string, matchers: readonly object[]) {
  const [first] = contract.interactions as unknown as {
    response: { matchingRules: { body: Record<string, unknown> } };
  }[];
  if (!first) throw new Error("no interaction recorded");
  first.response.matchingRules.body[path] = { combine: "AND", matchers };
  const file = join(dir, `${contract.consumer.name}-petstore.json`);
  await writeFile(file, contractText(contract));
  return file;
}

/** `petstore-contract --consumer FILE --url URL ARGS…` in this process: its exit code, output and time. */
async function timedRun(file: string, url: string, ...more: string[]) {
  const started = performance.now();
  const run = await runCli([
    "--consumer",
    file,
    "--url",
    url,
    "--key",
    "contract-test-key-0123456789",
    ...more,
  ]);
  return { ...run, seconds: (performance.now() - started) / 1000 };
}

describe("a hostile regex in a consumer contract", () => {
  it("(a+)+$ on a created name of 27 a's and a '!' the kit's mock echoes is judged at once, within --max-time 2", async () => {
    // On a backtracking engine this takes minutes (25 a's: seconds; 40: days), and --max-time could not end it.
    const name = `${"a".repeat(27)}!`;
    const recorded = await recordContract("regex-app", [
      {
        test: "r.test.ts > creates",
        method: "POST",
        target: "/pets",
        json: { name, categoryId: 1 },
      },
    ]);
    const file = await withRule(recorded, "$.name", [{ match: "regex", regex: "(a+)+$" }]);
    const run = await closedAfter(await startMock(), (mock) =>
      timedRun(file, mock.url, "--max-time", "2"),
    );
    expect(run.seconds).toBeLessThan(10);
    expect(run.code).toBe(exitCodes.failed);
    expect(run.out).toContain("expected a value matching /(a+)+$/");
    expect(run.out).toContain(`${"a".repeat(27)}!`);
  }, 60_000);

  it("--max-time 2 ends a run whose regex matching is still busy at its deadline, with exit code 4", async () => {
    // 50 names of 4,000 random a's and b's, each under ten patterns RE2 runs at its slowest
    // (0.1–0.3 s each): over a minute of matching, which the deadline cuts.
    let seed = 7;
    const letter = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) | 0;
      return (seed >>> 16) & 1 ? "a" : "b";
    };
    const longName = () => `${Array.from({ length: 3000 }, letter).join("")}a${"b".repeat(999)}`;
    const longNames = rewriteResponse(listPets, (response) => ({
      ...response,
      body: JSON.stringify(
        (JSON.parse(response.body ?? "[]") as object[]).map((pet) => ({
          ...pet,
          name: longName(),
        })),
      ),
    }));
    const recorded = await recordContract("busy-app", [
      { test: "b.test.ts > lists", method: "GET", target: "/pets?limit=50" },
    ]);
    const heavy = Array.from({ length: 10 }, (_, index) => ({
      match: "regex",
      regex: `[ab]*a[ab]{999}$|^x{${index + 1}}$`,
    }));
    const file = await withRule(recorded, "$[*].name", heavy);
    const run = await closedAfter(await startMock(longNames), (mock) =>
      timedRun(file, mock.url, "--max-time", "2"),
    );
    expect(run.code).toBe(exitCodes.maxTime);
    expect(run.seconds).toBeLessThan(10);
    expect(run.out).toContain("the run reached its --max-time of 2 s and stopped");
  }, 120_000);
});
