/**
 * What the adapters that intercept a client's requests (msw, Playwright
 * routing) share: which URLs they answer, where the API base ends in them, and
 * the body with the core's size limit. Runtime-neutral.
 */
import { maxBodyBytes } from "./core/exchange.js";
import { apiBasePath, escapeRegExp } from "./spec.js";

/** Where the API base ends in a pathname: after the first `/v1` segment. */
export function basePathOf(pathname: string): string {
  const marker = pathname.indexOf(`${apiBasePath}/`);
  if (marker >= 0) return pathname.slice(0, marker + apiBasePath.length);
  return pathname.endsWith(apiBasePath) ? pathname : apiBasePath;
}

/**
 * The URLs to answer, as a RegExp without capture groups: msw decodes what
 * string patterns capture and answers 500 to a malformed escape such as
 * `/v1/pets/%ZZ`, which the core answers with a 400. No base: any origin, any
 * path with a `/v1` segment. A relative base is resolved against the page
 * (any origin where there is none).
 */
export function basePattern(base: string | undefined): RegExp {
  const below = "(?:/[^?#]*)?$";
  if (base === undefined) return new RegExp(`^[^?#]*${escapeRegExp(apiBasePath)}${below}`);
  const page = (globalThis as { location?: { href: string } }).location?.href;
  if (URL.canParse(base) || page !== undefined) {
    return new RegExp(`^${escapeRegExp(new URL(base, page).href.replace(/\/+$/, ""))}${below}`);
  }
  return new RegExp(`^[a-z][a-z\\d+.-]*://[^/?#]*${escapeRegExp(base)}${below}`, "i");
}

/** A matcher of the URLs under `baseUrl` and the base path of each, as the adapters use them. */
export function apiBase(baseUrl: string | undefined): {
  readonly pattern: RegExp;
  basePathOf(pathname: string): string;
} {
  const base = baseUrl?.replace(/\/+$/, "");
  const fixed = base === undefined ? undefined : new URL(base, "http://relative.invalid").pathname;
  return { pattern: basePattern(base), basePathOf: (pathname) => fixed ?? basePathOf(pathname) };
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
