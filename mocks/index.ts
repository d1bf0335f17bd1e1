/**
 * petstore-mock-kit: the Pet Store mock's handlers, store, seed and types, for
 * composing with your own msw setup, and the runtime-neutral mock
 * (`createPetstore`: store, faults, journal, core, reset, snapshot, restore).
 * Runtime entries: `petstore-mock-kit/node`, `petstore-mock-kit/browser`,
 * `petstore-mock-kit/server`, `petstore-mock-kit/playwright`, `petstore-mock-kit/vitest`.
 */
export { generateSeedData } from "../fixtures/generate-seed.js";
export { defaultSeedOptions, type SeedData, type SeedOptions } from "../fixtures/seed.js";
export { ContractNotRecordedError } from "./contract/contract-names.js";
export {
  type ContractNames,
  contractLimits,
  contractText,
  type PactContract,
  type PactInteraction,
} from "./contract/pact.js";
export { providerStateTemplates } from "./contract/provider-states.js";
export {
  createMockControls,
  type MockControls,
  type MockControlsOptions,
} from "./core/controls.js";
export {
  createPetstoreCore,
  type PetstoreCore,
  type PetstoreCoreOptions,
} from "./core/create-core.js";
export { type ErrorCode, errorCodes } from "./core/errors.js";
export type { CoreRequest, CoreResponse } from "./core/exchange.js";
export { maxBodyBytes } from "./core/exchange.js";
export {
  type AppliedFault,
  createFaultRegistry,
  type Fault,
  type FaultEffect,
  type FaultInput,
  FaultInputError,
  type FaultPreset,
  type FaultRegistry,
  faultLimits,
  faultPresetNames,
  faultPresets,
} from "./core/faults.js";
export {
  createJournal,
  type Journal,
  type JournalEntry,
  journalLimits,
  type Problem,
} from "./core/journal.js";
export { type Latency, parseLatency } from "./core/latency.js";
export type { CoreOptions } from "./core/options.js";
export { IdsExhaustedError, type StorePort } from "./core/store-port.js";
export {
  type BehaviourProfile,
  BehaviourProfileError,
  type BehaviourProfileInput,
  choiceAlternatives,
  parseBehaviourProfile,
  type ResolvedBehaviour,
  validateBehaviourProfile,
} from "./interface/behaviour-profile.js";
export { apiBasePath, limitRule, petStatuses } from "./interface/spec.js";
export type * from "./interface/types.js";
export {
  createPetstore,
  type PetstoreLifecycle,
  type PetstoreLifecycleOptions,
} from "./runtime/lifecycle.js";
export {
  createPetstoreHandlers,
  type PetstoreHandlersOptions,
  petstoreHandlersFor,
} from "./runtime/msw.js";
export type { PetstoreServerOptions } from "./server/options.js";
export {
  type ContractOptions,
  defaultApiKey,
  defaults,
  type PersistMode,
  type PetstoreBaseOptions,
  type PetstoreOptions,
  type PetstoreWorkerOptions,
  seedOptionsOf,
} from "./store/options.js";
export {
  checkSnapshot,
  SnapshotError,
  type StoreSnapshot,
  snapshotFormat,
  snapshotFormatVersion,
} from "./store/state.js";
export {
  CollectionsNotLoadedError,
  createPetstoreStore,
  type ListPetsQuery,
  type PetstoreStore,
  type RecordCounts,
} from "./store/store.js";
