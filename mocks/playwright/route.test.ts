/**
 * The Playwright adapter without a browser: a routed request as the core sees
 * it, the answer as the route receives it, and the requests a hang holds.
 */
import type { Request, Route } from "@playwright/test";
import { describe, expect, it } from "vitest";
import { createMockControls } from "../core/controls.js";
import { createPetstoreCore } from "../core/create-core.js";
import { maxBodyBytes } from "../core/exchange.js";
import { createPetstoreStore } from "../store/store.js";
import {
  coreRequestOf,
  createPetstoreRouting,
  type RoutedRequest,
  startRoutedPetstore,
} from "./route.js";

function routed(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Request {
  const request: RoutedRequest = {
    method: () => method,
    url: () => url,
    allHeaders: async () => headers,
    postDataBuffer: () => (body === undefined ? null : Buffer.from(body)),
  };
  return request as Request;
}

interface Sent {
  fulfilled?: { status?: number; headers?: Record<string, string>; body?: string | Buffer };
  aborted?: string;
}

function fakeRoute(): { route: Route; sent: Sent } {
  const sent: Sent = {};
  const route = {
    fulfill: async (options: Sent["fulfilled"]) => {
      sent.fulfilled = options;
    },
    abort: async (code?: string) => {
      sent.aborted = code ?? "failed";
    },
  };
  return { route: route as unknown as Route, sent };
}

const auth = { authorization: "Bearer petstore-dev-key" };

async function mock(options: { baseUrl?: string } = {}) {
  const store = await createPetstoreStore({ pets: 3 });
  const controls = createMockControls();
  const handle = createPetstoreCore({ store, ...controls });
  return { store, ...controls, routing: createPetstoreRouting(handle, options) };
}

describe("coreRequestOf", () => {
  it("keeps the method, the path below the base, the raw query and the headers", async () => {
    const request = await coreRequestOf(
      routed("GET", "http://app.test/api/v1/pets/%ZZ?limit=2&status=sold", {
        ...auth,
        prefer: "code=503",
      }),
      "/api/v1",
    );
    expect(request).toMatchObject({
      method: "GET",
      path: "/pets/%ZZ",
      query: "limit=2&status=sold",
      body: undefined,
      bodyTooLarge: false,
      basePath: "/api/v1",
    });
    expect(request.header("prefer")).toBe("code=503");
    expect(request.header("content-type")).toBeUndefined();
  });

  it("decodes the body as UTF-8 up to the limit, and only flags one over it", async () => {
    const posted = (body: string) =>
      coreRequestOf(routed("POST", "http://x/v1/pets", {}, body), "/v1");
    expect(await posted('{"name":"Zoë"}')).toMatchObject({
      body: '{"name":"Zoë"}',
      bodyTooLarge: false,
    });
    expect((await posted("x".repeat(maxBodyBytes))).body).toHaveLength(maxBodyBytes);
    expect(await posted("x".repeat(maxBodyBytes + 1))).toMatchObject({
      body: undefined,
      bodyTooLarge: true,
    });
  });

  it("takes no body for GET and HEAD", async () => {
    for (const method of ["GET", "HEAD"]) {
      const request = await coreRequestOf(routed(method, "http://x/v1/pets", {}, "{}"), "/v1");
      expect(request.body).toBeUndefined();
    }
  });
});

describe("createPetstoreRouting", () => {
  it("matches any origin under /v1 by default, the query aside", async () => {
    const { routing } = await mock();
    const matches = (url: string) => routing.matches(new URL(url));
    expect(matches("http://localhost:5173/v1/pets?limit=5")).toBe(true);
    expect(matches("https://api.example.com/prefix/v1")).toBe(true);
    expect(matches("http://localhost:5173/v2/pets")).toBe(false);
    expect(matches("http://localhost:5173/app.js?x=/v1/pets")).toBe(false);
  });

  it("matches only the base URL it is given", async () => {
    const { routing } = await mock({ baseUrl: "http://api.test/v1/" });
    expect(routing.matches(new URL("http://api.test/v1/pets"))).toBe(true);
    expect(routing.matches(new URL("http://app.test/v1/pets"))).toBe(false);
  });

  it("fulfils with the core's answer and CORS headers for another origin", async () => {
    const { routing } = await mock({ baseUrl: "http://api.test/v1" });
    const { route, sent } = fakeRoute();
    const request = routed("GET", "http://api.test/v1/pets/1", {
      ...auth,
      origin: "http://app.test",
    });
    await routing.handle(route, request);
    expect(sent.fulfilled?.status).toBe(200);
    expect(sent.fulfilled?.headers).toMatchObject({
      "content-type": "application/json",
      "access-control-allow-origin": "http://app.test",
      "access-control-expose-headers": expect.stringContaining("Sunset"),
    });
    expect(JSON.parse(String(sent.fulfilled?.body))).toMatchObject({ id: 1 });
  });

  it("answers HEAD with the headers and no body", async () => {
    const { routing } = await mock();
    const { route, sent } = fakeRoute();
    await routing.handle(route, routed("HEAD", "http://x/v1/pets/1", auth));
    expect(sent.fulfilled).toMatchObject({ status: 200, body: "" });
    expect(Number(sent.fulfilled?.headers?.["content-length"])).toBeGreaterThan(0);
  });

  it("aborts the route for a dropped connection", async () => {
    const { routing, faults, journal } = await mock();
    faults.add({ operation: "listPets", network: "reset" });
    const { route, sent } = fakeRoute();
    await routing.handle(route, routed("GET", "http://x/v1/pets", auth));
    expect(sent).toEqual({ aborted: "connectionreset" });
    expect(journal.all()[0]).toMatchObject({ status: 0, fault: { network: "reset" } });
  });

  it("holds a hang until the page gives up, then sends nothing", async () => {
    const { routing, faults } = await mock();
    faults.add({ operation: "listPets", network: "hang" });
    const { route, sent } = fakeRoute();
    const request = routed("GET", "http://x/v1/pets", auth);
    let settled = false;
    const handled = routing.handle(route, request).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    routing.failed(request);
    await handled;
    expect(sent).toEqual({});
  });

  it("ends every hang when stopped (the test is over)", async () => {
    const { routing, faults } = await mock();
    faults.add({ operation: "*", network: "hang" });
    const pending = [1, 2].map(() => {
      const { route, sent } = fakeRoute();
      return { sent, done: routing.handle(route, routed("GET", "http://x/v1/pets", auth)) };
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    routing.stop();
    await Promise.all(pending.map((p) => p.done));
    expect(pending.map((p) => p.sent)).toEqual([{}, {}]);
  });

  it("reports a route that fails while the page still waits", async () => {
    const { routing } = await mock();
    const route = {
      fulfill: async () => {
        throw new Error("Route is already handled!");
      },
    } as unknown as Route;
    await expect(routing.handle(route, routed("GET", "http://x/v1/pets", auth))).rejects.toThrow(
      "already handled",
    );
  });

  it("falls back to the next route for a URL outside its base", async () => {
    const { routing } = await mock({ baseUrl: "http://api.test/v1" });
    let fellBack = false;
    const route = {
      fallback: async () => {
        fellBack = true;
      },
    } as unknown as Route;
    await routing.handle(route, routed("GET", "http://api.test/other/pets", auth));
    expect(fellBack).toBe(true);
  });

  it("forgets a request once answered: a later failure or stop reaches nothing", async () => {
    const store = await createPetstoreStore({ pets: 3 });
    const handle = createPetstoreCore({ store, ...createMockControls() });
    const signals: (AbortSignal | undefined)[] = [];
    const routing = createPetstoreRouting((core) => {
      signals.push(core.signal);
      return handle(core);
    });
    const { route, sent } = fakeRoute();
    const request = routed("GET", "http://x/v1/pets", auth);
    await routing.handle(route, request);
    expect(sent.fulfilled?.status).toBe(200);
    routing.failed(request);
    routing.stop();
    expect(signals.map((signal) => signal?.aborted)).toEqual([false]);
  });

  it("ignores a failed request it never routed (Playwright reports every request)", async () => {
    const { routing } = await mock();
    expect(() => routing.failed(routed("GET", "http://x/app.js"))).not.toThrow();
  });

  it("stays quiet when the route fails after the page gave up, or after stop", async () => {
    const { routing, faults } = await mock();
    faults.add({ operation: "listPets", delayMs: 30 });
    const closed = {
      fulfill: async () => {
        throw new Error("Target page, context or browser has been closed");
      },
    } as unknown as Route;
    const request = routed("GET", "http://x/v1/pets", auth);
    const handled = routing.handle(closed, request);
    routing.failed(request);
    await expect(handled).resolves.toBeUndefined();

    routing.stop();
    faults.clear();
    await expect(
      routing.handle(closed, routed("GET", "http://x/v1/pets", auth)),
    ).resolves.toBeUndefined();
  });
});

describe("the Playwright fixture's mock under a behaviour profile", () => {
  it("answers the routed requests by the profile given in the options, and its dashboard serves it", async () => {
    const { routing, dashboard } = await startRoutedPetstore({
      behaviour: { version: 1, name: "staging", choices: { petIdMalformed: "notFound" } },
    });
    const { route, sent } = fakeRoute();
    await routing.handle(route, routed("GET", "http://x/v1/pets/abc", auth));
    expect(sent.fulfilled?.status).toBe(404);
    const shown = fakeRoute();
    await dashboard.handle(
      shown.route,
      routed("GET", `${new URL(dashboard.url).origin}/__mock/behaviour`),
    );
    expect(JSON.parse(String(shown.sent.fulfilled?.body))).toMatchObject({
      name: "staging",
      choices: { petIdMalformed: "notFound" },
    });
    routing.stop();
    dashboard.stop();
  });
});
