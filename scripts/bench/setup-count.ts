/**
 * The program the set-up gauge (`instruction-gate.ts`) runs under valgrind's
 * callgrind: what a test file pays before its first request, in a fresh
 * process. The kit: `import("petstore-mock-kit/node")` (the built entry)
 * and `await setupPetstore()`; the baseline: msw and `msw/node` imported and
 * `setupServer` with one static handler, as the footprint section's plain
 * msw suite does. One phase (`setup`), marked as `instruction-count.ts`
 * marks its phases, after the busy loop's calibration (`spin`).
 *
 * Not run by hand: `instruction-gate.ts` bundles it (esbuild) and passes
 * one JSON argument, `SetupRun`.
 */
import { spin } from "./busy-loop.js";
import { calibrate, collect, labels, mark } from "./counted-phases.js";

export interface SetupRun {
  readonly handler: "kit" | "bare";
  /** URLs of the built kit's node entry, msw and msw/node (a bundled child resolves no package). */
  readonly urls: { readonly kit: string; readonly msw: string; readonly mswNode: string };
  /** Iterations of the busy loop run inside the set-up (the gate's proof); 0 for none. */
  readonly spinIterations: number;
}

async function setUp({ handler, urls }: SetupRun): Promise<void> {
  if (handler === "kit") {
    const { setupPetstore } = (await import(urls.kit)) as typeof import("../../mocks/node.js");
    await setupPetstore();
    return;
  }
  const { HttpResponse, http } = (await import(urls.msw)) as typeof import("msw");
  const { setupServer } = (await import(urls.mswNode)) as typeof import("msw/node");
  setupServer(
    http.get("*/v1/pets", () => HttpResponse.json([{ id: 1, name: "Rex", categoryId: 1 }])),
  );
}

async function main(run: SetupRun): Promise<void> {
  // The busy loop compiled and calibrated first, each phase from a collected heap.
  calibrate();
  collect();
  mark("between");
  if (run.spinIterations > 0) spin(run.spinIterations);
  await setUp(run);
  mark("setup");
  process.stdout.write(JSON.stringify(labels));
}

await main(JSON.parse(process.argv[2] ?? "{}") as SetupRun);
