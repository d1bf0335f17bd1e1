/**
 * What a page's mock asks for at setup without its first answers waiting:
 * the core's aids (the redactor, the statements), the consumer contract's
 * recorder and a behaviour profile's code, one chunk for all three (one
 * request, and the modules they share with the page's own code in fewer
 * files: a chunk of its own for the profile cost the page 0.6 KB gzipped
 * up front). `persist` comes from here too, and the snapshot checks ride
 * along (the store still loads them through `import()` on its first
 * restore): the modules each shares with the page then come in the same
 * files as the rest's, 0.5 KB gzipped less up front.
 */
export { createContractRecorder } from "../contract/recorder.js";
export { coreAids } from "../core/aids.js";
export { behaviourFrom, operationBehaviour } from "../core/behaviour.js";
export { checkSnapshot } from "../store/state.js";
export { persistInBrowser } from "./browser-persistence.js";
