/**
 * `setupPetstoreWorker({ persist })` in headless Chromium: a created pet
 * survives a reload, `reset()` forgets it, a damaged saved value gives the seed
 * and a warning, and `"local"` reaches a second tab. Also what the page's
 * mock records as a consumer contract, which lasts beyond a reset.
 */
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PetstoreWorker } from "../browser.js";
import { launchChromium, skipBrowserTests, watchConsole } from "../test-support/chromium.js";
import type { StaticServer } from "../test-support/static-server.js";
import { serveWorkerSite } from "../test-support/worker-site.js";
import { persistKey } from "./browser-persistence.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The page: the mock with the `persist` mode named in its query string, exposed as `window.petstore`. */
const entry = `
import { setupPetstoreWorker } from ${JSON.stringify(here("../browser.ts"))};
const persist = new URL(location.href).searchParams.get("persist") ?? undefined;
const petstore = await setupPetstoreWorker({ persist, contract: {} });
await petstore.start({ quiet: true });
window.petstore = petstore;
window.contractFileRefusal = await setupPetstoreWorker({ contract: { file: "pact.json" } }).then(
  () => "",
  (error) => error.message,
);
document.body.dataset.ready = "yes";
`;

declare global {
  interface Window {
    petstore: PetstoreWorker;
    contractFileRefusal: string;
  }
}

const auth = { Authorization: "Bearer petstore-dev-key" };

/** Waits until the page's mock is started (an empty body is never "visible", so: attached). */
const mockReady = (page: Page) =>
  page.locator('body[data-ready="yes"]').waitFor({ state: "attached" });

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await mockReady(page);
}

const createPet = (page: Page, name: string) =>
  page.evaluate(
    async ({ name, auth }) => {
      const response = await fetch("/v1/pets", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ name, categoryId: 1 }),
      });
      return ((await response.json()) as { id: number }).id;
    },
    { name, auth },
  );

const petName = (page: Page, id: number) =>
  page.evaluate(
    async ({ id, auth }) => {
      const response = await fetch(`/v1/pets/${id}`, { headers: auth });
      return response.ok ? ((await response.json()) as { name: string }).name : response.status;
    },
    { id, auth },
  );

describe.skipIf(skipBrowserTests)("browser persistence across reloads", { timeout: 60_000 }, () => {
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await serveWorkerSite(entry);
    browser = await launchChromium();
    context = await browser.newContext();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('keeps a created pet across a reload with persist: "session", and reset() forgets it', async () => {
    const page = await context.newPage();
    await open(page, `${server.url}/?persist=session`);
    const id = await createPet(page, "Survivor");
    expect(id).toBe(51);
    // Saved shortly after the change, before any pagehide.
    await expect
      .poll(() => page.evaluate((key) => sessionStorage.getItem(key) ?? "", persistKey))
      .toContain("Survivor");

    await page.reload();
    await mockReady(page);
    expect(await petName(page, id)).toBe("Survivor");
    expect(await createPet(page, "Next")).toBe(52);

    await page.evaluate(() => window.petstore.reset());
    expect(await page.evaluate((key) => sessionStorage.getItem(key), persistKey)).toBeNull();
    await page.reload();
    await mockReady(page);
    expect(await petName(page, id)).toBe(404);
    await page.close();
  });

  it("starts from the seed with a warning when the saved value is damaged", async () => {
    const page = await context.newPage();
    const output = watchConsole(page);
    await open(page, `${server.url}/?persist=session`);
    const seededName = await petName(page, 50);
    await page.evaluate((key) => {
      sessionStorage.setItem(key, '{"format":"petstore-mock-kit/state","pets":[');
    }, persistKey);
    await page.reload();
    await mockReady(page);
    expect(output.lines.join("\n")).toMatch(
      /saved mock state in sessionStorage "petstore-mock-kit:state" was dropped: .*JSON.* Starting from the seed/,
    );
    expect(await petName(page, 50)).toBe(seededName);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), persistKey)).toBeNull();
    await page.close();
  });

  it('shares the state with a second tab with persist: "local", and not without persist', async () => {
    const first = await context.newPage();
    await open(first, `${server.url}/?persist=local`);
    const id = await createPet(first, "Shared");
    await first.close(); // pagehide saves at once
    const second = await context.newPage();
    await open(second, `${server.url}/?persist=local`);
    expect(await petName(second, id)).toBe("Shared");
    await open(second, `${server.url}/`);
    expect(await petName(second, id)).toBe(404);
    await second.close();
  });

  it("records what the page's requests relied on as a consumer contract; no file in a browser", async () => {
    const page = await context.newPage();
    await open(page, `${server.url}/`);
    await petName(page, 7);
    await page.evaluate(() => window.petstore.reset());
    const contract = await page.evaluate(() => window.petstore.contract());
    expect(contract.interactions.map((i) => [i.description, i.providerStates?.[0]?.name])).toEqual([
      ["getPet 200", "pet 7 exists with status pending"],
    ]);
    expect(JSON.stringify(contract)).not.toContain("petstore-dev-key");
    expect(await page.evaluate(() => window.contractFileRefusal)).toMatch(
      /^contract.file is for Node runtimes; in a page, call petstore.contract\(\)/,
    );
    await page.close();
  });
});
