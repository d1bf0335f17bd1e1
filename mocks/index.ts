/**
 * petstore-mock-kit: the Pet Store mock's handlers, store, seed and types, for
 * composing with your own msw setup. Runtime entries: `petstore-mock-kit/node`,
 * `petstore-mock-kit/browser`, `petstore-mock-kit/server`.
 */
export {
  defaultSeedOptions,
  generateSeedData,
  type SeedData,
  type SeedOptions,
} from "../fixtures/seed.js";
export type { CoreRequest, CoreResponse } from "./core/exchange.js";
export { maxBodyBytes } from "./core/exchange.js";
export {
  createPetstoreHandler,
  defaultApiKey,
  type PetstoreHandler,
  type PetstoreHandlerOptions,
} from "./core/handler.js";
export { type Latency, parseLatency } from "./core/latency.js";
export { type ErrorCode, errorCodes } from "./errors.js";
export { createPetstoreHandlers, type PetstoreHandlersOptions } from "./msw.js";
export { apiBasePath, limitRule, petStatuses } from "./spec.js";
export {
  checkSnapshot,
  SnapshotError,
  type StoreSnapshot,
  snapshotFormat,
  snapshotFormatVersion,
} from "./state.js";
export { createPetstoreStore, type ListPetsQuery, type PetstoreStore } from "./store.js";
export type * from "./types.js";
