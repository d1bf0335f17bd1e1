/**
 * The run-time controls every runtime offers beside the store: the faults and
 * the journal, and a reset to how start-up left them. Runtime-neutral; the
 * node and browser entries, the standalone server and its admin endpoints all
 * hold one of these.
 *
 * @example
 * const controls = createMockControls({ preset: "slow-network", journalSize: 200 });
 * const handle = createPetstoreCore({ store, ...controls });
 */
import { createFaultRegistry, type FaultRegistry } from "./faults.js";
import { createJournal, type Journal } from "./journal.js";
import type { CoreOptions } from "./options.js";

/** Which faults are active from the start (and again after every reset), and the journal's size. */
export type MockControlsOptions = Pick<CoreOptions, "faults" | "preset" | "journalSize">;

export interface MockControls {
  readonly faults: FaultRegistry;
  readonly journal: Journal;
  /** Back to the start-up faults, with an empty journal. */
  reset(): void;
  /** @deprecated Use `reset()`: "restore" now only means loading a store snapshot. */
  restore(): void;
}

/** Builds the controls; throws a RangeError naming the bad start-up fault, preset or size. */
export function createMockControls(options: MockControlsOptions = {}): MockControls {
  const faults = createFaultRegistry();
  const journal = createJournal({ size: options.journalSize });
  const reset = () => {
    faults.clear();
    if (options.preset !== undefined) faults.preset(options.preset);
    for (const fault of options.faults ?? []) faults.add(fault);
    journal.clear();
  };
  reset();
  return { faults, journal, reset, restore: reset };
}
