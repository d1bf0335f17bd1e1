/** The `--html` report in a real browser: self-contained, offline, readable, hostile text inert. */
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { launchChromium, skipBrowserTests } from "../../mocks/test-support/chromium.js";
import { startMock, testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { closedAfter, runCli } from "../test-support/runs.js";

const hostileMessage = "</details><img src=x onerror=\"document.title='pwned'\"><b>bold</b>";

describe.skipIf(skipBrowserTests)("the HTML report", () => {
  it("opens offline in Chromium with the matrix, failures and no live server text", async () => {
    // getPet answers 404 as 400 with hostile HTML in the message; nothing else is wrong.
    const server = await startMock((handle) => async (request) => {
      const response = await handle(request);
      if (response.status !== 404) return response;
      return {
        ...response,
        status: 400,
        body: JSON.stringify({ code: "bad", message: hostileMessage, status: 400 }),
      };
    });
    const dir = await mkdtemp(join(tmpdir(), "contract-html-"));
    const file = join(dir, "report.html");
    const args = ["--url", server.url, "--only", "getPet", "--html", file];
    const { code } = await closedAfter(server, () =>
      runCli(args, { PETSTORE_API_KEY: testApiKey }),
    );
    expect(code).toBe(1);

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      await page.goto(pathToFileURL(file).href);
      expect(requests).toEqual([pathToFileURL(file).href]);
      expect(await page.title()).toMatch(/^Pet Store contract: http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const matrix = page.locator("#matrix");
      await expect.poll(() => matrix.isVisible()).toBe(true);
      expect(await matrix.textContent()).toMatch(/getPet\s*200 passed\s*401 passed\s*404 failed/);
      expect(await page.locator("details").count()).toBe(1);
      await page.locator("details summary").click();
      const failure = (await page.locator("details").textContent()) ?? "";
      expect(failure).toContain("getPet.absent.status-404");
      expect(failure).toContain(hostileMessage.replace(/"/g, '\\"'));
      expect(failure).toMatch(/curl -g -sS -i '.*\/pets\/9007199254740991'/);
      expect(await page.locator("img, b").count()).toBe(0);
      await mkdir("test-results", { recursive: true });
      await page.screenshot({ path: "test-results/contract-report.png", fullPage: true });
    } finally {
      await browser.close();
    }
  }, 60_000);
});
