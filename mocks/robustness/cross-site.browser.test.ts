/**
 * Finding 1 of issue 20 in a real browser: while the mock runs, a page from
 * another origin (another port of 127.0.0.1, or localhost) can neither read
 * nor change its state through the admin endpoints, with `fetch` in CORS or
 * no-CORS mode or a plain form post, and a DNS-rebinding page (a name the
 * browser resolves to 127.0.0.1) is refused too. The API keeps its CORS for
 * loopback origins.
 *
 * Issue 35, the same for a mock proxying to staging with a key of its own: a
 * page on another site, or a rebinding page, can neither read nor write
 * staging through it, while the developer's own page (a loopback origin,
 * such as a Vite app on another port) can.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";
import type { StoreSnapshot } from "../store/state.js";
import { launchChromium, skipBrowserTests } from "../test-support/chromium.js";
import { type StaticServer, serveStatic } from "../test-support/static-server.js";

/** The name a rebinding attacker's DNS points at the mock; Chromium resolves it to loopback. */
const rebindHost = "rebind.test";
/** Another site whose page the developer's browser opens (Chromium resolves it to loopback too). */
const otherSite = "evil.test";
/** A site whose name only starts like a `*.localhost` one (resolved to loopback too). */
const suffixedSite = "app.localhost.evil.test";

let browser: Browser;
let mock: RunningPetstoreServer;
let attacker: StaticServer;
let root: string;
let before: StoreSnapshot;

