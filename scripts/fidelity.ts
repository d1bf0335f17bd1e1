/**
 * How closely `--learn` makes the mock answer like each conforming deployment
 * of the kit's tests (contract-tests/test-support/: the other and third
 * deployments, and those built on Express, Fastify and Hono). For each, the
 * built CLI is run as a user runs it (`node dist/contract-tests/cli/cli.js`,
 * the key in PETSTORE_API_KEY), each time against a freshly started
 * deployment: `--compare-mock` (the default profile), `--learn FILE`, then
 * `--compare-mock --behaviour FILE`; the table counts the requests answered
 * differently before and after learning, of those compared. Not part of
 * `npm test`; run `npm run build` first.
 *
 * @example
 * npm run build && npx tsx scripts/fidelity.ts
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startExpressDeployment } from "../contract-tests/test-support/express-deployment.js";
import { startFastifyDeployment } from "../contract-tests/test-support/fastify-deployment.js";
import { startHonoDeployment } from "../contract-tests/test-support/hono-deployment.js";
import { startOtherDeployment } from "../contract-tests/test-support/other-deployment.js";
import { startThirdDeployment } from "../contract-tests/test-support/third-deployment.js";
import { repositoryRoot } from "../mocks/test-support/repository.js";

type Start = (options: {
  apiKeys: readonly string[];
}) => Promise<{ readonly url: string; close(): Promise<void> }>;

const deployments: readonly (readonly [string, Start])[] = [
  ["other (written here)", startOtherDeployment],
  ["third (the mock rewritten)", startThirdDeployment],
  ["Express 5 + zod", startExpressDeployment],
  ["Fastify 5 + Ajv", startFastifyDeployment],
  ["Hono 4", startHonoDeployment],
];

const apiKey = "fidelity-key-0123";
const cli = join(repositoryRoot, "dist/contract-tests/cli/cli.js");
const runTimeoutMs = 120_000;
const maxOutputBytes = 8 * 1024 * 1024;

/** The CLI with `args` against a fresh deployment: its exit code and console output. */
async function cliAgainst(start: Start, args: readonly string[]) {
  const deployment = await start({ apiKeys: [apiKey] });
  try {
    return await new Promise<{ code: number; out: string }>((resolve, reject) => {
      execFile(
        process.execPath,
        [cli, "--url", deployment.url, ...args],
        {
          env: { ...process.env, PETSTORE_API_KEY: apiKey },
          timeout: runTimeoutMs,
          maxBuffer: maxOutputBytes,
        },
        (error, out) => {
          const code = error === null ? 0 : error.code;
          if (typeof code === "number") resolve({ code, out });
          else reject(new Error(`${args.join(" ")}: the CLI did not finish (${error?.message})`));
        },
      );
    });
  } finally {
    await deployment.close();
  }
}

/** `--compare-mock`'s count: requests answered differently, of those compared. */
async function differing(start: Start, args: readonly string[]) {
  const { code, out } = await cliAgainst(start, ["--compare-mock", ...args]);
  const found = /compare-mock: (\d+) of (\d+) requests answered differently/.exec(out);
  if (!found) throw new Error(`--compare-mock ${args.join(" ")} printed no count (exit ${code})`);
  return { code, differ: Number(found[1]), of: Number(found[2]) };
}

const dir = await mkdtemp(join(tmpdir(), "petstore-fidelity-"));
const rows = [
  "| deployment | differing before learn | after learn | learn exit | compare exits |",
  "|---|---:|---:|---:|---|",
];
try {
  for (const [name, start] of deployments) {
    const profile = join(dir, `${rows.length}.behaviour.json`);
    const before = await differing(start, []);
    const learn = await cliAgainst(start, ["--learn", profile]);
    // A learn run that fails (a broken statement, or stopped early) writes no profile.
    const after = learn.code === 0 ? await differing(start, ["--behaviour", profile]) : undefined;
    const afterCell = after ? `${after.differ} of ${after.of}` : "no profile";
    const exits = [before.code, after?.code ?? "–"].join(", ");
    rows.push(
      `| ${name} | ${before.differ} of ${before.of} | ${afterCell} | ${learn.code} | ${exits} |`,
    );
    console.error(`${name}: done`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(rows.join("\n"));
