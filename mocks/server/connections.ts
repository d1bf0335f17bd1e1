/**
 * What the standalone server does about connections, beside the listener:
 * answers that close a connection release its descriptor soon after they are
 * flushed (a client that never reads nor closes cannot hold it), connections
 * over the limit get a 503 Error, and bytes node cannot parse that follow a
 * complete request are answered only after that request's own answer.
 */
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { type ErrorCode, errorBody } from "../errors.js";

/** How long a closing answer may take to reach a client before its socket is destroyed, in ms. */
export const closeGraceMs = 1_000;

/**
 * Writes an Error answer on a raw socket and closes it: ended at once,
 * destroyed `closeGraceMs` later whatever the client does (a destroy right
 * after the write could reset the connection before the client has read it).
 */
export function answerAndClose(
  socket: Duplex,
  code: ErrorCode,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const answer = errorBody(code, message);
  const body = JSON.stringify(answer);
  const { status } = answer;
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  destroyAfterGrace(socket);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n${extra}connection: close\r\n\r\n${body}`,
  );
}

function destroyAfterGrace(socket: Duplex): void {
  const timer = setTimeout(() => socket.destroy(), closeGraceMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

const clientErrorAnswers: Readonly<Record<string, readonly [ErrorCode, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: ["request_timeout", "The request did not arrive in time."],
  HPE_HEADER_OVERFLOW: ["headers_too_large", "The request headers are too large."],
};

interface InFlight {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
}

/**
 * Guards a node:http server: counts its connections against `maxConnections`
 * and answers `clientError` (malformed HTTP, timeouts) with an Error body.
 * Returns the request listener wrapper that keeps track of in-flight requests.
 */
export function guardConnections(
  server: Server,
  maxConnections: number,
): (listener: (request: IncomingMessage, response: ServerResponse) => void) => typeof listener {
  let open = 0;
  const refused = new WeakSet<Socket>();
  const inFlight = new WeakMap<Duplex, InFlight>();
  const counted = new WeakSet<Duplex>();
  /** A connection stops counting once it closes or once its closing answer is written. */
  const release = (socket: Duplex) => {
    if (counted.delete(socket)) open--;
  };

  server.on("connection", (socket: Socket) => {
    if (open >= maxConnections) {
      refused.add(socket);
      answerAndClose(
        socket,
        "too_many_connections",
        `The mock serves at most ${maxConnections} connections at once; retry shortly.`,
        { "retry-after": "1" },
      );
      return;
    }
    open++;
    counted.add(socket);
    socket.once("close", () => release(socket));
  });

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable || refused.has(socket as Socket)) {
      socket.destroy();
      return;
    }
    const [code, message] = clientErrorAnswers[error.code ?? ""] ?? [
      "malformed_request",
      `The request is not valid HTTP/1.1 (${error.code ?? error.message}).`,
    ];
    const current = inFlight.get(socket);
    if (current === undefined || !current.request.complete) {
      // An incomplete request is dropped with its connection; nothing is stored.
      if (current?.response.headersSent) socket.destroy();
      else answerAndClose(socket, code, message);
      release(socket);
      return;
    }
    // A complete request followed by junk: its answer goes first, then the junk's.
    const answerJunk = () => {
      if (socket.writable) answerAndClose(socket, code, message);
      else socket.destroy();
    };
    if (current.response.writableFinished) {
      answerJunk();
      return;
    }
    current.response.once("finish", answerJunk);
    current.response.once("close", () => {
      if (!current.response.writableFinished) socket.destroy();
    });
  });

  return (listener) => (request, response) => {
    const { socket } = request;
    if (refused.has(socket)) return;
    const entry = { request, response };
    inFlight.set(socket, entry);
    response.once("close", () => {
      if (inFlight.get(socket) === entry) inFlight.delete(socket);
    });
    listener(request, response);
  };
}
