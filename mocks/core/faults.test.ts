import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { operationIds } from "../interface/spec.js";
import { collected } from "../test-support/gc.js";
import {
  type AppliedFault,
  createFaultRegistry,
  FaultInputError,
  FaultLimitError,
  type FaultRegistry,
  faultLimits,
  faultPresetNames,
  faultPresets,
  parseFaultInput,
} from "./faults.js";

/** The error a call throws, as a test runner prints it: `Name: message`. */
function thrown(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    return String(error);
  }
  throw new Error("nothing was thrown");
}

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
    const down = faults.add({ status: 500 });
    const empty = faults.add({ body: "empty" });
    expect(faults.take("listPets")?.body).toBe("empty");
    expect(faults.take("getPet")?.status).toBe(500);
    expect(faults.list()).toEqual([down, empty]);
  });

  it("removes one fault by id, clears all, and hands out copies only", () => {
    const faults = createFaultRegistry();
    const first = faults.add({ delayMs: 10 });
    expect([first.id, faults.add({ delayMs: 20 }).id]).toEqual(["f1", "f2"]);
    (faults.list()[0] as { delayMs: number }).delayMs = 999;
    expect(faults.list()[0]?.delayMs).toBe(10);
    expect(faults.remove(first.id)).toBe(true);
    expect(faults.remove(first.id)).toBe(false);
    faults.clear();
    expect(faults.list()).toEqual([]);
    expect(faults.add({ delayMs: 30 }).id).toBe("f3");
  });

  it("adds all of a preset or, when it does not fit, none of it", () => {
    const faults = createFaultRegistry();
    for (let index = 1; index < faultLimits.active; index++) faults.add({ delayMs: 1 });
    expect(() => faults.preset("flaky-writes")).toThrow(FaultLimitError);
    expect(faults.list()).toHaveLength(faultLimits.active - 1);
    expect(faults.preset("server-down")).toHaveLength(1);
  });

  it(`refuses a fault beyond ${faultLimits.active} active ones`, () => {
    const faults = createFaultRegistry();
    for (let index = 0; index < faultLimits.active; index++) faults.add({ delayMs: 1 });
    expect(() => faults.add({ delayMs: 1 })).toThrow(FaultLimitError);
    expect(thrown(() => faults.add({ delayMs: 1 }))).toBe(
      `FaultLimitError: At most ${faultLimits.active} faults can be active; remove some first`,
    );
    expect(faults.list()).toHaveLength(faultLimits.active);
  });

  it("adds every preset, each fault naming it, and names the presets for an unknown one", () => {
    for (const name of faultPresetNames) {
      const faults = createFaultRegistry();
      const added = faults.preset(name);
      expect(added).toHaveLength(faultPresets[name].length);
      expect(faults.list()).toEqual(added);
      expect(added.map((fault) => fault.preset)).toEqual(faultPresets[name].map(() => name));
    }
    const faults = createFaultRegistry();
    faults.preset("flaky-writes");
    expect(faults.take("createPet")).toEqual({
      id: "f1",
      operation: "createPet",
      status: 503,
      preset: "flaky-writes",
    });
    // A fault added alone names no preset.
    expect(faults.add({ status: 500 })).toStrictEqual({ id: "f3", operation: "*", status: 500 });
    expect(thrown(() => createFaultRegistry().preset("chaos" as never))).toBe(
      'FaultInputError: Unknown preset "chaos"; presets: empty-store, slow-network, flaky-writes, server-down',
    );
  });
});

