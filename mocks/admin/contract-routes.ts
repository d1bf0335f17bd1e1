/**
 * The consumer contract's admin endpoints: `GET /__mock/contract` sends what
 * the requests so far relied on (Pact v4 JSON, the text `--contract` writes),
 * `DELETE` starts it afresh; `POST /__mock/provider-state` sets a provider
 * state up in the store, taking Pact's state-change body
 * (`{"state": "pet 7 exists", "action": "setup"}`), so Pact's verifier can
 * verify a contract against this mock (`providerStatesSetupUrl`, the CLI's
 * `--state-change-url`). Rows of the admin table (`admin.ts`): its trust
 * check, body limit and cross-site refusal apply.
 */
import { applyProviderState, maxStateNameLength } from "../contract/provider-states.js";
import { type CoreResponse, errorResponse, jsonResponse } from "../core/exchange.js";
import { SnapshotError } from "../store/state.js";
import { isObject } from "../util/json.js";
import type { StateAccess } from "./state-routes.js";

export const contractPath = "/__mock/contract";
export const providerStatePath = "/__mock/provider-state";

const invalid = (message: string) => errorResponse("invalid_body", message);

/** `GET`/`DELETE /__mock/contract` of a server started without a contract to record. */
export const contractNotRecorded = () =>
  errorResponse(
    "not_found",
    `This server records no consumer contract, so ${contractPath} has none: start it with --contract <file> (written when it stops) or --contract-consumer <name> to record one.`,
  );

/**
 * Sets the named state up (a teardown, or the empty state Pact sends for an
 * interaction without one, changes nothing) and answers the
 * state's parameters, which Pact injects into the request (`${petId}`). A
 * name the kit does not write, or a store the change would take past its
 * caps, is a 400 that changes nothing.
 */
export async function setUpProviderState(
  store: StateAccess,
  value: unknown,
): Promise<CoreResponse> {
  if (!isObject(value)) {
    return invalid(
      `POST ${providerStatePath} needs Pact's state-change body, e.g. {"state": "pet 7 exists", "action": "setup"}.`,
    );
  }
  const { state = "", action = "setup" } = value;
  if (typeof state !== "string" || state.length > maxStateNameLength) {
    return invalid(
      `state must be a provider state's name of at most ${maxStateNameLength} characters.`,
    );
  }
  if (action !== "setup" && action !== "teardown") {
    return invalid(`action must be "setup" or "teardown".`);
  }
  // Pact's verifier sends an empty state for an interaction that has none.
  if (action === "teardown" || state === "") return jsonResponse(200, {});
  // A name the kit does not write is a RangeError (applyProviderState); a store past its caps, a SnapshotError (restore).
  try {
    const changed = applyProviderState(store.snapshot(), state);
    await store.restore(changed.snapshot);
    return jsonResponse(200, changed.params);
  } catch (error) {
    if (error instanceof SnapshotError) {
      return invalid(`The state ${JSON.stringify(state)} cannot be set up: ${error.message}`);
    }
    if (error instanceof RangeError) return invalid(`${error.message}.`);
    throw error;
  }
}
