/**
 * The node:http adapter: an IncomingMessage becomes the core's `CoreRequest`
 * and its `CoreResponse` is written straight to the ServerResponse, with no
 * Fetch `Request`/`Response` in between. Around the core it adds only what a
 * real server needs: CORS, the body limit on the wire, `POST /__mock/reset`
 * and a request log.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { type CoreResponse, errorResponse, maxBodyBytes } from "../core/exchange.js";
import type { PetstoreHandler } from "../core/handler.js";
import { apiBasePath } from "../spec.js";
import type { SeedOptions } from "../store.js";
import { readBody } from "./body.js";
import { isPreflight, preflightHeaders, pushCorsHeaders } from "./cors.js";
import { parseJsonBody } from "./json-body.js";
import { answerState, type StateAccess, statePath, stateTakesBody } from "./state-routes.js";

/** The path of the reset endpoint, outside the API base. */
export const resetPath = "/__mock/reset";

/** The seed options `POST /__mock/reset` accepts in its optional JSON body. */
const resetFields = [
  "seed",
  "pets",
  "categories",
] as const satisfies readonly (keyof SeedOptions)[];

export interface RequestListenerOptions {
  /** Receives one line per answered request (`GET /v1/pets 200 0.4ms`); no log when absent. */
  readonly log?: ((line: string) => void) | undefined;
  /**
   * Serves `POST /__mock/reset`: restores the seeded store (reseeded with the
   * given options) and resolves to the seed options now in effect.
   */
  readonly reset?: ((options: SeedOptions) => Promise<Required<SeedOptions>>) | undefined;
  /** Serves `GET`/`PUT /__mock/state` (snapshot export and import); 404 when absent. */
  readonly state?: StateAccess | undefined;
  /** While it returns true every answer closes its connection (graceful shutdown). */
  readonly closing?: (() => boolean) | undefined;
}

const internalError = () =>
  errorResponse("internal_error", "The mock failed unexpectedly; see its log.");

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" || value === undefined ? value : value.join(", ");
}

/** Validates the optional reset body: a JSON object with any of seed, pets, categories. */
function resetOptions(body: string | undefined): SeedOptions | CoreResponse {
  if (body === undefined || body.trim() === "") return {};
  const parsed = parseJsonBody(body, "The reset body");
  if ("status" in parsed) return parsed;
  const { value } = parsed;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return errorResponse(
      "invalid_body",
      `The reset body must be a JSON object such as {"seed": 7}.`,
    );
  }
  const options: SeedOptions = {};
  for (const [name, field] of Object.entries(value)) {
    if (!(resetFields as readonly string[]).includes(name)) {
      return errorResponse(
        "invalid_body",
        `Unknown reset field "${name.slice(0, 40)}"; accepted: ${resetFields.join(", ")}.`,
      );
    }
    if (typeof field !== "number" || !Number.isSafeInteger(field) || field < 0) {
      return errorResponse(
        "invalid_body",
        `${name} must be a non-negative integer (got ${JSON.stringify(field)?.slice(0, 40)}).`,
      );
    }
    options[name as (typeof resetFields)[number]] = field;
  }
  return options;
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
 * const handle = createPetstoreHandler({ store: await createPetstoreStore() });
 * http.createServer(createRequestListener(handle)).listen(4000, "127.0.0.1");
 */
