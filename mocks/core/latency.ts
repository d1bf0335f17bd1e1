/** Simulated latency: a fixed number of milliseconds or a uniform range. */

export type Latency = number | readonly [min: number, max: number];

/** Parses `200` or `100-400`; throws a RangeError with a one-line reason otherwise. */
export function parseLatency(text: string): Latency {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!match?.[1]) {
    throw new RangeError(
      `latency must be milliseconds (e.g. 200) or a range (e.g. 100-400), got "${text}"`,
    );
  }
  const min = Number(match[1]);
  if (match[2] === undefined) return min;
  const max = Number(match[2]);
  if (max < min) throw new RangeError(`latency range must be low-high, got "${text}"`);
  return [min, max];
}

export function latencyMs(latency: Latency | undefined): number {
  if (latency === undefined) return 0;
  if (typeof latency === "number") return latency;
  const [min, max] = latency;
  return min + Math.round(Math.random() * (max - min));
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits `ms`, or less when the client gives up first. `track` is handed the
 * way to end the wait early and returns what to do once it has ended.
 */
export function wait(
  ms: number,
  signal: AbortSignal | undefined,
  track?: (release: () => void) => () => void,
): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      untrack?.();
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done);
    const untrack = track?.(done);
  });
}
