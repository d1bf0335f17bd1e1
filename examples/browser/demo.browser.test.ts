/**
 * The browser demo in real headless Chromium: built with Vite, served as static
 * files only, every API answer from the service worker. A user lists, filters,
 * creates, and sees the mock's Error messages; then the shared behavioural case
 * table runs through `fetch` in the page and is checked as in Node.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PetstoreWorker } from "../../mocks/browser.js";
import { createPetstoreCore } from "../../mocks/core/create-core.js";
import type { ErrorBody } from "../../mocks/interface/types.js";
import { createPetstoreStore } from "../../mocks/store/store.js";
import { auth, behaviourCases, type CaseRequest } from "../../mocks/test-support/cases.js";
import {
  collectPageErrors,
  launchChromium,
  skipBrowserTests,
} from "../../mocks/test-support/chromium.js";
import {
  type ControlDriver,
  controlCases,
  runControlCase,
} from "../../mocks/test-support/control-cases.js";
import { behaviourCaseFailures, sendCasesInPage } from "../../mocks/test-support/page-fetch.js";
import { type StaticServer, serveStatic } from "../../mocks/test-support/static-server.js";

const demoConfig = fileURLToPath(new URL("vite.config.ts", import.meta.url));
const screenshotPath = fileURLToPath(
  new URL("../../test-results/browser-demo.png", import.meta.url),
);

/** The same mock in Node: the reference for what the page must show. */
const reference = await createPetstoreStore();
const referenceHandler = createPetstoreCore({ store: await createPetstoreStore() });

/** The line the demo shows for the Error the mock answers this request with, computed in Node. */
async function expectedErrorLine(request: CaseRequest): Promise<string> {
  const [path = "", query = ""] = request.path.split("?");
  const headers = request.headers ?? {};
  const response = await referenceHandler({
    method: request.method,
    path,
    query,
    header: (name) => headers[name],
    body: request.body,
  });
  const body = JSON.parse(response.body ?? "null") as ErrorBody;
  return `${body.status} ${body.code}: ${body.message}`;
}

async function rowNames(page: Page): Promise<string[]> {
  return page.locator("#pet-rows tr td:nth-child(2)").allTextContents();
}

declare global {
  interface Window {
    /** The demo's mock, put on the page for the devtools console. */
    petstore: PetstoreWorker;
  }
}

