/**
 * `petstore-mock-kit/server`: the standalone mock server as a function, for
 * e2e setups that start it in-process.
 *
 * @example
 * const petstore = await startPetstoreServer({ port: 0, seed: 7 });
 * // point the app at petstore.url, then:
 * await petstore.close();
 */

export {
  type AdminRequest,
  type AdminRoute,
  adminBasePath,
  faultsPath,
  healthPath,
  requestsPath,
  resetPath,
} from "../admin/admin.js";
export { createSitePolicy, type SiteOptions, type SitePolicy } from "../admin/site.js";
export { statePath } from "../admin/state-routes.js";
export type { Fault, FaultInput, FaultPreset } from "../core/faults.js";
export { faultPresetNames, faultPresets } from "../core/faults.js";
export type { JournalEntry, Problem } from "../core/journal.js";
export { type Latency, parseLatency } from "../core/latency.js";
export type { PetstoreCore } from "../core/petstore-core.js";
export type { PetstoreStore, SeedOptions } from "../store/store.js";
export {
  connectPetstoreMock,
  type PetstoreMockClient,
  type PetstoreMockClientOptions,
  PetstoreMockError,
} from "./client.js";
export type { ProxyOptions, RecordOptions } from "./options.js";
export { RecordFileError, SharedFileError } from "./own-files.js";
export { proxyMarkHeader, violationsHeader } from "./proxy-headers.js";
export type { RecordedCredential, RecordedExchange } from "./recording-line.js";
export {
  createRequestListener,
  defaultHost,
  defaultPort,
  type PetstoreServerOptions,
  type RequestListenerOptions,
  type RunningPetstoreServer,
  serverTimeouts,
  startPetstoreServer,
} from "./server.js";
export { StateFileError } from "./state-file.js";
