/**
 * The README's browser steps, followed by a newcomer in a fresh Vite app: a
 * minimal app written to a temp dir imports `petstore-mock-kit/browser` (the
 * built entry in dist/, as an installed package), runs on Vite's dev server,
 * first without the worker script (a clear console error), then after
 * `msw init public --save` (the mock answers the app's requests).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreStore } from "../../mocks/store.js";
import { launchChromium, skipBrowserTests } from "./test-support/chromium.js";

const kitRoot = fileURLToPath(new URL("../..", import.meta.url));
const builtEntry = join(kitRoot, "dist/mocks/browser.js");

/** The app's files, as the README tells a newcomer to write them. */
const appFiles: Readonly<Record<string, string>> = {
  "package.json": `${JSON.stringify({ name: "my-app", private: true, type: "module" }, null, 2)}\n`,
  "index.html": `<!doctype html>
<html lang="en">
  <body>
    <ul id="pets"></ul>
    <script type="module" src="/src/main.ts"></script>
  </body>
</html>
`,
  "src/main.ts": `async function enableMocking() {
  if (!import.meta.env.DEV) return;
  const { setupPetstoreWorker } = await import("petstore-mock-kit/browser");
  const petstore = await setupPetstoreWorker();
  await petstore.start();
}

async function renderApp() {
  const response = await fetch("/v1/pets?limit=5", {
    headers: { Authorization: "Bearer petstore-dev-key" },
  });
  const pets: { name: string }[] = await response.json();
  for (const pet of pets) {
    const item = document.createElement("li");
    item.textContent = pet.name;
    document.querySelector("#pets")?.append(item);
  }
}

enableMocking().then(renderApp);
`,
};

async function writeApp(dir: string): Promise<void> {
  for (const [name, text] of Object.entries(appFiles)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  // "npm install -D petstore-mock-kit msw", offline: link the kit and its msw.
  await mkdir(join(dir, "node_modules"));
  await symlink(kitRoot, join(dir, "node_modules/petstore-mock-kit"), "dir");
  await symlink(join(kitRoot, "node_modules/msw"), join(dir, "node_modules/msw"), "dir");
}

/** Whether the kit's package.json maps `petstore-mock-kit/browser` (the packaging issue's export map). */
async function kitExportsBrowser(): Promise<boolean> {
  const manifest = JSON.parse(await readFile(join(kitRoot, "package.json"), "utf8")) as {
    exports?: Record<string, unknown>;
  };
  return manifest.exports?.["./browser"] !== undefined;
}

/** Vite's dev server bundles the app's dependencies on the first load. */
const firstLoad = { timeout: 15_000 } as const;

async function pageConsole(page: Page, url: string): Promise<string[]> {
  const lines: string[] = [];
  page.on("console", (message) => lines.push(message.text()));
  await page.goto(url);
  return lines;
}

describe.skipIf(skipBrowserTests)("a fresh Vite app following the README", () => {
  let appDir: string;
  let vite: ViteDevServer;
  let browser: Browser;
  let appUrl: string;

  beforeAll(async () => {
    if (!existsSync(builtEntry)) throw new Error(`${builtEntry} is missing: run npm run build`);
    appDir = await mkdtemp(join(tmpdir(), "petstore-vite-app-"));
    await writeApp(appDir);
    const viaExports = await kitExportsBrowser();
    if (!viaExports) console.warn("package.json has no ./browser export yet: aliasing dist entry");
    vite = await createServer({
      root: appDir,
      configFile: false,
      logLevel: "warn",
      server: { host: "127.0.0.1", port: 0, fs: { allow: [appDir, kitRoot] } },
      resolve: viaExports ? {} : { alias: { "petstore-mock-kit/browser": builtEntry } },
    });
    await vite.listen();
    appUrl = vite.resolvedUrls?.local[0] ?? "";
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
    if (appDir) await rm(appDir, { recursive: true, force: true });
  });

  it("says how to fix a missing worker script", async () => {
    const page = await browser.newPage();
    const lines = await pageConsole(page, appUrl);
    const missing = () => lines.find((line) => line.startsWith("[petstore-mock-kit]")) ?? lines;
    await expect.poll(missing, firstLoad).toContain("npx msw init <public dir> --save");
    await page.close();
  });

  it("answers the app's requests after msw init", async () => {
    await promisify(execFile)(
      process.execPath,
      ["node_modules/msw/cli/index.js", "init", "public", "--save"],
      { cwd: appDir },
    );
    const manifest = JSON.parse(await readFile(join(appDir, "package.json"), "utf8"));
    expect(manifest.msw).toEqual({ workerDirectory: ["public"] });

    const page = await browser.newPage();
    await page.goto(appUrl);
    const seeded = (await createPetstoreStore()).listPets({ limit: 5 }).map((pet) => pet.name);
    const listed = () => page.locator("#pets li").allTextContents();
    await expect.poll(listed, firstLoad).toEqual(seeded);
    await page.close();
  });
});
