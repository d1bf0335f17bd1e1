/**
 * Reading a request body from node:http with the core's size limit. A body
 * over the limit is drained (read and dropped) so the connection survives;
 * one far over it is not read at all and its connection is closed. All the
 * bodies being read at once hold at most `maxBufferedBodyBytes`: beyond it a
 * reader pauses (its client's bytes wait in the kernel) until others finish.
 */
import type { IncomingMessage } from "node:http";
import { maxBodyBytes } from "../core/exchange.js";

/** Beyond this many bytes a too-large body is no longer drained: the connection is closed. */
export const maxDrainBytes = 16 * maxBodyBytes;

/** What the bodies being read at once may hold together (each at most `maxBodyBytes`). */
const maxBufferedBodyBytes = 64 * maxBodyBytes;

/**
 * Room for bodies, process-wide: a reader reserves what its body may hold
 * before it reads, and waits (holding nothing, so no two readers can block
 * each other) while the room is taken; first come, first served.
 */
const room = { free: maxBufferedBodyBytes, queue: new Map<() => void, number>() };

function admitWaiting(): void {
  for (const [admit, bytes] of room.queue) {
    if (bytes > room.free) return;
    room.queue.delete(admit);
    room.free -= bytes;
    admit();
  }
}

/**
 * Queues a reader that found no room (one that finds room takes it itself):
 * `admit` is called once `bytes` are reserved; the returned function gives them back (or cancels).
 */
function reserve(bytes: number, admit: () => void): () => void {
  let reserved = false;
  const granted = () => {
    reserved = true;
    admit();
  };
  room.queue.set(granted, bytes);
  return () => {
    if (reserved) {
      reserved = false;
      room.free += bytes;
      admitWaiting();
    } else room.queue.delete(granted);
  };
}

type BodyRead =
  | { readonly kind: "body"; readonly body: string | undefined }
  | { readonly kind: "too_large"; readonly closeConnection: boolean }
  | { readonly kind: "aborted" };

const noBody: BodyRead = { kind: "body", body: undefined };
const tooLargeDrained: BodyRead = { kind: "too_large", closeConnection: false };
const tooLargeClose: BodyRead = { kind: "too_large", closeConnection: true };
const aborted: BodyRead = { kind: "aborted" };

/** True when the request announces a body (a length or a transfer coding). */
export function hasBody(request: IncomingMessage): boolean {
  const length = request.headers["content-length"];
  return (
    request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0")
  );
}

/** The reader of a request's body, found by the listeners below (node calls them with the request as `this`). */
const readerOf = Symbol("body reader");

interface ReadRequest extends IncomingMessage {
  [readerOf]?: BodyReader;
}

/**
 * Reads one body: its chunks while they fit the limit, then the result.
 * Its listeners are shared functions and its room is taken at once when
 * free, so the common body costs no closure of its own.
 */
class BodyReader {
  readonly #request: ReadRequest;
  readonly #resolve: (read: BodyRead) => void;
  readonly #chunks: Buffer[] = [];
  #received = 0;
  #settled = false;
  /** The room taken at once, in bytes; else the waiting reservation's release. */
  #reserved = 0;
  #waiting: (() => void) | undefined;

  constructor(request: ReadRequest, resolve: (read: BodyRead) => void) {
    this.#request = request;
    this.#resolve = resolve;
  }

  start(declared: number): void {
    const request = this.#request;
    request[readerOf] = this;
    request.on("end", onEnd);
    request.on("close", onClose);
    // Errors (a reset connection) also end in "close"; listening keeps them from being thrown.
    request.on("error", ignore);
    // Reading starts once the body has room; until then the client's bytes wait in the kernel.
    const bytes = Number.isSafeInteger(declared) ? Math.min(declared, maxBodyBytes) : maxBodyBytes;
    if (room.queue.size === 0 && bytes <= room.free) {
      room.free -= bytes;
      this.#reserved = bytes;
      request.on("data", onData);
    } else {
      this.#waiting = reserve(bytes, () => {
        if (!this.#settled) request.on("data", onData);
      });
    }
  }

  #release(): void {
    if (this.#waiting) this.#waiting();
    else if (this.#reserved > 0) {
      room.free += this.#reserved;
      this.#reserved = 0;
      admitWaiting();
    }
  }

  data(chunk: Buffer): void {
    this.#received += chunk.length;
    if (this.#received > maxDrainBytes) {
      this.#request.pause();
      this.settle(tooLargeClose);
    } else if (this.#received <= maxBodyBytes) this.#chunks.push(chunk);
    else this.#chunks.length = 0;
  }

  end(): void {
    if (this.#received > maxBodyBytes) {
      this.settle(tooLargeDrained);
      return;
    }
    const chunks = this.#chunks;
    const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    this.settle({ kind: "body", body: bytes.toString("utf8") });
  }

  settle(result: BodyRead): void {
    if (this.#settled) return;
    this.#settled = true;
    const request = this.#request;
    request.off("data", onData);
    request.off("end", onEnd);
    request.off("close", onClose);
    request[readerOf] = undefined;
    this.#release();
    this.#resolve(result);
  }
}

function onData(this: ReadRequest, chunk: Buffer): void {
  this[readerOf]?.data(chunk);
}
function onEnd(this: ReadRequest): void {
  this[readerOf]?.end();
}
function onClose(this: ReadRequest): void {
  if (!this.complete) this[readerOf]?.settle(aborted);
}
function ignore(): void {}

export function readBody(request: IncomingMessage): Promise<BodyRead> {
  if (!hasBody(request)) return Promise.resolve(noBody);
  const declared = Number(request.headers["content-length"]);
  if (declared > maxDrainBytes) return Promise.resolve(tooLargeClose);
  return new Promise((resolve) => new BodyReader(request, resolve).start(declared));
}
