/** The request log's writer: one write per batch of lines, never one per request. */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bufferLines, flushAfterMs, maxBufferedBytes, tenths } from "./log-buffer.js";

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

  describe("timed lines", () => {
    /** What `line` writes for the same parts. */
    const asText = (head: string, ms: number, tail: string) => `${head}${tenths(ms)}ms${tail}\n`;
    const durations = fc.oneof(
      fc.double({ min: 0, max: 1e9, noNaN: true }),
      fc.integer({ min: 0, max: 2_000 }).map((tenth) => tenth / 10 + 0.05),
      fc.constantFrom(0, 0.04, 0.05, 0.95, 9.95, 999_999_999.96, 1e9, -0.04, -1, Number.NaN),
      fc.constantFrom(Number.POSITIVE_INFINITY, Number.MIN_VALUE, 1e21),
    );
    const heads = fc.constantFrom(
      "GET /v1/pets 200 ",
      "GET /v1/pets?name=Émile 200 ",
      "POST /v1/pets 201 ",
      "",
    );
    const tails = fc.constantFrom("", " staging.example.com", " mock (fallback)", " 🐕");

    it("write the bytes `line` writes for the same text, whatever the duration, head or tail", () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(heads, durations, tails), { maxLength: 20 }), (lines) => {
          const out = writer();
          const log = bufferLines(out.write);
          for (const [head, ms, tail] of lines) log.timed(head, ms, tail);
          log.flush();
          expect(out.texts().join("")).toBe(lines.map((parts) => asText(...parts)).join(""));
        }),
        { numRuns: 2_000 },
      );
    });

    it("keep lines whole and in order across the buffer's bound, a head longer than the buffer too", () => {
      const out = writer();
      const log = bufferLines(out.write);
      // Heads of many lengths, so that some line's head fits before the bound and its duration would not.
      const headOf = (index: number) => `GET /v1/pets?q=${"x".repeat((index * 37) % 211)} 200 `;
      const tailOf = (index: number) => (index % 5 === 0 ? " mock (fallback)" : "");
      const count = Math.ceil((20 * maxBufferedBytes) / 120);
      const expected: string[] = [];
      for (let index = 0; index < count; index++) {
        log.timed(headOf(index), index / 7, tailOf(index));
        expected.push(asText(headOf(index), index / 7, tailOf(index)));
      }
      const huge = `GET /${"é".repeat(maxBufferedBytes)} 200 `;
      log.timed(huge, 1, " mock");
      log.timed(headOf(1), 2, "");
      log.flush();
      expect(out.chunks.length).toBeGreaterThan(20);
      expect(out.texts().join("")).toBe(
        `${expected.join("")}${asText(huge, 1, " mock")}${asText(headOf(1), 2, "")}`,
      );
    });

    it("make room for the longest duration: a line that just does not fit goes after the waiting ones", () => {
      const out = writer();
      const log = bufferLines(out.write);
      const last = "GET / 200 ";
      const longest = 999_999_999.96; // 1000000000.0ms
      // Fill the buffer until the last line's head and 13 bytes of it would fit, its 15th would not.
      let room = maxBufferedBytes - (last.length + 14);
      const filled: string[] = [];
      while (room > 0) {
        const head = "x".repeat(Math.min(1_000, room - 6));
        log.timed(head, 0, "");
        filled.push(asText(head, 0, ""));
        room -= head.length + 6;
      }
      log.timed(last, longest, "");
      log.flush();
      expect(out.texts()).toEqual([filled.join(""), asText(last, longest, "")]);
    });
  });
});
