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
import type { PetstoreHandlerOptions } from "./core/handler.js";
import { createPetstoreHandler } from "./core/handler.js";
import { apiBasePath } from "./spec.js";

export interface PetstoreHandlersOptions extends Omit<PetstoreHandlerOptions, "basePath"> {
  /**
   * The API base URL to intercept, e.g. `https://api.example.com/v1` or `/v1`
   * (relative to the page in a browser). Default: any origin, any path ending in `/v1`.
   */
  readonly baseUrl?: string | undefined;
}

/** Where the API base ends in a pathname: after the first `/v1` segment. */
function basePathOf(pathname: string): string {
  const marker = pathname.indexOf(`${apiBasePath}/`);
  if (marker >= 0) return pathname.slice(0, marker + apiBasePath.length);
  return pathname.endsWith(apiBasePath) ? pathname : apiBasePath;
}

async function toCoreRequest(request: Request, basePath: string): Promise<CoreRequest> {
  const url = new URL(request.url);
  let body: string | undefined;
  let bodyTooLarge = false;
  if (request.method !== "GET" && request.method !== "HEAD" && request.body !== null) {
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > maxBodyBytes) bodyTooLarge = true;
    else body = new TextDecoder().decode(bytes);
  }
  return {
    method: request.method,
    path: url.pathname.slice(basePath.length),
    query: url.search.slice(1),
    header: (name) => request.headers.get(name) ?? undefined,
    body,
    bodyTooLarge,
    basePath,
  };
}

export function createPetstoreHandlers(options: PetstoreHandlersOptions): HttpHandler[] {
  const handle = createPetstoreHandler(options);
  const base = options.baseUrl?.replace(/\/+$/, "");
  const fixedBasePath =
    base === undefined ? undefined : new URL(base, "http://relative.invalid").pathname;
  const patterns =
    base === undefined ? [`*${apiBasePath}`, `*${apiBasePath}/*`] : [base, `${base}/*`];

  return patterns.map((pattern) =>
    http.all(pattern, async ({ request }) => {
      const basePath = fixedBasePath ?? basePathOf(new URL(request.url).pathname);
      const response = await handle(await toCoreRequest(request, basePath));
      return new HttpResponse(response.body ?? null, {
        status: response.status,
        headers: response.headers,
      });
    }),
  );
}
