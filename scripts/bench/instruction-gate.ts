/**
 * The gate's throughput gauges: instructions per request of the built
 * server's request handler, called in process (`instruction-count.ts`), for
 * a list, a read and a create, each as the baseline handler's ÷ the kit's,
 * counted by valgrind (callgrind). A count does not depend on what else the
 * machine runs, its caches or its clock: the same build gives the same
 * figures within a few thousandths on a busy machine and an idle one, so a
 * floor can sit a few hundredths below today's figure and a path 15 % slower
 * falls below it (`instruction-gate.gate.test.ts` proves it). V8 runs
 * without its optimising compilers and collects between phases (the child's
 * flags below): what is counted is the code the request runs, in the order
 * it runs it, not when a compile or a collection fell.
 *
 * Needs `npm run build` and valgrind (`apt-get install valgrind`; `.ci/run`
 * installs it).
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { PetstoreServerOptions } from "../../mocks/server/options.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";
import { succeed } from "../container/command.js";
import { spinCalibration } from "./busy-loop.js";
import type { HandlerOperation } from "./handler-requests.js";
import { handlerOperations } from "./handler-requests.js";
import type { InstructionRun } from "./instruction-count.js";
import { median } from "./report.js";
import type { SetupRun } from "./setup-count.js";

type Floors = Readonly<Record<HandlerOperation["key"], number>>;

/**
 * Rounds and requests per phase: under a minute for the kit's process
 * under callgrind, most of it the kit's start. From the second round on, a
 * phase's count per request differs from the next by under 1 %.
 */
export const instructionMeasurement = {
  warmupRounds: 1,
  rounds: 5,
  requests: { list: 200, read: 200, create: 60 },
} as const satisfies Pick<InstructionRun, "warmupRounds" | "rounds" | "requests">;

/**
 * Floors of baseline ÷ kit, instructions per request: today's figure less
 * 6 % (docs/benchmarks.md, "Gate"). A path 15 % slower gives today's × 0.87.
 */
export const instructionFloors: Floors = { list: 0.513, read: 0.38, create: 0.53 };

/** The same with the gate's behaviour profile active (`gate-profile.ts`). */
export const profileInstructionFloors: Floors = { list: 0.465, read: 0.395, create: 0.49 };

/**
 * V8 as the count needs it: one thread, no optimising compilers (Sparkplug's
 * baseline code at once), fixed hash and random seeds, a fixed young
 * generation larger than a phase allocates and a collection schedule that
 * does not follow the clock.
 */
export const countedNodeFlags = [
  "--single-threaded",
  "--no-maglev",
  "--no-turbofan",
  "--always-sparkplug",
  "--hash-seed=1",
  "--random-seed=1",
  "--predictable-gc-schedule",
  "--no-memory-reducer",
  "--min-semi-space-size=32",
  "--max-semi-space-size=32",
  "--expose-gc",
] as const;

const callgrindFlags = [
  "--tool=callgrind",
  // A dump at each phase's end: the child calls process.threadCpuUsage() there.
  "--dump-before=uv_getrusage_thread",
  // V8 writes the code it runs.
  "--smc-check=all-non-file",
] as const;

export interface InstructionCost {
  readonly operation: HandlerOperation;
  /** Instructions per request, the median over the measured rounds. */
  readonly kit: number;
  readonly bare: number;
  /** bare ÷ kit. */
  readonly ratio: number;
}

export interface InstructionGauge {
  readonly cost: InstructionCost;
  readonly floor: number;
  readonly passed: boolean;
}

export const judgeInstructionCosts = (
  costs: readonly InstructionCost[],
  floors: Floors,
): InstructionGauge[] =>
  costs.map((cost) => {
    const floor = floors[cost.operation.key];
    return { cost, floor, passed: cost.ratio >= floor };
  });

/** A child as one plain ES module (valgrind runs node itself, with no loader). */
async function bundleChild(
  dir: string,
  name: "instruction-count" | "setup-count",
): Promise<string> {
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [fileURLToPath(new URL(`./${name}.ts`, import.meta.url))],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    outfile,
    logLevel: "warning",
  });
  return outfile;
}

/** A counted process ends well within this, even on a busy machine (about 3 minutes seen at load 6). */
const countTimeoutMs = 15 * 60_000;

/** Runs valgrind, which must be installed, and returns what the counted program printed. */
async function underValgrind(args: readonly string[]): Promise<string> {
  try {
    return (await succeed("valgrind", args, { timeoutMs: countTimeoutMs })).stdout;
  } catch (error) {
    if (error instanceof Error && error.message.includes("ENOENT")) {
      throw new Error("valgrind is not installed (apt-get install valgrind)");
    }
    throw error;
  }
}

const phaseCount = (phases: ReadonlyArray<[string, number]>, label: string) =>
  phases.find(([name]) => name === label)?.[1] ?? Number.NaN;

/** What one iteration of the busy loop costs, from the calibration phase (`counted-phases.ts`). */
const spinPerIteration = (phases: ReadonlyArray<[string, number]>) =>
  phaseCount(phases, "spin") / (spinCalibration.calls * spinCalibration.iterations);

