/**
 * The README's plain-static-page steps, followed as written: its shell commands
 * bundle the mock with esbuild and copy the worker script, its HTML block is the
 * page, and only static files are served. Without the worker script the page
 * prints how to fix it; with it, the mock answers the page's request.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
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
import { type StaticServer, serveStatic } from "../../mocks/test-support/static-server.js";

const commands = readmeCommands("A plain static page");
const [pageHtml = ""] = readmeBlocks("A plain static page", "html");
const workerInit = commands.filter((command) => command.startsWith("npx msw init"));
// The README's own static server is left out: this test serves site/ itself.
const bundling = commands.filter(
  (command) => !workerInit.includes(command) && !command.includes("http-server"),
);

describe.skipIf(skipBrowserTests)("a plain static page following the README", () => {
  let appDir: string;
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    expect(workerInit).toEqual(["npx msw init site --save"]);
    appDir = await createFreshApp({
      "site/index.html": `<!doctype html>\n<html lang="en">\n<body>\n${pageHtml}</body>\n</html>\n`,
    });
    for (const command of bundling) await runCommand(appDir, command);
    server = await serveStatic(join(appDir, "site"));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (appDir) await rm(appDir, { recursive: true, force: true });
  });

  it("says how to fix a missing worker script", async () => {
    const page = await browser.newPage();
    const output = watchConsole(page);
    await page.goto(server.url);
    await expect.poll(() => missingWorkerMessage(output)).toContain("npx msw init");
    await page.close();
  });

  it("answers the page's request once the worker script is there", async () => {
    for (const command of workerInit) await runCommand(appDir, command);
    const page = await browser.newPage();
    const output = watchConsole(page);
    await page.goto(server.url);
    const seeded = (await createPetstoreStore()).listPets({ limit: 5 });
    await expect.poll(() => output.logged, { timeout: 10_000 }).toContainEqual(seeded);
    await page.close();
  });
});