beforeAll(async () => {
  if (skipBrowserTests) return;
  root = await mkdtemp(join(tmpdir(), "petstore-attacker-"));
  await writeFile(join(root, "index.html"), "<!doctype html><title>elsewhere</title><body></body>");
  attacker = await serveStatic(root);
  mock = await startPetstoreServer({ port: 0 });
  mock.faults.add({ operation: "getPet", delayMs: 1 });
  before = mock.store.snapshot();
  browser = await launchChromium([
    `--host-resolver-rules=MAP ${rebindHost} 127.0.0.1, MAP ${otherSite} 127.0.0.1, MAP ${suffixedSite} 127.0.0.1`,
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await mock?.close();
  await attacker?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Everything a hostile page tries against the mock at `target`; each outcome as text. */
function attack(page: Page, target: string): Promise<Record<string, string>> {
  return page.evaluate(async (target) => {
    const outcomes: Record<string, string> = {};
    const attempt = async (name: string, path: string, init: RequestInit = {}) => {
      try {
        const response = await fetch(`${target}${path}`, init);
        outcomes[name] = `${response.status} ${(await response.text()).slice(0, 80)}`;
      } catch (error) {
        outcomes[name] = `failed: ${(error as Error).name}`;
      }
    };
    const noCors = (body: string): RequestInit => ({
      method: "POST",
      mode: "no-cors",
      headers: { "content-type": "text/plain" },
      body,
    });
    await attempt("read state", "/__mock/state");
    await attempt("read journal", "/__mock/requests");
    await attempt("read faults", "/__mock/faults");
    await attempt("reset", "/__mock/reset", noCors('{"pets": 1}'));
    await attempt("add fault", "/__mock/faults", noCors('{"status": 503}'));
    await attempt("clear faults", "/__mock/faults", { method: "DELETE" });
    await attempt("import state", "/__mock/state", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await attempt("api", "/v1/pets?limit=1", {
      headers: { Authorization: "Bearer petstore-dev-key" },
    });
    // A plain form post needs no script permission at all.
    const frame = document.createElement("iframe");
    frame.name = "sink";
    document.body.append(frame);
    const form = document.createElement("form");
    Object.assign(form, { method: "POST", action: `${target}/__mock/reset`, target: "sink" });
    form.enctype = "text/plain";
    form.innerHTML = '<input name=\'{"pets": 2, "x": "\' value=\'"}\'>';
    document.body.append(form);
    const loaded = new Promise((resolve) =>
      frame.addEventListener("load", resolve, { once: true }),
    );
    form.submit();
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    return outcomes;
  }, target);
}

/** Opens `url` in a new page, runs `use` there (with the status `url` got), then closes the page. */
async function withPage(url: string, use: (page: Page, status?: number) => Promise<void>) {
  const page = await browser.newPage();
  try {
    await use(page, (await page.goto(url))?.status());
  } finally {
    await page.close();
  }
}

function expectUntouched(): void {
  expect(mock.store.snapshot()).toEqual(before);
  expect(mock.faults.list()).toEqual([expect.objectContaining({ operation: "getPet" })]);
  expect(mock.journal.all().every((entry) => entry.operationId === "listPets")).toBe(true);
}

describe.skipIf(skipBrowserTests)("a page on another origin", () => {
  it.each([
    ["another port of 127.0.0.1 (same site)", () => attacker.url],
    ["localhost (another site)", () => attacker.url.replace("127.0.0.1", "localhost")],
  ])("from %s cannot read or change the mock's state", (_name, pageUrl) =>
    withPage(pageUrl(), async (page) => {
      const outcomes = await attack(page, mock.origin);
      for (const name of [
        "read state",
        "read journal",
        "read faults",
        "clear faults",
        "import state",
      ]) {
        expect(outcomes[name], name).toBe("failed: TypeError");
      }
      // no-cors answers are opaque: the page learns nothing, and the mock refused them.
      expect(outcomes.reset).toBe("0 ");
      expect(outcomes["add fault"]).toBe("0 ");
      expect(outcomes.api).toMatch(/^200 \[/);
      expectUntouched();
    }),
  );

  it(`from ${suffixedSite} (named like a *.localhost page) can read neither the API nor the state`, () =>
    withPage(attacker.url.replace("127.0.0.1", suffixedSite), async (page) => {
      const outcomes = await attack(page, mock.origin);
      for (const name of ["api", "read state", "read journal", "read faults", "clear faults"]) {
        expect(outcomes[name], name).toBe("failed: TypeError");
      }
      expectUntouched();
    }));

  it(`cannot reach it by rebinding ${suffixedSite} to 127.0.0.1`, () =>
    withPage(`http://${suffixedSite}:${mock.port}/v1/pets`, async (page, status) => {
      expect(status).toBe(403);
      const outcomes = await attack(page, "");
      for (const name of ["api", "read state", "read journal", "reset"]) {
        expect(outcomes[name], name).toMatch(/^403 .*host_forbidden/);
      }
      expectUntouched();
    }));

  it("cannot reach it by DNS rebinding (a name resolving to 127.0.0.1)", () =>
    withPage(`http://${rebindHost}:${mock.port}/__mock/state`, async (page, status) => {
      expect(status).toBe(403);
      const outcomes = await attack(page, "");
      for (const name of ["read state", "read journal", "read faults", "clear faults"]) {
        expect(outcomes[name], name).toMatch(/^403 .*host_forbidden/);
      }
      expect(outcomes.reset).toMatch(/^403 .*host_forbidden/);
      expectUntouched();
    }));
});

describe.skipIf(skipBrowserTests)("a mock proxying to staging with its own key", () => {
  const stagingKey = "staging-key-held-by-the-proxy";
  let staging: RunningPetstoreServer;
  let proxy: RunningPetstoreServer;
  let stagingBefore: StoreSnapshot;

  beforeAll(async () => {
    staging = await startPetstoreServer({ port: 0, apiKeys: [stagingKey] });
    await staging.store.createPet({ name: "Only on staging", categoryId: 1 });
    proxy = await startPetstoreServer({ port: 0, proxy: { url: staging.url, key: stagingKey } });
    stagingBefore = staging.store.snapshot();
  }, 30_000);

  afterAll(async () => {
    await proxy?.close();
    await staging?.close();
  });

  /** What a page tries against staging through the proxy at `target` (its API base); each outcome as text. */
  function useStaging(page: Page, target: string): Promise<Record<string, string>> {
    return page.evaluate(async (target) => {
      const outcomes: Record<string, string> = {};
      const auth = { Authorization: "Bearer petstore-dev-key" };
      const attempt = async (name: string, path: string, init: RequestInit = {}) => {
        try {
          const response = await fetch(`${target}${path}`, init);
          outcomes[name] = `${response.status} ${(await response.text()).slice(0, 10_000)}`;
        } catch (error) {
          outcomes[name] = `failed: ${(error as Error).name}`;
        }
      };
      await attempt("read", "/pets?limit=100", { headers: auth });
      await attempt("write", "/pets", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ name: "Written through the proxy", categoryId: 1 }),
      });
      await attempt("simple write", "/pets", {
        method: "POST",
        mode: "no-cors",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ name: "Written without preflight", categoryId: 1 }),
      });
      return outcomes;
    }, target);
  }

  const stagingUntouched = () => {
    expect(staging.store.snapshot()).toEqual(stagingBefore);
    expect(staging.journal.all()).toEqual([]);
  };

  it("a page on another site can neither read nor write staging through it", () =>
    withPage(attacker.url.replace("127.0.0.1", otherSite), async (page) => {
      const outcomes = await useStaging(page, proxy.url);
      expect(outcomes.read).toBe("failed: TypeError");
      expect(outcomes.write).toBe("failed: TypeError");
      expect(outcomes["simple write"]).toBe("0 ");
      stagingUntouched();
    }));

  it("a DNS-rebinding page (its own name, the proxy's address) cannot reach staging either", () =>
    withPage(`http://${rebindHost}:${proxy.port}/v1/pets`, async (page, status) => {
      expect(status).toBe(403);
      const outcomes = await useStaging(page, "/v1");
      expect(outcomes.read).toMatch(/^403 .*host_forbidden/);
      expect(outcomes.write).toMatch(/^403 .*host_forbidden/);
      stagingUntouched();
    }));

  it("the developer's own page on a loopback origin reads and writes staging through it", () =>
    withPage(attacker.url, async (page) => {
      const outcomes = await useStaging(page, proxy.url);
      expect(outcomes.read).toMatch(/^200 \[/);
      expect(outcomes.read).toContain("Only on staging");
      expect(outcomes.write).toMatch(/^201 /);
      expect(staging.store.listPets({ limit: 100 }).map((pet) => pet.name)).toContain(
        "Written through the proxy",
      );
      expect(staging.journal.all().map((entry) => entry.operationId)).toEqual([
        "listPets",
        "createPet",
      ]);
    }));
});
