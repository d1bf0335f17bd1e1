/**
 * Sends the case tables' requests through the Playwright routing adapter
 * without a browser: a request stand-in goes to `routing.handle`, and what the
 * route is fulfilled with (or that it was aborted) becomes the case's result.
 * The fixture's own assembly is used, so this is the fourth way in beside
 * msw/node, the standalone server and the browser worker.
 */
import type { Request, Route } from "@playwright/test";
import { type RoutedRequest, startRoutedPetstore } from "../playwright/route.js";
import type { PetstoreOptions } from "../store/options.js";
import type { CaseRequest, CaseResult } from "./cases.js";
import type { ControlDriver } from "./control-cases.js";

const noAnswer: CaseResult = { status: 0, headers: {}, text: "" };

const lowerCased = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

function routedRequest(url: string, request: CaseRequest): Request {
  const headers = lowerCased(request.headers ?? {});
  const routed: RoutedRequest = {
    method: () => request.method,
    url: () => url,
    allHeaders: async () => headers,
    postDataBuffer: () => (request.body === undefined ? null : Buffer.from(request.body)),
  };
  return routed as Request;
}

type Routing = Awaited<ReturnType<typeof startRoutedPetstore>>["routing"];

/** One request through the routing, as a page would see it; status 0 when it got no answer. */
export async function sendThroughRoute(
  routing: Routing,
  baseUrl: string,
  request: CaseRequest,
): Promise<CaseResult> {
  const url = `${baseUrl}${request.path}`;
  if (!routing.matches(new URL(url))) throw new Error(`the routing does not match ${url}`);
  const routed = routedRequest(url, request);
  let result: CaseResult | undefined;
  const route = {
    fulfill: async (answer: { status: number; headers: Record<string, string>; body: string }) => {
      // A page never sees a body on a HEAD answer.
      result = {
        status: answer.status,
        headers: lowerCased(answer.headers),
        text: request.method === "HEAD" ? "" : answer.body,
      };
    },
    abort: async () => {
      result = noAnswer;
    },
    fallback: async () => {
      throw new Error(`the routing fell back on ${url}`);
    },
  } as unknown as Route;
  const handled = routing.handle(route, routed);
  if (request.timeoutMs === undefined) {
    await handled;
  } else {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<"gave up">((resolve) => {
      timer = setTimeout(() => resolve("gave up"), request.timeoutMs);
    });
    const first = await Promise.race([handled, gaveUp]);
    clearTimeout(timer);
    if (first === "gave up") {
      routing.failed(routed);
      await handled;
      return noAnswer;
    }
  }
  return result ?? noAnswer;
}

/** A control-case driver over the Playwright fixture's assembly, in-process. */
export async function routeDriver(
  baseUrl: string,
  options: PetstoreOptions = {},
): Promise<ControlDriver & { stop(): void }> {
  const { fixture, routing } = await startRoutedPetstore({ ...options, baseUrl });
  return {
    reset: () => fixture.reset(),
    addFault: async (input) => {
      fixture.faults.add(input);
    },
    faultCount: async () => fixture.faults.list().length,
    journal: async () => fixture.journal.all(),
    send: (request) => sendThroughRoute(routing, baseUrl, request),
    stop: () => routing.stop(),
  };
}
