/**
 * Code loaded through `import()` on first use: one load however many ask,
 * what it gave at hand once it is there, and a fresh try after a failed load.
 *
 * @example
 * const validators = loadOnce(() => import("../generated/validators.js"));
 * validators.loaded() ?? (await validators.load());
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    /** What the load gave, once it is there; else undefined. */
    loaded: () => loaded,
    /** Loads it (once): after a failed load the next call tries again. */
    load(): Promise<T> {
      loading ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
