/**
 * What the one-call setups (`petstore-mock-kit/node` and `/browser`) share:
 * the mock's lifecycle (`createPetstore`) and the msw handlers over it. Each
 * entry only adds its msw runtime.
 */
import type { RequestHandler } from "msw";
import type { PetstoreOptions } from "../store/options.js";
import {
  createPetstore,
  type PetstoreLifecycle,
  type PetstoreLifecycleOptions,
} from "./lifecycle.js";
import { petstoreHandlersFor } from "./msw-adapter.js";

export interface PetstoreParts
  extends Pick<PetstoreLifecycle, "store" | "faults" | "journal" | "contract"> {
  /** The kit's handlers, for composing with your own msw setup. */
  readonly handlers: readonly RequestHandler[];
}

/** The lifecycle and msw handlers answering from it. */
export async function createPetstoreParts(
  options: PetstoreOptions & PetstoreLifecycleOptions,
): Promise<{ readonly parts: PetstoreParts; readonly petstore: PetstoreLifecycle }> {
  const petstore = await createPetstore(options);
  const { store, faults, journal } = petstore;
  const handlers = petstoreHandlersFor(petstore.handle, options.baseUrl);
  const contract = () => petstore.contract();
  return { parts: { store, faults, journal, handlers, contract }, petstore };
}
