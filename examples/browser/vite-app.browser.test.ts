/**
 * The README's browser steps for Vite, followed as written in a fresh app: its
 * `src/main.ts` is the README's code block, it imports `petstore-mock-kit/browser`
 * (the built entry in dist/, as installed), and it runs on Vite's dev server,
 * first without the worker script (a clear console error), then after the
 * README's `msw init` (the mock answers the app's request).
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreStore } from "../../mocks/store/store.js";
import { readmeBlocks, readmeCommands } from "../../mocks/test-support/browser-docs.js";
import {
  launchChromium,
  missingWorkerMessage,
  skipBrowserTests,
  watchConsole,
} from "../../mocks/test-support/chromium.js";
import { createFreshApp, runCommand } from "../../mocks/test-support/fresh-app.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";

/** Vite's dev server bundles the app's dependencies on the first load. */
const firstLoad = { timeout: 15_000 } as const;
const testTimeout = 30_000;

const [install, ...setup] = readmeCommands(undefined);
const [mainTs = ""] = readmeBlocks("Vite", "ts");

describe.skipIf(skipBrowserTests)("a fresh Vite app following the README", () => {
  let appDir: string;
  let vite: ViteDevServer;
  let browser: Browser;
  let appUrl: string;

  beforeAll(async () => {
    // The README's install step; createFreshApp links the kit and msw instead.
    expect(install).toBe("npm install -D petstore-mock-kit msw");
    appDir = await createFreshApp({
      "index.html": `<!doctype html>
<html lang="en">
  <body>
    <div id="app"></div>
    <script type="module" src="/src/main.ts"></script>
  </body>
</html>
`,
      "src/main.ts": mainTs,
    });
    vite = await createServer({
      root: appDir,
      configFile: false,
      logLevel: "warn",
      // Only because the kit is linked from outside the app: an installed kit is inside it.
      server: { host: "127.0.0.1", port: 0, fs: { allow: [appDir, repositoryRoot] } },
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

  it(
    "says how to fix a missing worker script",
    async () => {
      const page = await browser.newPage();
      const output = watchConsole(page);
      await page.goto(appUrl);
      await expect
        .poll(() => missingWorkerMessage(output), firstLoad)
        .toContain("npx msw init <public dir> --save");
      await page.close();
    },
    testTimeout,
  );

  it(
    "answers the app's request after the README's msw init",
    async () => {
      expect(setup).toEqual(["npx msw init public --save"]);
      for (const command of setup) await runCommand(appDir, command);
      const manifest = JSON.parse(await readFile(join(appDir, "package.json"), "utf8"));
      expect(manifest.msw).toEqual({ workerDirectory: ["public"] });

      const page = await browser.newPage();
      const output = watchConsole(page);
      await page.goto(appUrl);
      const seeded = (await createPetstoreStore()).listPets({ limit: 5 });
      await expect.poll(() => output.logged, firstLoad).toContainEqual(seeded);
      await page.close();
    },
    testTimeout,
  );
});
