/**
 * A run as the reports read it: the suite's result, with the generated
 * requests' run (`--fuzz`) or the consumer contract's (`--consumer`) when
 * the run had one.
 */
import type { ConsumerRun } from "../consumer/run.js";
import type { FuzzResult } from "../fuzz/run.js";
import type { RunResult } from "../suite/results.js";

export interface ReportedRun extends RunResult {
  /** The generated requests' run (`--fuzz`), when there was one. */
  readonly fuzz?: FuzzResult;
  /** The consumer contract this run verified (`--consumer`), interaction by interaction. */
  readonly consumer?: ConsumerRun;
}
