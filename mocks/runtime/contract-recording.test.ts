import { describe, expect, it, vi } from "vitest";
import { ContractNotRecordedError, defaultContractNames } from "../contract/contract-names.js";
import type { ContractRecorder } from "../contract/recorder.js";
import type { ObservedExchange } from "../core/petstore-core.js";
import { coreRequest } from "../test-support/core-request.js";
import { contractRecorderOf, queuedExchanges } from "./contract-recording.js";
import { createPetstore } from "./lifecycle.js";

const options = { categoryExists: () => true };
const exchange = (n: number) => ({ n }) as unknown as ObservedExchange;

/** A recorder that keeps what it observes, and a load the test settles when it wants. */
function deferredLoad() {
  const seen: unknown[] = [];
  const recorder: ContractRecorder = {
    observe: (observed) => void seen.push(observed),
    interactions: () => seen as never,
    contract: (names) => ({ ...names, seen }) as never,
    clear: () => void seen.splice(0),
  };
  let settle: (result: ContractRecorder | Error) => void = () => undefined;
  const load = () =>
    new Promise<ContractRecorder>((resolve, reject) => {
      settle = (result) => (result instanceof Error ? reject(result) : resolve(result));
    });
  return { seen, recorder, load, settle: (result: ContractRecorder | Error) => settle(result) };
}

describe("the consumer contract's recorder, loaded on demand", () => {
  it("records the exchanges answered before its code arrived, in order, then the rest", async () => {
    const loading = deferredLoad();
    const recorder = await contractRecorderOf(options, { onDemand: true, load: loading.load });
    expect(recorder.interactions()).toEqual([]);
    recorder.observe(exchange(1));
    recorder.observe(exchange(2));
    expect(() => recorder.interactions()).toThrow(/still loading/);
    loading.settle(loading.recorder);
    await vi.waitFor(() => expect(recorder.interactions()).toEqual([exchange(1), exchange(2)]));
    recorder.observe(exchange(3));
    expect(recorder.interactions()).toEqual([exchange(1), exchange(2), exchange(3)]);
    recorder.clear();
    expect(recorder.interactions()).toEqual([]);
  });

  it("builds the contract with the recorder's code: asked for before it arrives, it says so", async () => {
    const loading = deferredLoad();
    const recorder = await contractRecorderOf(options, { onDemand: true, load: loading.load });
    expect(() => recorder.contract(defaultContractNames)).toThrow(/still loading/);
    recorder.observe(exchange(1));
    loading.settle(loading.recorder);
    await vi.waitFor(() =>
      expect(recorder.contract(defaultContractNames)).toEqual({
        ...defaultContractNames,
        seen: [exchange(1)],
      }),
    );
  });

  it("forgets the waiting exchanges on clear(), and holds at most its cap of them", async () => {
    const loading = deferredLoad();
    const recorder = await contractRecorderOf(options, { onDemand: true, load: loading.load });
    recorder.observe(exchange(0));
    recorder.clear();
    for (let n = 1; n <= queuedExchanges + 5; n++) recorder.observe(exchange(n));
    loading.settle(loading.recorder);
    await vi.waitFor(() => expect(recorder.interactions()).toHaveLength(queuedExchanges));
    expect(loading.seen[0]).toEqual(exchange(1));
  });

  it("says so when its code cannot load, and never costs an answer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const loading = deferredLoad();
      const recorder = await contractRecorderOf(options, { onDemand: true, load: loading.load });
      recorder.observe(exchange(1));
      loading.settle(new Error("chunk refused"));
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      expect(warn.mock.calls[0]?.[0]).toBe(
        "petstore-mock-kit: the consumer contract could not load: chunk refused",
      );
      recorder.observe(exchange(2));
      expect(() => recorder.interactions()).toThrow(/could not load: chunk refused/);
    } finally {
      warn.mockRestore();
    }
  });

  it("is loaded before the mock starts unless on demand", async () => {
    const loading = deferredLoad();
    let started = false;
    const made = contractRecorderOf(options, { load: loading.load }).then((recorder) => {
      started = true;
      return recorder;
    });
    await Promise.resolve();
    expect(started).toBe(false);
    loading.settle(loading.recorder);
    expect(await made).toBe(loading.recorder);
  });

  it("a mock with its recorder on demand still puts its first answers in the contract", async () => {
    const petstore = await createPetstore({ contract: {}, contractOnDemand: true });
    const request = coreRequest("GET", "/pets/7", {
      headers: { authorization: "Bearer petstore-dev-key" },
    });
    expect((await petstore.handle(request)).status).toBe(200);
    await vi.waitFor(() =>
      expect(petstore.contract().interactions.map((i) => i.description)).toEqual([
        expect.stringMatching(/getPet 200$/),
      ]),
    );
  });

  it("is not made without the contract option: the requests pay for no recorder, contract() says how to get one", async () => {
    let made = 0;
    const contractRecorder = () => {
      made++;
      return deferredLoad().recorder;
    };
    const petstore = await createPetstore({ contractRecorder });
    const request = coreRequest("GET", "/pets/7", {
      headers: { authorization: "Bearer petstore-dev-key" },
    });
    expect((await petstore.handle(request)).status).toBe(200);
    expect(made).toBe(0);
    expect(petstore.contractRecorder).toBeUndefined();
    expect(() => petstore.contract()).toThrow(ContractNotRecordedError);
    expect(() => petstore.contract()).toThrow(/set it up with the contract option/);
    const recording = await createPetstore({ contractRecorder, contract: {} });
    expect(made).toBe(1);
    expect(recording.contractRecorder).toBeDefined();
  });
});
