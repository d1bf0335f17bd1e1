/**
 * `petstore-mock-kit/pactum`: the kit on your own pactum. `usePetstore`
 * registers on the pactum you pass (the kit never loads pactum itself):
 * every spec's exchange is judged by the interface, as `petstore-contract`
 * judges its own (same checks, same documented/advisory split, same failure
 * lines and curl repro), against the in-process mock, the validating proxy
 * in front of a deployment, or a deployment directly. Nothing pactum prints,
 * throws or hands a reporter holds a key, and a write is never re-sent.
 *
 * @example
 * import pactum from "pactum";
 * import { usePetstore } from "petstore-mock-kit/pactum";
 *
 * const petstore = await usePetstore(pactum, { mock: { seed: 7 } });
 * await pactum.spec().get("/pets").withQueryParams("limit", 5).expectStatus(200);
 * await petstore.close();
 */
export type { Failure } from "./interface/failure-lines.js";
export type { LogLine } from "./pactum/hygiene.js";
export {
  conformsHandler,
  nameFunction,
  PetstoreConformanceError,
  type PetstorePactum,
  templates,
  type UsePetstoreOptions,
  usePetstore,
} from "./pactum/session.js";
export { retryBounds, retryStrategy } from "./pactum/specs.js";
export type {
  DeploymentTarget,
  MockTarget,
  PactumMockOptions,
  PactumTarget,
  ProxyTarget,
} from "./pactum/targets.js";
