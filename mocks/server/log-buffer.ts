/**
 * The request log's writer: lines are gathered and written together, once
 * per `flushAfterMs` or as soon as `maxBufferedChars` are waiting, instead of
 * one (synchronous, for a file or pipe) write per request. `flush()` writes
 * what is left; the server calls it when it closes.
 *
 * @example
 * const log = bufferLines((text) => process.stdout.write(text));
 * log.line("GET /v1/pets 200 0.4ms");
 * log.flush();
 */

/** How long a line may wait before it is written, in ms. */
export const flushAfterMs = 50;
/** Beyond this many waiting characters the lines are written at once. */
export const maxBufferedChars = 64 * 1024;

interface LineBuffer {
  /** Adds one line (without its newline). */
  line(text: string): void;
  /** Writes every waiting line now. */
  flush(): void;
}

export function bufferLines(write: (text: string) => void): LineBuffer {
  let waiting = "";
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (waiting === "") return;
    const text = waiting;
    waiting = "";
    write(text);
  }

  return {
    line(text) {
      waiting += `${text}\n`;
      if (waiting.length >= maxBufferedChars) flush();
      else if (timer === undefined) {
        timer = setTimeout(flush, flushAfterMs);
        timer.unref();
      }
    },
    flush,
  };
}
