/**
 * The phases a program under callgrind marks (`instruction-count.ts`,
 * `setup-count.ts`): each `mark` calls `process.threadCpuUsage()`, which
 * callgrind is told to dump its counts before, so each dump holds the
 * instructions run since the mark before; `labels` name them in dump order.
 */
import { spin, spinCalibration } from "./busy-loop.js";

export const labels: string[] = [];

/** Ends a phase: callgrind dumps what ran since the last mark, under `label`. */
export function mark(label: string): void {
  process.threadCpuUsage();
  labels.push(label);
}

/** `gc()`, which the counted programs need (`--expose-gc`): collections between phases, not in them. */
export function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc");
  gc();
}

/**
 * The first phases: `start` (the busy loop compiled, the heap collected)
 * and `spin`, the busy loop's calibration (short calls, as a slowed
 * operation makes them).
 */
export function calibrate(): void {
  spin(1);
  collect();
  mark("start");
  for (let call = 0; call < spinCalibration.calls; call++) spin(spinCalibration.iterations);
  mark("spin");
}
