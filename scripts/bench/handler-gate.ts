/**
 * The gate's throughput gauges: the CPU per request of the server's request
 * handler in process (`handler-cost.ts`) for a list, a read and a create,
 * each as baseline ÷ kit, against floors. It measures the built server
 * (`dist/`, what `petstore-mock` runs: no loader's helpers in the code), in a
 * fresh `node --import tsx` process of its own (`gateNodeFlags`) (this file as a script prints
 * its figures as JSON), so the gate and the test that proves it
 * (`handler-gate.gate.test.ts`, through `slowed-create.fixture.ts`) measure
 * in the same surroundings. Needs `npm run build`.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PetstoreServerOptions } from "../../mocks/server/options.js";
import type { ServerTestHooks } from "../../mocks/server/server.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";
import {
  type HandlerOperation,
  measureHandlerCost,
  type OperationCost,
  type ServerModule,
} from "./handler-cost.js";

/** About 3 s of CPU a process. */
export const gateMeasurement = {
  rounds: 30,
  warmupRounds: 3,
  batches: 20,
  requests: { list: 100, read: 100, create: 100 },
} as const;

type Floors = Readonly<Record<HandlerOperation["key"], number>>;

/**
 * Floors of baseline ÷ kit, CPU per request: below the lowest of ten runs
 * on the quiet machine, above what a path 15 % slower than their median
 * gives (docs/benchmarks.md, "Gate").
 */
export const handlerFloors: Floors = {
  list: 0.405,
  read: 0.29,
  create: 0.195,
};

/**
 * The medians of the ten runs the floors came from (docs/benchmarks.md,
 * "Gate"). The ratios move with the machine's state as well (up to a
 * quarter higher on a machine whose other tenants are idle), so the proof
 * holds a slowed path to the floor scaled by today's ratio ÷ this median.
 */
export const calibrationMedians: Floors = {
  list: 0.434,
  read: 0.315,
  create: 0.212,
};

/** The same under the gate's behaviour profile (`gate-profile.ts`), from its own ten runs. */
export const profileFloors: Floors = {
  list: 0.38,
  read: 0.27,
  create: 0.19,
};

/**
 * The measuring process's young generation, fixed: left to grow as V8
 * sees fit, it made one process's creates cost up to 15 % more than
 * another's (collections); fixed, ten processes agree within about 5 %.
 */
export const gateNodeFlags = ["--min-semi-space-size=32", "--max-semi-space-size=32"] as const;

export interface HandlerGauge {
  readonly cost: OperationCost;
  readonly floor: number;
  readonly passed: boolean;
}

export const judgeHandlerCosts = (
  costs: readonly OperationCost[],
  floors: Floors = handlerFloors,
): HandlerGauge[] =>
  costs.map((cost) => {
    const floor = floors[cost.operation.key];
    return { cost, floor, passed: cost.ratio >= floor };
  });

/** A module of the built kit (`dist/`), e.g. `mocks/server/server.js`. */
export async function builtModule<T>(path: string): Promise<T> {
  const file = join(repositoryRoot, "dist", path);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  return (await import(pathToFileURL(file).href)) as T;
}

/**
 * The gate's measurement of the built server in this process, with the
 * kit's test hooks (none for the gate itself) and server options (a
 * behaviour to hold to the same floors; none by default).
 */
export async function measureGateCosts(
  hooks: ServerTestHooks = {},
  serverOptions: PetstoreServerOptions = {},
): Promise<OperationCost[]> {
  const server = await builtModule<ServerModule>("mocks/server/server.js");
  return measureHandlerCost({ ...gateMeasurement, server, hooks, serverOptions });
}

const thisScript = fileURLToPath(import.meta.url);

/**
 * Fresh processes the gate measures in, one after another; each figure is
 * the mean of theirs. One process's figures differ from another's by up
 * to ±5 % (how its code was compiled and laid out), more than within it.
 */
export const gateProcesses = 3;

/**
 * Runs `script` (default this file) in `gateProcesses` fresh processes, one
 * after another, and returns the mean of the figures they print (every
 * round's ratio kept).
 */
export async function measureInChildren(
  script = thisScript,
  args: readonly string[] = [],
): Promise<OperationCost[]> {
  const runs: OperationCost[][] = [];
  for (let run = 0; run < gateProcesses; run++) runs.push(await measureInChild(script, args));
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / values.length;
  return (runs[0] ?? []).map((first, index) => {
    const same = runs.map((run) => run[index] as OperationCost);
    return {
      operation: first.operation,
      kitMicros: mean(same.map((cost) => cost.kitMicros)),
      bareMicros: mean(same.map((cost) => cost.bareMicros)),
      ratio: mean(same.map((cost) => cost.ratio)),
      ratios: same.flatMap((cost) => cost.ratios),
    };
  });
}

/** Runs `script` (default this file) in a fresh process and returns the figures it prints. */
export function measureInChild(
  script = thisScript,
  args: readonly string[] = [],
): Promise<OperationCost[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...gateNodeFlags, "--import", "tsx", script, ...args], {
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

// `node --import tsx scripts/bench/handler-gate.ts ['{"some":"server option"}']`:
// the figures as JSON, e.g. `measureInChildren(undefined, [JSON.stringify(options)])`.
if (process.argv[1] === thisScript) {
  const serverOptions = JSON.parse(process.argv[2] ?? "{}") as PetstoreServerOptions;
  process.stdout.write(JSON.stringify(await measureGateCosts({}, serverOptions)));
}
