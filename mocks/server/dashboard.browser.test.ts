/**
 * The dashboard at `/__mock/` used in Chromium the way a person uses it: the
 * app's requests from another tab show up within a second with their problems
 * explained, a fault added by keyboard makes the app's next request fail, a
 * snapshot is downloaded, previewed and uploaded, the admin key is asked
 * for and kept in the tab's sessionStorage only, and under a behaviour
 * profile each request names the choices that shaped its answer. Screenshots go to test-results/.
 */

import { mkdir, readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, launchChromium, skipBrowserTests } from "../test-support/chromium.js";
import { type RunningPetstoreServer, startPetstoreServer } from "./server.js";

const apiKey = "petstore-dev-key";
const shots = "test-results";

/** A request from the app's tab: same origin as the mock, its own fetch. */
function appFetch(app: Page, path: string, init: { method?: string; body?: string } = {}) {
  return app.evaluate(
    async ({ path, init, key }) => {
      try {
        const response = await fetch(path, {
          ...init,
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        });
        return { status: response.status, body: await response.text() };
      } catch (error) {
        return { status: 0, body: String(error) };
      }
    },
    { path, init, key: apiKey },
  );
}

/** A raw request whose path a browser would percent-encode. */
function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: "GET", headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end();
  });
}

/** The detail's curl line (its other code elements are names in the explanations). */
const curlOf = (detail: Locator) => detail.locator('code[aria-label="curl command"]');

/** Every control's accessible name is present: the page never relies on looks alone. */
function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, input, select, a[href]")]
      .filter((control) => control.getClientRects().length > 0)
      .filter((control) => {
        const labels = (control as HTMLInputElement).labels;
        const labelled = labels && [...labels].some((label) => label.textContent?.trim());
        return !labelled && !control.getAttribute("aria-label") && !control.textContent?.trim();
      })
      .map((control) => control.outerHTML.slice(0, 120)),
  );
}

