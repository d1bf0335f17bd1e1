/**
 * Proof of the gate's throughput gauges (`npm run bench -- gate`): the
 * built server's request handler as it is passes every floor, and the same
 * handler with its create path made 15 % slower (a busy loop as long as 15 %
 * of the CPU a create was just measured to cost, `slowed-create.fixture.ts`)
 * falls below the create's floor as it stands on this machine today (the
 * committed floor × today's ratio ÷ its calibration median: the ratios
 * move with the machine's state too). Both measurements are the gate's own
 * (three fresh processes, each the median of many interleaved rounds).
 * Needs `npm run build`; runs alone (`PETSTORE_GATE_PROOF=1`, project gate).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { OperationCost } from "./handler-cost.js";
import {
  calibrationMedians,
  handlerFloors,
  judgeHandlerCosts,
  measureInChildren,
} from "./handler-gate.js";

const slowedFixture = fileURLToPath(new URL("./slowed-create.fixture.ts", import.meta.url));

/** Each gauge as `list 0.452 (floor 0.4): pass`, for the failure message. */
const verdicts = (costs: readonly OperationCost[]) =>
  judgeHandlerCosts(costs)
    .map(
      ({ cost, floor, passed }) =>
        `${cost.operation.key} ${cost.ratio.toFixed(3)} (floor ${floor}, kit ${cost.kitMicros.toFixed(1)} µs): ${passed ? "pass" : "FAIL"}`,
    )
    .join("; ");

describe("the gate's CPU-per-request gauges", () => {
  it("pass on the server as built, and fail once the create path is 15 % slower", async () => {
    const today = await measureInChildren();
    expect(
      judgeHandlerCosts(today).every((gauge) => gauge.passed),
      verdicts(today),
    ).toBe(true);

    const create = today.find((cost) => cost.operation.key === "create");
    const slowdown = 0.15 * (create?.kitMicros ?? Number.NaN);
    expect(slowdown).toBeGreaterThan(0);
    const slowed = await measureInChildren(slowedFixture, [String(slowdown)]);
    const slowedCreate = slowed.find((cost) => cost.operation.key === "create");
    // The floor as it stands on this machine today: scaled by today's ratio ÷ the calibration's.
    const floorHere =
      handlerFloors.create * ((create?.ratio ?? Number.NaN) / calibrationMedians.create);
    expect(
      (slowedCreate?.ratio ?? Number.NaN) < floorHere,
      `${slowdown.toFixed(1)} µs more per create: create ${slowedCreate?.ratio.toFixed(3)} against the floor here ${floorHere.toFixed(3)} (today ${create?.ratio.toFixed(3)}); ${verdicts(slowed)}`,
    ).toBe(true);
  }, 600_000);
});
