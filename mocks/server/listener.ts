/**
 * The node:http adapter, and only that: an IncomingMessage becomes the app's
 * `AppRequest` (its body read within the size limit) and the app's
 * `CoreResponse` is written back to the ServerResponse, with no Fetch
 * `Request`/`Response` in between. What is answered (API, admin, CORS, the
 * log) is ./app.ts.
 */
import { Buffer } from "node:buffer";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { type CoreResponse, internalError } from "../core/exchange.js";
import { readBody } from "./body.js";

/** A request as the app (./app.ts) takes it, whatever carried it. */
export interface AppRequest {
  /** Upper-case method. */
  readonly method: string;
  /** The request target as received: path and query. */
  readonly url: string;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
  /** The body text, or undefined when there is none. */
  readonly body: string | undefined;
  /** True when the body exceeded the size limit and was not kept. */
  readonly bodyTooLarge: boolean;
  /** Aborts when the client gives up or the server closes (built on first use). */
  readonly signal: AbortSignal;
}

/** Answers a request: at once when it can, else later. */
export type App = (request: AppRequest) => CoreResponse | Promise<CoreResponse>;

export interface NodeListenerOptions {
  /** While it returns true every answer closes its connection (graceful shutdown). */
  readonly closing?: (() => boolean) | undefined;
  /** Aborts when the server closes, ending any request a fault keeps hanging. */
  readonly closed?: AbortSignal | undefined;
}

/**
 * An IncomingMessage as the app's request. Its abort signal is built only
 * when something asks for it (a delay or a hang), not for every request.
 */
class NodeRequest implements AppRequest {
  readonly method: string;
  readonly url: string;
  /** node's headers object, taken once: `incoming.headers` is a getter, and the app asks for a header some ten times a request. */
  readonly #headers: IncomingMessage["headers"];
  #signal: AbortSignal | undefined;

  constructor(
    private readonly incoming: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly closed: AbortSignal | undefined,
    readonly body: string | undefined,
    readonly bodyTooLarge: boolean,
  ) {
    // node:http always sets a server request's method and url.
    this.method = incoming.method as string;
    this.url = incoming.url as string;
    this.#headers = incoming.headers;
  }

  header(name: string): string | undefined {
    const value = this.#headers[name];
    return typeof value === "string" || value === undefined ? value : value.join(", ");
  }

  get signal(): AbortSignal {
    this.#signal ??= this.#gone();
    return this.#signal;
  }

  #gone(): AbortSignal {
    if (this.response.writableEnded || this.incoming.socket.destroyed) return AbortSignal.abort();
    const gone = new AbortController();
    this.response.once("close", () => gone.abort());
    return this.closed ? AbortSignal.any([gone.signal, this.closed]) : gone.signal;
  }
}

let lastBody: string | undefined;
let lastBodyBytes = 0;

/** A body's UTF-8 length, remembered for the last body: a cached list is answered with the same text again and again. */
function byteLengthOf(body: string): number {
  if (body !== lastBody) {
    lastBodyBytes = Buffer.byteLength(body);
    lastBody = body;
  }
  return lastBodyBytes;
}

let lastSource: CoreResponse["headers"] | undefined;
let lastLength = "";
let lastHeaders: readonly string[] = [];

/**
 * An answer's headers as node's flat list, its Content-Length last, and
 * `Connection: close` when it closes the connection. The last list made of
 * frozen headers is kept for the same headers and length: a cached list's
 * answer has the same ones time after time (node reads the list, never
 * keeps or changes it).
 */
function headerListOf(source: CoreResponse["headers"], length: string, close: boolean): string[] {
  if (source === lastSource && length === lastLength && !close) return lastHeaders as string[];
  const headers: string[] = [];
  for (const name in source) {
    if (name !== "content-length") headers.push(name, source[name] as string);
  }
  headers.push("content-length", length);
  if (close && source.connection === undefined) headers.push("connection", "close");
  if (!close && Object.isFrozen(source)) {
    lastSource = source;
    lastLength = length;
    lastHeaders = headers;
  }
  return headers;
}

