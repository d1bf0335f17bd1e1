/**
 * The program the instruction gauge (`instruction-gate.ts`) runs under
 * valgrind's callgrind: one handler (the built server's request listener or
 * the baseline's), a list, a read and a create in rounds, each phase between
 * two calls of `process.threadCpuUsage()` (libuv's `uv_getrusage_thread`,
 * which callgrind is told to dump its counts before), so each dump holds one
 * phase's instructions. Collections happen between phases (`gc()` with a
 * young generation larger than a phase allocates) and V8 runs without its
 * optimising compilers, so a phase's count depends on the code it runs, not
 * on when a collection or a compile happened to fall. Prints the phases'
 * labels in dump order as JSON.
 *
 * Not run by hand: `instruction-gate.ts` bundles it (esbuild) and passes
 * one JSON argument, `InstructionRun`.
 */
import type { Server } from "node:http";
import { pathToFileURL } from "node:url";
import type { PetstoreServerOptions } from "../../mocks/server/options.js";
import type { ServerTestHooks } from "../../mocks/server/server.js";
import { bareHandler } from "./bare-handler.js";
import { spin } from "./busy-loop.js";
import { calibrate, collect, labels, mark } from "./counted-phases.js";
import {
  type HandlerOperation,
  handlerApiKey,
  handlerOperations,
  handlerServerOptions,
  type Listener,
  requestListenerOf,
  sendMany,
} from "./handler-requests.js";

export interface InstructionRun {
  readonly handler: "kit" | "bare";
  /** The built kit's folder (`dist/`). */
  readonly built: string;
  readonly serverOptions: PetstoreServerOptions;
  /** Iterations of the busy loop run before each create (the gate's proof); 0 for none. */
  readonly spinIterations: number;
  readonly warmupRounds: number;
  readonly rounds: number;
  readonly requests: Readonly<Record<HandlerOperation["key"], number>>;
}

async function handlerOf(run: InstructionRun) {
  if (run.handler === "bare") {
    const bare = bareHandler(handlerApiKey);
    return { listener: bare.listener, reset: async () => bare.clear(), close: async () => {} };
  }
  const module = (path: string) => import(pathToFileURL(`${run.built}/${path}`).href);
  const { startPetstoreServerWith } = (await module(
    "mocks/server/server.js",
  )) as typeof import("../../mocks/server/server.js");
  const { immediateHandlerOf, promisedCore } = (await module(
    "mocks/core/exchange.js",
  )) as typeof import("../../mocks/core/exchange.js");
  const hooks: ServerTestHooks =
    run.spinIterations > 0
      ? {
          wrapCore: (core) => {
            const handle = immediateHandlerOf(core);
            return promisedCore((request) => {
              if (request.method === "POST") spin(run.spinIterations);
              return handle(request);
            });
          },
        }
      : {};
  const running = await startPetstoreServerWith(
    { ...handlerServerOptions, ...run.serverOptions },
    hooks,
  );
  return {
    listener: requestListenerOf(running.server as Server) as Listener,
    reset: () => running.reset(),
    close: () => running.close(),
  };
}

async function main(run: InstructionRun): Promise<void> {
  const { listener, reset, close } = await handlerOf(run);
  // Compiled, and the start's garbage collected, before it is counted; then the busy loop's calibration.
  calibrate();
  for (let round = 0; round < run.warmupRounds + run.rounds; round++) {
    const measured = round >= run.warmupRounds;
    for (const operation of handlerOperations) {
      collect();
      mark("between");
      await sendMany(listener, operation, run.requests[operation.key]);
      mark(measured ? operation.key : "warmup");
      // Creates start from the seeded store each round: created records die young.
      if (operation.method === "POST") await reset();
    }
  }
  await close();
  process.stdout.write(JSON.stringify(labels));
}

await main(JSON.parse(process.argv[2] ?? "{}") as InstructionRun);
