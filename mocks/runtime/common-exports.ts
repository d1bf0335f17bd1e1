/** What every entry (`browser` and the Node ones) exports beside its own API: nothing here loads Node or a page's late chunk. */
export { ContractNotRecordedError } from "../contract/contract-names.js";
export type { PactContract } from "../contract/pact.js";
export type { Fault, FaultInput, FaultPreset } from "../core/faults.js";
export { faultPresetNames } from "../core/faults.js";
export type { JournalEntry, Problem } from "../core/journal.js";
export type {
  BehaviourProfileInput,
  ResolvedBehaviour,
} from "../interface/behaviour-profile.js";
export type * from "../interface/types.js";
export type { ContractOptions, PetstoreOptions } from "../store/options.js";
export {
  CollectionsNotLoadedError,
  type PetstoreStore,
  type SeedOptions,
} from "../store/store.js";
