/**
 * The gate's measurement with the create path made slower on purpose, for
 * the test that proves the gate (`handler-gate.gate.test.ts`): before each
 * `POST` the core spins for the CPU microseconds given as the argument (a
 * busy loop of arithmetic, its length measured first as the core will run it). The core keeps answering at once, as the server's own does.
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
 * Iterations of `spin` for one call to take `micros` of CPU, called as the
 * core will call it (short calls, one after another): a first guess from
 * long calls, then corrected three times by the median of many short ones.
 */
function iterationsFor(micros: number): number {
  const timed = (iterations: number, calls: number) => {
    const started = cpuMicros();
    for (let call = 0; call < calls; call++) spin(iterations);
    return (cpuMicros() - started) / calls;
  };
  const guesses: number[] = [];
  for (let round = 0; round < 11; round++) guesses.push(200_000 / Math.max(1, timed(200_000, 1)));
  let iterations = Math.max(1, Math.round(micros * median(guesses)));
  for (let pass = 0; pass < 3; pass++) {
    const perCall: number[] = [];
    for (let round = 0; round < 21; round++) perCall.push(timed(iterations, 200));
    iterations = Math.max(1, Math.round((iterations * micros) / Math.max(0.01, median(perCall))));
  }
  return iterations;
}

const iterations = micros > 0 ? iterationsFor(micros) : 0;

const costs = await measureGateCosts({
  wrapCore: (core) => {
    const handle = immediateHandlerOf(core);
    return promisedCore((request) => {
      if (request.method === "POST" && iterations > 0) spin(iterations);
      return handle(request);
    });
  },
});
process.stdout.write(JSON.stringify(costs));
