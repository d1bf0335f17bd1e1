/**
 * docs/proxy.md's `jq` recipes, as written there, on the journal of a proxy in
 * front of a deployment with one documented violation (6 pets for
 * `?limit=5`) and one conforming choice the kit advises against (a 422 for
 * `GET /pets/abc`): the first recipe lists the violation only, the second the
 * advice only, and neither a conforming answer. jq runs as a child (CI
 * installs it, see .ci/run).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { JournalEntry } from "../core/journal.js";
import { docSection, fencedBlocks } from "../test-support/docs.js";
import { fault, nonNumericIdAs422, startMock, testApiKey } from "../test-support/faulty-servers.js";
import { devAuth, send } from "../test-support/http.js";
import { startPetstoreServer } from "./server.js";

const run = promisify(execFile);

/** The jq programs of the proxy section's shell block, in order. */
const recipes = fencedBlocks(docSection("proxy.md", "proxy"), ["sh"])
  .flatMap((block) => block.split("\n"))
  .flatMap((line) => /\| jq '(.*)'$/.exec(line)?.[1] ?? []);

describe("docs/proxy.md's jq recipes on a proxy's journal", async () => {
  const deployment = await startMock((handle) =>
    nonNumericIdAs422(fault("limit-off-by-one")(handle)),
  );
  const proxy = await startPetstoreServer({
    port: 0,
    proxy: { url: deployment.url, key: testApiKey },
  });
  afterAll(async () => {
    await proxy.close();
    await deployment.close();
  });
  await send(`${proxy.url}/pets?limit=5`, { headers: devAuth });
  await send(`${proxy.url}/pets/abc`, { headers: devAuth });
  await send(`${proxy.url}/categories`, { headers: devAuth });
  const journal = (await send(`${proxy.origin}/__mock/requests`)).text;

  /** What a recipe prints for the journal, one entry per JSON value. */
  async function recipe(program: string): Promise<JournalEntry[]> {
    const child = run("jq", ["-c", program]);
    child.child.stdin?.end(journal);
    const { stdout } = await child;
    return stdout
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as JournalEntry);
  }
  const shown = (entries: readonly JournalEntry[]) =>
    entries.map((entry) => `${entry.path}: ${entry.problems.map((p) => p.code).join(", ")}`);

  it("documents two recipes: the violations, then the advice", () => {
    expect(recipes).toHaveLength(2);
  });

  it("the first lists the documented violations only", async () => {
    expect(shown(await recipe(recipes[0] ?? ""))).toEqual(["/pets?limit=5: at-most-limit"]);
  });

  it("the second lists the advice only", async () => {
    expect(shown(await recipe(recipes[1] ?? ""))).toEqual(["/pets/abc: status-400"]);
  });
});
