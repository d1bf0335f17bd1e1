/**
 * `mutative` as `@msw/data` uses it, loaded on the first update: the bundles
 * (scripts/bundle.ts) hand `@msw/data` this module in its place, so a page
 * answers its first request without carrying the draft library. `@msw/data`
 * awaits `create` (a record's update) and calls `apply` only after it, so the
 * library is always loaded by then.
 */
type Mutative = typeof import("mutative");

let loaded: Mutative | undefined;

/** mutative's `create`, once the library is loaded; always a promise. */
export async function create(...args: unknown[]): Promise<unknown> {
  loaded ??= await import("mutative");
  return (loaded.create as (...given: unknown[]) => unknown)(...args);
}

/** mutative's `apply`; throws when called before any `create` loaded the library. */
export function apply(...args: unknown[]): unknown {
  if (loaded === undefined) throw new Error("mutative's apply was called before its create");
  return (loaded.apply as (...given: unknown[]) => unknown)(...args);
}
