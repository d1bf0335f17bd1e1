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
import { type SetupWorker, type StartOptions, setupWorker } from "msw/browser";
import { type FaultPreset, faultPresetNames } from "./core/faults.js";
import { createPetstoreParts, type PetstoreParts } from "./runtime/setup-parts.js";
import { withUnhandledDefault } from "./runtime/unhandled.js";
import type { PetstoreWorkerOptions } from "./store/options.js";

/** The URL query parameter and `localStorage` key that select a preset. */
export const presetKey = "petstore-preset";

export interface PetstoreWorker extends PetstoreParts {
  /** The underlying msw worker (for `use`, events, ...). */
  readonly worker: SetupWorker;
  /** The preset in effect from the start (option, URL or localStorage), if any. */
  readonly preset: FaultPreset | undefined;
  /**
   * Registers the service worker and starts intercepting. Requests the mock does
   * not handle go to the network, without a warning each, unless you say otherwise
   * (msw 2: `onUnhandledRequest`, msw 3: `onUnhandledFrame`). Rejects with a how-to-fix message when the worker script is missing.
   */
  start(options?: StartOptions): Promise<ServiceWorkerRegistration | undefined>;
  /**
   * Removes runtime handlers added with `worker.use`, restores the seeded
   * store and the start-up faults, empties the journal, and forgets the state
   * `persist` saved.
   */
  reset(): Promise<void>;
  /** Stops intercepting for this page (msw 3 returns a Promise, msw 2 nothing). */
  stop(): ReturnType<SetupWorker["stop"]>;
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

/** The preset the page asks for, if it names a known one; an unknown name is reported and ignored. */
function pagePreset(): FaultPreset | undefined {
  let name: string | null = new URLSearchParams(location.search).get(presetKey);
  try {
    name ??= localStorage.getItem(presetKey);
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): no preset then.
  }
  if (name === null || name === "") return undefined;
  if ((faultPresetNames as readonly string[]).includes(name)) return name as FaultPreset;
  console.warn(
    `[petstore-mock-kit] Unknown preset ${JSON.stringify(name.slice(0, 40))} ignored; presets: ${faultPresetNames.join(", ")}.`,
  );
  return undefined;
}

export async function setupPetstoreWorker(
  options: PetstoreWorkerOptions = {},
): Promise<PetstoreWorker> {
  if (options.contract?.file !== undefined) {
    throw new RangeError(
      "contract.file is for Node runtimes; in a page, call petstore.contract() and send it where it is needed",
    );
  }
  const preset = options.preset ?? (options.presetFromPage === false ? undefined : pagePreset());
  const { parts, petstore } = await createPetstoreParts({
    ...options,
    ...(preset ? { preset } : {}),
    contractOnDemand: true,
    aidsOnDemand: true,
    collectionsOnDemand: true,
  });
  const worker = setupWorker(...parts.handlers);
  const persistence =
    options.persist === undefined
      ? undefined
      : await (await import("./runtime/late-code.js")).persistInBrowser(
          parts.store,
          options.persist,
        );
  return {
    ...parts,
    worker,
    preset,
    async start(startOptions) {
      try {
        return await worker.start(withUnhandledDefault("bypass", startOptions));
      } catch (error) {
        const url = startOptions?.serviceWorker?.url ?? defaultWorkerUrl;
        if (!(await isWorkerScriptMissing(url))) throw error;
        // The hint's own chunk; should it fail to load too, msw's error stands.
        const hint = await import("./runtime/worker-hint.js").catch(() => undefined);
        if (hint === undefined) throw error;
        const { missingWorkerMessage, mswMajorOf } = hint;
        const message = missingWorkerMessage(new URL(url, location.href).href, mswMajorOf(worker));
        console.error(message);
        throw new Error(message, { cause: error });
      }
    },
    async reset() {
      worker.resetHandlers();
      await petstore.reset();
      persistence?.clear();
    },
    stop: () => worker.stop(),
  };
}

export { limitRule, operationIds, petStatuses } from "./interface/spec.js";
export * from "./runtime/common-exports.js";
export { persistKey } from "./runtime/persist-key.js";
export {
  defaultApiKey,
  type PersistMode,
  type PetstoreWorkerOptions,
  seedOptionsOf,
} from "./store/options.js";
