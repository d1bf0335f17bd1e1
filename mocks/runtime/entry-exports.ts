/** What the Node entries (`node`, `vitest`, `playwright`) export beside their own API: one list for all three. */
export { ContractFileError } from "../contract/contract-names.js";
export { BehaviourProfileError } from "../interface/behaviour-profile-error.js";
export * from "./common-exports.js";
