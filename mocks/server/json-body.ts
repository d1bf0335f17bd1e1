/** Parsing an admin endpoint's JSON body, a syntax error becoming a 400 `invalid_body`. */
import { type CoreResponse, errorResponse } from "../core/exchange.js";

/** The parsed body, or the Error answer naming `what` was not valid JSON. */
export function parseJsonBody(body: string, what: string): { value: unknown } | CoreResponse {
  try {
    return { value: JSON.parse(body) };
  } catch (error) {
    return errorResponse("invalid_body", `${what} is not valid JSON: ${(error as Error).message}`);
  }
}
