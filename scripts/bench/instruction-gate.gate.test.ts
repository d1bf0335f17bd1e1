/**
 * Proof of the gate's instruction gauges (`npm run bench -- gate`): the
 * built server's request handler as it is passes every floor, and the same
 * handler with its create path made 15 % slower (a busy loop before each
 * create, as many iterations as 15 % of a create's instructions, the
 * loop's cost per iteration counted in the same process) fails the create's
 * floor; the built kit's set-up (import and `setupPetstore`) passes its
 * floor, and fails it made 15 % slower the same way. Counts are
 * valgrind's, as the gate's. Needs `npm run build` and valgrind; runs after
 * the gate (`PETSTORE_GATE_PROOF=1`, project gate).
 */
import { describe, expect, it } from "vitest";
import {
  type InstructionCost,
  instructionFloors,
  judgeInstructionCosts,
  measureInstructions,
  measureSetupInstructions,
  type SetupCost,
  setupFloor,
} from "./instruction-gate.js";

/** Each gauge as `list 0.449 (floor 0.42, kit 152.7k): pass`, for the failure message. */
const verdicts = (costs: readonly InstructionCost[]) =>
  judgeInstructionCosts(costs, instructionFloors)
    .map(
      ({ cost, floor, passed }) =>
        `${cost.operation.key} ${cost.ratio.toFixed(3)} (floor ${floor}, kit ${(cost.kit / 1000).toFixed(1)}k): ${passed ? "pass" : "FAIL"}`,
    )
    .join("; ");

const createOf = (costs: readonly InstructionCost[]) => {
  const create = costs.find((cost) => cost.operation.key === "create");
  if (create === undefined) throw new Error("no create was counted");
  return create;
};

describe("the gate's instructions-per-request gauges", () => {
  it("pass on the server as built, and fail once the create path is 15 % slower", async () => {
    const [today] = await measureInstructions([{}]);
    if (today === undefined) throw new Error("nothing was counted");
    expect(
      judgeInstructionCosts(today.costs, instructionFloors).every((gauge) => gauge.passed),
      verdicts(today.costs),
    ).toBe(true);

    const spinIterations = Math.round((0.15 * createOf(today.costs).kit) / today.spinInstructions);
    const [slowed] = await measureInstructions([{ spinIterations }]);
    if (slowed === undefined) throw new Error("nothing was counted");
    const added = createOf(slowed.costs).kit / createOf(today.costs).kit - 1;
    const message = `${spinIterations} iterations, ${(added * 100).toFixed(1)} % more per create; ${verdicts(slowed.costs)}`;
    // The slowdown is the one asked for, and only the create's floor sees it.
    expect(added, message).toBeGreaterThan(0.14);
    expect(added, message).toBeLessThan(0.16);
    const [list, read, create] = judgeInstructionCosts(slowed.costs, instructionFloors);
    expect([list?.passed, read?.passed, create?.passed], message).toEqual([true, true, false]);
  }, 900_000);
});

/** The set-up gauge as `set-up 0.871 (floor 0.84, kit 840.2M, msw 733.0M)`. */
const setupVerdict = (cost: SetupCost) =>
  `set-up ${cost.ratio.toFixed(3)} (floor ${setupFloor}, kit ${(cost.kit / 1e6).toFixed(1)}M, msw ${(cost.bare / 1e6).toFixed(1)}M)`;

describe("the gate's set-up gauge", () => {
  it("passes on the kit as built, and fails once its set-up is 15 % slower", async () => {
    const today = await measureSetupInstructions();
    expect(today.ratio, setupVerdict(today)).toBeGreaterThanOrEqual(setupFloor);

    const spinIterations = Math.round((0.15 * today.kit) / today.spinInstructions);
    const slowed = await measureSetupInstructions(spinIterations);
    const added = slowed.kit / today.kit - 1;
    const message = `${spinIterations} iterations, ${(added * 100).toFixed(1)} % more; ${setupVerdict(slowed)}`;
    expect(added, message).toBeGreaterThan(0.14);
    expect(added, message).toBeLessThan(0.16);
    expect(slowed.ratio, message).toBeLessThan(setupFloor);
  }, 900_000);
});
