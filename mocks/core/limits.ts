/**
 * The mock's own caps where the interface sets none (its §8 shows no size
 * limits on fields or totals): they keep a long-running mock's memory and
 * answers small, whatever its clients send. The README lists them.
 */
import { defaults } from "../options.js";
import type { RecordCounts } from "../store.js";

/** The longest string a body field may hold, in UTF-16 code units (characters for most text). */
export const maxStringLength = 1_000;

/** How many records may be stored by default; creates beyond get a 409 `store_full`. */
export const defaultMaxRecords: RecordCounts = {
  pets: defaults.maxPets,
  categories: defaults.maxCategories,
};