describe("parseFaultInput", () => {
  it("takes every field within its bounds, the operation defaulting to *", () => {
    expect(parseFaultInput({ status: 400 })).toEqual({ operation: "*", status: 400 });
    expect(parseFaultInput({ operation: "getPet", status: 599, times: 1, delayMs: 0 })).toEqual({
      operation: "getPet",
      status: 599,
      times: 1,
      delayMs: 0,
    });
    expect(
      parseFaultInput({ delayMs: faultLimits.delayMs, times: faultLimits.times, network: "hang" }),
    ).toMatchObject({ delayMs: faultLimits.delayMs, times: faultLimits.times, network: "hang" });
    expect(parseFaultInput({ operation: "listCategories", body: "empty" }).body).toBe("empty");
  });

  it.each([
    [[], 'A fault must be a JSON object such as {"operation": "createPet", "status": 503}'],
    [null, 'A fault must be a JSON object such as {"operation": "createPet", "status": 503}'],
    [
      { colour: 1 },
      'Unknown fault field "colour"; accepted: operation, times, status, delayMs, network, body',
    ],
    [{ status: 399 }, "status must be an integer from 400 to 599 (got 399)"],
    [{ status: 600 }, "status must be an integer from 400 to 599 (got 600)"],
    [{ status: 500.5 }, "status must be an integer from 400 to 599 (got 500.5)"],
    [{ status: "503" }, 'status must be an integer from 400 to 599 (got "503")'],
    [{ delayMs: -1 }, `delayMs must be an integer from 0 to ${faultLimits.delayMs} (got -1)`],
    [{ delayMs: 1, times: 0 }, `times must be an integer from 1 to ${faultLimits.times} (got 0)`],
    [
      { operation: "deletePet", status: 500 },
      `operation must be one of ${["*", ...operationIds].join(", ")} (got "deletePet")`,
    ],
    [{ network: "slow" }, 'network must be one of reset, hang (got "slow")'],
    [{ body: "slow" }, 'body must be one of malformed, empty (got "slow")'],
    [{ network: "x".repeat(80) }, `network must be one of reset, hang (got "${"x".repeat(56)}...)`],
    [
      { delayMs: Number.POSITIVE_INFINITY },
      `delayMs must be an integer from 0 to ${faultLimits.delayMs} (got Infinity)`,
    ],
    [
      { delayMs: Number.NaN },
      `delayMs must be an integer from 0 to ${faultLimits.delayMs} (got NaN)`,
    ],
    [
      { delayMs: Number },
      `delayMs must be an integer from 0 to ${faultLimits.delayMs} (got function Number() { [native code] })`,
    ],
    [{ status: 500, network: "reset" }, "A fault sets at most one of status, network and body"],
    [{ operation: "getPet" }, "A fault needs an effect: status, delayMs, network or body"],
    [
      { operation: "getPet", delayMs: 0 },
      `A delay of 0 ms alone changes nothing: give delayMs from 1 to ${faultLimits.delayMs}, or a status, network or body`,
    ],
    [
      { operation: "getPet", body: "empty" },
      'body "empty" applies to listPets and listCategories only (got getPet)',
    ],
  ])("%#: refuses %j", (input, message) => {
    expect(() => parseFaultInput(input)).toThrow(FaultInputError);
    expect(thrown(() => parseFaultInput(input))).toBe(`FaultInputError: ${message}`);
  });
});

describe("hold", () => {
  it("holds until the client gives up, the fault is removed, or the registry is cleared", async () => {
    const faults = createFaultRegistry();
    const hang = faults.add({ network: "hang" });
    const applied = faults.take("listPets");
    if (!applied) throw new Error("no fault applied");
    const client = new AbortController();
    let released = 0;
    const byClient = faults.hold(applied, client.signal).then(() => released++);
    const byRemoval = faults.hold(applied).then(() => released++);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(released).toBe(0);
    client.abort();
    await byClient;
    expect(released).toBe(1);
    faults.remove(hang.id);
    await byRemoval;
    expect(released).toBe(2);

    const again = faults.add({ network: "hang" });
    const byClear = faults.hold({ id: again.id, operation: "*" });
    faults.clear();
    await byClear;
    await expect(faults.hold(applied, AbortSignal.abort())).resolves.toBeUndefined();
  });

  it("releases only the requests of the fault removed", async () => {
    const faults = createFaultRegistry();
    const removed = faults.add({ operation: "getPet", network: "hang" });
    const kept = faults.add({ operation: "listPets", network: "hang" });
    let keptReleased = false;
    const byKept = faults.hold(kept).then(() => {
      keptReleased = true;
    });
    const byRemoved = faults.hold(removed);
    faults.remove(removed.id);
    await byRemoved;
    expect(keptReleased).toBe(false);
    faults.remove(kept.id);
    await byKept;
  });

  it("keeps nothing of a request it let go", async () => {
    const faults = createFaultRegistry();
    const hang = faults.add({ network: "hang" });
    expect(await collected(await signalOfReleased(faults, hang))).toBe(true);
  });

  describe("on fake timers", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("once it lets go, leaves no timer running and no listener on the client's signal", async () => {
      const faults = createFaultRegistry();
      const hang = faults.add({ network: "hang" });
      const gaveUp = new AbortController();
      const waiting = new AbortController();
      const byClient = faults.hold(hang, gaveUp.signal);
      const byRemoval = faults.hold(hang, waiting.signal);
      expect(vi.getTimerCount()).toBe(2);
      gaveUp.abort();
      await byClient;
      faults.remove(hang.id);
      await byRemoval;
      expect(vi.getTimerCount()).toBe(0);
      expect(getEventListeners(gaveUp.signal, "abort")).toEqual([]);
      expect(getEventListeners(waiting.signal, "abort")).toEqual([]);
    });

    it(`gives up after ${faultLimits.hangMs} ms on its own`, async () => {
      const faults = createFaultRegistry();
      const fault = faults.add({ network: "hang" });
      let released = false;
      const held = faults.hold({ id: fault.id, operation: "*" }).then(() => {
        released = true;
      });
      await vi.advanceTimersByTimeAsync(faultLimits.hangMs - 1);
      expect(released).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await held;
      expect(released).toBe(true);
    });
  });
});

/** Holds a request, lets the client give up, and hands back only a weak reference to its signal. */
async function signalOfReleased(
  faults: FaultRegistry,
  fault: AppliedFault,
): Promise<WeakRef<AbortSignal>> {
  const client = new AbortController();
  const held = faults.hold(fault, client.signal);
  client.abort();
  await held;
  return new WeakRef(client.signal);
}
