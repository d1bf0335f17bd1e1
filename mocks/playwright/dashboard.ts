/**
 * The dashboard for a Playwright test's own mock: the standalone server's page
 * and admin routes, answered through the test's browser context routing at an
 * origin of its own (`petstore.dashboardUrl`), from the test's own store,
 * faults and journal. Open it in another page of the context to watch the
 * test (e.g. in `--debug` or UI mode), or let a test drive it.
 */
import type { Request, Route } from "@playwright/test";
import { adminRoutes, createAdminEndpoints } from "../admin/admin.js";
import { dashboardPath, dashboardRoutes, publicBaseOptions } from "../admin/dashboard.js";
import { loadDashboardAssets } from "../dashboard/assets.js";
import { bodyFields } from "../runtime/intercept.js";
import type { PetstoreLifecycle } from "../runtime/lifecycle.js";
import type { PetstoreOptions } from "../store/options.js";

/** Where the fixture serves the dashboard: a name no app uses (`.localhost` never leaves the machine). */
const dashboardOrigin = "http://petstore-dashboard.localhost";

export function createDashboardRouting(petstore: PetstoreLifecycle, options: PetstoreOptions) {
  const { store } = petstore;
  const stopped = new AbortController();
  // Only this context's pages reach it: the trust of a loopback server.
  const admin = createAdminEndpoints({ loopback: true }, [
    ...adminRoutes({ petstore, state: store }),
    ...dashboardRoutes({
      journal: petstore.journal,
      store,
      options: {
        runtime: "Playwright fixture (context routing, no server)",
        baseUrl: options.baseUrl ?? "any origin, /v1",
        ...publicBaseOptions(options),
      },
      closed: stopped.signal,
      assets: loadDashboardAssets,
    }),
  ]);
  return {
    /** The page's address, `http://petstore-dashboard.localhost/__mock/`. */
    url: `${dashboardOrigin}${dashboardPath}`,
    matches: (url: URL) => url.origin === dashboardOrigin,
    async handle(route: Route, request: Request) {
      const method = request.method();
      const hasBody = method !== "GET" && method !== "HEAD";
      try {
        const answer = await admin({
          method,
          path: new URL(request.url()).pathname,
          query: new URL(request.url()).search.slice(1),
          // Routed in-process from the test's own page: no socket, no other site.
          header: () => undefined,
          ...bodyFields(hasBody ? request.postDataBuffer() : null),
        });
        if (stopped.signal.aborted) return;
        await route.fulfill({
          status: answer.status,
          headers: { ...answer.headers },
          body: answer.body ?? "",
        });
      } catch (error) {
        // Once the test has ended, the route may be gone: nothing to report.
        if (!stopped.signal.aborted) throw error;
      }
    },
    /** Ends waiting feed requests and ignores what they would still send. */
    stop: () => stopped.abort(),
  };
}
