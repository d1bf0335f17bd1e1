/**
 * Following a store into storage (the browser's Web Storage, the server's
 * state file): a save shortly after the first change not yet saved, one save
 * at a time, each of the whole snapshot; a failed save keeps the changes
 * pending and, when asked, tries again later. Runtime-neutral.
 *
 * @example
 * const follower = followStore(store, (snapshot) => storage.setItem(key, JSON.stringify(snapshot)), { debounceMs: 100 });
 * addEventListener("pagehide", () => void follower.flush());
 */
import type { StoreSnapshot } from "./state.js";
import type { PetstoreStore } from "./store.js";

interface FollowStoreOptions {
  /** How long after a change the save starts; changes in between share one save. */
  readonly debounceMs: number;
  /** After the `failures`-th failed save in a row: when to try again, in ms (default: at the next change). */
  readonly retryMs?: ((failures: number) => number) | undefined;
  /** Told of every failed save (the changes stay pending). */
  readonly onError?: ((error: unknown) => void) | undefined;
  /** Told when a save succeeds after failures. */
  readonly onRecovered?: (() => void) | undefined;
}

export function followStore(
  store: PetstoreStore,
  save: (snapshot: StoreSnapshot) => void | Promise<void>,
  options: FollowStoreOptions,
) {
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  let failures = 0;
  let stopped = false;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (ms: number) => {
    if (!stopped) timer ??= setTimeout(flush, ms);
  };

  let busy = false;
  async function saveOnce(): Promise<void> {
    if (!pending) return;
    pending = false;
    busy = true;
    try {
      await save(store.snapshot());
      if (failures > 0) options.onRecovered?.();
      failures = 0;
    } catch (error) {
      pending = true;
      failures += 1;
      options.onError?.(error);
      if (options.retryMs) schedule(options.retryMs(failures));
    } finally {
      busy = false;
    }
  }

  /**
   * Saves now if changes wait; resolves after this save (and any before it)
   * ended. Idle, the save starts at once (a page being hidden gets it before it goes).
   */
  function flush(): Promise<void> {
    cancel();
    saving = busy ? saving.then(saveOnce) : saveOnce();
    return saving;
  }

  const unsubscribe = store.onChange(() => {
    pending = true;
    schedule(options.debounceMs);
  });

  return {
    /** Whether changes wait to be saved. */
    get pending() {
      return pending;
    },
    flush,
    /** Forgets the changes that wait: nothing is saved until the next change. */
    discard() {
      cancel();
      pending = false;
    },
    /** Stops following the store; changes still waiting stay unsaved unless flushed. */
    stop() {
      stopped = true;
      cancel();
      unsubscribe();
    },
  };
}
