/**
 * `GET /__mock/state` exports the store as a snapshot; `PUT /__mock/state`
 * replaces the store with one (checked first: a bad one is a 400 Error and
 * changes nothing). The listener reads the body with its usual size limit.
 */
import { type CoreResponse, errorResponse, jsonResponse } from "../core/exchange.js";
import { SnapshotError } from "../state.js";
import type { PetstoreStore } from "../store.js";
import { parseJsonBody } from "./json-body.js";

/** The path of the state endpoint, outside the API base. */
export const statePath = "/__mock/state";

export type StateAccess = Pick<PetstoreStore, "snapshot" | "restore">;

/** Whether a request to the state endpoint carries a body the listener must read. */
export const stateTakesBody = (method: string | undefined) => method === "PUT";

export async function answerState(
  state: StateAccess,
  method: string | undefined,
  body: string | undefined,
): Promise<CoreResponse> {
  if (method === "GET" || method === "HEAD") return jsonResponse(200, state.snapshot());
  if (method !== "PUT") {
    return errorResponse(
      "method_not_allowed",
      `${method} is not allowed on ${statePath}; allowed: GET, PUT.`,
      { allow: "GET, PUT" },
    );
  }
  if (body === undefined || body.trim() === "") {
    return errorResponse(
      "invalid_body",
      `PUT ${statePath} needs a snapshot from GET ${statePath}.`,
    );
  }
  const parsed = parseJsonBody(body, "The snapshot");
  if ("status" in parsed) return parsed;
  try {
    await state.restore(parsed.value);
  } catch (error) {
    if (error instanceof SnapshotError) return errorResponse("invalid_body", error.message);
    throw error;
  }
  const { pets, categories } = state.snapshot();
  return jsonResponse(200, { restored: true, pets: pets.length, categories: categories.length });
}
