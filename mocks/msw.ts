/**
 * The msw adapter: request handlers that run the core for every request under
 * the API base (`*\/v1/...` on any origin by default).
 *
 * @example
 * const store = await createPetstoreStore();
 * const server = setupServer(...createPetstoreHandlers({ store }));
 */
import { type HttpHandler, HttpResponse, http } from "msw";
import type { CoreRequest } from "./core/exchange.js";
import { maxBodyBytes } from "./core/exchange.js";
import type { PetstoreCoreOptions } from "./core/petstore-core.js";
import { createPetstoreCore } from "./core/petstore-core.js";
import { apiPathOf } from "./core/router.js";
import { apiBasePath } from "./spec.js";
import { escapeRegExp } from "./util/text.js";

export interface PetstoreHandlersOptions extends PetstoreCoreOptions {
  /**
   * The API base URL to intercept, e.g. `https://api.example.com/v1` or `/v1`
   * (relative to the page in a browser). Default: any origin, any path ending in `/v1`.
   */
  readonly baseUrl?: string | undefined;
}

async function toCoreRequest(
  request: Request,
  at: { readonly basePath: string; readonly path: string },
  query: string,
): Promise<CoreRequest> {
  let body: string | undefined;
  let bodyTooLarge = false;
  if (request.method !== "GET" && request.method !== "HEAD" && request.body !== null) {
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > maxBodyBytes) bodyTooLarge = true;
    else body = new TextDecoder().decode(bytes);
  }
  return {
    method: request.method,
    path: at.path,
    query,
    header: (name) => request.headers.get(name) ?? undefined,
    body,
    bodyTooLarge,
    basePath: at.basePath,
    signal: request.signal,
  };
}

/**
 * The URLs the handlers answer, as a RegExp without capture groups: msw
 * decodes what string patterns capture and answers 500 to a malformed escape
 * such as `/v1/pets/%ZZ`, which the core answers with a 400. A relative base
 * is resolved against the page (any origin where there is none).
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

export function createPetstoreHandlers(options: PetstoreHandlersOptions): HttpHandler[] {
  const handle = createPetstoreCore(options);
  const base = options.baseUrl?.replace(/\/+$/, "");
  const fixedBasePath =
    base === undefined ? undefined : new URL(base, "http://relative.invalid").pathname;

  return [
    http.all(basePattern(base), async ({ request }) => {
      const url = new URL(request.url);
      const at = apiPathOf(url.pathname, fixedBasePath);
      if (!at) return undefined;
      const response = await handle(await toCoreRequest(request, at, url.search.slice(1)));
      // A dropped or hung connection: the client sees a network error.
      if (response.dropped) return HttpResponse.error();
      return new HttpResponse(response.body ?? null, {
        status: response.status,
        headers: response.headers,
      });
    }),
  ];
}
