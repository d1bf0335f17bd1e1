/**
 * `petstore-mock-kit/browser`: the stateful mock inside a web page, served by
 * msw's service worker. Same handlers and store as the Node entry; nothing here
 * imports Node.
 *
 * @example
 * // once: npx msw init public --save
 * const petstore = await setupPetstoreWorker({ seed: 7, persist: "session" });
 * await petstore.start();
 * await fetch("/v1/pets?limit=5", { headers: { Authorization: "Bearer petstore-dev-key" } });
 */
import type { RequestHandler } from "msw";
import { type SetupWorker, type StartOptions, setupWorker } from "msw/browser";
import { type PersistMode, persistInBrowser } from "./browser-persistence.js";
import { createPetstoreHandlers } from "./msw.js";
import { type PetstoreOptions, seedOptionsOf } from "./setup-options.js";
import type { PetstoreStore } from "./store.js";
import { createPetstoreStore } from "./store.js";

export interface PetstoreWorker {
  /** The underlying msw worker (for `use`, events, ...). */
  readonly worker: SetupWorker;
  /** The typed store behind the handlers: arrange and inspect records. */
  readonly store: PetstoreStore;
  /** The kit's handlers, for composing with your own msw setup. */
  readonly handlers: readonly RequestHandler[];
  /**
   * Registers the service worker and starts intercepting. Requests the mock does
   * not handle go to the network (`onUnhandledRequest: "bypass"`) unless you say
   * otherwise. Rejects with a how-to-fix message when the worker script is missing.
   */
  start(options?: StartOptions): Promise<ServiceWorkerRegistration | undefined>;
  /**
   * Removes runtime handlers added with `worker.use` and restores the seeded
   * store (and forgets the state `persist` saved).
   */
  reset(): Promise<void>;
  /** Stops intercepting for this page. */
  stop(): void;
}

export interface PetstoreWorkerOptions extends PetstoreOptions {
  /**
   * Keep the data across reloads: `"session"` in sessionStorage (this tab),
   * `"local"` in localStorage (every tab of the origin). Off by default.
   */
  persist?: PersistMode | undefined;
}

const defaultWorkerUrl = "/mockServiceWorker.js";

/** Whether the worker script is missing at `url`: not found, or answered by an HTML fallback page. */
async function isWorkerScriptMissing(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { cache: "no-store" });
    const type = response.headers.get("content-type") ?? "";
    return !response.ok || !/javascript/i.test(type);
  } catch {
    return false;
  }
}

function missingWorkerMessage(url: string): string {
  const absolute = new URL(url, location.href).href;
  return [
    `[petstore-mock-kit] The msw worker script was not found at ${absolute}.`,
    "Copy it into the folder your app serves at its root (Vite: public/) with:",
    "  npx msw init <public dir> --save",
    "(--save records the folder in package.json so the script is updated with msw.)",
  ].join("\n");
}

export async function setupPetstoreWorker(
  options: PetstoreWorkerOptions = {},
): Promise<PetstoreWorker> {
  const store = await createPetstoreStore(seedOptionsOf(options));
  const persistence =
    options.persist === undefined ? undefined : await persistInBrowser(store, options.persist);
  const handlers = createPetstoreHandlers({ ...options, store });
  const worker = setupWorker(...handlers);
  return {
    worker,
    store,
    handlers,
    async start(startOptions) {
      try {
        return await worker.start({ onUnhandledRequest: "bypass", ...startOptions });
      } catch (error) {
        const url = startOptions?.serviceWorker?.url ?? defaultWorkerUrl;
        if (!(await isWorkerScriptMissing(url))) throw error;
        const message = missingWorkerMessage(url);
        console.error(message);
        throw new Error(message, { cause: error });
      }
    },
    async reset() {
      worker.resetHandlers();
      await store.reset();
      persistence?.clear();
    },
    stop: () => worker.stop(),
  };
}

export { type PersistMode, persistKey } from "./browser-persistence.js";
export { type PetstoreOptions, seedOptionsOf } from "./setup-options.js";
export type { PetstoreStore, SeedOptions } from "./store.js";
export type * from "./types.js";