export function createRequestListener(
  handle: PetstoreHandler,
  options: RequestListenerOptions = {},
): RequestListener {
  const { log, reset, state, closing } = options;

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    answer: CoreResponse,
    closeConnection = false,
  ): void {
    const headers: string[] = [];
    const source = answer.headers;
    for (const name in source) {
      if (name !== "content-length") headers.push(name, source[name] as string);
    }
    pushCorsHeaders(headers, request.headers.origin);
    const body = answer.body;
    headers.push("content-length", body === undefined ? "0" : String(Buffer.byteLength(body)));
    if (closeConnection || closing?.()) headers.push("connection", "close");
    try {
      response.writeHead(answer.status, headers);
    } catch (error) {
      // Only a faulty wrapped handler can produce headers node refuses.
      console.error("petstore-mock: unsendable response", error);
      if (!response.headersSent) send(request, response, internalError(), closeConnection);
      return;
    }
    response.end(body);
  }

  async function answerApi(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: string,
  ): Promise<void> {
    const method = request.method ?? "GET";
    let body: string | undefined;
    let bodyTooLarge = false;
    let closeConnection = false;
    if (method !== "GET" && method !== "HEAD") {
      const read = await readBody(request);
      if (read.kind === "aborted") return;
      if (read.kind === "too_large") {
        bodyTooLarge = true;
        closeConnection = read.closeConnection;
      } else body = read.body;
    }
    let answer: CoreResponse;
    try {
      answer = await handle({
        method,
        path,
        query,
        header: (name) => headerOf(request, name),
        body,
        bodyTooLarge,
      });
    } catch (error) {
      console.error("petstore-mock: unexpected error", error);
      answer = internalError();
    }
    send(request, response, answer, closeConnection);
  }

  const answered = Symbol("answered");

  /** An admin request's body, or `answered` when it was too large (413 sent) or the client left. */
  async function readAdminBody(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<string | undefined | typeof answered> {
    const read = await readBody(request);
    if (read.kind === "aborted") return answered;
    if (read.kind === "too_large") {
      const tooLarge = errorResponse(
        "payload_too_large",
        `The request body exceeds the limit of ${maxBodyBytes} bytes.`,
      );
      send(request, response, tooLarge, read.closeConnection);
      return answered;
    }
    return read.body;
  }

  async function answerStateRequest(
    request: IncomingMessage,
    response: ServerResponse,
    access: StateAccess,
  ): Promise<void> {
    const body = stateTakesBody(request.method)
      ? await readAdminBody(request, response)
      : undefined;
    if (body === answered) return;
    send(request, response, await answerState(access, request.method, body));
  }

  async function answerReset(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "POST" || !reset) {
      send(
        request,
        response,
        errorResponse(
          "method_not_allowed",
          `${request.method} is not allowed on ${resetPath}; allowed: POST.`,
          { allow: "POST" },
        ),
      );
      return;
    }
    const read = await readAdminBody(request, response);
    if (read === answered) return;
    const parsed = resetOptions(read);
    if ("status" in parsed) {
      send(request, response, parsed);
      return;
    }
    let answer: CoreResponse;
    try {
      const seedOptions = await reset(parsed);
      answer = {
        status: 200,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ reset: true, ...seedOptions }),
      };
    } catch (error) {
      if (error instanceof RangeError) answer = errorResponse("invalid_body", `${error.message}.`);
      else {
        console.error("petstore-mock: reset failed", error);
        answer = internalError();
      }
    }
    send(request, response, answer);
  }

  return (request, response) => {
    if (log) {
      const started = performance.now();
      response.once("finish", () => {
        const ms = (performance.now() - started).toFixed(1);
        log(`${request.method} ${request.url} ${response.statusCode} ${ms}ms`);
      });
    }
    if (isPreflight(request)) {
      response.writeHead(204, preflightHeaders(request));
      response.end();
      return;
    }
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    if (
      pathname.startsWith(apiBasePath) &&
      (pathname.length === apiBasePath.length || pathname[apiBasePath.length] === "/")
    ) {
      const query = queryAt < 0 ? "" : url.slice(queryAt + 1);
      answerApi(request, response, pathname.slice(apiBasePath.length), query).catch((error) =>
        abandon(response, error),
      );
      return;
    }
    if (pathname === resetPath) {
      answerReset(request, response).catch((error) => abandon(response, error));
      return;
    }
    if (pathname === statePath && state) {
      answerStateRequest(request, response, state).catch((error) => abandon(response, error));
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
