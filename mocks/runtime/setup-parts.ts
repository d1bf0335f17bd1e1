/**
 * What the one-call setups (`petstore-mock-kit/node` and `/browser`) share:
 * the mock's lifecycle (`createPetstore`) and the msw handlers over it. Each
 * entry only adds its msw runtime.
 */
import type { RequestHandler } from "msw";
import type { PactContract } from "../contract/pact.js";
import type { FaultRegistry } from "../core/faults.js";
import type { Journal } from "../core/journal.js";
import type { PetstoreOptions } from "../store/options.js";
import type { PetstoreStore } from "../store/store.js";
import {
  createPetstore,
  type PetstoreLifecycle,
  type PetstoreLifecycleOptions,
} from "./lifecycle.js";
import { petstoreHandlersFor } from "./msw-adapter.js";

export interface PetstoreParts {
  /** The typed store behind the handlers: arrange and inspect records. */
  readonly store: PetstoreStore;
  /** Faults to apply at run time: `add`, `list`, `remove`, `clear`, `preset`. */
  readonly faults: FaultRegistry;
  /** Every request the handlers answered: `all`, `forOperation`, `clear`. */
  readonly journal: Journal;
  /** The kit's handlers, for composing with your own msw setup. */
  readonly handlers: readonly RequestHandler[];
  /**
   * What the requests so far relied on, as a Pact v4 consumer contract: one
   * interaction per request shape, named after its test (a reset keeps it).
   */
  contract(): PactContract;
}

/** The lifecycle and msw handlers answering from it. */
export async function createPetstoreParts(
  options: PetstoreOptions &
    Pick<
      PetstoreLifecycleOptions,
      "contractRecorder" | "contractOnDemand" | "aidsOnDemand" | "aids" | "collectionsOnDemand"
    >,
): Promise<{ readonly parts: PetstoreParts; readonly petstore: PetstoreLifecycle }> {
  const petstore = await createPetstore(options);
  const { store, faults, journal } = petstore;
  const handlers = petstoreHandlersFor(petstore.handle, options.baseUrl);
  const contract = () => petstore.contract();
  return { parts: { store, faults, journal, handlers, contract }, petstore };
}
