/**
 * CORS for the standalone server: any origin is reflected, a preflight is
 * answered without credentials, and the headers a browser app needs to read
 * (`Deprecation`, `Sunset`, `Link`, `Location`, and behind `--proxy` the
 * `Petstore-Violations` header) are exposed.
 */
import type { IncomingMessage } from "node:http";
import { routes } from "../core/router.js";

/** The response headers a browser script may read. */
export const exposedHeaders = "Deprecation, Sunset, Link, Location, Petstore-Violations";

/** Request headers allowed when a preflight names none. */
export const defaultAllowedHeaders = "Authorization, Content-Type, Prefer";

/** Every method of the interface (from openapi.yaml), plus OPTIONS. */
export const allowedMethods = [
  ...new Set([...routes.flatMap((route) => [...route.operations.keys()]), "OPTIONS"]),
].join(", ");

/** How long a browser may cache a preflight answer, in seconds. */
const preflightMaxAge = "600";

export function isPreflight(request: IncomingMessage): boolean {
  return (
    request.method === "OPTIONS" &&
    request.headers.origin !== undefined &&
    request.headers["access-control-request-method"] !== undefined
  );
}

/** The headers of a preflight answer (204, no body). */
export function preflightHeaders(request: IncomingMessage): string[] {
  return [
    "access-control-allow-origin",
    request.headers.origin ?? "*",
    "access-control-allow-methods",
    allowedMethods,
    "access-control-allow-headers",
    request.headers["access-control-request-headers"] || defaultAllowedHeaders,
    "access-control-max-age",
    preflightMaxAge,
    "vary",
    "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    "content-length",
    "0",
  ];
}

/** Appends the CORS headers of an ordinary answer to a flat header list. */
export function pushCorsHeaders(headers: string[], origin: string | undefined): void {
  if (origin === undefined) {
    headers.push("vary", "Origin");
    return;
  }
  headers.push(
    "access-control-allow-origin",
    origin,
    "access-control-expose-headers",
    exposedHeaders,
    "vary",
    "Origin",
  );
}