describe.skipIf(skipBrowserTests)("the dashboard in Chromium", { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    await mkdir(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe("on a loopback server", () => {
    let mock: RunningPetstoreServer;
    let context: BrowserContext;
    let dashboard: Page;
    let app: Page;
    let errors: string[];
    /** Every GET of the dashboard's own page answered 400 or more (its files, its icon, its data). */
    const failedLoads: string[] = [];

    beforeAll(async () => {
      mock = await startPetstoreServer({ port: 0 });
      context = await browser.newContext({ acceptDownloads: true });
      dashboard = await context.newPage();
      errors = collectPageErrors(dashboard);
      dashboard.on("response", (response) => {
        if (response.status() >= 400 && response.request().method() === "GET") {
          failedLoads.push(`${response.status()} ${response.url()}`);
        }
      });
      const response = await dashboard.goto(`${mock.origin}/__mock/`);
      const headers = response?.headers() ?? {};
      expect(headers["content-security-policy"]).toContain("script-src 'self'");
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      await dashboard.getByText("Live: watching for requests…").waitFor();
      app = await context.newPage();
      await app.goto(`${mock.origin}/__mock/health`);
    });
    afterAll(async () => {
      await context?.close();
      await mock?.close();
    });

    const requests = () => dashboard.getByRole("region", { name: "Requests" });
    const faults = () => dashboard.getByRole("region", { name: "Faults" });
    const state = () => dashboard.getByRole("region", { name: "State" });

    it("shows the app's requests within a second, each with its problems in plain words", async () => {
      expect((await appFetch(app, "/v1/pets?limit=500")).status).toBe(400);
      // Within a second of the app getting its answer, the row is on the dashboard.
      const row = requests().locator('tbody tr[data-id="1"]');
      await row.waitFor({ timeout: 1000 });
      expect(await requests().getByRole("row").nth(1).textContent()).toMatch(
        /^1GET \/pets\?limit=500listPets400[\d.]+ msinvalid_query$/,
      );

      // A click anywhere on the row opens it, not only on its request text.
      await row.getByRole("cell", { name: "listPets" }).click();
      const detail = dashboard.getByRole("region", { name: /^Request 1: GET/ });
      await detail.waitFor();
      const text = (await detail.textContent()) ?? "";
      expect(text).toContain("A query parameter has a value the interface does not allow.");
      expect(text).toContain("The mock said: limit must be <= 100 (got 500)");
      // The statement's names are code, not literal backticks.
      expect(text).toContain(
        "Breaks interface §4.1, 8: limit is an integer from 1 to 100: whatever a request asks, no answer holds more than 100 animals.",
      );
      expect(text).not.toContain("`");
      expect(await detail.locator(".statement code").allTextContents()).toContain("limit");
      const curl = (await curlOf(detail).textContent()) ?? "";
      expect(curl).toBe(
        `curl -g -i '${mock.url}/pets?limit=500' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
      );
      expect(await dashboard.content()).not.toContain(apiKey);
      await dashboard.screenshot({ path: `${shots}/dashboard-request-detail.png`, fullPage: true });
    });

    it("filters by operation, status class and problems", async () => {
      await appFetch(app, "/v1/categories");
      await appFetch(app, "/v1/pets", { method: "POST", body: "{}" });
      const rows = requests().locator("tbody tr");
      await expect.poll(() => rows.count(), { timeout: 2000 }).toBe(3);
      await requests().getByRole("combobox", { name: "Status" }).selectOption("2");
      expect(await rows.allTextContents()).toEqual([expect.stringMatching(/listCategories200/)]);
      await requests().getByRole("combobox", { name: "Status" }).selectOption("");
      await requests().getByRole("checkbox", { name: "Has problems" }).check();
      await requests().getByRole("combobox", { name: "Operation" }).selectOption("createPet");
      expect(await rows.allTextContents()).toEqual([expect.stringMatching(/createPet400/)]);
      await rows.click();
      const detail = dashboard.getByRole("region", { name: /^Request 3: POST/ });
      expect(await detail.textContent()).toContain(
        "Breaks interface §2: NewPet: name (string) and categoryId (integer) are required",
      );
      expect(await detail.locator(".statement code").allTextContents()).toEqual(
        expect.arrayContaining(["name", "categoryId"]),
      );
      expect(await curlOf(detail).textContent()).toContain("--data @body.json");
      await requests().getByRole("combobox", { name: "Operation" }).selectOption("");
      await requests().getByRole("checkbox", { name: "Has problems" }).uncheck();
      await dashboard.getByRole("button", { name: "Close the details" }).click();
    });

    it("shows hostile text from a request as text, and explains a missing key", async () => {
      expect(await rawGet(mock.origin, "/v1/<img>x<b>`bold`")).toBe(401);
      const row = requests().locator('tbody tr[data-id="4"]');
      await row.waitFor({ timeout: 2000 });
      expect(await row.locator("td.path").textContent()).toBe("GET /<img>x<b>`bold`");
      await row.click();
      const detail = dashboard.getByRole("region", { name: /^Request 4: GET/ });
      const text = (await detail.textContent()) ?? "";
      expect(text).toContain("The request carried no valid API key.");
      expect(text).toContain(
        "Breaks interface §4, 5.1: Every endpoint requires the bearer credential.",
      );
      expect(await dashboard.locator("img, b").count()).toBe(0);
      expect(
        await dashboard.getByRole("heading", { name: "Request 4: GET /<img>x<b>`bold`" }).count(),
      ).toBe(1);
      await dashboard.getByRole("button", { name: "Close the details" }).click();
    });

    it("adds a fault by keyboard alone, and the app's next request fails", async () => {
      const operation = faults().getByRole("combobox", { name: "Operation" });
      await operation.focus();
      await dashboard.keyboard.type("listPets");
      expect(await operation.inputValue()).toBe("listPets");
      await dashboard.keyboard.press("Tab"); // Effect: answer an error status
      await dashboard.keyboard.press("Tab"); // Status or delay: 503
      await dashboard.keyboard.press("Tab"); // Times
      await dashboard.keyboard.type("1");
      await dashboard.keyboard.press("Enter");
      const active = faults().getByRole("list").nth(1);
      await expect
        .poll(() => active.textContent())
        .toMatch(/^f\d+: listPets, 503 \(1 more\)Remove$/);
      await dashboard.screenshot({ path: `${shots}/dashboard-fault.png`, fullPage: true });

      expect((await appFetch(app, "/v1/pets")).status).toBe(503);
      expect((await appFetch(app, "/v1/pets")).status).toBe(200);
      const failed = requests().locator('tbody tr[data-id="5"]');
      await failed.waitFor({ timeout: 1000 });
      expect(await requests().locator('tr[data-id="5"]').textContent()).toMatch(
        /503[\d.]+ msf\d+: 503/,
      );
      await expect.poll(() => active.textContent()).toBe("No fault is active.");

      // The row opens by keyboard too (Enter or Space), and its details take the focus.
      for (const key of ["Enter", " "]) {
        await failed.focus();
        await dashboard.keyboard.press(key);
        await expect
          .poll(() => dashboard.evaluate(() => document.activeElement?.id))
          .toBe("request-detail");
        expect(await failed.getAttribute("aria-current")).toBe("true");
        await dashboard.keyboard.press("Tab");
        await dashboard.keyboard.press("Enter"); // Close the details
        await expect
          .poll(() => dashboard.evaluate(() => document.activeElement?.getAttribute("data-id")))
          .toBe("5");
      }
    });

    it("reaches every row with Tab, each described as one that opens", async () => {
      const row = requests().locator('tbody tr[data-id="2"]');
      expect(await row.getAttribute("tabindex")).toBe("0");
      expect(await row.getAttribute("aria-describedby")).toBe("request-open-hint");
      expect(await dashboard.locator("#request-open-hint").textContent()).toContain(
        "Enter or Space",
      );
      await requests().locator('tbody tr[data-id="3"]').focus();
      await dashboard.keyboard.press("Tab");
      await expect
        .poll(() => dashboard.evaluate(() => document.activeElement?.getAttribute("data-id")))
        .toBe("2");
    });

    it("refuses a fault the form cannot mean, in the form, and keeps the server's refusal too", async () => {
      const kind = faults().getByRole("combobox", { name: "Effect" });
      await kind.selectOption("delay");
      const value = faults().getByRole("spinbutton", { name: /^Delay in ms/ });
      await value.fill("");
      await faults().getByRole("button", { name: "Add the fault" }).click();
      const alert = faults().getByRole("alert");
      await expect
        .poll(() => alert.textContent())
        .toBe("A delay wants a number of milliseconds from 1 to 60000: the field is empty.");
      expect(await value.getAttribute("aria-invalid")).toBe("true");
      expect(mock.faults.list()).toEqual([]);

      // 0 ms passes the form; the server refuses it with its own Error message.
      await value.fill("0");
      await faults().getByRole("button", { name: "Add the fault" }).click();
      await expect
        .poll(() => alert.textContent())
        .toMatch(/^A delay of 0 ms alone changes nothing/);
      expect(mock.faults.list()).toEqual([]);

      await kind.selectOption("status");
      const status = faults().getByRole("spinbutton", { name: "Status (400–599)" });
      expect(await status.inputValue()).toBe("503");
      await faults()
        .getByRole("spinbutton", { name: /^Times/ })
        .fill("1.5");
      await faults().getByRole("button", { name: "Add the fault" }).click();
      await expect.poll(() => alert.textContent()).toMatch(/^Times wants a whole number/);
      expect(mock.faults.list()).toEqual([]);
      await faults()
        .getByRole("spinbutton", { name: /^Times/ })
        .fill("");
      await dashboard.screenshot({ path: `${shots}/dashboard-fault-refused.png`, fullPage: true });
    });

    it("applies a preset, names it on its faults, removes one fault and clears them all", async () => {
      await faults().getByRole("button", { name: "Apply preset flaky-writes" }).click();
      const active = faults().getByRole("list").nth(1).getByRole("listitem");
      await expect.poll(() => active.count()).toBe(2);
      expect(await active.allTextContents()).toEqual([
        expect.stringMatching(/^f\d+ \(preset flaky-writes\): createPet, 503 \(1 more\)Remove$/),
        expect.stringMatching(
          /^f\d+ \(preset flaky-writes\): createCategory, 503 \(1 more\)Remove$/,
        ),
      ]);
      expect(mock.faults.list().map((fault) => fault.preset)).toEqual([
        "flaky-writes",
        "flaky-writes",
      ]);
      const [first] = mock.faults.list();
      await faults()
        .getByRole("button", { name: `Remove fault ${first?.id}` })
        .click();
      await expect.poll(() => active.count()).toBe(1);
      expect(mock.faults.list()).toHaveLength(1);
      await faults().getByRole("button", { name: "Clear all faults" }).click();
      await expect.poll(() => active.textContent()).toBe("No fault is active.");
      expect(mock.faults.list()).toEqual([]);
    });

    it("downloads a snapshot, previews an upload's changes, then applies it", async () => {
      const [download] = await Promise.all([
        dashboard.waitForEvent("download"),
        state().getByRole("button", { name: "Download a snapshot" }).click(),
      ]);
      await download.saveAs(`${shots}/dashboard-snapshot.json`);
      const snapshot = JSON.parse(await readFile(`${shots}/dashboard-snapshot.json`, "utf8"));
      expect(snapshot.pets).toHaveLength(50);

      snapshot.pets = snapshot.pets.slice(0, 3);
      snapshot.pets[0].name = "Renamed";
      await state()
        .getByLabel("Upload a snapshot")
        .setInputFiles({
          name: "three-pets.json",
          mimeType: "application/json",
          buffer: Buffer.from(JSON.stringify(snapshot)),
        });
      const preview = state().getByRole("region", { name: "What the snapshot would change" });
      await preview.waitFor();
      expect(await preview.getByRole("listitem").allTextContents()).toEqual([
        "Pets: 50 → 3",
        "  removed ids 4–50",
        "  changed ids 1",
        "Categories: 5 → 5",
      ]);
      expect(mock.store.count().pets).toBe(50); // nothing changed before Apply
      await dashboard.screenshot({ path: `${shots}/dashboard-upload-preview.png`, fullPage: true });

      await preview.getByRole("button", { name: "Apply the snapshot" }).click();
      await expect
        .poll(() => state().getByRole("status").textContent())
        .toBe("Snapshot applied: 3 pets, 5 categories.");
      expect(mock.store.getPet(1)?.name).toBe("Renamed");
      expect(JSON.parse((await appFetch(app, "/v1/pets")).body)).toHaveLength(3);
      await expect.poll(() => state().locator("dl").textContent()).toMatch(/^Pets3Categories5/);
    });

    it("resets to another seed", async () => {
      await state().getByRole("spinbutton", { name: "Seed (optional)" }).fill("7");
      await state().getByRole("button", { name: "Reset the data" }).click();
      await expect.poll(() => state().getByRole("status").textContent()).toBe("Reset to seed 7.");
      expect(mock.store.seedOptions.seed).toBe(7);
      await expect.poll(() => state().locator("dl").textContent()).toMatch(/Pets50.*Seed7/);
    });

    it("shows no Answered by column without --proxy, and says the State panel is the mock's own data", async () => {
      expect(await requests().getByRole("columnheader", { name: "Answered by" }).count()).toBe(0);
      expect(await requests().locator('td[data-label="Answered by"]').count()).toBe(0);
      expect(
        await requests().getByRole("columnheader", { name: "Profile's choices" }).count(),
      ).toBe(0);
      expect(await dashboard.locator("#state-scope").textContent()).toBe(
        "The mock's own data: what it answers from, and what Reset and the snapshots change.",
      );
      expect(await dashboard.locator("#faults-scope").isVisible()).toBe(false);
    });

    it("names every control, loads its icon, and raised no page error", async () => {
      const icon = await dashboard.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
        const response = await fetch(link?.href ?? "/nowhere");
        return { status: response.status, type: response.headers.get("content-type") };
      });
      expect(icon).toEqual({ status: 200, type: "image/svg+xml" });
      expect(failedLoads).toEqual([]);
      expect(await unnamedControls(dashboard)).toEqual([]);
      const server = dashboard.getByRole("region", { name: "Server" });
      expect(await server.textContent()).toMatch(/API keys \(how many\)1Admin key setno/);
      await dashboard.screenshot({ path: `${shots}/dashboard.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  });

  it("behind --proxy says who answered each request, names the deployment, and what the State panel governs", async () => {
    const deployment = await startPetstoreServer({ port: 0 });
    const proxy = await startPetstoreServer({
      port: 0,
      proxy: { url: deployment.url, key: apiKey, fallback: "mock" },
    });
    const page = await browser.newPage();
    try {
      const auth = { authorization: `Bearer ${apiKey}` };
      await fetch(`${proxy.url}/pets?limit=2`, { headers: auth }); // the deployment answers
      await fetch(`${proxy.url}/pets`, { headers: { authorization: "Bearer wrong" } }); // the mock
      expect(await rawGet(proxy.origin, "/v1/pets%2F1", auth)).toBe(400); // the proxy refuses it
      await page.goto(`${proxy.origin}/__mock/`);
      const rows = page.locator("#requests-body tr");
      await expect.poll(() => rows.count()).toBe(3);
      expect(await page.getByRole("columnheader", { name: "Answered by" }).isVisible()).toBe(true);
      const answered = await page
        .locator('#requests-body td[data-label="Answered by"]')
        .allTextContents();
      expect(answered).toEqual(["proxy", "local mock (not forwarded)", "deployment's answer"]);
      await expect
        .poll(() => page.locator("#health").textContent())
        .toMatch(/^Health: deployment up, checked .+; local mock ok$/);

      await page.locator('#requests-body tr[data-id="1"]').click();
      const detail = page.getByRole("region", { name: /^Request 1: GET/ });
      expect(await detail.locator(".answered-by").textContent()).toBe(
        `Answered by the deployment, ${deployment.url}.`,
      );
      await page.locator('#requests-body tr[data-id="2"]').click();
      expect(await page.locator("#request-detail .answered-by").textContent()).toMatch(
        /^Answered by the local mock, not forwarded to the deployment/,
      );
      // The 401 repeats as a 401: the wrong key stays wrong, masked.
      expect(await curlOf(page.locator("#request-detail")).textContent()).toBe(
        `curl -g -i '${proxy.url}/pets' -H 'Authorization: Bearer [redacted]'`,
      );

      const server = page.getByRole("region", { name: "Server" });
      expect(await server.textContent()).toContain(
        `Proxy to (--proxy)${deployment.url}: every API request goes there`,
      );
      expect(await server.textContent()).toContain("Fallback (--fallback)mock");
      const state = page.getByRole("region", { name: "State" });
      expect(await state.locator("#state-scope").textContent()).toBe(
        `The local mock's data, not the deployment's: behind --proxy, ${deployment.url} answers the API. This data answers only the requests the proxy keeps (a bad key, an oversized body), and whatever the deployment leaves unanswered (--fallback mock); Reset and the snapshots change it, never the deployment.`,
      );
      expect(await page.locator("#faults-scope").isVisible()).toBe(true);
      await page.screenshot({ path: `${shots}/dashboard-proxy.png`, fullPage: true });
    } finally {
      await page.close();
      await proxy.close();
      await deployment.close();
    }
  });

  it("under a behaviour profile names its choices, and on each request those that shaped it", async () => {
    const mock = await startPetstoreServer({
      port: 0,
      behaviour: {
        version: 1,
        name: "staging",
        choices: { limitBelowMinimum: "clamped", petsOrder: "descending" },
      },
    });
    const page = await browser.newPage();
    try {
      const auth = { authorization: `Bearer ${apiKey}` };
      expect((await fetch(`${mock.url}/pets?limit=0`, { headers: auth })).status).toBe(200);
      expect((await fetch(`${mock.url}/pets/1`, { headers: auth })).status).toBe(200);
      await page.goto(`${mock.origin}/__mock/`);
      const rows = page.locator("#requests-body tr");
      await expect.poll(() => rows.count()).toBe(2);
      expect(await page.getByRole("columnheader", { name: "Profile's choices" }).isVisible()).toBe(
        true,
      );
      const named = await page
        .locator(`#requests-body td[data-label="Profile's choices"]`)
        .allTextContents();
      expect(named).toEqual(["", "limitBelowMinimum: clamped, petsOrder: descending"]);

      await page.locator('#requests-body tr[data-id="1"]').click();
      const detail = page.getByRole("region", { name: /^Request 1: GET/ });
      expect(await detail.locator(".shaped-by").textContent()).toBe(
        "Shaped by the behaviour profile's choices limitBelowMinimum: clamped, petsOrder: descending, where the interface is silent.",
      );
      expect(await detail.locator(".shaped-by code").textContent()).toBe(
        "limitBelowMinimum: clamped, petsOrder: descending",
      );
      const server = page.getByRole("region", { name: "Server" });
      expect(await server.textContent()).toContain(
        "Its choices (not the kit's)limitBelowMinimum: clamped, petsOrder: descending",
      );
      await page.screenshot({ path: `${shots}/dashboard-profile.png`, fullPage: true });
    } finally {
      await page.close();
      await mock.close();
    }
  });

  it("asks for the admin key and keeps it in the tab's sessionStorage only", async () => {
    const adminKey = "dashboard-admin-secret";
    const mock = await startPetstoreServer({ port: 0, adminKey });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${mock.origin}/__mock/`);
      const signIn = page.getByRole("region", { name: "Sign in" });
      await signIn.waitFor();
      expect(await page.getByRole("main").isHidden()).toBe(true);
      expect(await signIn.getByRole("alert").textContent()).toContain("need the admin key");

      await signIn.getByLabel("Admin key").fill("wrong");
      await signIn.getByLabel("Admin key").press("Enter");
      await expect
        .poll(() => signIn.getByRole("alert").textContent())
        .toContain("need the admin key");
      await signIn.getByLabel("Admin key").fill(adminKey);
      await signIn.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Requests" }).waitFor();
      expect(await page.evaluate(() => ({ ...sessionStorage }))).toEqual({
        "petstore-mock-admin-key": adminKey,
      });
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
      expect(await page.content()).not.toContain(adminKey);
      await page.screenshot({ path: `${shots}/dashboard-signed-in.png`, fullPage: true });

      // A key that stops working (the server restarted with another) brings the sign-in back.
      await page.evaluate(() => sessionStorage.setItem("petstore-mock-admin-key", "stale"));
      await fetch(`${mock.url}/categories`, { headers: { authorization: `Bearer ${apiKey}` } });
      await signIn.waitFor();
      expect(await page.getByRole("main").isHidden()).toBe(true);

      // Another tab has its own session: it asks again.
      const other = await context.newPage();
      await other.goto(`${mock.origin}/__mock/`);
      await other.getByRole("region", { name: "Sign in" }).waitFor();
      await other.screenshot({ path: `${shots}/dashboard-sign-in.png` });
    } finally {
      await context.close();
      await mock.close();
    }
  });
});
