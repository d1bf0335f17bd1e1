/**
 * The msw handlers over a core of their own: `createPetstoreHandlers`
 * (the handlers themselves are ./msw-adapter.ts's).
 *
 * @example
 * const store = await createPetstoreStore();
 * const server = setupServer(...createPetstoreHandlers({ store }));
 */
import type { HttpHandler } from "msw";
import { createPetstoreCore, type PetstoreCoreOptions } from "../core/create-core.js";
import { petstoreHandlersFor } from "./msw-adapter.js";

export { petstoreHandlersFor } from "./msw-adapter.js";

export interface PetstoreHandlersOptions extends PetstoreCoreOptions {
  /**
   * The API base URL to intercept, e.g. `https://api.example.com/v1` or `/v1`
   * (relative to the page in a browser). Default: any origin, any path ending in `/v1`.
   */
  readonly baseUrl?: string | undefined;
}

export function createPetstoreHandlers(options: PetstoreHandlersOptions): HttpHandler[] {
  return petstoreHandlersFor(createPetstoreCore(options), options.baseUrl);
}
