/**
 * The footprint's browser page, bundled as the bench bundles it (esbuild,
 * code splitting), in headless Chromium: the bytes it counts up front are
 * all the page needs to answer its first request (every other chunk
 * refused), and what loads on demand still works once it arrives: the
 * redactor and the statements the journal needs (a create, a refused
 * request), the records' and bodies' validators (a create), the consumer
 * contract's recorder, `persist`, the missing-worker hint.
 */
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PetstoreWorker } from "../../mocks/browser.js";
import {
  launchChromium,
  skipBrowserTests,
  watchConsole,
} from "../../mocks/test-support/chromium.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";
import { type StaticServer, serveStatic } from "../../mocks/test-support/static-server.js";
import { bundlePage, type PageBundle } from "./footprint.js";

/** The measured page (setup, start), then its first request; `?persist=` and `?worker=` vary it. */
const page = `import { setupPetstoreWorker } from ${JSON.stringify(join(repositoryRoot, "mocks/browser.ts"))};
const query = new URL(location.href).searchParams;
const petstore = await setupPetstoreWorker({
  persist: query.get("persist") ?? undefined,
  contract: {},
});
window.petstore = petstore;
try {
  await petstore.start({ quiet: true, serviceWorker: { url: query.get("worker") ?? "/mockServiceWorker.js" } });
  const response = await fetch("/v1/pets?limit=5", { headers: { Authorization: "Bearer petstore-dev-key" } });
  window.first = { status: response.status, pets: (await response.json()).length };
} catch (error) {
  window.first = { error: error.message };
}
document.body.dataset.ready = "yes";
`;

declare global {
  interface Window {
    petstore: PetstoreWorker;
    first: { status: number; pets: number } | { error: string };
  }
}

const auth = { Authorization: "Bearer petstore-dev-key" };

