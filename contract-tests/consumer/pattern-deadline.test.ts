/**
 * Compiling a consumer contract's regex patterns is the run's time: the
 * `--max-time` clock starts before the file is read, the deadline is asked
 * before each pattern is compiled, and a run that reaches it there exits 4
 * before anything is sent. Time here is a fake clock each compile moves on.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RE2JS } from "re2js";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { contractText } from "../../mocks/contract/pact.js";
import { exitCodes } from "../cli/cli-main.js";
import { recordContract } from "../test-support/recorded-contract.js";
import { runCli } from "../test-support/runs.js";
import { readConsumerContract } from "./contract.js";

const dir = await mkdtemp(join(tmpdir(), "petstore-pattern-deadline-"));
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A contract file whose answer rules carry `count` patterns compiled nowhere before. */
async function contractWithPatterns(count: number): Promise<string> {
  const contract = await recordContract("deadline-app", [
    { test: "d.test.ts > lists", method: "GET", target: "/categories" },
  ]);
  const [first] = contract.interactions as unknown as {
    response: { matchingRules: { body: Record<string, unknown> } };
  }[];
  if (!first) throw new Error("no interaction recorded");
  const fresh = randomUUID();
  for (let index = 0; index < count; index++) {
    first.response.matchingRules.body[`$[*].f${index}`] = {
      matchers: [{ match: "regex", regex: `^${fresh}-${index}$` }],
    };
  }
  const file = join(dir, `${fresh}.json`);
  await writeFile(file, contractText(contract));
  return file;
}

/** Every compile takes `ms` of a fake clock (`performance.now`). */
function compilesTake(ms: number) {
  let passed = 0;
  const now = performance.now.bind(performance);
  vi.spyOn(performance, "now").mockImplementation(() => now() + passed);
  const compile = RE2JS.compile.bind(RE2JS);
  return vi.spyOn(RE2JS, "compile").mockImplementation((...args) => {
    passed += ms;
    return compile(...args);
  });
}

describe("a consumer contract's patterns compile on the run's time", () => {
  it("the deadline is asked before each pattern is compiled, and what it throws ends the read", async () => {
    const file = await contractWithPatterns(3);
    let asked = 0;
    const deadline = () => {
      if (++asked > 2) throw new Error("deadline");
    };
    await expect(readConsumerContract(file, deadline)).rejects.toThrow("deadline");
    expect(asked).toBe(3);
  });

  it("--max-time 1 reached while they compile: exit 4, one line, nothing sent", async () => {
    const file = await contractWithPatterns(3);
    const compile = compilesTake(600);
    // Nothing listens at port 9: a run that got as far as sending would exit 3.
    const run = await runCli([
      ...["--consumer", file, "--url", "http://127.0.0.1:9/v1", "--key", "k"],
      ...["--max-time", "1"],
    ]);
    expect(run).toMatchObject({
      code: exitCodes.maxTime,
      err: "petstore-contract: the run reached its --max-time of 1 s while it compiled the --consumer file's regex patterns; nothing was sent\n",
    });
    expect(compile).toHaveBeenCalledTimes(2);
  });
});
