/**
 * The CPU a request costs the standalone server's request handler, called in
 * this process with no socket (the machine's network and scheduler noise do
 * not reach it), beside the baseline handler (`bare-handler.ts`) doing the
 * same essential work for the same requests: parse, validate, store,
 * serialise. Each round times a batch of each operation on each handler
 * (`process.cpuUsage`, the two in a rotated order) and takes the ratio
 * baseline µs ÷ kit µs (1 means as cheap as the baseline, like the socket
 * bench's req/s ratios); a figure is the median over many rounds.
 *
 * The server under test is `startPetstoreServerWith` (of the module given:
 * the gate's is the built one, `dist/`) as `petstore-mock` runs it (request log on, into a line buffer that is dropped), bound to a
 * loopback port it is never sent anything on; its request listener is taken
 * from the node:http server and given `IncomingMessage`s and
 * `ServerResponse`s made here, on one made socket that the server's
 * connection guard counts as a connection. `serverOptions` and `hooks` reach the server as
 * they are (a behaviour option to hold to the same gate, a slowed core).
 */
import { type IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { PetstoreServerOptions } from "../../mocks/server/options.js";
import type { ServerTestHooks } from "../../mocks/server/server.js";
import { bareHandler } from "./bare-handler.js";
import { median } from "./report.js";

const apiKey = "gate-key";

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

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

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
    authorization: `Bearer ${apiKey}`,
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

/** CPU µs per request over `count` requests, one after another. */
async function batch(
  listener: Listener,
  operation: HandlerOperation,
  count: number,
): Promise<number> {
  const started = process.cpuUsage();
  for (let index = 0; index < count; index++) {
    const response = send(listener, operation);
    if (!response.ended) await response.done;
    if (response.statusCode !== operation.status) {
      throw new Error(
        `${operation.label} answered ${response.statusCode}, expected ${operation.status}`,
      );
    }
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

/** The server module to measure: the built one (`dist/mocks/server/server.js`) or the source. */
export type ServerModule = Pick<
  typeof import("../../mocks/server/server.js"),
  "startPetstoreServerWith"
>;

export interface HandlerCostOptions {
  readonly server: ServerModule;
  /** Rounds measured (after `warmupRounds`); each figure is the median over them. */
  readonly rounds: number;
  /** Unmeasured rounds first (the JIT settles); default 3. */
  readonly warmupRounds?: number;
  /** Batches per handler and operation in a round, the handlers alternating; default 20. */
  readonly batches?: number;
  /** Requests per batch, by operation. */
  readonly requests: Readonly<Record<HandlerOperation["key"], number>>;
  /** Options of the server under test, over the gate's own (port, key, log, caps): a behaviour to hold to the gate. */
  readonly serverOptions?: PetstoreServerOptions;
  /** The kit's test hooks (e.g. a core slowed on purpose). */
  readonly hooks?: ServerTestHooks;
}

export interface OperationCost {
  readonly operation: HandlerOperation;
  /** CPU µs per request, the median over the rounds of each round's lower quartile: the kit, the baseline. */
  readonly kitMicros: number;
  readonly bareMicros: number;
  /** The median over the rounds of baseline µs ÷ kit µs (each round's lower quartiles). */
  readonly ratio: number;
  /** Every round's ratio, in order. */
  readonly ratios: readonly number[];
}

/** The lower quartile: other work on the machine only ever adds CPU time (cache misses, collections of its making). */
function lowerQuartile(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 4)] ?? Number.NaN;
}

/**
 * The kit's and the baseline's CPU per request for each operation. A round
 * runs `batches` small batches of each handler, alternating (both meet the
 * same machine, and a collection falls in the batch whose allocations
 * started it), and keeps each handler's lower quartile; the figures are
 * medians over the rounds. Creates start each batch from the seeded store
 * (reset untimed), so created records die young and a grown store does not
 * make later batches cost more.
 */
export async function measureHandlerCost(options: HandlerCostOptions): Promise<OperationCost[]> {
  const running = await options.server.startPetstoreServerWith(
    {
      port: 0,
      host: "127.0.0.1",
      apiKeys: [apiKey],
      maxPets: 10_000_000,
      // The log on, as `petstore-mock` runs; its lines are dropped.
      log: () => {},
      ...options.serverOptions,
    },
    options.hooks ?? {},
  );
  try {
    const [kit] = running.server.listeners("request") as [Listener];
    // The made socket is a connection of the server's guard, as a client's is (node's own
    // `connectionListener`, which would read HTTP from it, is left out).
    for (const listener of running.server.listeners("connection")) {
      if (listener.name !== "connectionListener") listener.call(running.server, socket);
    }
    const bare = bareHandler(apiKey);
    const handlers = [
      ["kit", kit],
      ["bare", bare.listener],
    ] as const;
    const rounds = new Map(
      handlerOperations.map((operation) => [
        operation,
        { kit: [] as number[], bare: [] as number[] },
      ]),
    );
    const warmup = options.warmupRounds ?? 3;
    const batches = options.batches ?? 20;
    for (let round = 0; round < warmup + options.rounds; round++) {
      for (const operation of handlerOperations) {
        const spent = { kit: [] as number[], bare: [] as number[] };
        for (let index = 0; index < batches; index++) {
          const order = (round + index) % 2 === 0 ? handlers : [...handlers].reverse();
          for (const [name, listener] of order) {
            spent[name].push(await batch(listener, operation, options.requests[operation.key]));
          }
          if (operation.method === "POST") {
            await running.reset();
            bare.clear();
          }
        }
        if (round < warmup) continue;
        rounds.get(operation)?.kit.push(lowerQuartile(spent.kit));
        rounds.get(operation)?.bare.push(lowerQuartile(spent.bare));
      }
    }
    return handlerOperations.map((operation) => {
      const { kit: kits = [], bare: bares = [] } = rounds.get(operation) ?? {};
      const ratios = kits.map((micros, index) => (bares[index] ?? Number.NaN) / micros);
      return {
        operation,
        kitMicros: median(kits),
        bareMicros: median(bares),
        ratio: median(ratios),
        ratios,
      };
    });
  } finally {
    await running.close();
  }
}
