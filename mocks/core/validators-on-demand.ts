/**
 * The component schemas' validators (records and bodies), loaded on first
 * use: a page's first answers read seeded records and check a query, and
 * need none of them. The parameters' validators stay up front
 * (`mocks/generated/parameter-validators.js`).
 */
import { loadOnce } from "../util/load-once.js";

const validators = loadOnce(() => import("../generated/validators.js"));

/** The validators once loaded, else undefined (callers then await `recordValidators()`). */
export const loadedRecordValidators = validators.loaded;

/** Loads the validators: one `import()` however many ask; after a failed load the next call tries again. */
export const recordValidators = validators.load;
