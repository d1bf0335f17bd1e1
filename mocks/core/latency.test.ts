import { afterEach, describe, expect, it, vi } from "vitest";
import { latencyMs, parseLatency } from "./latency.js";

describe("parseLatency", () => {
  it("reads fixed milliseconds and ranges", () => {
    expect(parseLatency("200")).toBe(200);
    expect(parseLatency("100-400")).toEqual([100, 400]);
    expect(parseLatency(" 0 ")).toBe(0);
    expect(parseLatency(" 100 - 400 ")).toEqual([100, 400]);
    expect(parseLatency("100-100")).toEqual([100, 100]);
  });

  it.each(["", "abc", "-5", "1.5", "100-", "100-400x"])("rejects %j, naming both forms", (text) => {
    expect(() => parseLatency(text)).toThrow(
      new RangeError(
        `latency must be milliseconds (e.g. 200) or a range (e.g. 100-400), got "${text}"`,
      ),
    );
  });

  it("rejects a range from high to low", () => {
    expect(() => parseLatency("400-100")).toThrow(
      new RangeError('latency range must be low-high, got "400-100"'),
    );
  });
});

describe("latencyMs", () => {
  it("stays within a range", () => {
    for (let i = 0; i < 200; i++) {
      const ms = latencyMs([100, 120]);
      expect(ms).toBeGreaterThanOrEqual(100);
      expect(ms).toBeLessThanOrEqual(120);
    }
    expect(latencyMs(undefined)).toBe(0);
    expect(latencyMs(35)).toBe(35);
  });
});

describe("latencyMs over a range", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [0, 100],
    [0.5, 110],
    [0.999, 120],
  ])("spreads uniformly: a random %s gives %s ms in 100-120", (random, ms) => {
    vi.spyOn(Math, "random").mockReturnValue(random);
    expect(latencyMs([100, 120])).toBe(ms);
  });
});