/** Each phase's instruction count, by label, in order. */
async function countPhases(
  child: string,
  dir: string,
  run: InstructionRun | SetupRun,
): Promise<Array<[string, number]>> {
  const out = join(dir, `callgrind.${run.handler}.${process.hrtime.bigint()}`);
  const printed = await underValgrind([
    ...callgrindFlags,
    `--callgrind-out-file=${out}`,
    process.execPath,
    ...countedNodeFlags,
    child,
    JSON.stringify(run),
  ]);
  const labels = JSON.parse(printed) as string[];
  const base = out.slice(dir.length + 1);
  const dumps = (await readdir(dir)).filter((name) => name.startsWith(`${base}.`));
  if (dumps.length !== labels.length) {
    throw new Error(`callgrind wrote ${dumps.length} dumps for ${labels.length} phases`);
  }
  return Promise.all(
    labels.map(async (label, index): Promise<[string, number]> => {
      const text = await readFile(`${out}.${index + 1}`, "utf8");
      const summary = /^summary: (\d+)$/m.exec(text);
      if (summary === null) throw new Error(`${out}.${index + 1} has no summary line`);
      return [label, Number(summary[1])];
    }),
  );
}

/** A kit to count: the built server with these options, its creates slowed or not. */
export interface KitVariant {
  readonly serverOptions?: PetstoreServerOptions;
  /** Iterations of the busy loop before each create (the gate's proof). */
  readonly spinIterations?: number;
}

export interface InstructionFigures {
  readonly costs: InstructionCost[];
  /** Instructions per iteration of the proof's busy loop, in the kit's process. */
  readonly spinInstructions: number;
}

const perRequest = (phases: ReadonlyArray<[string, number]>, operation: HandlerOperation) =>
  median(
    phases
      .filter(([label]) => label === operation.key)
      .map(([, count]) => count / instructionMeasurement.requests[operation.key]),
  );

/**
 * Each kit variant's (the built `dist/`) and the baseline's instructions
 * per request, every process side by side (one baseline for them all).
 */
export async function measureInstructions(
  variants: readonly KitVariant[],
): Promise<InstructionFigures[]> {
  const dir = await mkdtemp(join(tmpdir(), "petstore-instructions-"));
  try {
    const child = await bundleChild(dir, "instruction-count");
    const run = (handler: InstructionRun["handler"], variant: KitVariant): InstructionRun => ({
      ...instructionMeasurement,
      handler,
      built: join(repositoryRoot, "dist"),
      serverOptions: variant.serverOptions ?? {},
      spinIterations: variant.spinIterations ?? 0,
    });
    const [bare, ...kits] = await Promise.all([
      countPhases(child, dir, run("bare", {})),
      ...variants.map((variant) => countPhases(child, dir, run("kit", variant))),
    ]);
    return kits.map((kit) => ({
      spinInstructions: spinPerIteration(kit),
      costs: handlerOperations.map((operation) => {
        const kitCount = perRequest(kit, operation);
        const bareCount = perRequest(bare ?? [], operation);
        return { operation, kit: kitCount, bare: bareCount, ratio: bareCount / kitCount };
      }),
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a test file's set-up costs: the kit's and plain msw's, counted in fresh processes. */
export interface SetupCost {
  /** Instructions of `import("petstore-mock-kit/node")` and `setupPetstore()`. */
  readonly kit: number;
  /** Instructions of importing msw and `msw/node` and `setupServer` with one handler. */
  readonly bare: number;
  /** bare ÷ kit. */
  readonly ratio: number;
  /** Instructions per iteration of the proof's busy loop, in the kit's process. */
  readonly spinInstructions: number;
}

/**
 * The set-up gauge's floor, bare ÷ kit: today's figure (0.888) less 3 %; a
 * count moves by under 0.05 % between runs. A set-up 15 % slower gives
 * today's × 0.87, and the set-up of this round's start (0.843) fails too.
 */
export const setupFloor = 0.86;

/**
 * The built kit's set-up beside plain msw's (the repository's msw), each in
 * a fresh process under callgrind; `spinIterations` slows the kit's set-up
 * by a busy loop (the proof).
 */
export async function measureSetupInstructions(spinIterations = 0): Promise<SetupCost> {
  const dir = await mkdtemp(join(tmpdir(), "petstore-setup-instructions-"));
  try {
    const child = await bundleChild(dir, "setup-count");
    const urls = {
      kit: pathToFileURL(join(repositoryRoot, "dist/mocks/node.js")).href,
      msw: import.meta.resolve("msw"),
      mswNode: import.meta.resolve("msw/node"),
    };
    const [kit, bare] = await Promise.all(
      (["kit", "bare"] as const).map((handler) =>
        countPhases(child, dir, {
          handler,
          urls,
          spinIterations: handler === "kit" ? spinIterations : 0,
        }),
      ),
    );
    const kitCount = phaseCount(kit ?? [], "setup");
    const bareCount = phaseCount(bare ?? [], "setup");
    return {
      kit: kitCount,
      bare: bareCount,
      ratio: bareCount / kitCount,
      spinInstructions: spinPerIteration(kit ?? []),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
