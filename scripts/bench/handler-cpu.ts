/**
 * Bench section "handler": the CPU per request of the server's request
 * handler in process (`handler-cost.ts`) for a list, a read and a create,
 * beside the baseline handler's, and the ratio baseline ÷ kit. It measures
 * the built server (`dist/`, what `petstore-mock` runs), in fresh
 * `node --import tsx` processes (`cpuNodeFlags`; this file as a script
 * prints its figures as JSON). Times move with the machine's state (the
 * gate counts instructions instead, `instruction-gate.ts`). Needs `npm run build`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PetstoreServerOptions } from "../../mocks/server/options.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";
import { succeed } from "../container/command.js";
import { measureHandlerCost, type OperationCost, type ServerModule } from "./handler-cost.js";
import { fixed, printTable } from "./report.js";

/** About 3 s of CPU a process. */
export const cpuMeasurement = {
  rounds: 30,
  warmupRounds: 3,
  batches: 20,
  requests: { list: 100, read: 100, create: 100 },
} as const;

/**
 * The measuring process's young generation, fixed: left to grow as V8
 * sees fit, it made one process's creates cost up to 15 % more than
 * another's (collections); fixed, ten processes agree within about 5 %.
 */
export const cpuNodeFlags = ["--min-semi-space-size=32", "--max-semi-space-size=32"] as const;

/** The built server (`dist/`) measured in this process, with `serverOptions` (e.g. a behaviour profile). */
async function measureCpuCosts(serverOptions: PetstoreServerOptions): Promise<OperationCost[]> {
  const file = join(repositoryRoot, "dist", "mocks/server/server.js");
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const server = (await import(pathToFileURL(file).href)) as ServerModule;
  return measureHandlerCost({ ...cpuMeasurement, server, serverOptions });
}

const thisScript = fileURLToPath(import.meta.url);

/**
 * Fresh processes measured in, one after another; each figure is
 * the mean of theirs. One process's figures differ from another's by up
 * to ±5 % (how its code was compiled and laid out), more than within it.
 */
export const cpuProcesses = 3;

/**
 * Runs `script` (default this file) in `cpuProcesses` fresh processes, one
 * after another, and returns the mean of the figures they print (every
 * round's ratio kept).
 */
export async function measureInChildren(
  script = thisScript,
  args: readonly string[] = [],
): Promise<OperationCost[]> {
  const runs: OperationCost[][] = [];
  for (let run = 0; run < cpuProcesses; run++) runs.push(await measureInChild(script, args));
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
export async function measureInChild(
  script = thisScript,
  args: readonly string[] = [],
): Promise<OperationCost[]> {
  const { stdout } = await succeed(
    process.execPath,
    [...cpuNodeFlags, "--import", "tsx", script, ...args],
    { cwd: repositoryRoot, timeoutMs: 5 * 60_000 },
  );
  return JSON.parse(stdout) as OperationCost[];
}

// `node --import tsx scripts/bench/handler-cpu.ts ['{"some":"server option"}']`:
// the figures as JSON, e.g. `measureInChildren(undefined, [JSON.stringify(options)])`.
if (process.argv[1] === thisScript) {
  const serverOptions = JSON.parse(process.argv[2] ?? "{}") as PetstoreServerOptions;
  process.stdout.write(JSON.stringify(await measureCpuCosts(serverOptions)));
}

export async function run(): Promise<void> {
  const costs = await measureInChildren();
  printTable(
    ["operation", "kit µs", "baseline µs", "baseline ÷ kit", "by round"],
    costs.map((cost) => [
      cost.operation.label,
      fixed(cost.kitMicros, 1),
      fixed(cost.bareMicros, 1),
      `${fixed(cost.ratio, 3)}×`,
      `${fixed(Math.min(...cost.ratios), 3)}–${fixed(Math.max(...cost.ratios), 3)}`,
    ]),
  );
  console.log(
    `(CPU per request, mean of ${cpuProcesses} processes, each the median of ${cpuMeasurement.rounds} rounds of ${cpuMeasurement.batches} alternating batches)`,
  );
}
