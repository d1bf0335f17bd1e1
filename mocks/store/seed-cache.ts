/**
 * The seed-data cache of a store: the records generated for the seed options
 * it last asked for, so a reset to the same options copies them again instead
 * of generating them again. Generation is deterministic (the same options give
 * the same records), so it only saves time: `seed-cache.test.ts` checks that
 * every answer is what `loadSeedData` gives without it, and the mutation run
 * leaves this module out.
 */
import { loadSeedData, type SeedData, type SeedOptions } from "../../fixtures/seed.js";

type Options = Required<SeedOptions>;

const same = (a: Options, b: Options) =>
  a.seed === b.seed && a.pets === b.pets && a.categories === b.categories;

/**
 * `load` (default `loadSeedData`) behind a cache of the last options' data
 * (never changed by the store: it copies each record).
 */
export function cachedSeedData(
  load: (options: Options) => Promise<SeedData> = loadSeedData,
): (options: Options) => Promise<SeedData> {
  let kept: { readonly options: Options; readonly data: SeedData } | undefined;
  return async (options) => {
    if (kept !== undefined && same(kept.options, options)) return kept.data;
    const data = await load(options);
    kept = { options, data };
    return data;
  };
}
