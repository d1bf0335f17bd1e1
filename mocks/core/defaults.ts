/**
 * Every default of the kit's options, where an option leaves a value out.
 * The core reads them here; `options.ts` (the options themselves) re-exports
 * them, so nothing in the core imports the options.
 */
import { defaultSeedOptions } from "../../fixtures/seed.js";

/** The bearer key accepted when none is configured. It is public: the banner prints it. */
export const defaultApiKey = "petstore-dev-key";

/** Every default, where the options leave a value out. */
export const defaults = {
  apiKeys: [defaultApiKey] as readonly string[],
  seed: defaultSeedOptions.seed,
  counts: { pets: defaultSeedOptions.pets, categories: defaultSeedOptions.categories },
  maxPets: 10_000,
  maxCategories: 1_000,
  journalSize: 1_000,
  port: 4000,
  host: "127.0.0.1",
  /** Behind `--proxy`: the deadline of one whole answer from the deployment, in ms. */
  proxyTimeoutMs: 10_000,
  /** Behind `--proxy`: the most of an answer body read from the deployment (the contract suite's cap). */
  proxyMaxBodyBytes: 1024 * 1024,
  /** `--record`: the recording file stops growing at this size. */
  recordMaxBytes: 16 * 1024 * 1024,
} as const;
