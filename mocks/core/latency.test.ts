import { describe, expect, it } from "vitest";
import { latencyMs, parseLatency } from "./latency.js";

describe("parseLatency", () => {
  it("reads fixed milliseconds and ranges", () => {
    expect(parseLatency("200")).toBe(200);
    expect(parseLatency("100-400")).toEqual([100, 400]);
    expect(parseLatency(" 0 ")).toBe(0);
  });

  it.each(["", "abc", "-5", "400-100", "1.5", "100-"])(
    "rejects %j with a one-line reason",
    (text) => {
      expect(() => parseLatency(text)).toThrow(RangeError);
    },
  );
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
