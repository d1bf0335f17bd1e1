/**
 * The request log's writer: lines are gathered and written together, once
 * per `flushAfterMs` or as soon as the next line might not fit in
 * `maxBufferedBytes`, instead of one (synchronous, for a file or pipe) write
 * per request. The lines wait as
 * UTF-8 bytes in a buffer outside the JavaScript heap: a line is encoded once
 * as it comes, and nothing of it is left for the collector to copy while it
 * waits or to join when it goes (a string built line by line was both, a
 * few per cent of a busy server's time). Each write is handed a buffer of its
 * own, never reused. `flush()` writes what is left; the server calls it when
 * it closes.
 *
 * A request's line comes as its parts (`timed`): the part before the
 * duration is the same line after line (a client repeats its requests), so
 * its bytes are kept from the last line that had it and copied, and the
 * duration's digits are written in place; no text is built or encoded.
 *
 * @example
 * const log = bufferLines((bytes) => process.stdout.write(bytes));
 * log.line("petstore-mock: state saved");
 * log.timed("GET /v1/pets 200 ", 0.42, ""); // GET /v1/pets 200 0.4ms
 * log.flush();
 */

/** How long a line may wait before it is written, in ms. */
export const flushAfterMs = 50;
/** At most this many bytes wait: a line that might not fit beside them sends them first. */
export const maxBufferedBytes = 64 * 1024;

/**
 * A duration in ms with one decimal, as `toFixed(1)` writes it but for a
 * tie, which `ms × 10` may round the other way (in a fifth of its time).
 */
export function tenths(ms: number): string {
  if (!inPlace(ms)) return ms.toFixed(1);
  const rounded = Math.round(ms * 10);
  const whole = Math.floor(rounded / 10);
  return `${whole}.${rounded - whole * 10}`;
}

/** A duration `tenths` writes as digits, a point and a digit. */
const inPlace = (ms: number) => ms >= 0 && ms < 1e9;

/** A request's line of its parts: the head, the duration in ms with one decimal, the tail. */
export const timedLine = (head: string, durationMs: number, tail: string): string =>
  `${head}${tenths(durationMs)}ms${tail}`;

/** What a request's line can pass to `timed`: a writer of its parts. */
export interface TimedLines {
  /** Adds the line `timedLine(head, durationMs, tail)`: the bytes `line` would write for it. */
  timed(head: string, durationMs: number, tail: string): void;
}

export interface LineBuffer extends TimedLines {
  /** Adds one line (without its newline). */
  line(text: string): void;
  /** Writes every waiting line now. */
  flush(): void;
}

const newline = 0x0a;
const zero = 0x30;
const point = 0x2e;
/** `ms` */
const unit = [0x6d, 0x73] as const;
/** The longest duration `timed` writes in place, `1000000000.0ms` (999,999,999.96 rounded). */
const durationBytes = 14;

export function bufferLines(write: (bytes: Uint8Array) => void): LineBuffer {
  let buffer = Buffer.allocUnsafe(maxBufferedBytes);
  let used = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (used === 0) return;
    const bytes = buffer.subarray(0, used);
    // The writer may keep what it is given (an asynchronous pipe): the next lines go elsewhere.
    buffer = Buffer.allocUnsafe(maxBufferedBytes);
    used = 0;
    write(bytes);
  }

  /** Starts the wait for a flush, unless one is under way. */
  function armed(): void {
    if (timer === undefined) {
      timer = setTimeout(flush, flushAfterMs);
      timer.unref();
    }
  }

  let lastHead: string | undefined;
  let lastHeadBytes = Buffer.alloc(0);

  function line(text: string): void {
    // A line's UTF-8 is at most 3 bytes a UTF-16 unit; one that may not fit goes after what waits.
    if (used + text.length * 3 + 1 > maxBufferedBytes) {
      flush();
      if (text.length * 3 + 1 > maxBufferedBytes) {
        write(Buffer.from(`${text}\n`));
        return;
      }
    }
    used += buffer.write(text, used, "utf8");
    buffer[used++] = newline;
    armed();
  }

  /** Writes the digits of a whole number from 0 to 999,999,999 at `used`. */
  function writeWhole(whole: number): void {
    if (whole < 10) {
      buffer[used++] = zero + whole;
      return;
    }
    const digits = String(whole);
    for (let index = 0; index < digits.length; index++) {
      buffer[used++] = digits.charCodeAt(index);
    }
  }

  function timed(head: string, durationMs: number, tail: string): void {
    if (head !== lastHead) {
      lastHeadBytes = Buffer.from(head, "utf8");
      lastHead = head;
    }
    const room = lastHeadBytes.length + durationBytes + tail.length * 3 + 1;
    // A duration outside the digits written in place, or a line longer than the buffer, goes as text.
    if (!inPlace(durationMs) || room > maxBufferedBytes) {
      line(timedLine(head, durationMs, tail));
      return;
    }
    if (used + room > maxBufferedBytes) flush();
    buffer.set(lastHeadBytes, used);
    used += lastHeadBytes.length;
    const rounded = Math.round(durationMs * 10);
    const whole = Math.floor(rounded / 10);
    writeWhole(whole);
    buffer[used++] = point;
    buffer[used++] = zero + rounded - whole * 10;
    buffer[used++] = unit[0];
    buffer[used++] = unit[1];
    if (tail !== "") used += buffer.write(tail, used, "utf8");
    buffer[used++] = newline;
    armed();
  }

  return { line, timed, flush };
}