/** Writes an answer: its headers as a flat list, a Content-Length, the body. */
function send(
  incoming: IncomingMessage,
  response: ServerResponse,
  answer: CoreResponse,
  close: boolean,
): void {
  if (answer.dropped) {
    // A fault asked for no answer: the client sees its connection reset.
    incoming.socket.destroy();
    return;
  }
  const source = answer.headers;
  const body = answer.body;
  // A HEAD answer carries the Content-Length its GET would have.
  const length = body === undefined ? (source["content-length"] ?? "0") : byteLengthOf(body);
  try {
    response.writeHead(answer.status, headerListOf(source, String(length), close));
  } catch (error) {
    // Only a faulty wrapped handler can produce headers node refuses.
    console.error("petstore-mock: unsendable response", error);
    // Node checks the headers before it sends any: none were sent.
    send(incoming, response, internalError(), close);
    return;
  }
  response.end(body);
}

/** The last resort: a failure while answering closes that connection, never the server. */
function abandon(response: ServerResponse, error: unknown): void {
  console.error("petstore-mock: could not answer a request", error);
  response.destroy();
}

/** An answer waiting to be written at the end of the event loop's turn. */
interface LateAnswer {
  readonly incoming: IncomingMessage;
  readonly response: ServerResponse;
  readonly answer: CoreResponse;
  readonly closeConnection: boolean;
}

/**
 * The app as a node:http request listener.
 *
 * An answer given while the request's own event is handled (most GETs) is
 * written at once. One that comes later (after a body was read, or through
 * a promise) waits for the end of the event loop's turn and goes out with
 * the turn's other late answers: under load the client is woken once for
 * them all instead of once an answer, and waking a client whose CPU has
 * gone idle is most of what a create costs the kernel (issue 45's seventh
 * look: docs/benchmarks.md as of commit fac6b14).
 *
 * @example
 * http.createServer(toNodeListener(createPetstoreApp(handle))).listen(4000, "127.0.0.1");
 */
export function toNodeListener(app: App, options: NodeListenerOptions = {}): RequestListener {
  const { closing, closed } = options;
  /** Whether an answer closes its connection: its own reason, or the server closing. */
  const closes = (closeConnection: boolean) => closeConnection || closing?.() === true;
  let late: LateAnswer[] = [];

  function writeLateAnswers(): void {
    const batch = late;
    late = [];
    for (const { incoming, response, answer, closeConnection } of batch) {
      try {
        send(incoming, response, answer, closes(closeConnection));
      } catch (error) {
        abandon(response, error);
      }
    }
  }

  function writeLate(waiting: LateAnswer): void {
    if (late.length === 0) setImmediate(writeLateAnswers);
    late.push(waiting);
  }

  function answer(
    incoming: IncomingMessage,
    response: ServerResponse,
    body: string | undefined,
    bodyTooLarge: boolean,
    closeConnection: boolean,
    inRequestEvent: boolean,
  ): Promise<void> | undefined {
    const request = new NodeRequest(incoming, response, closed, body, bodyTooLarge);
    const answered = app(request);
    if (answered instanceof Promise) {
      return answered.then((given) =>
        writeLate({ incoming, response, answer: given, closeConnection }),
      );
    }
    if (inRequestEvent) {
      send(incoming, response, answered, closes(closeConnection));
    } else {
      writeLate({ incoming, response, answer: answered, closeConnection });
    }
    return undefined;
  }

  return (incoming, response) => {
    const method = incoming.method;
    if (method === "GET" || method === "HEAD") {
      // No body to wait for: answered in this turn, its failure (thrown or rejected) abandoned.
      try {
        answer(incoming, response, undefined, false, false, true)?.catch((error: unknown) =>
          abandon(response, error),
        );
      } catch (error) {
        abandon(response, error);
      }
      return;
    }
    readBody(incoming)
      .then((read) => {
        if (read.kind === "aborted") return;
        if (read.kind === "too_large") {
          return answer(incoming, response, undefined, true, read.closeConnection, false);
        }
        return answer(incoming, response, read.body, false, false, false);
      })
      .catch((error: unknown) => abandon(response, error));
  };
}
