/**
 * What the standalone server does about connections, beside the listener:
 * answers that close a connection release its descriptor soon after they are
 * flushed (a client that never reads nor closes cannot hold it), the number
 * of connections stays within a limit taken from the descriptor limit (idle
 * ones make room for new ones; a 503 Error only when all are at work), and
 * bytes node cannot parse that follow a complete request are answered only
 * after that request's own answer.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { type RequestListener, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { type ErrorCode, errorBody } from "../core/errors.js";

/** How long a closing answer may take to reach a client before its socket is destroyed, in ms. */
export const closeGraceMs = 1_000;

/**
 * Writes an Error answer on a raw socket and closes it: ended at once,
 * destroyed `closeGraceMs` later whatever the client does (a destroy right
 * after the write could reset the connection before the client has read it).
 */
function answerAndClose(
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
  const timer = setTimeout(() => socket.destroy(), closeGraceMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n${extra}connection: close\r\n\r\n${body}`,
  );
}

const clientErrorAnswers: Readonly<Record<string, readonly [ErrorCode, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: ["request_timeout", "The request did not arrive in time."],
  HPE_HEADER_OVERFLOW: ["headers_too_large", "The request headers are too large."],
};

interface ConnectionState {
  /** Requests at work on it (more than one when pipelined). */
  atWork: number;
  /** When it last had no request at work, as a tick number. */
  idleSince: number;
  /** Its latest request's response (`req` is the request), while that is at work. */
  current: ServerResponse | undefined;
  /** No longer counted: closed, or its closing answer written. */
  released: boolean;
}

/** The state of the connection a response is at work on: what the shared close listener reads. */
const inFlight = Symbol("in flight");

interface TrackedResponse extends ServerResponse {
  [inFlight]?: ConnectionState | undefined;
}

/** Connections kept beyond `maxConnections` so admin and health requests are answered. */
export const spareConnections = 16;
/** Descriptors left for everything but connections (the listening socket, stdio, files). */
const otherDescriptors = 64;
/** The default limit never goes beyond this many connections (memory, whatever the descriptors). */
const defaultCeiling = 10_000;

/** The process's open-file limit: Linux's /proc, else `ulimit -n`; undefined when unknown. */
function descriptorLimit(): number | undefined {
  try {
    const limits = readFileSync("/proc/self/limits", "utf8");
    const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
    if (soft !== undefined) return soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {}
  if (process.platform === "win32") return undefined;
  try {
    const text = execFileSync("/bin/sh", ["-c", "ulimit -n"], { encoding: "utf8", timeout: 2_000 });
    // Not a number (NaN): `defaultMaxConnections` takes it as unknown.
    return text.trim() === "unlimited" ? Number.POSITIVE_INFINITY : Number(text);
  } catch {
    return undefined;
  }
}

/**
 * The default `maxConnections`: what the descriptor limit leaves after the
 * spare connections and 64 other descriptors, between 64 and 10,000; 1,024
 * when the limit cannot be read (Windows has none).
 */
export function defaultMaxConnections(limit = descriptorLimit()): number {
  if (limit === undefined || Number.isNaN(limit)) return 1_024;
  const room = limit - otherDescriptors - spareConnections;
  return Math.max(64, Math.min(defaultCeiling, Math.floor(room)));
}

/**
 * Guards a node:http server: answers `clientError` (malformed HTTP, timeouts)
 * with an Error body, and keeps its connections within `maxConnections` plus
 * `spareConnections`. At that bound a new connection first makes room by
 * closing the connection that has waited longest without a request at work
 * (an idle keep-alive one, or one still sending its request head); only when
 * every connection is at work is it answered 503 `too_many_connections`.
 * Requests beyond `maxConnections` at work are the app's to refuse
 * (`saturated()`), so the spare connections stay free for admin requests.
 */
export function guardConnections(server: Server, maxConnections: number) {
  const maxOpen = maxConnections + spareConnections;
  let working = 0;
  /** Idle moments are numbered: the lowest number has waited longest. */
  let tick = 0;
  const refused = new WeakSet<Socket>();
  /** The counted connections: each open one until it closes or its closing answer is written. */
  const connections = new Map<Duplex, ConnectionState>();
  const release = (socket: Duplex) => {
    const state = connections.get(socket);
    if (state === undefined) return;
    connections.delete(socket);
    state.released = true;
    working -= state.atWork;
  };

  /** One listener for every response's `close` (node calls it with the response as `this`). */
  function answered(this: TrackedResponse): void {
    const state = this[inFlight];
    if (state === undefined) return;
    this[inFlight] = undefined;
    if (state.current === this) state.current = undefined;
    // Released meanwhile (closed, or its closing answer written): no longer counted.
    if (state.released) return;
    working--;
    if (--state.atWork === 0) state.idleSince = ++tick;
  }

  /**
   * Closes the connection that has waited longest with no request at work
   * (idle, or still sending its request head); false when every one is at
   * work. A scan, but only at the bound.
   */
  function makeRoom(): boolean {
    let longest: Duplex | undefined;
    let since = Number.POSITIVE_INFINITY;
    for (const [socket, state] of connections) {
      if (state.atWork === 0 && state.idleSince < since) {
        longest = socket;
        since = state.idleSince;
      }
    }
    if (longest === undefined) return false;
    release(longest);
    longest.destroy();
    return true;
  }

  server.on("connection", (socket: Socket) => {
    if (connections.size >= maxOpen && !makeRoom()) {
      refused.add(socket);
      answerAndClose(
        socket,
        "too_many_connections",
        `All ${maxOpen} connections of the mock are at work; retry shortly.`,
        { "retry-after": "1" },
      );
      return;
    }
    connections.set(socket, { atWork: 0, idleSince: ++tick, current: undefined, released: false });
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
    const current = connections.get(socket)?.current;
    if (current === undefined || !current.req.complete) {
      // An incomplete request is dropped with its connection; nothing is stored.
      if (current?.headersSent) socket.destroy();
      else answerAndClose(socket, code, message);
      release(socket);
      return;
    }
    // A complete request followed by junk: its answer goes first, then the junk's.
    const answerJunk = () => {
      if (socket.writable) answerAndClose(socket, code, message);
      else socket.destroy();
    };
    if (current.writableFinished) {
      answerJunk();
      return;
    }
    current.once("finish", answerJunk);
    current.once("close", () => {
      if (!current.writableFinished) socket.destroy();
    });
  });

  return {
    /** Wraps the request listener: keeps track of the requests at work. */
    track:
      (listener: RequestListener): RequestListener =>
      (request, response) => {
        const { socket } = request;
        const state = connections.get(socket);
        if (state === undefined) {
          if (!refused.has(socket as Socket)) listener(request, response);
          return;
        }
        state.current = response;
        state.atWork++;
        working++;
        (response as TrackedResponse)[inFlight] = state;
        response.on("close", answered);
        listener(request, response);
      },
    /** True while more requests are at work than `maxConnections`. */
    saturated: () => working > maxConnections,
  };
}
