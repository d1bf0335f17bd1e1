/**
 * es-toolkit as `@msw/data` uses it: the bundles (scripts/bundle.ts) hand
 * `@msw/data` this module in place of `es-toolkit` and `es-toolkit/compat`.
 * `get` and `isPlainObject` are es-toolkit's own (every record, query and
 * sort). `isEqual`, `set` and `unset` only its relations' code calls (the
 * kit's collections define none): their chunk is requested as this module
 * loads, so a page answers its first request without it, and calls them
 * once it has arrived; a call before that throws.
 */
import type * as toolkit from "es-toolkit";
import type * as compat from "es-toolkit/compat";

// Each from its own module: a barrel would tie the three below to them in a shared chunk.
export { default as get } from "es-toolkit/compat/get";
export { isPlainObject } from "es-toolkit/predicate/isPlainObject";

type Late = typeof import("./es-toolkit-late.js");

let late: Late | undefined;
let failure: unknown;

import("./es-toolkit-late.js").then(
  (loaded) => {
    late = loaded;
  },
  (error: unknown) => {
    failure = error;
  },
);

function loaded(name: string): Late {
  if (late !== undefined) return late;
  throw new Error(
    `es-toolkit's ${name} (@msw/data's relations) ${failure === undefined ? "has not loaded yet" : "could not load"}`,
    { cause: failure },
  );
}

export const isEqual: typeof toolkit.isEqual = (a, b) => loaded("isEqual").isEqual(a, b);

export const set = ((...args: Parameters<typeof compat.set>) =>
  loaded("set").set(...args)) as typeof compat.set;

export const unset: typeof compat.unset = (object, path) => loaded("unset").unset(object, path);
