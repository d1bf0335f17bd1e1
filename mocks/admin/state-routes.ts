/**
 * `GET /__mock/state` exports the store as a snapshot; `PUT /__mock/state`
 * replaces the store with one (checked first: a bad one is a 400 Error and
 * changes nothing). Both are rows of the admin table (`admin.ts`), which reads
 * the body with its usual size limit and the trust check.
 */
import { type CoreResponse, errorResponse, jsonResponse } from "../core/exchange.js";
import { SnapshotError } from "../store/state.js";
import type { PetstoreStore } from "../store/store.js";

/** The path of the state endpoint, outside the API base. */
export const statePath = "/__mock/state";

export type StateAccess = Pick<PetstoreStore, "snapshot" | "restore">;

/** Replaces the store with a parsed snapshot body; undefined (no body) is a 400. */
export async function importSnapshot(state: StateAccess, value: unknown): Promise<CoreResponse> {
  if (value === undefined) {
    return errorResponse(
      "invalid_body",
      `PUT ${statePath} needs a snapshot from GET ${statePath}.`,
    );
  }
  try {
    await state.restore(value);
  } catch (error) {
    if (error instanceof SnapshotError) return errorResponse("invalid_body", error.message);
    throw error;
  }
  const { pets, categories } = state.snapshot();
  return jsonResponse(200, { restored: true, pets: pets.length, categories: categories.length });
}
