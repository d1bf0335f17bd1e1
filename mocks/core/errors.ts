/**
 * Every Error body the mock sends, in one place. Each failure class has one
 * stable `code`; the README lists the same table.
 */
import type { ErrorBody } from "../interface/types.js";

export const errorCodes = {
  invalid_query: 400,
  invalid_body: 400,
  invalid_path: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  store_full: 409,
  ids_exhausted: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  // Raised by the standalone server before a request reaches the core.
  malformed_request: 400,
  request_timeout: 408,
  headers_too_large: 431,
  too_many_connections: 503,
  state_not_saved: 503,
  // Admin endpoints (`/__mock/...`) of the standalone server.
  forbidden: 403,
  cross_site_forbidden: 403,
  host_forbidden: 403,
  invalid_fault: 400,
  too_many_faults: 409,
  // Behind `--proxy` (docs/proxy.md).
  bad_gateway: 502,
  proxy_loop: 508,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Codes used for `Prefer: code=NNN` scenarios whose status has no failure class of its own. */
const scenarioCodes: Readonly<Record<number, string>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable_entity",
  429: "rate_limited",
  500: "internal_error",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { code, message, status: errorCodes[code] };
}

const simulated = (status: number, why: string): ErrorBody => ({
  code: scenarioCodes[status] ?? "simulated_error",
  message: `Simulated ${status} response${why}`,
  status,
});

/** The Error body for a scenario requested with `Prefer: code=NNN`. */
export const scenarioErrorBody = (status: number): ErrorBody =>
  simulated(status, " requested with the Prefer header.");

/** The Error body of a status fault: the same `code` as the `Prefer` scenario of that status. */
export const faultErrorBody = (status: number, faultId: string): ErrorBody =>
  simulated(status, `: fault ${faultId} is active.`);
