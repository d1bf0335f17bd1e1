/**
 * What a page's mock asks for at setup without its first answers waiting:
 * the core's aids (the redactor, the statements), the consumer contract's
 * recorder and a behaviour profile's code, one chunk for all three (one
 * request, and the modules they share with the page's own code in fewer
 * files: a chunk of its own for the profile cost the page 0.6 KB gzipped
 * up front).
 */
export { createContractRecorder } from "../contract/recorder.js";
export { coreAids } from "../core/aids.js";
export { behaviourFrom, operationBehaviour } from "../core/behaviour.js";
