/**
 * Requests made in process for the standalone server's request listener and
 * the baseline's (`bare-handler.ts`): no socket is read or written, so what a
 * request costs is the handler's own work. Shared by the CPU gauge
 * (`handler-cost.ts`) and the instruction gauge (`instruction-count.ts`).
 */
import { type IncomingHttpHeaders, IncomingMessage, type Server, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { PetstoreServerOptions } from "../../mocks/server/options.js";

export const handlerApiKey = "gate-key";

/**
 * The server under test as `petstore-mock` runs it (the request log on, its
 * lines dropped), on a loopback port it is never sent anything on; no
 * create is refused for the store's size.
 */
export const handlerServerOptions = {
  port: 0,
  host: "127.0.0.1",
  apiKeys: [handlerApiKey],
  maxPets: 10_000_000,
  log: () => {},
} as const satisfies PetstoreServerOptions;

export interface HandlerOperation {
  readonly key: "list" | "read" | "create";
  readonly label: string;
  readonly method: "GET" | "POST";
  readonly url: string;
  readonly body?: string;
  /** The status every answer must have. */
  readonly status: number;
}

export const handlerOperations: readonly HandlerOperation[] = [
  {
    key: "list",
    label: "GET /v1/pets?limit=20",
    method: "GET",
    url: "/v1/pets?limit=20",
    status: 200,
  },
  { key: "read", label: "GET /v1/pets/{id}", method: "GET", url: "/v1/pets/7", status: 200 },
  {
    key: "create",
    label: "POST /v1/pets",
    method: "POST",
    url: "/v1/pets",
    body: JSON.stringify({ name: "Bench", categoryId: 1, status: "available" }),
    status: 201,
  },
];

export type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** A response with no socket: node keeps what it writes; `done` resolves when the handler ends it. */
class KeptResponse extends ServerResponse {
  #resolve: (() => void) | undefined;
  ended = false;
  readonly done = new Promise<void>((resolve) => {
    this.#resolve = resolve;
  });

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    const end = ServerResponse.prototype.end as (...args: unknown[]) => unknown;
    end.call(this, chunk, encoding, callback);
    this.ended = true;
    // What node says once an answer is written out: the connection guard counts it done.
    this.emit("close");
    this.#resolve?.();
    return this;
  }
}

/** One socket for every made request: nothing is ever read from or written to it. */
const socket = new Socket();

function send(listener: Listener, operation: HandlerOperation): KeptResponse {
  const request = new IncomingMessage(socket);
  const headers: IncomingHttpHeaders = {
    host: "127.0.0.1",
    authorization: `Bearer ${handlerApiKey}`,
  };
  request.method = operation.method;
  request.url = operation.url;
  request.httpVersion = "1.1";
  request.httpVersionMajor = 1;
  request.httpVersionMinor = 1;
  if (operation.body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(operation.body));
    request.push(Buffer.from(operation.body));
  }
  request.headers = headers;
  request.push(null);
  request.complete = true;
  const response = new KeptResponse(request);
  listener(request, response);
  return response;
}

/** Sends `count` requests one after another, each answered before the next; a wrong status throws. */
export async function sendMany(
  listener: Listener,
  operation: HandlerOperation,
  count: number,
): Promise<void> {
  for (let index = 0; index < count; index++) {
    const response = send(listener, operation);
    if (!response.ended) await response.done;
    if (response.statusCode !== operation.status) {
      throw new Error(
        `${operation.label} answered ${response.statusCode}, expected ${operation.status}`,
      );
    }
  }
}

/**
 * The server's request listener, with the made socket counted as one of its
 * connections by its connection guard, as a client's is (node's own
 * `connectionListener`, which would read HTTP from it, is left out).
 */
export function requestListenerOf(server: Server): Listener {
  const [listener] = server.listeners("request") as [Listener];
  for (const connection of server.listeners("connection")) {
    if (connection.name !== "connectionListener") connection.call(server, socket);
  }
  return listener;
}
