/**
 * One behaviour profile for the whole project: this folder's two test files
 * (run by vitest in a child process, two workers, on the built package)
 * answer by the profile named once, in the vitest config's `provide` or in
 * `PETSTORE_BEHAVIOUR_FILE`; named nowhere, they get the kit's choices and fail.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryRoot } from "../../../mocks/test-support/repository.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const profile = join(here, "staging.behaviour.json");
const vitest = join(repositoryRoot, "node_modules/vitest/vitest.mjs");

interface JsonReport {
  readonly testResults: readonly {
    readonly name: string;
    readonly assertionResults: readonly { readonly status: string }[];
  }[];
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-profile-project-"));
  // Two configs for this folder's files: one names the profile in `provide`, one names none.
  const test = { include: ["*.spec.ts"], maxWorkers: 2 };
  const configs = {
    provide: { root: here, test: { ...test, provide: { petstoreBehaviourFile: profile } } },
    bare: { root: here, test },
  };
  for (const [name, config] of Object.entries(configs)) {
    await writeFile(join(dir, `${name}.config.mjs`), `export default ${JSON.stringify(config)};\n`);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The folder's files run with `config` and `env`: each file's name and its tests' outcomes. */
async function run(config: string, env: Record<string, string> = {}) {
  const report = join(dir, "report.json");
  const environment: Record<string, string | undefined> = { ...process.env, CI: "", ...env };
  if (!("PETSTORE_BEHAVIOUR_FILE" in env)) delete environment.PETSTORE_BEHAVIOUR_FILE;
  await promisify(execFile)(
    process.execPath,
    [vitest, "run", "--config", config, "--reporter=json", `--outputFile=${report}`],
    { cwd: repositoryRoot, env: environment, timeout: 60_000 },
  ).catch((error: { code?: number }) => {
    if (error.code !== 1) throw error;
  });
  const { testResults } = JSON.parse(await readFile(report, "utf8")) as JsonReport;
  return Object.fromEntries(
    testResults.map((file) => [
      file.name.slice(here.length),
      file.assertionResults.map((test) => test.status),
    ]),
  );
}

describe("one behaviour profile for every test file", () => {
  it("named once in the vitest config's provide", async () => {
    expect(await run(join(dir, "provide.config.mjs"))).toEqual({
      "pet.spec.ts": ["passed"],
      "pets.spec.ts": ["passed"],
    });
  }, 90_000);

  it("named once in PETSTORE_BEHAVIOUR_FILE", async () => {
    expect(await run(join(dir, "bare.config.mjs"), { PETSTORE_BEHAVIOUR_FILE: profile })).toEqual({
      "pet.spec.ts": ["passed"],
      "pets.spec.ts": ["passed"],
    });
  }, 90_000);

  it("named nowhere: every file answers by the kit's choices, which the files do not expect", async () => {
    expect(await run(join(dir, "bare.config.mjs"))).toEqual({
      "pet.spec.ts": ["failed"],
      "pets.spec.ts": ["failed"],
    });
  }, 90_000);
});
