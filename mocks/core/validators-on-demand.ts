/**
 * The component schemas' validators (records and bodies), loaded on first
 * use: a page's first answers read seeded records and check a query, and
 * need none of them. The parameters' validators stay up front
 * (`mocks/generated/parameter-validators.js`).
 */
type RecordValidators = typeof import("../generated/validators.js");

let loaded: RecordValidators | undefined;
let loading: Promise<RecordValidators> | undefined;

/** The validators once loaded, else undefined (callers then await `recordValidators()`). */
export const loadedRecordValidators = (): RecordValidators | undefined => loaded;

/** Loads the validators: one `import()` however many ask; after a failed load the next call tries again. */
export function recordValidators(): Promise<RecordValidators> {
  loading ??= import("../generated/validators.js").then(
    (validators) => {
      loaded = validators;
      return validators;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
