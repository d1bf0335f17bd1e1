/**
 * The consumer contract the example app's own tests write: runs this
 * folder's `*.spec.ts` with vitest (two workers, the kit's vitest fixture,
 * as the app's CI would) and reads the file they merged their parts into.
 * It needs the built package (`npm run build`): the specs import
 * `petstore-mock-kit/vitest` as an app does.
 *
 * @example
 * const contract = await writeExampleContract(join(dir, "pet-app-petstore.json"));
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { PactContract } from "../../mocks/contract/pact.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";

const vitest = join(repositoryRoot, "node_modules/vitest/vitest.mjs");
const config = join(repositoryRoot, "examples/vitest/vitest.config.ts");

/** Runs the example app's tests with the contract written to `file`; the contract they wrote. */
export async function writeExampleContract(file: string): Promise<PactContract> {
  await promisify(execFile)(process.execPath, [vitest, "run", "--config", config], {
    cwd: repositoryRoot,
    env: { ...process.env, PETSTORE_CONTRACT_FILE: file },
    timeout: 120_000,
  });
  return JSON.parse(await readFile(file, "utf8")) as PactContract;
}
