/**
 * The mock's core: the request pipeline (./petstore-core.ts) with everything
 * it writes down in hand from the start, so it answers at once when nothing
 * has to wait. Every Node runtime's core.
 *
 * @example
 * const handle = createPetstoreCore({ store: await createPetstoreStore() });
 * const response = await handle({ method: "GET", path: "/pets", query: "limit=5",
 *   header: (name) => (name === "authorization" ? "Bearer petstore-dev-key" : undefined),
 *   body: undefined });
 */
import { coreAids } from "./aids.js";
import type { PetstoreCore } from "./exchange.js";
import { createCorePipeline, type PetstoreCoreOptions } from "./petstore-core.js";

export type { PetstoreCore } from "./exchange.js";
export type { ObservedExchange, PetstoreCoreOptions } from "./petstore-core.js";

export function createPetstoreCore(options: PetstoreCoreOptions): PetstoreCore {
  return createCorePipeline(options, coreAids);
}
