/** What the Node entries (`node`, `vitest`, `playwright`) export beside their own API: one list for all three. */
export { ContractFileError, ContractNotRecordedError } from "../contract/contract-names.js";
export type { PactContract } from "../contract/pact.js";
export type { Fault, FaultInput, FaultPreset } from "../core/faults.js";
export { faultPresetNames } from "../core/faults.js";
export type { JournalEntry, Problem } from "../core/journal.js";
export type {
  BehaviourProfileInput,
  ResolvedBehaviour,
} from "../interface/behaviour-profile.js";
export { BehaviourProfileError } from "../interface/behaviour-profile.js";
export * from "./common-exports.js";
