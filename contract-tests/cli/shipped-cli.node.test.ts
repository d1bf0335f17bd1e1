/**
 * The contract CLI as the package ships it: `npm pack` leaves out the Prism
 * proxy (it needs the dev dependency @stoplight/prism-cli), and the bin runs
 * without it, refusing `--via-prism` with a clear message. Needs `dist/`
 * (built by `npm test` first).
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryRoot } from "../../mocks/test-support/repository.js";

const run = promisify(execFile);

let packed: string[];
let shipped: string;

beforeAll(async () => {
  const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: repositoryRoot,
  });
  packed =
    (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]?.files.map(
      (file) => file.path,
    ) ?? [];
  // The packed dist/ alone, inside node_modules so the dependencies resolve as in a project.
  const cache = join(repositoryRoot, "node_modules", ".cache");
  await mkdir(cache, { recursive: true });
  shipped = await mkdtemp(join(cache, "shipped-cli-"));
  for (const file of packed.filter((path) => path.startsWith("dist/"))) {
    await mkdir(dirname(join(shipped, file)), { recursive: true });
    await cp(join(repositoryRoot, file), join(shipped, file));
  }
}, 60_000);
afterAll(() => rm(shipped, { recursive: true, force: true }));

const shippedBin = (args: readonly string[]) =>
  run(process.execPath, [join(shipped, "dist", "contract-tests", "cli", "cli.js"), ...args]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe("the packed contract CLI", () => {
  it("ships the bin and leaves the Prism proxy out", () => {
    expect(packed).toContain("dist/contract-tests/cli/cli.js");
    expect(packed.filter((path) => /prism/i.test(path))).toEqual([]);
  });

  it("runs without the proxy module", async () => {
    const help = await shippedBin(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--via-prism/);
  });

  it("refuses --via-prism with one clear line and exit 2, before any request", async () => {
    const target = ["--url", "http://127.0.0.1:9/v1", "--key", "k"];
    const refused = await shippedBin(["--via-prism", ...target]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^petstore-contract: --via-prism runs from a checkout of petstore-mock-kit .*\n$/,
    );
  });
});
