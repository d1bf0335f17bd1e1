/** The request log's writer: one write per batch of lines, never one per request. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { bufferLines, flushAfterMs, maxBufferedBytes } from "./log-buffer.js";

afterEach(() => {
  vi.useRealTimers();
});

/** A writer that keeps each write as it was handed over, and its text. */
function writer() {
  const chunks: Uint8Array[] = [];
  return {
    chunks,
    write: (bytes: Uint8Array) => void chunks.push(bytes),
    texts: () => chunks.map((bytes) => Buffer.from(bytes).toString("utf8")),
  };
}

describe("bufferLines", () => {
  it("writes the lines of a burst together, once, after a short wait", () => {
    vi.useFakeTimers();
    const out = writer();
    const log = bufferLines(out.write);
    for (let index = 0; index < 100; index++) log.line(`GET /v1/pets ${index}`);
    expect(out.chunks).toEqual([]);
    vi.advanceTimersByTime(flushAfterMs);
    expect(out.texts()).toHaveLength(1);
    expect(out.texts()[0]?.split("\n")).toHaveLength(101);
    expect(out.texts()[0]).toMatch(/^GET \/v1\/pets 0\n[\s\S]*GET \/v1\/pets 99\n$/);
  });

  it("writes at once when the waiting lines would pass the bound, and loses none", () => {
    const out = writer();
    const log = bufferLines(out.write);
    const line = "x".repeat(1_000);
    const lines = Math.ceil((2.5 * maxBufferedBytes) / 1_001);
    for (let index = 0; index < lines; index++) log.line(line);
    expect(out.chunks.length).toBeGreaterThanOrEqual(2);
    for (const chunk of out.chunks) expect(chunk.byteLength).toBeLessThanOrEqual(maxBufferedBytes);
    log.flush();
    expect(out.texts().join("")).toBe(`${line}\n`.repeat(lines));
  });

  it("keeps each write's bytes its own: later lines never change what was handed over", () => {
    const out = writer();
    const log = bufferLines(out.write);
    log.line("first");
    log.flush();
    log.line("second, longer than the first");
    log.flush();
    expect(out.texts()).toEqual(["first\n", "second, longer than the first\n"]);
  });

  it("writes any text as UTF-8, a line longer than the buffer whole and in order", () => {
    const out = writer();
    const log = bufferLines(out.write);
    log.line("GET /v1/pets?name=Émile 200 0.4ms 🐕");
    const long = "é".repeat(maxBufferedBytes);
    log.line(long);
    log.line("after");
    log.flush();
    expect(out.texts().join("")).toBe(`GET /v1/pets?name=Émile 200 0.4ms 🐕\n${long}\nafter\n`);
  });

  it("flush() writes what is waiting, and nothing when nothing is", () => {
    const out = writer();
    const log = bufferLines(out.write);
    log.flush();
    log.line("POST /v1/pets 201 1.0ms");
    log.flush();
    log.flush();
    expect(out.texts()).toEqual(["POST /v1/pets 201 1.0ms\n"]);
  });
});
