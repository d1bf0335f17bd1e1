/**
 * Opt-in browser persistence: the store kept as a snapshot in
 * `sessionStorage` (this tab, until it closes) or `localStorage` (every tab,
 * until cleared). Saved shortly after each change and whenever the page is
 * hidden or left (`visibilitychange`, `pagehide`; never the deprecated
 * `unload`, which browsers skip and which spoils the back/forward cache).
 */
import { followStore } from "../store/follow-store.js";
import type { PersistMode } from "../store/options.js";
import type { PetstoreStore } from "../store/store.js";
import { parseJson } from "../util/json.js";
import { persistKey } from "./persist-key.js";

export { persistKey };

/** How long after a change the state is saved; changes in between share one save. */
const persistDebounceMs = 100;

function storageOf(mode: PersistMode): Storage {
  if (mode === "session") return sessionStorage;
  if (mode === "local") return localStorage;
  throw new TypeError(`persist must be "session" or "local", got ${JSON.stringify(mode)}`);
}

const warn = (message: string) => console.warn(`[petstore-mock-kit] ${message}`);

/** Loads the saved state into the store (a bad one is dropped with a warning), then follows the store. */
export async function persistInBrowser(store: PetstoreStore, mode: PersistMode) {
  const storage = storageOf(mode);
  const where = `${mode}Storage "${persistKey}"`;
  const saved = storage.getItem(persistKey);
  if (saved !== null) {
    try {
      await store.restore(parseJson(saved));
    } catch (error) {
      warn(
        `The saved mock state in ${where} was dropped: ${(error as Error).message} Starting from the seed.`,
      );
      storage.removeItem(persistKey);
    }
  }

  const follower = followStore(
    store,
    (snapshot) => storage.setItem(persistKey, JSON.stringify(snapshot)),
    {
      debounceMs: persistDebounceMs,
      onError: (error) =>
        warn(`Could not save the mock state in ${where}: ${(error as Error).message}`),
    },
  );
  const save = () => void follower.flush();
  addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save();
  });

  return {
    /** Forgets the saved state until the next change (what `reset()` calls). */
    clear() {
      follower.discard();
      storage.removeItem(persistKey);
    },
  };
}
