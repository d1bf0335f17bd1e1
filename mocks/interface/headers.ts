/**
 * The answer headers a client of the interface reads, named once:
 * `Content-Type` (§4: bodies are `application/json`), every header
 * openapi.yaml lists on an answer (`Location`, `WWW-Authenticate`), and the
 * headers a deprecated operation's answers carry, which openapi.yaml states
 * as `deprecated`, `x-sunset` and `x-replacement` (`Deprecation`, `Sunset`,
 * `Link`). The proxy passes them on, CORS exposes them, `--compare-mock`
 * compares them and a failure report shows them.
 *
 * @example
 * interfaceHeaders; // ["Content-Type", "Location", "WWW-Authenticate", "Deprecation", "Sunset", "Link"]
 */
import { openapiDocument } from "../generated/openapi-document.js";
import { deprecations, deref, type Node } from "./spec.js";

/** The header of a deprecated operation's answers for each fact openapi.yaml states of it. */
export const deprecationHeaderNames = {
  /** `deprecated: true` (RFC 9745). */
  deprecated: "Deprecation",
  /** `x-sunset` (RFC 8594). */
  sunset: "Sunset",
  /** `x-replacement`, as a `successor-version` link (RFC 8288). */
  replacement: "Link",
} as const;

/** Every header openapi.yaml lists on an answer of any operation, as written, in document order. */
const listedHeaders = Object.values(openapiDocument.paths as unknown as Node).flatMap((pathItem) =>
  Object.values(pathItem as Node).flatMap((operation) =>
    Object.values(((operation as Node).responses as Node | undefined) ?? {}).flatMap((response) =>
      Object.keys((deref(response).headers as Node | undefined) ?? {}),
    ),
  ),
);

/** The headers of the interface's answers, as openapi.yaml and the RFCs spell them. */
export const interfaceHeaders: readonly string[] = [
  ...new Set([
    "Content-Type",
    ...listedHeaders,
    ...(deprecations.size > 0 ? Object.values(deprecationHeaderNames) : []),
  ]),
];

/**
 * Headers of HTTP itself a client may act on, which the interface does not
 * name: when to try again (a 503's `Retry-After`), what a path allows (a
 * 405's `Allow`), and caching.
 */
const httpHeaders = ["Retry-After", "Allow", "Cache-Control", "ETag", "Last-Modified"];

/** Every header a client reads from an answer, lower case: the interface's, then HTTP's. */
export const clientHeaders: readonly string[] = [...interfaceHeaders, ...httpHeaders].map((name) =>
  name.toLowerCase(),
);
