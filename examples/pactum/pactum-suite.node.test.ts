/**
 * The pactum example suite (`petstore.spec.ts`, run by vitest in a child
 * process on the built package) as a team's CI would run it: green against
 * the kit's mock and against a deployment that makes the other choices
 * wherever the interface is silent; red through the kit's validating proxy
 * in front of faulty deployments, on exactly the specs each fault touches.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  otherDeploymentKey,
  startOtherDeployment,
} from "../../contract-tests/test-support/other-deployment.js";
import { fault, startMock, testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";

const run = promisify(execFile);

interface JsonReport {
  readonly testResults: readonly {
    readonly assertionResults: readonly { readonly fullName: string; readonly status: string }[];
  }[];
}

/** The suite run with `env`: the names of the specs that failed, and how many ran. */
async function suiteWith(env: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), "pactum-suite-"));
  try {
    const file = join(dir, "report.json");
    await run(
      join(repositoryRoot, "node_modules", ".bin", "vitest"),
      [
        "run",
        "--config",
        "examples/pactum/vitest.config.ts",
        "--reporter=json",
        `--outputFile=${file}`,
      ],
      { cwd: repositoryRoot, env: { ...process.env, CI: "", ...env }, timeout: 60_000 },
    ).catch((error: { code?: number }) => {
      if (error.code !== 1) throw error;
    });
    const report = JSON.parse(await readFile(file, "utf8")) as JsonReport;
    const results = report.testResults.flatMap((result) => result.assertionResults);
    return {
      ran: results.length,
      failed: results.filter((result) => result.status === "failed").map((r) => r.fullName),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const specs = 8;

describe("the pactum example suite", () => {
  it("passes against the kit's mock", async () => {
    expect(await suiteWith({})).toEqual({ ran: specs, failed: [] });
  }, 90_000);

  it("passes against a deployment that chooses otherwise where the interface is silent", async () => {
    const other = await startOtherDeployment();
    try {
      const result = await suiteWith({
        PETSTORE_URL: other.url,
        PETSTORE_API_KEY: otherDeploymentKey,
      });
      expect(result).toEqual({ ran: specs, failed: [] });
    } finally {
      await other.close();
    }
  }, 90_000);

  it.each<[string, readonly string[]]>([
    ["ignores-limit", ["pets lists at most `limit` pets"]],
    ["created-as-200", ["pets creates a pet and reads it back"]],
    ["loses-pets", ["pets creates a pet and reads it back"]],
    [
      "error-without-status",
      [
        "pets refuses a pet without a name with 400 and an Error",
        "pets answers 404 and an Error for a pet no one has",
      ],
    ],
  ])(
    "fails through the proxy in front of %s on the specs it touches",
    async (name, failing) => {
      const deployment = await startMock(fault(name));
      try {
        const result = await suiteWith({
          PETSTORE_PROXY_TO: deployment.url,
          PETSTORE_PROXY_KEY: testApiKey,
        });
        expect(result).toEqual({ ran: specs, failed: [...failing] });
      } finally {
        await deployment.close();
      }
    },
    90_000,
  );
});