describe.skipIf(skipBrowserTests)("the browser demo in Chromium", () => {
  let outDir: string;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let bundledModules: string[];

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), "petstore-demo-"));
    const output = await build({ configFile: demoConfig, logLevel: "warn", build: { outDir } });
    bundledModules = (Array.isArray(output) ? output : [output]).flatMap((result) =>
      "output" in result
        ? result.output.flatMap((chunk) => (chunk.type === "chunk" ? chunk.moduleIds : []))
        : [],
    );
    server = await serveStatic(outDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    pageErrors = collectPageErrors(page);
    await page.goto(server.url);
    await page.locator('#mock-status[data-state="ready"]').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it("bundles nothing Node-only into the page", () => {
    expect(bundledModules.some((id) => id.endsWith("/mocks/browser.ts"))).toBe(true);
    const nodeOnly = bundledModules.filter((id) =>
      /node:|__vite-browser-external|\/msw\/lib\/node\/|\/mocks\/(node\.ts|server\/)/.test(id),
    );
    expect(nodeOnly).toEqual([]);
  });

  it("starts the worker and lists the seeded pets and categories", async () => {
    await expect
      .poll(() => rowNames(page))
      .toEqual(reference.listPets({ limit: 20 }).map((pet) => pet.name));
    const categories = await page.locator("#category-list li").allTextContents();
    expect(categories).toEqual(
      reference.listCategories().map((category) => `${category.name} — ${category.description}`),
    );
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(controller).toBe(`${server.url}/mockServiceWorker.js`);
  });

  it("filters by status and limit", async () => {
    await page.selectOption("#status-filter", "sold");
    await page.fill("#limit", "5");
    await page.click("#pet-filter button");
    const sold = reference.listPets({ status: "sold", limit: 5 });
    await expect.poll(() => rowNames(page)).toEqual(sold.map((pet) => pet.name));
    const statuses = await page.locator("#pet-rows tr td:nth-child(4)").allTextContents();
    expect(new Set(statuses)).toEqual(new Set(["sold"]));
  });

  it("creates a pet and then lists it", async () => {
    await page.fill("#new-pet-name", "Biscuit");
    await page.selectOption("#new-pet-category", { label: "cat" });
    await page.selectOption("#new-pet-status", "pending");
    await page.click("#new-pet button");
    const id = reference.listPets({ limit: 100 }).length + 1;
    await expect
      .poll(() => page.locator("#notice").textContent())
      .toBe(`Created pet #${id} “Biscuit”.`);

    await page.selectOption("#status-filter", "pending");
    await page.fill("#limit", "100");
    await page.click("#pet-filter button");
    const row = page.locator(`#pet-rows tr[data-pet-id="${id}"] td`);
    await expect
      .poll(() => row.allTextContents())
      .toEqual([String(id), "Biscuit", "cat", "pending"]);
  });

  it("creates a category and offers it for new pets", async () => {
    await page.fill("#new-category-name", "hamster");
    await page.fill("#new-category-description", "Small nocturnal rodents.");
    await page.click("#new-category button");
    await expect
      .poll(() => page.locator("#category-list li").last().textContent())
      .toBe("hamster — Small nocturnal rodents.");
    const options = await page.locator("#new-pet-category option").allTextContents();
    expect(options).toContain("hamster");
  });

  it("shows the mock's 400 for an invalid body", async () => {
    await page.fill("#new-pet-name", "");
    await page.selectOption("#new-pet-category", { label: "dog" });
    await page.click("#new-pet button");
    const expected = await expectedErrorLine({
      method: "POST",
      path: "/pets",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "", categoryId: 1 }),
    });
    expect(expected).toMatch(/^400 invalid_body: .*name/);
    await expect.poll(() => page.locator("#error-message").textContent()).toBe(expected);
  });

  it("shows the mock's 401 for a wrong key", async () => {
    await page.fill("#api-key", "wrong-key");
    await page.click("#pet-filter button");
    const expected = await expectedErrorLine({
      method: "GET",
      path: "/pets?status=pending&limit=100",
      headers: { authorization: "Bearer wrong-key" },
    });
    expect(expected).toMatch(/^401 unauthorized: /);
    await expect.poll(() => page.locator("#error-message").textContent()).toBe(expected);
  });

  it("shows the mock's 404 for an unknown pet, beside the seeded list", async () => {
    await page.fill("#api-key", "petstore-dev-key");
    await page.selectOption("#status-filter", "");
    await page.fill("#limit", "");
    await page.click("#pet-filter button");
    await expect.poll(() => page.locator("#error-panel").isHidden()).toBe(true);
    await expect.poll(() => rowNames(page)).toHaveLength(20);

    await page.fill("#lookup-id", "9999");
    await page.click("#pet-lookup button");
    const expected = await expectedErrorLine({ method: "GET", path: "/pets/9999", headers: auth });
    expect(expected).toMatch(/^404 not_found: /);
    await expect.poll(() => page.locator("#error-message").textContent()).toBe(expected);
  });

  it("switches a fault preset, shows its Error, and lists the requests in the journal panel", async () => {
    await page.selectOption("#fault-preset", "server-down");
    await expect.poll(() => page.locator("#fault-list li").count()).toBe(1);
    await page.click("#pet-filter button");
    await expect
      .poll(() => page.locator("#error-message").textContent())
      .toMatch(/^503 service_unavailable: /);
    const newest = page.locator("#journal-rows tr").first().locator("td");
    await expect
      .poll(() => newest.allTextContents())
      .toEqual([
        "GET",
        "/pets",
        "listPets",
        "503",
        expect.any(String),
        expect.stringMatching(/^f\d+$/),
        "—",
      ]);
    expect(await page.evaluate(() => localStorage.getItem("petstore-preset"))).toBe("server-down");

    await page.selectOption("#fault-operation", "getPet");
    await page.selectOption("#fault-effect", "malformed JSON");
    await page.fill("#fault-times", "1");
    await page.click("#new-fault button");
    await expect.poll(() => page.locator("#fault-list li").count()).toBe(2);
    await page.fill("#lookup-id", "3");
    await page.click("#pet-lookup button");
    await expect.poll(() => page.locator("#error-message").textContent()).toMatch(/^SyntaxError: /);

    await mkdir(join(screenshotPath, ".."), { recursive: true });
    await page.screenshot({ path: screenshotPath, fullPage: true });
    expect(pageErrors).toEqual([]);

    await page.selectOption("#fault-preset", "");
    await expect.poll(() => page.locator("#fault-list li").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("petstore-preset"))).toBeNull();
  });

  it("resets the data to the seed", async () => {
    await page.click("#reset");
    await expect
      .poll(() => page.locator("#category-list li").count())
      .toBe(reference.listCategories().length);
    await page.fill("#limit", "100");
    await page.click("#pet-filter button");
    await expect
      .poll(() => rowNames(page))
      .toEqual(reference.listPets({ limit: 100 }).map((pet) => pet.name));
  });

  it("meets the fault and journal case table through window.petstore and fetch in the page", async () => {
    const inPage: ControlDriver = {
      reset: () => page.evaluate(() => window.petstore.reset()),
      addFault: async (input) => {
        await page.evaluate((fault) => window.petstore.faults.add(fault), input);
      },
      faultCount: () => page.evaluate(() => window.petstore.faults.list().length),
      journal: () => page.evaluate(() => window.petstore.journal.all()),
      send: async (request) => {
        const [result] = await sendCasesInPage(page, `${server.url}/v1`, [request]);
        if (!result) throw new Error("no result from the page");
        return result;
      },
    };
    const failures: Record<string, string[]> = {};
    for (const testCase of controlCases) {
      const problems = await runControlCase(testCase, inPage);
      if (problems.length > 0) failures[testCase.name] = problems;
    }
    expect(failures).toEqual({});
    await page.evaluate(() => window.petstore.reset());
  });

  it("takes a preset from the URL (?petstore-preset=empty-store) or from localStorage", async () => {
    const other = await browser.newPage();
    try {
      await other.goto(`${server.url}/?petstore-preset=empty-store`);
      await other.locator('#mock-status[data-state="ready"]').waitFor();
      await expect.poll(() => other.locator("#pet-count").textContent()).toBe("0 pets shown");
      expect(await other.locator("#fault-preset").inputValue()).toBe("empty-store");
      expect(await other.locator("#category-list li").count()).toBe(0);

      await other.evaluate(() => localStorage.setItem("petstore-preset", "server-down"));
      await other.goto(server.url);
      await other.locator('#mock-status[data-state="ready"]').waitFor();
      await expect
        .poll(() => other.locator("#error-message").textContent())
        .toMatch(/^503 service_unavailable: /);
      expect(await other.locator("#fault-preset").inputValue()).toBe("server-down");
    } finally {
      await other.close();
    }
  });

  it("answers every behavioural case as in Node, through fetch in the page", async () => {
    const { results, failures } = await behaviourCaseFailures(page, `${server.url}/v1`);
    expect(results).toBe(behaviourCases.length);
    expect(failures).toEqual({});
  });
});
