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
 * @example
 * const log = bufferLines((bytes) => process.stdout.write(bytes));
 * log.line("GET /v1/pets 200 0.4ms");
 * log.flush();
 */

/** How long a line may wait before it is written, in ms. */
export const flushAfterMs = 50;
/** At most this many bytes wait: a line that might not fit beside them sends them first. */
export const maxBufferedBytes = 64 * 1024;

interface LineBuffer {
  /** Adds one line (without its newline). */
  line(text: string): void;
  /** Writes every waiting line now. */
  flush(): void;
}

const newline = 0x0a;

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

  return {
    line(text) {
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
      if (timer === undefined) {
        timer = setTimeout(flush, flushAfterMs);
        timer.unref();
      }
    },
    flush,
  };
}
