import { describe, expect, it } from "vitest";
import {
  createFaultRegistry,
  FaultInputError,
  faultLimits,
  faultPresetNames,
  faultPresets,
} from "./faults.js";

describe("the fault registry", () => {
  it("counts `times` down and drops the fault when used up", () => {
    const faults = createFaultRegistry();
    const fault = faults.add({ operation: "createPet", status: 503, times: 2 });
    expect(fault).toEqual({ id: "f1", operation: "createPet", status: 503, times: 2 });
    expect(faults.take("listPets")).toBeUndefined();
    expect(faults.take("createPet")).toEqual({ id: "f1", operation: "createPet", status: 503 });
    expect(faults.list()).toEqual([{ ...fault, times: 1 }]);
    expect(faults.take("createPet")).toBeDefined();
    expect(faults.list()).toEqual([]);
    expect(faults.take("createPet")).toBeUndefined();
  });

  it("applies the newest matching fault; an empty-list fault on * skips other operations", () => {
    const faults = createFaultRegistry();
    faults.add({ status: 500 });
    faults.add({ body: "empty" });
    expect(faults.take("listPets")?.body).toBe("empty");
    expect(faults.take("getPet")?.status).toBe(500);
  });

  it("removes one fault by id, clears all, and hands out copies only", () => {
    const faults = createFaultRegistry();
    const first = faults.add({ delayMs: 10 });
    faults.add({ delayMs: 20 });
    (faults.list()[0] as { delayMs: number }).delayMs = 999;
    expect(faults.list()[0]?.delayMs).toBe(10);
    expect(faults.remove(first.id)).toBe(true);
    expect(faults.remove(first.id)).toBe(false);
    faults.clear();
    expect(faults.list()).toEqual([]);
  });

  it(`refuses a fault beyond ${faultLimits.active} active ones`, () => {
    const faults = createFaultRegistry();
    for (let index = 0; index < faultLimits.active; index++) faults.add({ delayMs: 1 });
    expect(() => faults.add({ delayMs: 1 })).toThrow(FaultInputError);
    expect(faults.list()).toHaveLength(faultLimits.active);
  });

  it("adds every preset, and names the presets for an unknown one", () => {
    for (const name of faultPresetNames) {
      const faults = createFaultRegistry();
      expect(faults.preset(name)).toHaveLength(faultPresets[name].length);
    }
    expect(() => createFaultRegistry().preset("chaos" as never)).toThrow(/server-down/);
  });
});
