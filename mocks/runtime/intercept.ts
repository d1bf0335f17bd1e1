/**
 * What the adapters that intercept a client's requests (msw, Playwright
 * routing) share: which URLs they answer, where the API base ends in them
 * (the router's one base-path rule), and the body with the core's size limit.
 * Runtime-neutral.
 */
import { maxBodyBytes } from "../core/exchange.js";
import { type ApiPath, apiPathOf } from "../core/router.js";
import { apiBasePath } from "../interface/spec.js";
import { escapeRegExp } from "../util/text.js";

/**
 * The URLs to answer, as a RegExp without capture groups: msw decodes what
 * string patterns capture and answers 500 to a malformed escape such as
 * `/v1/pets/%ZZ`, which the core answers with a 400. No base: any origin, any
 * path with a `/v1` segment. A relative base is resolved against the page
 * (any origin where there is none).
 */
function basePattern(base: string | undefined): RegExp {
  const below = "(?:/[^?#]*)?$";
  if (base === undefined) return new RegExp(`^[^?#]*${escapeRegExp(apiBasePath)}${below}`);
  const page = (globalThis as { location?: { href: string } }).location?.href;
  if (URL.canParse(base) || page !== undefined) {
    return new RegExp(`^${escapeRegExp(new URL(base, page).href.replace(/\/+$/, ""))}${below}`);
  }
  return new RegExp(`^[a-z][a-z\\d+.-]*://[^/?#]*${escapeRegExp(base)}${below}`, "i");
}

/** The URLs under `baseUrl` (default: any origin, any `/v1` segment) and the API path of each. */
export function apiBase(baseUrl: string | undefined) {
  const base = baseUrl?.replace(/\/+$/, "");
  const fixed = base === undefined ? undefined : new URL(base, "http://relative.invalid").pathname;
  return {
    /** The URLs under the base (matched without their query). */
    pattern: basePattern(base),
    /** Where the API base ends in a matched pathname, or undefined when it is not under it. */
    locate: (pathname: string): ApiPath | undefined => apiPathOf(pathname, fixed),
  };
}

/** A request body as the core takes it: text, or only the fact that it is over the limit. */
export function bodyFields(bytes: Uint8Array | ArrayBuffer | null): {
  body: string | undefined;
  bodyTooLarge: boolean;
} {
  if (bytes === null) return { body: undefined, bodyTooLarge: false };
  if (bytes.byteLength > maxBodyBytes) return { body: undefined, bodyTooLarge: true };
  return { body: new TextDecoder().decode(bytes), bodyTooLarge: false };
}
