/**
 * Parity under behaviour profiles in a real browser: the browser worker and
 * the Playwright route answer the parity suite's requests exactly as
 * msw/node and the standalone server, under every profile of the suite
 * (together they take every alternative; mocks/test-support/profile-parity.ts).
 * One browser: the worker's page is reloaded with the next profile, the
 * route's context is routed to a mock started under it.
 */
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page, Request, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BehaviourProfileInput } from "../interface/behaviour-profile.js";
import { setupPetstore } from "../node.js";
import { startRoutedPetstore } from "../playwright/route.js";
import { startPetstoreServer } from "../server/server.js";
import { launchChromium, skipBrowserTests } from "../test-support/chromium.js";
import { sendCasesInPage } from "../test-support/page-fetch.js";
import {
  answersOf,
  foreignLocations,
  parityDifferences,
  parityProfile,
  parityRequests,
  profileCount,
  type RuntimeAnswers,
} from "../test-support/profile-parity.js";
import type { StaticServer } from "../test-support/static-server.js";
import { serveWorkerSite } from "../test-support/worker-site.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The worker's page: the mock under the profile its query string names. */
const entry = `
import { setupPetstoreWorker } from ${JSON.stringify(here("../browser.ts"))};
import { parityProfile } from ${JSON.stringify(here("../test-support/profile-parity.ts"))};
const k = Number(new URL(location.href).searchParams.get("profile"));
const petstore = await setupPetstoreWorker({ behaviour: parityProfile(k), presetFromPage: false });
await petstore.start({ quiet: true });
document.body.dataset.ready = "yes";
`;

/** The route's page: an origin no server answers, its document and API both routed. */
const routeOrigin = "http://app.test";
const routePageHtml = '<!doctype html>\n<html lang="en"><body></body></html>\n';

let site: StaticServer;
let browser: Browser;
let workerPage: Page;
let routeContext: BrowserContext;
let routePage: Page;

beforeAll(async () => {
  if (skipBrowserTests) return;
  site = await serveWorkerSite(entry);
  browser = await launchChromium();
  workerPage = await (await browser.newContext()).newPage();
  routeContext = await browser.newContext();
  await routeContext.route(`${routeOrigin}/`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: routePageHtml }),
  );
  routePage = await routeContext.newPage();
  await routePage.goto(`${routeOrigin}/`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function viaMsw(behaviour: BehaviourProfileInput): Promise<RuntimeAnswers> {
  const base = "http://petstore.test/v1";
  const msw = await setupPetstore({ baseUrl: base, behaviour });
  msw.listen();
  return answersOf(base).finally(() => msw.close());
}

async function viaServer(behaviour: BehaviourProfileInput): Promise<RuntimeAnswers> {
  const server = await startPetstoreServer({ port: 0, behaviour });
  return answersOf(server.url).finally(() => server.close());
}

async function viaWorker(k: number): Promise<RuntimeAnswers> {
  await workerPage.goto(`${site.url}/?profile=${k}`);
  await workerPage.locator('body[data-ready="yes"]').waitFor({ state: "attached" });
  return {
    origin: site.url,
    results: await sendCasesInPage(workerPage, `${site.url}/v1`, parityRequests),
  };
}

async function viaRoute(behaviour: BehaviourProfileInput): Promise<RuntimeAnswers> {
  const { routing } = await startRoutedPetstore({ baseUrl: `${routeOrigin}/v1`, behaviour });
  const matches = (url: URL) => routing.matches(url);
  const handle = (route: Route, request: Request) => routing.handle(route, request);
  await routeContext.route(matches, handle);
  try {
    return {
      origin: routeOrigin,
      results: await sendCasesInPage(routePage, `${routeOrigin}/v1`, parityRequests),
    };
  } finally {
    routing.stop();
    await routeContext.unroute(matches, handle);
  }
}

describe.skipIf(skipBrowserTests)(
  "the browser worker and the Playwright route answer as msw/node and the server under every profile",
  () => {
    it.each(Array.from({ length: profileCount }, (_, k) => [`parity-${k}`, k] as const))(
      "%s",
      async (_name, k) => {
        const behaviour = parityProfile(k);
        const runtimes = {
          msw: await viaMsw(behaviour),
          server: await viaServer(behaviour),
          worker: await viaWorker(k),
          route: await viaRoute(behaviour),
        };
        expect(parityDifferences(runtimes)).toEqual([]);
        expect(foreignLocations(runtimes, behaviour)).toEqual([]);
      },
      60_000,
    );
  },
);
