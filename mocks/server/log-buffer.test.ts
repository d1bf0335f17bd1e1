/** The request log's writer: one write per batch of lines, never one per request. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { bufferLines, flushAfterMs, maxBufferedChars } from "./log-buffer.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("bufferLines", () => {
  it("writes the lines of a burst together, once, after a short wait", () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const log = bufferLines((text) => writes.push(text));
    for (let index = 0; index < 100; index++) log.line(`GET /v1/pets ${index}`);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(flushAfterMs);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.split("\n")).toHaveLength(101);
    expect(writes[0]).toMatch(/^GET \/v1\/pets 0\n[\s\S]*GET \/v1\/pets 99\n$/);
  });

  it("writes at once when the waiting lines grow past the bound", () => {
    const writes: string[] = [];
    const log = bufferLines((text) => writes.push(text));
    const line = "x".repeat(1_000);
    for (let index = 0; index * 1_001 < maxBufferedChars; index++) log.line(line);
    expect(writes).toHaveLength(1);
    log.flush();
  });

  it("flush() writes what is waiting, and nothing when nothing is", () => {
    const writes: string[] = [];
    const log = bufferLines((text) => writes.push(text));
    log.flush();
    log.line("POST /v1/pets 201 1.0ms");
    log.flush();
    log.flush();
    expect(writes).toEqual(["POST /v1/pets 201 1.0ms\n"]);
  });
});
