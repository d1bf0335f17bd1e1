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
 * the bench's is the built one, `dist/`) with `handlerServerOptions`, its
 * request listener given requests made in process (`handler-requests.ts`).
 * `serverOptions` reach the server as they are (a behaviour profile).
 */
import type { PetstoreServerOptions } from "../../mocks/server/options.js";
import { bareHandler } from "./bare-handler.js";
import {
  type HandlerOperation,
  handlerApiKey,
  handlerOperations,
  handlerServerOptions,
  type Listener,
  requestListenerOf,
  sendMany,
} from "./handler-requests.js";
import { median } from "./report.js";

/** CPU µs per request over `count` requests, one after another. */
async function batch(
  listener: Listener,
  operation: HandlerOperation,
  count: number,
): Promise<number> {
  const started = process.cpuUsage();
  await sendMany(listener, operation, count);
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
    { ...handlerServerOptions, ...options.serverOptions },
    {},
  );
  try {
    const kit = requestListenerOf(running.server);
    const bare = bareHandler(handlerApiKey);
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
