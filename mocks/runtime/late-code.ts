/**
 * What a page's mock asks for at setup without its first answers waiting:
 * the core's aids (the redactor, the statements) and the consumer contract's
 * recorder, one chunk for both (one request, and the modules they share
 * with the page's own code in fewer files).
 */
export { createContractRecorder } from "../contract/recorder.js";
export { coreAids } from "../core/aids.js";
