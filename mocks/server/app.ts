/**
 * What the standalone server answers, beside the node:http adapter
 * (./listener.ts): a `Host` the bind does not answer is refused on every
 * route (./site.ts), a preflight gets its CORS answer, paths under `/v1` go
 * to the core unless a page of another origin sent them, paths under
 * `/__mock/` to the admin endpoints, anything else is a 404; answers to an
 * allowed origin carry the CORS headers, and each answer is one line of the
 * request log. While every connection is at work, API requests get a 503 and
 * admin and health requests are still answered.
 */
import type { RequestListener } from "node:http";
import { type AdminRequest, adminBasePath } from "../admin/admin.js";
import { isPreflight, preflightResponse, withCors } from "../admin/cors.js";
import { createSitePolicy, type SitePolicy } from "../admin/site.js";
import {
  type CoreRequest,
  type CoreResponse,
  errorResponse,
  immediateHandlerOf,
  internalError,
} from "../core/exchange.js";
import { clip } from "../core/journal.js";
import type { PetstoreCore } from "../core/petstore-core.js";
import { apiPathOf, routes } from "../core/router.js";
import { apiBasePath } from "../interface/spec.js";
import { type App, type AppRequest, type NodeListenerOptions, toNodeListener } from "./listener.js";
import { type TimedLines, timedLine } from "./log-buffer.js";

export type { App, AppRequest };

interface PetstoreAppOptions {
  /**
   * Receives one line per answered request (`GET /v1/pets 200 0.4ms`), or
   * its parts (./log-buffer.ts's writer: `timed`); no log when absent.
   */
  readonly log?: ((line: string) => void) | TimedLines | undefined;
  /** Serves everything under `/__mock/` (reset, faults, journal, health); 404 there when absent. */
  readonly admin?: ((request: AdminRequest) => Promise<CoreResponse>) | undefined;
  /** True while every connection is at work: API requests then get a 503, admin ones do not. */
  readonly saturated?: (() => boolean) | undefined;
  /**
   * Log the admin reads too: GET and HEAD under `/__mock/` (the dashboard's
   * page, files and polling, health probes) and `/favicon.ico`. Default false:
   * the log holds the API's requests, admin writes and stray paths.
   */
  readonly logAdminReads?: boolean | undefined;
  /** Answers `GET /favicon.ico` (the standalone server's icon); without it that path is a 404. */
  readonly favicon?: (() => Promise<CoreResponse> | CoreResponse) | undefined;
  /**
   * Which pages may call the mock (./site.ts). Default: a loopback bind's
   * rules, loopback origins only.
   */
  readonly site?: SitePolicy | undefined;
  /** Masks secrets in the request target (and the token its `Authorization` presents) before it reaches the log. */
  readonly redactTarget?:
    | ((target: string, authorization: string | undefined) => string)
    | undefined;
}

/**
 * The core's view of an API request. Its fields are its own (a wrapped
 * handler may spread it); the abort signal and the origin are getters on the
 * prototype, built only when read.
 */
class ApiRequest implements CoreRequest {
  readonly method: string;
  readonly body: string | undefined;
  readonly bodyTooLarge: boolean;
  readonly header: (name: string) => string | undefined;

  constructor(
    private readonly source: AppRequest,
    readonly path: string,
    readonly query: string,
    header: (name: string) => string | undefined,
    readonly receivedAt: number,
    private readonly site: SitePolicy,
  ) {
    this.method = source.method;
    this.body = source.body;
    this.bodyTooLarge = source.bodyTooLarge;
    this.header = header;
  }

  get signal(): AbortSignal {
    return this.source.signal;
  }

  /** This server's origin as the client named it: only a `Host` the site rules checked. */
  get origin(): string | undefined {
    const host = this.site.checkedHost(this.header);
    return host === undefined ? undefined : `http://${host}`;
  }
}

const busy = (): CoreResponse =>
  errorResponse("too_many_connections", "Every connection of the mock is at work; retry shortly.", {
    "retry-after": "1",
    connection: "close",
  });

/**
 * The request log's lines, `METHOD target status ms`, the target's secrets
 * masked; behind the proxy, who answered comes last
 * (`GET /v1/pets 200 46.1ms staging.example.com`, `… mock (fallback)`). The
 * part before the duration is kept from the last line: a client repeats its
 * requests, and a `timed` writer then copies bytes it has already encoded.
 */
