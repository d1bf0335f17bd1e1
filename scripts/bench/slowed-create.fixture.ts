/**
 * The gate's measurement with the create path made slower on purpose, for
 * the test that proves the gate (`handler-gate.node.test.ts`): before each
 * `POST` the core spins for the CPU microseconds given as the argument (a
 * busy loop on `process.cpuUsage`, so time the machine gives to others does
 * not count). The core keeps answering at once, as the server's own does.
 * Not part of the kit: the hook is the server's test hook, `wrapCore`.
 *
 * `node --import tsx scripts/bench/slowed-create.fixture.ts <µs>`; prints the figures as JSON.
 */
import { builtModule, measureGateCosts } from "./handler-gate.js";

// The built server's own exchange module: `immediateHandlerOf` finds what its `promisedCore` made.
const { immediateHandlerOf, promisedCore } =
  await builtModule<typeof import("../../mocks/core/exchange.js")>("mocks/core/exchange.js");

const micros = Number(process.argv[2]);
if (!(micros >= 0)) throw new Error(`the slowdown in µs, got ${process.argv[2]}`);

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

const costs = await measureGateCosts({
  wrapCore: (core) => {
    const handle = immediateHandlerOf(core);
    return promisedCore((request) => {
      if (request.method === "POST" && micros > 0) {
        const until = cpuMicros() + micros;
        while (cpuMicros() < until) {}
      }
      return handle(request);
    });
  },
});
process.stdout.write(JSON.stringify(costs));
