/**
 * es-toolkit as `@msw/data` uses it: the bundles (scripts/bundle.ts) hand
 * `@msw/data` this module in place of `es-toolkit` and `es-toolkit/compat`.
 * `isPlainObject` (every record) and `get` for the paths `@msw/data` passes
 * (arrays of keys: its sort, its relations, mutative's patches) are es-toolkit's
 * code as it stands in version 1.53 (MIT License, Copyright (c) 2024 Viva
 * Republica, Inc.; es-toolkit-on-demand.test.ts holds them
 * to es-toolkit's own over generated values): importing them would put the
 * es-toolkit modules they share with the three below in a file of their own,
 * 0.8 KB gzipped up front on a page. `isEqual`, `set` and `unset` only its
 * relations' code calls (the kit's collections define none), `get` with any
 * other path nothing: their chunk is requested as this module loads, so a
 * page answers its first request without it, and calls them once it has
 * arrived; a call before that throws.
 */
import type * as toolkit from "es-toolkit";
import type * as compat from "es-toolkit/compat";

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

/** es-toolkit's `isPlainObject`. */
export function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (!value || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  if (!(proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null)) {
    return false;
  }
  return Object.prototype.toString.call(value) === "[object Object]";
}

/** es-toolkit/compat's `get`: for an array of keys its `getWithPath`, any other path es-toolkit's own. */
export const get = ((object: unknown, path: unknown, defaultValue?: unknown): unknown => {
  if (!Array.isArray(path)) {
    return (loaded("get").get as (...args: unknown[]) => unknown)(object, path, defaultValue);
  }
  if (object == null || path.length === 0) return defaultValue;
  let current = object as Record<PropertyKey, unknown> | null | undefined;
  for (const key of path as PropertyKey[]) {
    // es-toolkit's isUnsafeProperty: reading `__proto__` would walk a prototype.
    if (current == null || key === "__proto__") return defaultValue;
    current = current[key] as Record<PropertyKey, unknown> | null | undefined;
  }
  return current === undefined ? defaultValue : current;
}) as typeof compat.get;

export const isEqual: typeof toolkit.isEqual = (a, b) => loaded("isEqual").isEqual(a, b);

export const set = ((...args: Parameters<typeof compat.set>) =>
  loaded("set").set(...args)) as typeof compat.set;

export const unset: typeof compat.unset = (object, path) => loaded("unset").unset(object, path);
