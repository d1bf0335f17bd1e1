/**
 * The Playwright routing adapter: a request the browser sends becomes the
 * core's `CoreRequest`, and its `CoreResponse` is fulfilled through the route
 * (or the route is aborted when a fault drops the connection). No Fetch
 * objects, no worker script, no server: the answer is made in the test's own
 * process, from the test's own store.
 */
import type { Request, Route } from "@playwright/test";
import { corsHeaders } from "../admin/cors.js";
import { createContractRecorder } from "../contract/recorder.js";
import type { CoreRequest } from "../core/exchange.js";
import type { PetstoreCore } from "../core/petstore-core.js";
import { apiBase, bodyFields } from "../runtime/intercept.js";
import { createPetstore, type PetstoreTestMock } from "../runtime/lifecycle.js";
import type { PetstoreOptions } from "../store/options.js";
import { createDashboardRouting } from "./dashboard.js";

/** The parts of a Playwright `Request` the conversion reads. */
export type RoutedRequest = Pick<Request, "method" | "url" | "allHeaders" | "postDataBuffer">;

/** The core's view of a routed request; `basePath` is where the API base ends in its path. */
export async function coreRequestOf(
  request: RoutedRequest,
  basePath: string,
  signal?: AbortSignal,
): Promise<CoreRequest> {
  const url = new URL(request.url());
  const method = request.method();
  const headers = await request.allHeaders();
  const hasBody = method !== "GET" && method !== "HEAD";
  return {
    method,
    path: url.pathname.slice(basePath.length),
    query: url.search.slice(1),
    header: (name) => headers[name],
    ...bodyFields(hasBody ? request.postDataBuffer() : null),
    basePath,
    origin: url.origin,
    ...(signal ? { signal } : {}),
  };
}

/**
 * Routing for one browser context, around the core.
 *
 * @example
 * const routing = createPetstoreRouting(handle, { baseUrl: "http://localhost:4000/v1" });
 * await context.route((url) => routing.matches(url), (route, request) => routing.handle(route, request));
 * context.on("requestfailed", (request) => routing.failed(request));
 */
export function createPetstoreRouting(
  handle: PetstoreCore,
  options: { readonly baseUrl?: string | undefined } = {},
) {
  const base = apiBase(options.baseUrl);
  const waiting = new Map<Request, AbortController>();
  let stopped = false;

  async function answer(route: Route, request: Request, signal: AbortSignal): Promise<void> {
    const at = base.locate(new URL(request.url()).pathname);
    if (!at) return route.fallback();
    const core = await coreRequestOf(request, at.basePath, signal);
    const response = await handle(core);
    if (signal.aborted) return; // nobody is waiting for the answer any more
    if (response.dropped) return route.abort("connectionreset");
    await route.fulfill({
      status: response.status,
      // With the headers a page on another origin needs to read the answer.
      headers: corsHeaders(response.headers, core.header("origin")),
      body: response.body ?? "",
    });
  }

  return {
    /** Whether a URL is under the API base (the route's matcher); like msw's, without its query. */
    matches: (url: URL) => base.pattern.test(`${url.origin}${url.pathname}`),
    /** Answers one routed request from the core. */
    async handle(route: Route, request: Request) {
      const gone = new AbortController();
      waiting.set(request, gone);
      try {
        await answer(route, request, gone.signal);
      } catch (error) {
        // Once the page or the test has given up, the route may be gone: nothing to report.
        if (!gone.signal.aborted && !stopped) throw error;
      } finally {
        waiting.delete(request);
      }
    },
    /** The page gave up on a request (Playwright's `requestfailed`): a hang or a delay ends early. */
    failed(request: Request) {
      waiting.get(request)?.abort();
    },
    /** Ends every request still waiting (hangs, delays) and ignores what they would still send. */
    stop() {
      stopped = true;
      // Each request's own handle() removes it once its answer ends.
      for (const gone of waiting.values()) gone.abort();
    },
  };
}

/** What a test gets as `petstore`: the mock answering its browser context. */
export interface PetstoreFixture extends PetstoreTestMock {
  /**
   * The standalone server's dashboard for this test's mock, served by the
   * test's context routing: open it in a page of `context` (docs/dashboard.md).
   */
  readonly dashboardUrl: string;
}

/** The mock of one browser context (of the named test): its fixture and the routing that answers from it. */
export async function startRoutedPetstore(options: PetstoreOptions, testName?: string) {
  const named = testName === undefined ? {} : { testName: () => testName };
  const petstore = await createPetstore({
    ...options,
    ...named,
    contractRecorder: createContractRecorder,
  });
  const { store, faults, journal } = petstore;
  const dashboard = createDashboardRouting(petstore, options);
  const fixture: PetstoreFixture = {
    store,
    faults,
    journal,
    options,
    reset: () => petstore.reset(),
    contract: () => petstore.contract(),
    dashboardUrl: dashboard.url,
  };
  return { fixture, routing: createPetstoreRouting(petstore.handle, options), dashboard };
}