function requestLog(log: ((line: string) => void) | TimedLines) {
  let method: string | undefined;
  let target: string | undefined;
  let status: number | string | undefined;
  let head = "";
  return (request: AppRequest, response: CoreResponse, started: number, shownTarget: string) => {
    const shownStatus = response.dropped ? "dropped" : response.status;
    if (request.method !== method || shownTarget !== target || shownStatus !== status) {
      method = request.method;
      target = shownTarget;
      status = shownStatus;
      head = `${method} ${target} ${status} `;
    }
    const tail = response.answeredBy === undefined ? "" : ` ${response.answeredBy}`;
    const durationMs = performance.now() - started;
    if (typeof log === "function") log(timedLine(head, durationMs, tail));
    else log.timed(head, durationMs, tail);
  };
}

const faviconPath = "/favicon.ico";
/** The icon's path with a query after it. */
const faviconQueried = `${faviconPath}?`;

/** Whether a request target's path is `path` or below it (`/path`, `/path/…`, `/path?…`). */
function targetsUnder(url: string, path: string): boolean {
  if (!url.startsWith(path)) return false;
  const next = url.charCodeAt(path.length);
  // The end, a `/` or a `?`.
  return Number.isNaN(next) || next === 0x2f || next === 0x3f;
}

/** A read of the admin endpoints or the icon: what a dashboard's polling and a browser send on their own. */
function isAdminRead(request: AppRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const { url } = request;
  return url === faviconPath || url.startsWith(faviconQueried) || targetsUnder(url, adminBasePath);
}

/**
 * The mock's answers around a core handler.
 *
 * @example
 * const app = createPetstoreApp(createPetstoreCore({ store }), { log: console.log });
 * const response = await app(request);
 */
export function createPetstoreApp(handle: PetstoreCore, options: PetstoreAppOptions = {}): App {
  const {
    log,
    admin,
    saturated,
    favicon,
    logAdminReads = false,
    redactTarget = (target: string) => target,
  } = options;
  const site = options.site ?? createSitePolicy({ loopback: true });
  const respond = immediateHandlerOf(handle);

  /** The request's `Origin` when it may read the answer (it gets CORS headers), else undefined. */
  const allowedOrigin = (request: AppRequest) => site.corsOrigin((name) => request.header(name));

  function dispatch(request: AppRequest, started: number): Promise<CoreResponse> | CoreResponse {
    const { url, method } = request;
    // One function for every rule below and the core's view: made once per request.
    const header = (name: string) => request.header(name);
    const rebound = site.refuseHost(header);
    if (rebound) return rebound;
    const queryAt = url.indexOf("?");
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? "" : url.slice(queryAt + 1);
    // The admin endpoints come before any CORS answer: no other site may read or drive them.
    if (apiPathOf(pathname, adminBasePath)) {
      if (!admin) return errorResponse("not_found", `No route at ${clip(pathname, 100)}.`);
      const { body, bodyTooLarge } = request;
      return admin({ method, path: pathname, query, header, body, bodyTooLarge });
    }
    if (favicon && pathname === faviconPath && (method === "GET" || method === "HEAD")) {
      return favicon();
    }
    if (isPreflight(request)) return site.refuseApi(header) ?? preflightResponse(request);
    const origin = site.corsOrigin(header);
    const api = apiPathOf(pathname, apiBasePath);
    if (api) {
      const crossSite = site.refuseApi(header);
      if (crossSite) return crossSite;
      if (saturated?.()) return withCors(busy(), origin);
      const answer = respond(new ApiRequest(request, api.path, query, header, started, site));
      return answer instanceof Promise
        ? answer.then((response) => withCors(response, origin))
        : withCors(answer, origin);
    }
    return withCors(
      errorResponse(
        "not_found",
        `No route at ${method} ${clip(pathname, 100)}: the API is under ${apiBasePath} (e.g. ${apiBasePath}${routes[0]?.template ?? ""}).`,
      ),
      origin,
    );
  }

  const writeLine = log && requestLog(log);

  function logged(request: AppRequest, response: CoreResponse, started: number): CoreResponse {
    if (writeLine && (logAdminReads || !isAdminRead(request))) {
      writeLine(
        request,
        response,
        started,
        redactTarget(request.url, request.header("authorization")),
      );
    }
    return response;
  }

  function failed(request: AppRequest, error: unknown, started: number): CoreResponse {
    console.error("petstore-mock: unexpected error", error);
    return logged(request, withCors(internalError(), allowedOrigin(request)), started);
  }

  return (request) => {
    const started = performance.now();
    let answer: Promise<CoreResponse> | CoreResponse;
    try {
      answer = dispatch(request, started);
    } catch (error) {
      return failed(request, error, started);
    }
    if (!(answer instanceof Promise)) return logged(request, answer, started);
    return answer.then(
      (response) => logged(request, response, started),
      (error: unknown) => failed(request, error, started),
    );
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
