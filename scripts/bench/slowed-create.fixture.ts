/**
 * The gate's measurement with the create path made slower on purpose, for
 * the test that proves the gate (`handler-gate.node.test.ts`): before each
 * `POST` the core spins for the CPU microseconds given as the argument (a
 * busy loop of arithmetic, its iterations per CPU microsecond measured first). The core keeps answering at once, as the server's own does.
 * Not part of the kit: the hook is the server's test hook, `wrapCore`.
 *
 * `node --import tsx scripts/bench/slowed-create.fixture.ts <µs>`; prints the figures as JSON.
 */
import { builtModule, measureGateCosts } from "./handler-gate.js";
import { median } from "./report.js";

// The built server's own exchange module: `immediateHandlerOf` finds what its `promisedCore` made.
const { immediateHandlerOf, promisedCore } =
  await builtModule<typeof import("../../mocks/core/exchange.js")>("mocks/core/exchange.js");

const micros = Number(process.argv[2]);
if (!(micros >= 0)) throw new Error(`the slowdown in µs, got ${process.argv[2]}`);

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

let sink = 0;
/** A loop of pure arithmetic: its cost per iteration does not depend on the heap or the machine's other work. */
function spin(iterations: number): void {
  let value = sink;
  for (let index = 0; index < iterations; index++) value = (value * 1103515245 + 12345) | 0;
  sink = value;
}

/**
 * Iterations of `spin` per CPU microsecond: the median of many short
 * timings, so the loop is timed on the machine as busy as the measurement
 * will find it.
 */
function iterationsPerMicro(): number {
  const rates: number[] = [];
  for (let round = 0; round < 41; round++) {
    const iterations = 200_000;
    const started = cpuMicros();
    spin(iterations);
    rates.push(iterations / Math.max(1, cpuMicros() - started));
  }
  return median(rates);
}

const iterations = Math.round(micros * iterationsPerMicro());

const costs = await measureGateCosts({
  wrapCore: (core) => {
    const handle = immediateHandlerOf(core);
    return promisedCore((request) => {
      if (request.method === "POST") spin(iterations);
      return handle(request);
    });
  },
});
process.stdout.write(JSON.stringify(costs));
