/**
 * The compatibility run's cases, bundled by scripts/compat.ts and run by the
 * Node under test in a folder holding the msw major under test: the
 * behavioural case table through msw/node, the standalone server and the
 * browser worker, plus the unhandled-request defaults (an error under
 * msw/node, a silent pass-through in the browser). Prints one JSON line;
 * exits 1 when anything fails.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { setupPetstore } from "../../mocks/node.js";
import { startPetstoreServer } from "../../mocks/server/index.js";
import {
  type BehaviourCase,
  behaviourCases,
  type CaseResult,
  checkCase,
  sendCase,
} from "../../mocks/test-support/cases.js";
import { startLiveServer } from "../../mocks/test-support/live-server.js";
import { sendCasesInPage } from "../../mocks/test-support/page-fetch.js";
import { serveStatic } from "../../mocks/test-support/static-server.js";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const failures: string[] = [];
const counts: Record<string, number> = {};

function check(transport: string, testCase: BehaviourCase, result: CaseResult): void {
  counts[transport] = (counts[transport] ?? 0) + 1;
  for (const problem of checkCase(testCase.expect, result)) {
    failures.push(`${transport}: ${testCase.name}: ${problem}`);
  }
}

async function throughMswNode(): Promise<void> {
  const petstore = await setupPetstore();
  const live = await startLiveServer();
  petstore.listen();
  try {
    for (const testCase of behaviourCases) {
      await petstore.reset();
      check("msw/node", testCase, await sendCase("http://petstore.test/v1", testCase.request));
    }
    const unhandled = await fetch(`${live.url}/other`).then(
      () => "answered",
      () => "error",
    );
    if (unhandled !== "error") failures.push("msw/node: an unhandled request was not an error");
  } finally {
    petstore.close();
    live.server.close();
  }
}

async function throughServer(): Promise<void> {
  const server = await startPetstoreServer({ port: 0 });
  try {
    for (const testCase of behaviourCases) {
      await server.reset();
      check("server", testCase, await sendCase(server.url, testCase.request));
    }
  } finally {
    await server.close();
  }
}

async function throughWorker(publicDir: string): Promise<void> {
  const site = await serveStatic(publicDir);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage();
    const console: string[] = [];
    page.on("console", (message) => console.push(message.text()));
    await page.goto(site.url);
    await page.waitForFunction(() => window.petstore !== undefined, null, { timeout: 20_000 });
    for (const testCase of behaviourCases) {
      await page.evaluate(() => window.petstore?.reset());
      const [result] = await sendCasesInPage(page, `${site.url}/v1`, [testCase.request]);
      if (result) check("worker", testCase, result);
    }
    // Not the mock's and not a static asset (msw never warns about those): the site answers it.
    const text = await page.evaluate(() => fetch("/not-the-mock/items").then((r) => r.text()));
    if (text !== "not found") failures.push(`worker: an unhandled request got ${text}`);
    const warnings = console.filter((line) => /\[MSW\].*(warning|unhandled)/i.test(line));
    if (warnings.length > 0) failures.push(`worker: msw warned: ${warnings[0]}`);
    await page.close();
  } finally {
    await browser.close();
    await site.close();
  }
}

const msw = JSON.parse(readFileSync(join("node_modules", "msw", "package.json"), "utf8")) as {
  version: string;
};
await throughMswNode();
await throughServer();
await throughWorker(join(process.cwd(), "public"));
console.log(JSON.stringify({ node: process.version, msw: msw.version, counts, failures }));
process.exitCode = failures.length === 0 ? 0 : 1;
