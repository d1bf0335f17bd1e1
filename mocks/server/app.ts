/**
 * What the standalone server answers, beside the node:http adapter
 * (./listener.ts): a preflight gets its CORS answer, paths under `/v1` go to
 * the core, paths under `/__mock/` to the admin endpoints, anything else is a
 * 404; ordinary answers carry the CORS headers, and each answer is one line of
 * the request log. While every connection is at work, API requests get a 503
 * and admin and health requests are still answered.
 */
import type { RequestListener } from "node:http";
import {
  type CoreRequest,
  type CoreResponse,
  errorResponse,
  internalError,
} from "../core/exchange.js";
import type { PetstoreCore } from "../core/petstore-core.js";
import { apiPathOf } from "../core/router.js";
import { apiBasePath } from "../spec.js";
import { type AdminRequest, adminBasePath } from "./admin.js";
import { isPreflight, preflightResponse, withCors } from "./cors.js";
import { type App, type AppRequest, type NodeListenerOptions, toNodeListener } from "./listener.js";

export type { App, AppRequest };

export interface PetstoreAppOptions {
  /** Receives one line per answered request (`GET /v1/pets 200 0.4ms`); no log when absent. */
  readonly log?: ((line: string) => void) | undefined;
  /** Serves everything under `/__mock/` (reset, faults, journal, health); 404 there when absent. */
  readonly admin?: ((request: AdminRequest) => Promise<CoreResponse>) | undefined;
  /** True while every connection is at work: API requests then get a 503, admin ones do not. */
  readonly saturated?: (() => boolean) | undefined;
  /** Masks secrets in the request target (and the token its `Authorization` presents) before it reaches the log. */
  readonly redactTarget?:
    | ((target: string, authorization: string | undefined) => string)
    | undefined;
}

/**
 * The core's view of an API request: a plain object (wrapped handlers spread
 * it), whose abort signal is still built only when read.
 */
function apiRequest(request: AppRequest, path: string, query: string): CoreRequest {
  return {
    method: request.method,
    path,
    query,
    header: (name) => request.header(name),
    body: request.body,
    bodyTooLarge: request.bodyTooLarge,
    get signal() {
      return request.signal;
    },
  };
}

const busy = (): CoreResponse =>
  errorResponse("too_many_connections", "Every connection of the mock is at work; retry shortly.", {
    "retry-after": "1",
    connection: "close",
  });

/** One line of the request log: `METHOD target status ms`, the target's secrets masked. */
function logLine(
  request: AppRequest,
  response: CoreResponse,
  started: number,
  target: string,
): string {
  const status = response.dropped ? "dropped" : response.status;
  return `${request.method} ${target} ${status} ${(performance.now() - started).toFixed(1)}ms`;
}

/**
 * The mock's answers around a core handler.
 *
 * @example
 * const app = createPetstoreApp(createPetstoreCore({ store }), { log: console.log });
 * const response = await app(request);
 */
export function createPetstoreApp(handle: PetstoreCore, options: PetstoreAppOptions = {}): App {
  const { log, admin, saturated, redactTarget = (target: string) => target } = options;

  function dispatch(request: AppRequest): Promise<CoreResponse> | CoreResponse {
    const { url, method } = request;
    const queryAt = url.indexOf("?");
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? "" : url.slice(queryAt + 1);
    // The admin endpoints come before any CORS answer: no other site may read or drive them.
    if (apiPathOf(pathname, adminBasePath)) {
      if (!admin) return errorResponse("not_found", `No route at ${pathname.slice(0, 100)}.`);
      const adminRequest: AdminRequest = {
        method,
        path: pathname,
        query,
        header: (name) => request.header(name),
        body: request.body,
        bodyTooLarge: request.bodyTooLarge,
      };
      return admin(adminRequest);
    }
    if (isPreflight(request)) return preflightResponse(request);
    const cors = (response: CoreResponse) => withCors(response, request.header("origin"));
    const api = apiPathOf(pathname, apiBasePath);
    if (api) {
      if (saturated?.()) return cors(busy());
      return handle(apiRequest(request, api.path, query)).then(cors);
    }
    return cors(
      errorResponse(
        "not_found",
        `No route at ${method} ${pathname.slice(0, 100)}: the API is under ${apiBasePath} (e.g. ${apiBasePath}/pets).`,
      ),
    );
  }

  return async (request) => {
    const started = performance.now();
    let response: CoreResponse;
    try {
      response = await dispatch(request);
    } catch (error) {
      console.error("petstore-mock: unexpected error", error);
      response = withCors(internalError(), request.header("origin"));
    }
    if (log) {
      log(
        logLine(
          request,
          response,
          started,
          redactTarget(request.url, request.header("authorization")),
        ),
      );
    }
    return response;
  };
}

export interface RequestListenerOptions extends PetstoreAppOptions, NodeListenerOptions {}

/**
 * The app around a core handler, as a node:http request listener.
 *
 * @example
 * const handle = createPetstoreCore({ store: await createPetstoreStore() });
 * http.createServer(createRequestListener(handle)).listen(4000, "127.0.0.1");
 */
export function createRequestListener(
  handle: PetstoreCore,
  options: RequestListenerOptions = {},
): RequestListener {
  return toNodeListener(createPetstoreApp(handle, options), options);
}
