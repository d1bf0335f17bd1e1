/**
 * The mock's own caps where the interface sets none (its §8 shows no size
 * limits on fields or totals): they keep a long-running mock's memory and
 * answers small, whatever its clients send. The README lists them.
 */
import { coreDefaults } from "./defaults.js";
import type { CoreOptions } from "./options.js";

/** How many records of each kind: stored, or at most. */
export interface RecordCounts {
  readonly pets: number;
  readonly categories: number;
}

/** The longest string a body field may hold, in UTF-16 code units (characters for most text). */
export const maxStringLength = 1_000;

/** How many records may be stored by default; creates beyond get a 409 `store_full`. */
export const defaultMaxRecords: RecordCounts = {
  pets: coreDefaults.maxPets,
  categories: coreDefaults.maxCategories,
};

/** The record caps the options ask for, defaults filled in. */
export const recordLimitsOf = (
  options: Pick<CoreOptions, "maxPets" | "maxCategories">,
): RecordCounts => ({
  pets: options.maxPets ?? defaultMaxRecords.pets,
  categories: options.maxCategories ?? defaultMaxRecords.categories,
});

/** Throws a RangeError when seed options would build more records than the caps allow. */
export function checkSeedWithinLimits(options: RecordCounts, limits: RecordCounts, prefix = "") {
  for (const kind of ["pets", "categories"] as const) {
    if (options[kind] <= limits[kind]) continue;
    const flag = kind === "pets" ? "--max-pets" : "--max-categories";
    const most = `at most ${limits[kind]} ${kind} (${flag})`;
    throw new RangeError(`${prefix}${kind} ${options[kind]} is more than the store holds: ${most}`);
  }
}