describe.skipIf(skipBrowserTests)("the footprint's browser page", { timeout: 60_000 }, () => {
  let siteDir: string;
  let bundle: PageBundle;
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    siteDir = await mkdtemp(join(tmpdir(), "petstore-footprint-"));
    await writeFile(join(siteDir, "kit-page.js"), page);
    bundle = await bundlePage(siteDir, "kit-page.js");
    const entry = [...bundle.upFront][0]?.slice(bundle.outdir.length + 1);
    await writeFile(
      join(siteDir, bundle.outdir, "index.html"),
      `<!doctype html>\n<html lang="en"><body><script type="module" src="/${entry}"></script></body></html>\n`,
    );
    await copyFile(
      join(repositoryRoot, "examples/browser/public/mockServiceWorker.js"),
      join(siteDir, bundle.outdir, "mockServiceWorker.js"),
    );
    server = await serveStatic(join(siteDir, bundle.outdir));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (siteDir) await rm(siteDir, { recursive: true, force: true });
  });

  /** Opens the page; with `upFrontOnly`, every chunk it would load on demand is refused. Returns those refused. */
  async function open(target: Page, query = "", upFrontOnly = false): Promise<string[]> {
    const refused: string[] = [];
    const onDemand = new Set(
      bundle.outputs
        .filter((path) => !bundle.upFront.has(path))
        .map((path) => `/${path.slice(bundle.outdir.length + 1)}`),
    );
    if (upFrontOnly) {
      await target.route("**/*.js", (route) => {
        const path = new URL(route.request().url()).pathname;
        if (!onDemand.has(path)) return route.continue();
        refused.push(path);
        return route.abort();
      });
    }
    await target.goto(`${server.url}/${query}`);
    await target.locator('body[data-ready="yes"]').waitFor({ state: "attached" });
    return refused;
  }

  it("answers its first request with only the chunks counted up front", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const output = watchConsole(tab);
    const refused = await open(tab, "", true);
    expect(await tab.evaluate(() => window.first)).toEqual({ status: 200, pets: 5 });
    // The recorder and the redactor (one chunk) were asked for, and refused: the answer did not wait for them.
    expect(refused.some((path) => /late-code/.test(path))).toBe(true);
    // So were the records' and bodies' validators: the seeded records are not checked again.
    expect(refused.some((path) => /\/validators-/.test(path))).toBe(true);
    // And @msw/data's collections: the store's id index answered from the seed.
    expect(refused.some((path) => /\/collections-/.test(path))).toBe(true);
    await expect
      .poll(() => output.lines.join("\n"))
      .toContain("the store's @msw/data collections could not load");
    expect(
      await tab.evaluate(() => {
        try {
          return String(window.petstore.store.pets.count());
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe("CollectionsNotLoadedError");
    await expect
      .poll(() => output.lines.join("\n"))
      .toContain("the consumer contract could not load");
    // Without the redactor nothing is written down: no entry could be masked.
    await expect.poll(() => output.lines.join("\n")).toContain("redactor could not load");
    expect(await tab.evaluate(() => window.petstore.journal.all().length)).toBe(0);
    await expect(tab.evaluate(() => window.petstore.contract())).rejects.toThrow(
      /the consumer contract could not load/,
    );
    await context.close();
  });

  it("journals the first answer once the redactor arrives, and answers what needs it", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await open(tab);
    const answers = await tab.evaluate(async (headers) => {
      const created = await fetch("/v1/pets", {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Later", categoryId: 1 }),
      });
      const refused = await fetch("/v1/pets?limit=0", {
        headers: { Authorization: "Bearer not-a-key-of-the-mock" },
      });
      return {
        created: created.status,
        name: ((await created.json()) as { name: string }).name,
        refused: refused.status,
        refusedBody: await refused.text(),
      };
    }, auth);
    expect(answers).toMatchObject({ created: 201, name: "Later", refused: 401 });
    // The create waited for @msw/data's collections, which now hold it beside the seed.
    expect(
      await tab.evaluate(async () => {
        await window.petstore.store.loaded();
        return window.petstore.store.pets.count();
      }),
    ).toBe(51);
    expect(answers.refusedBody).not.toContain("not-a-key-of-the-mock");
    const entries = await tab.evaluate(() =>
      window.petstore.journal.all().map(({ method, path, status, problems }) => ({
        method,
        path,
        status,
        rules: problems.flatMap((problem) => problem.rules ?? []).length,
      })),
    );
    expect(entries.map(({ rules, ...entry }) => entry)).toEqual([
      { method: "GET", path: "/pets?limit=5", status: 200 },
      { method: "POST", path: "/pets", status: 201 },
      { method: "GET", path: "/pets?limit=0", status: 401 },
    ]);
    // The refused request's problem names the statements it broke (their chunk loaded).
    expect(entries[2]?.rules).toBeGreaterThan(0);
    await context.close();
  });

  it("records the consumer contract once the recorder arrives, the first requests included", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await open(tab);
    await tab.evaluate(async (headers) => void (await fetch("/v1/pets/7", { headers })), auth);
    await expect
      .poll(() =>
        tab.evaluate(() =>
          window.petstore
            .contract()
            .interactions.map((i) => i.description)
            .sort(),
        ),
      )
      .toEqual(["getPet 200", "listPets 200"]);
    await context.close();
  });

  it("keeps the state with persist, loaded on demand", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await open(tab, "?persist=session");
    const id = await tab.evaluate(async (headers) => {
      const response = await fetch("/v1/pets", {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Survivor", categoryId: 1 }),
      });
      return ((await response.json()) as { id: number }).id;
    }, auth);
    await expect
      .poll(() => tab.evaluate(() => Object.values(sessionStorage).join("")))
      .toContain("Survivor");
    await tab.reload();
    await tab.locator('body[data-ready="yes"]').waitFor({ state: "attached" });
    const name = await tab.evaluate(
      async ({ id, headers }) =>
        ((await (await fetch(`/v1/pets/${id}`, { headers })).json()) as { name: string }).name,
      { id, headers: auth },
    );
    expect(name).toBe("Survivor");
    await context.close();
  });

  it("says how to fix a missing worker script, the hint loaded on demand", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await open(tab, "?worker=/missing/mockServiceWorker.js");
    const first = await tab.evaluate(() => window.first);
    expect(first).toMatchObject({ error: expect.stringContaining("npx msw init") });
    await context.close();
  });
});
