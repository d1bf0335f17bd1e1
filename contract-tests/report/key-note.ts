/**
 * The curl lines of a run's reports read the key from `$PETSTORE_API_KEY`
 * and never hold it. When the run's key came from `--key`, that variable may
 * well be unset in the reader's shell: every report then says how to set it
 * (never the key itself).
 */

import type { CheckResult } from "../suite/results.js";
import { apiKeyVariable } from "../transport/http.js";
import type { ReportedRun } from "./run.js";

/** The note the reports carry when a curl line needs a key that came from `--key`. */
export const keyNote = `The curl lines read the key from $${apiKeyVariable}, and this run's key came from --key: export that variable, set to the key you passed to --key, before pasting one.`;

/** Whether a check's curl line sends the run's own key (a provocation may send none, or a wrong one). */
export const needsKey = (check: Pick<CheckResult, "curl">): boolean =>
  check.curl?.includes(`$${apiKeyVariable}`) ?? false;

/** The result with `keyNote` among its notes when the key came from `--key` and a curl line needs it. */
export function withKeyNote(result: ReportedRun, keyFrom: string | undefined): ReportedRun {
  if (keyFrom !== "--key" || !result.checks.some(needsKey)) return result;
  return { ...result, notes: [...result.notes, keyNote] };
}
