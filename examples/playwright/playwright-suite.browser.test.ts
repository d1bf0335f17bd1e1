/**
 * Runs the Playwright suite (`npx playwright test` with this folder's config,
 * its own runner and workers) from `npm test`, and checks its JSON report:
 * every spec passed, none was skipped, and the isolation pair ran in two
 * workers at once, and the consumer contract its tests wrote (the config's
 * `petstoreOptions.contract`). The README's test is one of the specs, as written.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PactContract } from "../../mocks/contract/pact.js";
import { chromiumPath, skipBrowserTests } from "../../mocks/test-support/chromium.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";

const cli = join(repositoryRoot, "node_modules/@playwright/test/cli.js");
const config = join(repositoryRoot, "examples/playwright/playwright.config.ts");

interface ReportTest {
  readonly status: "expected" | "unexpected" | "flaky" | "skipped";
  readonly results: readonly { readonly parallelIndex: number; readonly errors: unknown[] }[];
}
interface ReportSuite {
  readonly title: string;
  readonly specs?: readonly { readonly title: string; readonly tests: readonly ReportTest[] }[];
  readonly suites?: readonly ReportSuite[];
}

/** Every spec of the report by its full title (`file › group › test`). */
function specsOf(suites: readonly ReportSuite[], path: string[] = []): Map<string, ReportTest> {
  const specs = new Map<string, ReportTest>();
  for (const suite of suites) {
    const inner = [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) specs.set([...inner, spec.title].join(" › "), test);
    }
    for (const [title, test] of specsOf(suite.suites ?? [], inner)) specs.set(title, test);
  }
  return specs;
}

/** The fenced `ts` blocks of the docs' Playwright section (README.md, or a page in docs/). */
function playwrightSectionBlocks(): string[] {
  const pages = [
    join(repositoryRoot, "README.md"),
    ...readdirSync(join(repositoryRoot, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => join(repositoryRoot, "docs", name)),
  ];
  for (const page of pages) {
    const section = /<!-- section:playwright -->([\s\S]*?)<!-- \/section:playwright -->/.exec(
      readFileSync(page, "utf8"),
    )?.[1];
    if (section) return [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "");
  }
  throw new Error("no <!-- section:playwright --> in README.md or docs/");
}

describe("the README's Playwright test", () => {
  it("is examples/playwright/readme.spec.ts, the app import aside", () => {
    const documented = playwrightSectionBlocks().find((block) => block.includes("test.use("));
    const spec = readFileSync(join(repositoryRoot, "examples/playwright/readme.spec.ts"), "utf8")
      .replace(/^\/\*\*[\s\S]*?\*\/\n/, "")
      .replace('from "./app.js"', 'from "petstore-mock-kit/playwright"');
    expect(documented).toBe(spec);
  });
});

describe.skipIf(skipBrowserTests)("the Playwright fixture under @playwright/test", () => {
  let dir: string;
  let specs: Map<string, ReportTest>;
  let output: string;
  let contract: PactContract;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "petstore-playwright-"));
    const report = join(dir, "report.json");
    try {
      const run = await promisify(execFile)(process.execPath, [cli, "test", "--config", config], {
        cwd: repositoryRoot,
        env: {
          ...process.env,
          CHROMIUM_PATH: chromiumPath,
          PETSTORE_PLAYWRIGHT_JSON: report,
          PETSTORE_RENDEZVOUS: dir,
          PETSTORE_CONTRACT_FILE: join(dir, "pacts", "pet-page-petstore.json"),
        },
        timeout: 280_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      output = run.stdout + run.stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string };
      output = `${failed.message}\n${failed.stdout ?? ""}${failed.stderr ?? ""}`;
    }
    const parsed = JSON.parse(await readFile(report, "utf8")) as { suites: ReportSuite[] };
    specs = specsOf(parsed.suites);
    contract = JSON.parse(await readFile(join(dir, "pacts", "pet-page-petstore.json"), "utf8"));
  }, 300_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("passes every spec, skipping none", () => {
    const outcomes = Object.fromEntries([...specs].map(([title, test]) => [title, test.status]));
    expect(specs.size, output).toBeGreaterThanOrEqual(20);
    for (const [title, status] of Object.entries(outcomes)) {
      expect({ title, status, errors: specs.get(title)?.results.flatMap((r) => r.errors) }).toEqual(
        { title, status: "expected", errors: [] },
      );
    }
  });

  it("wrote the tests' consumer contract, each interaction named after its tests' title paths", () => {
    expect(contract.consumer.name).toBe("pet-page");
    // The test's create (it lists the pets too: that interaction names it as well).
    const create = contract.interactions.find(
      (interaction) =>
        interaction.request.method === "POST" &&
        interaction.comments.petstoreMockKit.tests.includes(
          "pets.spec.ts > a small store > creates a pet the store then holds",
        ),
    );
    expect(create?.providerStates).toEqual([
      { name: "category 1 exists", params: { categoryId: 1 } },
    ]);
    // The example is the first test's in order with this request shape, perhaps another's.
    expect(Object.keys(create?.request.body?.content ?? {})).toEqual(["categoryId", "name"]);
    const tests = new Set(contract.interactions.flatMap((i) => i.comments.petstoreMockKit.tests));
    // Both workers' tests, and nothing of what an injected fault answered.
    expect([...tests].filter((test) => test.startsWith("pets.spec.ts > ")).length).toBeGreaterThan(
      5,
    );
    expect([...tests].some((test) => test.startsWith("routing.spec.ts > "))).toBe(true);
    expect(contract.interactions.map((i) => i.response.status)).not.toContain(503);
    expect(JSON.stringify(contract)).not.toMatch(/petstore-dev-key|pw-key/);
  });

  it("ran the two isolation tests in two workers at once", () => {
    const pair = [...specs]
      .filter(([title]) => title.includes("two tests at once"))
      .map(([, test]) => test.results[0]?.parallelIndex);
    expect(pair).toHaveLength(2);
    expect(new Set(pair).size).toBe(2);
  });
});
