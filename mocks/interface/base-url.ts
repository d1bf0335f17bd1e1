/**
 * An API base URL as every entry takes one (`petstore-contract --url`, the
 * proxy's URL, pactum's targets): absolute http(s), with no credentials (the
 * key travels on its own), query or fragment, and the version segment once in
 * its path (INTERFACE.md §9.2: `/v1` is part of the base address). Each says
 * what is wrong in words the caller puts after the option's name.
 *
 * @example
 * baseUrlProblem("https://me:pw@staging.example.com/v1", "pass the key with --key");
 * // "must not carry credentials; pass the key with --key"
 * basePathProblem("https://staging.example.com", (url) => `--url ${url}`);
 * // "has no /v1 (/): the API base includes it, e.g. --url https://staging.example.com/v1"
 */
import { apiBasePath } from "./spec.js";

/** What keeps `raw` from being an http(s) base URL, or undefined; `keyHint` says where the key goes instead. */
export function baseUrlProblem(raw: string, keyHint: string): string | undefined {
  const url = URL.parse(raw);
  if (url === null) return "must be an absolute http(s) URL such as https://staging.example.com/v1";
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `must use http or https, got ${url.protocol.slice(0, 20)}`;
  }
  if (url.search || url.hash) return "must not carry a query or fragment";
  if (url.username || url.password) return `must not carry credentials; ${keyHint}`;
  return undefined;
}

/**
 * What is wrong with the version segment in an http(s) URL's path, or
 * undefined; `written` spells a fixed URL as the caller takes one.
 */
export function basePathProblem(baseUrl: string, written: (url: string) => string) {
  const url = new URL(baseUrl);
  const path = url.pathname;
  const versions = path.split("/").filter((segment) => `/${segment}` === apiBasePath).length;
  if (versions > 1) return `has ${apiBasePath} ${versions} times (${path}): it belongs there once`;
  if (versions === 1) return undefined;
  const fixed = `${url.href.replace(/\/+$/, "")}${apiBasePath}`;
  return `has no ${apiBasePath} (${path}): the API base includes it, e.g. ${written(fixed)}`;
}
