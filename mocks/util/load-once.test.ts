import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once.js";

describe("loadOnce", () => {
  it("loads once however many ask, and has the value at hand after", async () => {
    let loads = 0;
    const code = loadOnce(async () => {
      loads++;
      return { answer: 42 };
    });
    expect(code.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect(first).toBe(second);
    expect(code.loaded()).toBe(first);
    await code.load();
    expect(loads).toBe(1);
  });

  it("tries again after a failed load", async () => {
    let loads = 0;
    const code = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error("chunk refused");
      return "here";
    });
    await expect(code.load()).rejects.toThrow("chunk refused");
    expect(code.loaded()).toBeUndefined();
    await expect(code.load()).resolves.toBe("here");
    expect(loads).toBe(2);
  });
});
