/**
 * The node:http adapter: an IncomingMessage becomes the core's `CoreRequest`
 * and its `CoreResponse` is written straight to the ServerResponse, with no
 * Fetch `Request`/`Response` in between. Around the core it adds only what a
 * real server needs: CORS, the body limit on the wire, the admin endpoints
 * under `/__mock/` (./admin.ts) and a request log.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { type CoreResponse, errorResponse, internalError } from "../core/exchange.js";
import type { PetstoreCore } from "../core/petstore-core.js";
import { apiPathOf } from "../core/router.js";
import { apiBasePath } from "../spec.js";
import { type AdminRequest, adminBasePath } from "./admin.js";
import { readBody } from "./body.js";
import { isPreflight, preflightHeaders, pushCorsHeaders } from "./cors.js";

export interface RequestListenerOptions {
  /** Receives one line per answered request (`GET /v1/pets 200 0.4ms`); no log when absent. */
  readonly log?: ((line: string) => void) | undefined;
  /** Serves everything under `/__mock/` (reset, faults, journal, health); 404 there when absent. */
  readonly admin?: ((request: AdminRequest) => Promise<CoreResponse>) | undefined;
  /** While it returns true every answer closes its connection (graceful shutdown). */
  readonly closing?: (() => boolean) | undefined;
  /** Aborts when the server closes, ending any request a fault keeps hanging. */
  readonly closed?: AbortSignal | undefined;
  /** Masks secrets in the request target (and the token its `Authorization` presents) before it reaches the log. */
  readonly redactTarget?:
    | ((target: string, authorization: string | undefined) => string)
    | undefined;
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" || value === undefined ? value : value.join(", ");
}

interface Received {
  readonly body: string | undefined;
  readonly bodyTooLarge: boolean;
  readonly closeConnection: boolean;
}

/** What the core and the admin endpoints read of a request. */
function requestOf(
  request: IncomingMessage,
  method: string,
  path: string,
  query: string,
  { body, bodyTooLarge }: Received,
): AdminRequest {
  return { method, path, query, header: (name) => headerOf(request, name), body, bodyTooLarge };
}

/** The request's body as the core takes it; undefined when the client aborted the upload. */
async function receive(request: IncomingMessage, method: string): Promise<Received | undefined> {
  if (method === "GET" || method === "HEAD") {
    return { body: undefined, bodyTooLarge: false, closeConnection: false };
  }
  const read = await readBody(request);
  if (read.kind === "aborted") return undefined;
  if (read.kind === "too_large") {
    return { body: undefined, bodyTooLarge: true, closeConnection: read.closeConnection };
  }
  return { body: read.body, bodyTooLarge: false, closeConnection: false };
}

/** The last resort: a failure while answering closes that connection, never the server. */
function abandon(response: ServerResponse, error: unknown): void {
  console.error("petstore-mock: could not answer a request", error);
  response.destroy();
}

/**
 * Builds the node:http listener around a core handler.
 *
 * @example
 * const handle = createPetstoreCore({ store: await createPetstoreStore() });
 * http.createServer(createRequestListener(handle)).listen(4000, "127.0.0.1");
 */
export function createRequestListener(
  handle: PetstoreCore,
  options: RequestListenerOptions = {},
): RequestListener {
  const { log, admin, closing, closed, redactTarget = (target: string) => target } = options;
  const loggedTarget = (request: IncomingMessage) =>
    redactTarget(request.url ?? "/", headerOf(request, "authorization"));

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    answer: CoreResponse,
    closeConnection = false,
    cors = true,
  ): void {
    const headers: string[] = [];
    const source = answer.headers;
    for (const name in source) {
      if (name !== "content-length") headers.push(name, source[name] as string);
    }
    // The admin endpoints answer no CORS: no other site may read them.
    if (cors) pushCorsHeaders(headers, request.headers.origin);
    const body = answer.body;
    // A HEAD answer carries the Content-Length its GET would have.
    const length = body === undefined ? (source["content-length"] ?? "0") : Buffer.byteLength(body);
    headers.push("content-length", String(length));
    if (answer.dropped) {
      // A fault asked for no answer: the client sees its connection reset.
      request.socket.destroy();
      return;
    }
    if (closeConnection || closing?.()) headers.push("connection", "close");
    try {
      response.writeHead(answer.status, headers);
    } catch (error) {
      // Only a faulty wrapped handler can produce headers node refuses.
      console.error("petstore-mock: unsendable response", error);
      if (!response.headersSent) send(request, response, internalError(), closeConnection, cors);
      return;
    }
    response.end(body);
  }

  /** Reads the body, asks `answer` for the response (a 500 when it throws) and sends it. */
  async function serve(
    request: IncomingMessage,
    response: ServerResponse,
    answer: (method: string, body: Received) => Promise<CoreResponse>,
    cors = true,
  ): Promise<void> {
    const method = request.method ?? "GET";
    const received = await receive(request, method);
    if (!received) return;
    let answered: CoreResponse;
    try {
      answered = await answer(method, received);
    } catch (error) {
      console.error("petstore-mock: unexpected error", error);
      answered = internalError();
    }
    send(request, response, answered, received.closeConnection, cors);
  }

  function answerApi(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: string,
  ) {
    const gone = new AbortController();
    response.once("close", () => gone.abort());
    return serve(request, response, (method, received) =>
      handle({
        ...requestOf(request, method, path, query, received),
        signal: closed ? AbortSignal.any([gone.signal, closed]) : gone.signal,
      }),
    );
  }

  function answerAdmin(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: string,
  ) {
    return serve(
      request,
      response,
      async (method, received) =>
        admin
          ? admin(requestOf(request, method, path, query, received))
          : errorResponse("not_found", `No route at ${path.slice(0, 100)}.`),
      false,
    );
  }

  return (request, response) => {
    if (log) {
      const started = performance.now();
      response.once("finish", () => {
        const ms = (performance.now() - started).toFixed(1);
        log(`${request.method} ${loggedTarget(request)} ${response.statusCode} ${ms}ms`);
      });
    }
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? "" : url.slice(queryAt + 1);
    if (apiPathOf(pathname, adminBasePath)) {
      answerAdmin(request, response, pathname, query).catch((error) => abandon(response, error));
      return;
    }
    if (isPreflight(request)) {
      response.writeHead(204, preflightHeaders(request));
      response.end();
      return;
    }
    const api = apiPathOf(pathname, apiBasePath);
    if (api) {
      answerApi(request, response, api.path, query).catch((error) => abandon(response, error));
      return;
    }
    send(
      request,
      response,
      errorResponse(
        "not_found",
        `No route at ${request.method} ${pathname.slice(0, 100)}: the API is under ${apiBasePath} (e.g. ${apiBasePath}/pets).`,
      ),
    );
  };
}
