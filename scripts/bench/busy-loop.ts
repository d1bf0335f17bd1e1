/** The gate proof's slowdown: a loop of pure arithmetic, the same work every iteration. */

/** Calls of `spin` the instruction gauge counts once, to learn what an iteration costs. */
export const spinCalibration = { calls: 400, iterations: 250 } as const;

let sink = 0;
export function spin(iterations: number): void {
  let value = sink;
  for (let index = 0; index < iterations; index++) value = (value * 1103515245 + 12345) | 0;
  sink = value;
}
