/**
 * A deployment fails only for what the interface states. Two deployments
 * conform: the kit's mock, and one written apart from it that chooses
 * otherwise wherever the interface is silent (test-support/other-deployment.ts:
 * the last of repeated parameters, clamped limits, 404 for any unknown id,
 * 422 for category bodies, 409 for a duplicate category name, extra fields,
 * newest first…), and a third (test-support/third-deployment.ts: the kit's mock
 * behind rewrites choosing otherwise again: limits ignored or rounded down,
 * the first of a repeat, any case of a status, 422 for category bodies,
 * capital codes, an absolute Location…), and three built like real ones on
 * Express 5 with zod, Fastify 5 with its Ajv and Hono 4 (test-support/
 * express-, fastify-, hono-deployment.ts), each keeping its framework's
 * defaults where the interface is silent. Every mode of `petstore-contract`
 * passes them all: the fixed suite (as a user runs it, the key in
 * PETSTORE_API_KEY), `--fuzz` over many seeds, `--replay` of a recording, and
 * the mock's validating proxy in front of them.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPetstoreServer } from "../../mocks/server/server.js";
import { startMock, testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { exitCodes } from "../cli/cli-main.js";
import { failingChecks } from "../suite/results.js";
import { startExpressDeployment } from "../test-support/express-deployment.js";
import { startFastifyDeployment } from "../test-support/fastify-deployment.js";
import { startHonoDeployment } from "../test-support/hono-deployment.js";
import { type OtherDeployment, startOtherDeployment } from "../test-support/other-deployment.js";
import { runCli } from "../test-support/runs.js";
import { startThirdDeployment } from "../test-support/third-deployment.js";
import { runContractSuite } from "./runner.js";

interface Conforming {
  readonly name: string;
  readonly url: string;
  close(): Promise<void>;
}

const deployments: Conforming[] = [];
const frameworks = [
  ["the Express deployment", startExpressDeployment],
  ["the Fastify deployment", startFastifyDeployment],
  ["the Hono deployment", startHonoDeployment],
] as const;
let other: OtherDeployment;

beforeAll(async () => {
  other = await startOtherDeployment({ apiKeys: [testApiKey] });
  const mock = await startMock();
  const third = await startThirdDeployment({ apiKeys: [testApiKey] });
  deployments.push({ name: "the other deployment", url: other.url, close: () => other.close() });
  deployments.push({ name: "the third deployment", url: third.url, close: () => third.close() });
  deployments.push({ name: "the kit's mock", url: mock.url, close: () => mock.close() });
  for (const [name, start] of frameworks) {
    const deployment = await start({ apiKeys: [testApiKey] });
    deployments.push({ name, url: deployment.url, close: () => deployment.close() });
  }
});
afterAll(async () => {
  for (const deployment of deployments) await deployment.close();
});

const documentedFailures = (result: Awaited<ReturnType<typeof runContractSuite>>) =>
  failingChecks(result).map((check) => `${check.id}: ${check.actual}\n  ${check.curl ?? ""}`);

const conforming = [
  "the other deployment",
  "the third deployment",
  "the kit's mock",
  ...frameworks.map(([name]) => name),
];

describe.each(conforming)("against %s", (name) => {
  const target = () => {
    const found = deployments.find((deployment) => deployment.name === name);
    if (!found) throw new Error(`no deployment ${name}`);
    return found;
  };

  it("petstore-contract --url exits 0, the key in PETSTORE_API_KEY", async () => {
    const { code, out, err } = await runCli(["--url", target().url], {
      PETSTORE_API_KEY: testApiKey,
    });
    expect({ code, err, out: code === 0 ? "" : out }).toEqual({
      code: exitCodes.passed,
      err: "",
      out: "",
    });
    expect(out).toMatch(/PASSED \(\d{3} passed/);
  });

  it("the fixed suite reports no documented failure", async () => {
    const result = await runContractSuite({ baseUrl: target().url, apiKey: testApiKey });
    expect(result.stopReason).toBeUndefined();
    expect(documentedFailures(result)).toEqual([]);
    expect(result.checks.filter((check) => check.outcome === "passed").length).toBeGreaterThan(250);
  });

  it("--fuzz reports no documented failure, whatever the seed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 32 - 1 }), async (seed) => {
        const result = await runContractSuite({
          baseUrl: target().url,
          apiKey: testApiKey,
          fuzz: 150,
          fuzzSeed: seed,
          fuzzOnly: true,
          fuzzWrites: 40,
        });
        expect(result.fuzz?.generated).toBe(150);
        expect(documentedFailures(result)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

/** What an app's session sends that the interface leaves open, recorded by the kit's mock. */
async function recordOddSession(file: string): Promise<void> {
  const mock = await startPetstoreServer({ port: 0, apiKeys: [testApiKey], record: file });
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${mock.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${testApiKey}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((response) => response.text());
  try {
    await call("GET", "/pets?limit=-1");
    await call("GET", "/pets?limit=");
    await call("GET", "/pets?limit=63&limit=70");
    await call("GET", "/pets?status=flying");
    await call("GET", "/pets/abc");
    await call("GET", "/pets/0");
    await call("POST", "/categories", { name: "x", description: 64 });
    await call("POST", "/categories", { name: "owls" });
    // The other deployment refuses a second category of the same name (409): its choice (§7).
    await call("POST", "/categories", { name: "owls" });
    await call("POST", "/pets", { name: "Hedwig", categoryId: 6, status: "sold" });
    await call("GET", "/pets/51");
    await call("GET", "/pets?status=sold&limit=5");
    await call("GET", "/categories");
  } finally {
    await mock.close();
  }
}

describe("--replay of a recording with odd requests", () => {
  it("passes against each", async () => {
    const dir = await mkdtemp(join(tmpdir(), "petstore-conforming-"));
    const recording = join(dir, "session.jsonl");
    await recordOddSession(recording);
    expect((await readFile(recording, "utf8")).trimEnd().split("\n")).toHaveLength(13);
    for (const deployment of deployments) {
      const args = ["--replay", recording, "--url", deployment.url, "--key", testApiKey];
      const { code, out } = await runCli(args);
      expect({ deployment: deployment.name, code, out: code === 0 ? "" : out }).toEqual({
        deployment: deployment.name,
        code: exitCodes.passed,
        out: "",
      });
    }
  });
});

describe("the validating proxy in front of a conforming deployment", () => {
  it("names no documented violation for requests the interface leaves open", async () => {
    for (const deployment of deployments) {
      const proxy = await startPetstoreServer({
        port: 0,
        apiKeys: ["app-key-0123"],
        proxy: { url: deployment.url, key: testApiKey },
      });
      try {
        const documented: string[] = [];
        let answered = 0;
        const send = async (method: string, path: string, body?: unknown) => {
          const response = await fetch(`${proxy.url}${path}`, {
            method,
            headers: {
              authorization: "Bearer app-key-0123",
              ...(body === undefined ? {} : { "content-type": "application/json" }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          await response.text();
          answered++;
          const violations = JSON.parse(response.headers.get("petstore-violations") ?? "[]") as {
            check: string;
            kind: string;
            message: string;
          }[];
          for (const violation of violations) {
            if (violation.kind === "documented") {
              documented.push(`${method} ${path}: ${violation.check} ${violation.message}`);
            }
          }
        };
        for (const path of [
          "/pets?limit=-1",
          "/pets?limit=",
          "/pets?limit=63&limit=70",
          // Ajv 8 coerces it to Infinity and lets it past `maximum` (fastify-deployment.ts).
          "/pets?limit=1e400",
          "/pets?status=flying",
          "/pets?limit=5&utm_source=x",
          "/pets/abc",
          "/pets/0",
          "/pets/999999",
          "/categories",
        ]) {
          await send("GET", path);
        }
        await send("POST", "/categories", { name: "x", description: 64 });
        await send("POST", "/categories", {});
        await send("POST", "/categories", { name: "owls" });
        await send("POST", "/categories", { name: "owls" });
        await send("POST", "/pets", { name: "Rex", categoryId: 1 });
        await send("POST", "/pets", { name: "", categoryId: 424242 });
        expect(answered).toBe(16);
        expect(proxy.journal.all().every((entry) => entry.answeredBy === "deployment")).toBe(true);
        expect({ deployment: deployment.name, documented }).toEqual({
          deployment: deployment.name,
          documented: [],
        });
      } finally {
        await proxy.close();
      }
    }
  });
});
