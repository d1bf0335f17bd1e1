/**
 * The gate's throughput gauges: the CPU per request of the server's request
 * handler in process (`handler-cost.ts`) for a list, a read and a create,
 * each as baseline ÷ kit, against floors. The measurement runs in a fresh
 * `node --import tsx` process of its own (this file as a script prints its
 * figures as JSON), so the gate and the test that proves it
 * (`handler-gate.node.test.ts`, through `slowed-create.fixture.ts`) measure
 * in the same surroundings.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ServerTestHooks } from "../../mocks/server/server.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";
import { type HandlerOperation, measureHandlerCost, type OperationCost } from "./handler-cost.js";

/** About 15–25 s on the shared 2-core machine. */
export const gateMeasurement = {
  rounds: 25,
  warmupRounds: 3,
  batches: 20,
  requests: { list: 100, read: 100, create: 50 },
} as const;

/**
 * Floors of baseline ÷ kit, CPU per request: below the lowest of ten runs
 * on the shared machine, above what a path 15 % slower gives
 * (docs/benchmarks.md, "Gate").
 */
export const handlerFloors: Readonly<Record<HandlerOperation["key"], number>> = {
  list: 0.3,
  read: 0.17,
  create: 0.15,
};

export interface HandlerGauge {
  readonly cost: OperationCost;
  readonly floor: number;
  readonly passed: boolean;
}

export const judgeHandlerCosts = (costs: readonly OperationCost[]): HandlerGauge[] =>
  costs.map((cost) => {
    const floor = handlerFloors[cost.operation.key];
    return { cost, floor, passed: cost.ratio >= floor };
  });

/** The gate's measurement in this process, with the kit's test hooks (none for the gate itself). */
export const measureGateCosts = (hooks: ServerTestHooks = {}): Promise<OperationCost[]> =>
  measureHandlerCost({ ...gateMeasurement, hooks });

const thisScript = fileURLToPath(import.meta.url);

/** Runs `script` (default this file) in a fresh process and returns the figures it prints. */
export function measureInChild(
  script = thisScript,
  args: readonly string[] = [],
): Promise<OperationCost[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: repositoryRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${script} exited with ${code}`));
      else resolve(JSON.parse(output) as OperationCost[]);
    });
  });
}

if (process.argv[1] === thisScript) {
  process.stdout.write(JSON.stringify(await measureGateCosts()));
}
