/**
 * What the one-call setups (`petstore-mock-kit/node` and `/browser`) share:
 * the store, the faults, the journal and the msw handlers over them, and the
 * reset of all three. Each entry only adds its msw runtime.
 */
import type { RequestHandler } from "msw";
import { createMockControls } from "./core/controls.js";
import type { FaultRegistry } from "./core/faults.js";
import type { Journal } from "./core/journal.js";
import { recordLimitsOf } from "./core/limits.js";
import { createPetstoreHandlers } from "./msw.js";
import { type PetstoreOptions, seedOptionsOf } from "./options.js";
import { createPetstoreStore, type PetstoreStore } from "./store.js";

export interface PetstoreParts {
  /** The typed store behind the handlers: arrange and inspect records. */
  readonly store: PetstoreStore;
  /** Faults to apply at run time: `add`, `list`, `remove`, `clear`, `preset`. */
  readonly faults: FaultRegistry;
  /** Every request the handlers answered: `all`, `forOperation`, `clear`. */
  readonly journal: Journal;
  /** The kit's handlers, for composing with your own msw setup. */
  readonly handlers: readonly RequestHandler[];
}

/** Builds the parts; `restore` brings store, faults and journal back to their start. */
export async function createPetstoreParts(
  options: PetstoreOptions,
): Promise<PetstoreParts & { restore(): Promise<void> }> {
  const controls = createMockControls(options);
  const store = await createPetstoreStore(seedOptionsOf(options), recordLimitsOf(options));
  const handlers = createPetstoreHandlers({ ...options, store, ...controls });
  return {
    store,
    faults: controls.faults,
    journal: controls.journal,
    handlers,
    async restore() {
      await store.reset();
      controls.restore();
    },
  };
}
