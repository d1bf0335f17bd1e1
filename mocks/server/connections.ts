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
import {
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
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

/** Connections kept beyond `maxConnections` so admin and health requests are answered. */
export const spareConnections = 16;
/** Descriptors left for everything but connections (the listening socket, stdio, files). */
const otherDescriptors = 64;
/** The default limit never goes beyond this many connections (memory, whatever the descriptors). */
const defaultCeiling = 10_000;

/** The process's open-file limit: Linux's /proc, else `ulimit -n`; undefined when unknown. */
export function descriptorLimit(): number | undefined {
  try {
    const limits = readFileSync("/proc/self/limits", "utf8");
    const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
    if (soft !== undefined) return soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {}
  if (process.platform === "win32") return undefined;
  try {
    const text = execFileSync("/bin/sh", ["-c", "ulimit -n"], { encoding: "utf8", timeout: 2_000 });
    const value = text.trim() === "unlimited" ? Number.POSITIVE_INFINITY : Number(text);
    return Number.isFinite(value) || value === Number.POSITIVE_INFINITY ? value : undefined;
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

export interface ConnectionGuard {
  /** Wraps the request listener: keeps track of the requests at work. */
  track(listener: RequestListener): RequestListener;
  /** True while more requests are at work than `maxConnections`. */
  saturated(): boolean;
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
export function guardConnections(server: Server, maxConnections: number): ConnectionGuard {
  const maxOpen = maxConnections + spareConnections;
  let open = 0;
  let working = 0;
  const refused = new WeakSet<Socket>();
  const inFlight = new WeakMap<Duplex, InFlight>();
  /** Open connections with no request at work, the longest waiting first. */
  const waiting = new Set<Duplex>();
  /** Requests at work per connection (more than one when pipelined). */
  const atWork = new Map<Duplex, number>();
  const counted = new WeakSet<Duplex>();
  /** A connection stops counting once it closes or once its closing answer is written. */
  const release = (socket: Duplex) => {
    if (!counted.delete(socket)) return;
    open--;
    waiting.delete(socket);
    working -= atWork.get(socket) ?? 0;
    atWork.delete(socket);
  };

  /** Closes the connection that has waited longest; false when every one is at work. */
  function makeRoom(): boolean {
    for (const socket of waiting) {
      release(socket);
      socket.destroy();
      return true;
    }
    return false;
  }

  server.on("connection", (socket: Socket) => {
    if (open >= maxOpen && !makeRoom()) {
      refused.add(socket);
      answerAndClose(
        socket,
        "too_many_connections",
        `All ${maxOpen} connections of the mock are at work; retry shortly.`,
        { "retry-after": "1" },
      );
      return;
    }
    open++;
    counted.add(socket);
    waiting.add(socket);
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

  function started(socket: Duplex): void {
    if (!counted.has(socket)) return;
    waiting.delete(socket);
    atWork.set(socket, (atWork.get(socket) ?? 0) + 1);
    working++;
  }

  function finished(socket: Duplex): void {
    const count = atWork.get(socket);
    if (count === undefined) return;
    working--;
    if (count > 1) atWork.set(socket, count - 1);
    else {
      atWork.delete(socket);
      if (!socket.destroyed) waiting.add(socket);
    }
  }

  return {
    track: (listener) => (request, response) => {
      const { socket } = request;
      if (refused.has(socket)) return;
      const entry = { request, response };
      inFlight.set(socket, entry);
      started(socket);
      response.once("close", () => {
        finished(socket);
        if (inFlight.get(socket) === entry) inFlight.delete(socket);
      });
      listener(request, response);
    },
    saturated: () => working > maxConnections,
  };
}
