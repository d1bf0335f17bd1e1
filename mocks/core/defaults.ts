/**
 * The defaults the core reads, where an option leaves a value out.
 * `options.ts` adds the seed's and the server's to the kit's `defaults`.
 */

/** The bearer key accepted when none is configured. It is public: the banner prints it. */
export const defaultApiKey = "petstore-dev-key";

/** The core's defaults, where the options leave a value out. */
export const coreDefaults = {
  apiKeys: [defaultApiKey] as readonly string[],
  maxPets: 10_000,
  maxCategories: 1_000,
  journalSize: 1_000,
} as const;
