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
 * The server under test is `startPetstoreServerWith` as `petstore-mock` runs
 * it (request log on, into a line buffer that is dropped), bound to a
 * loopback port it is never sent anything on; its request listener is taken
 * from the node:http server and given `IncomingMessage`s and
 * `ServerResponse`s made here. `serverOptions` and `hooks` reach the server as
 * they are (a behaviour option to hold to the same gate, a slowed core).
 */
import { type IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { PetstoreServerOptions } from "../../mocks/server/options.js";
import { type ServerTestHooks, startPetstoreServerWith } from "../../mocks/server/server.js";
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
  { key: "list", label: "GET /v1/pets?limit=20", method: "GET", url: "/v1/pets?limit=20", status: 200 },
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

/** A response with no socket: node keeps what it writes; `ended` resolves when the handler ends it. */
class KeptResponse extends ServerResponse {
  #resolve: (() => void) | undefined;
  ended = false;
  readonly done = new Promise<void>((resolve) => {
    this.#resolve = resolve;
  });

  override end(...args: Parameters<ServerResponse["end"]>): this {
    super.end(...(args as [string]));
    this.ended = true;
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

export interface HandlerCostOptions {
  /** Rounds measured (after `warmupRounds`); the figures are their medians. */
  readonly rounds: number;
  /** Requests per handler and round, by operation. */
  readonly requests: Readonly<Record<HandlerOperation["key"], number>>;
  readonly warmupRounds?: number;
  /** Alternating batches per handler in a round. */
  readonly pairs?: number;
  /** Options of the server under test, beside the gate's own (port, key, log, caps). */
  readonly serverOptions?: PetstoreServerOptions;
  /** The kit's own test hooks (e.g. a core slowed on purpose). */
  readonly hooks?: ServerTestHooks;
}

export interface OperationCost {
  readonly operation: HandlerOperation;
  /** Median CPU µs per request: the kit's handler, the baseline. */
  readonly kitMicros: number;
  readonly bareMicros: number;
  /** Median over the rounds of baseline µs ÷ kit µs. */
  readonly ratio: number;
  /** Every round's ratio, in order. */
  readonly ratios: readonly number[];
}

/** The kit's and the baseline's CPU per request, for each operation, interleaved round by round. */
export async function measureHandlerCost(options: HandlerCostOptions): Promise<OperationCost[]> {
  const lines = { count: 0 };
  const running = await startPetstoreServerWith(
    {
      port: 0,
      host: "127.0.0.1",
      apiKeys: [apiKey],
      // The create batches store tens of thousands of pets: above the default cap, 409s would be measured.
      maxPets: 10_000_000,
      log: () => {
        lines.count++;
      },
      ...options.serverOptions,
    },
    options.hooks ?? {},
  );
  try {
    const [kit] = running.server.listeners("request") as [Listener];
    const bare = bareHandler(apiKey);
    const handlers = [
      ["kit", kit],
      ["bare", bare.listener],
    ] as const;
    const samples = new Map(
      handlerOperations.map((operation) => [
        operation,
        { kit: [] as number[], bare: [] as number[], ratios: [] as number[] },
      ]),
    );
    const warmup = options.warmupRounds ?? 3;
    for (let round = 0; round < warmup + options.rounds; round++) {
      for (const operation of handlerOperations) {
        // Small batches, alternating: both handlers meet the same machine, and a collection
        // falls in the batch whose allocations started it.
        const micros = { kit: 0, bare: 0 };
        const pairs = options.pairs ?? 20;
        for (let pair = 0; pair < pairs; pair++) {
          const order = (round + pair) % 2 === 0 ? handlers : [...handlers].reverse();
          for (const [name, listener] of order) {
            micros[name] += (await batch(listener, operation, options.requests[operation.key])) / pairs;
          }
        }
        if ((options as { debug?: boolean }).debug) console.log(JSON.stringify([operation.key, micros.kit, micros.bare]));
        if (operation.method === "POST") {
          // Back to the seeded store: a store grown by the rounds before would cost more to collect.
          await running.reset();
          bare.clear();
        }
        if (round < warmup) continue;
        const kept = samples.get(operation);
        kept?.kit.push(micros.kit);
        kept?.bare.push(micros.bare);
        kept?.ratios.push(micros.bare / micros.kit);
      }
    }
    return handlerOperations.map((operation) => {
      const kept = samples.get(operation) ?? { kit: [], bare: [], ratios: [] };
      return {
        operation,
        kitMicros: median(kept.kit),
        bareMicros: median(kept.bare),
        ratio: median(kept.ratios),
        ratios: kept.ratios,
      };
    });
  } finally {
    await running.close();
  }
}
