/**
 * The options the core reads: the part of every entry's options (`PetstoreBaseOptions`
 * in mocks/store/options.ts adds the seed) that sets keys, latency, caps, faults and the journal.
 */
import type { BehaviourProfileInput, ResolvedBehaviour } from "../interface/behaviour-profile.js";
import type { FaultInput, FaultPreset } from "./faults.js";
import type { Latency } from "./latency.js";

export interface CoreOptions {
  /** Accepted bearer keys; default `["petstore-dev-key"]`. */
  apiKeys?: readonly string[] | undefined;
  /** Added delay before every answer, in ms or a `[min, max]` range; default none. */
  latency?: Latency | undefined;
  /** At most this many pets are stored; creates beyond get a 409 `store_full`. Default 10,000. */
  maxPets?: number | undefined;
  /** At most this many categories are stored; default 1,000. */
  maxCategories?: number | undefined;
  /** Faults active from the start and again after every reset. */
  faults?: readonly FaultInput[] | undefined;
  /** A named fault preset active from the start and again after every reset. */
  preset?: FaultPreset | undefined;
  /** Requests the journal keeps (the oldest go first); default 1,000. */
  journalSize?: number | undefined;
  /**
   * The behaviour profile: how the mock answers where the interface is
   * silent (docs/behaviour.md, "Choices and profiles"); default the kit's
   * choices. Validated at start: an unknown choice or alternative throws.
   */
  behaviour?: BehaviourProfileInput | ResolvedBehaviour | undefined;
}
