/**
 * CORS for the standalone server: an allowed origin (./site.ts decides which)
 * is reflected, a preflight is answered without credentials, and the headers
 * a browser app needs to read (the interface's beyond `Content-Type`, which
 * every page may read: `Location`, `WWW-Authenticate`, `Deprecation`,
 * `Sunset`, `Link`; and behind `--proxy` the `Petstore-Violations` header)
 * are exposed.
 */
import { type CoreResponse, mergedHeaders } from "../core/exchange.js";
import { routes } from "../core/router.js";
import { interfaceHeaders } from "../interface/headers.js";

/** A request whose headers can be read by lower-case name. */
interface WithHeaders {
  header(name: string): string | undefined;
}

/** The response headers a browser script may read. */
export const exposedHeaders = [
  ...interfaceHeaders.filter((name) => name !== "Content-Type"),
  "Petstore-Violations",
].join(", ");

/** Request headers allowed when a preflight names none. */
const defaultAllowedHeaders = "Authorization, Content-Type, Prefer";

/** Every method of the interface (from openapi.yaml), plus OPTIONS. */
const allowedMethods = [
  ...new Set([...routes.flatMap((route) => [...route.operations.keys()]), "OPTIONS"]),
].join(", ");

/** How long a browser may cache a preflight answer, in seconds. */
const preflightMaxAge = "600";

export function isPreflight(request: WithHeaders & { readonly method: string }): boolean {
  return (
    request.method === "OPTIONS" &&
    request.header("origin") !== undefined &&
    request.header("access-control-request-method") !== undefined
  );
}

/** The answer to a preflight from an allowed origin: 204, no body. */
export function preflightResponse(request: WithHeaders): CoreResponse {
  return {
    status: 204,
    headers: {
      "access-control-allow-origin": request.header("origin") ?? "*",
      "access-control-allow-methods": allowedMethods,
      "access-control-allow-headers":
        request.header("access-control-request-headers") || defaultAllowedHeaders,
      "access-control-max-age": preflightMaxAge,
      vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    },
    body: undefined,
  };
}

/** What an answer to a request without an `Origin` adds: frozen, so its merge is shared. */
const varyOrigin: Readonly<Record<string, string>> = Object.freeze({ vary: "Origin" });

/**
 * A response's headers with the CORS headers for a request from the allowed
 * `origin` (none without one, but `Vary`); frozen headers without an origin
 * share one merge.
 */
export function corsHeaders(
  headers: Readonly<Record<string, string>>,
  origin: string | undefined,
): Readonly<Record<string, string>> {
  return mergedHeaders(
    headers,
    origin === undefined
      ? varyOrigin
      : {
          "access-control-allow-origin": origin,
          "access-control-expose-headers": exposedHeaders,
          vary: "Origin",
        },
  );
}

/** An ordinary answer with the CORS headers for a request from `origin`. */
export function withCors(response: CoreResponse, origin: string | undefined): CoreResponse {
  if (response.dropped) return response;
  const headers = corsHeaders(response.headers, origin);
  const { status, body, answeredBy } = response;
  return answeredBy === undefined
    ? { status, headers, body }
    : { status, headers, body, answeredBy };
}
