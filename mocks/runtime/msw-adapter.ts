/**
 * The msw adapter: request handlers that run a core for every request under
 * the API base (`*\/v1/...` on any origin by default). A module of its own,
 * apart from `createPetstoreHandlers` (./msw.ts), so a page's handlers do
 * not carry the core's redactor up front.
 *
 * @example
 * const worker = setupWorker(...petstoreHandlersFor(petstore.handle, "/v1"));
 */
import { type HttpHandler, HttpResponse, http } from "msw";
import type { CoreRequest, PetstoreCore } from "../core/exchange.js";
import type { ApiPath } from "../core/router.js";
import { apiBase, bodyFields } from "./intercept.js";

async function toCoreRequest(request: Request, at: ApiPath, url: URL): Promise<CoreRequest> {
  // A Fetch Request has no body on GET or HEAD.
  const bytes = request.body === null ? null : await request.arrayBuffer();
  const { body, bodyTooLarge } = bodyFields(bytes);
  return {
    method: request.method,
    path: at.path,
    query: url.search.slice(1),
    header: (name) => request.headers.get(name) ?? undefined,
    body,
    bodyTooLarge,
    basePath: at.basePath,
    signal: request.signal,
    origin: url.origin,
  };
}

/** The msw handlers answering every request under the API base from an existing core. */
export function petstoreHandlersFor(
  handle: PetstoreCore,
  baseUrl: string | undefined,
): HttpHandler[] {
  const base = apiBase(baseUrl);

  return [
    http.all(base.pattern, async ({ request }) => {
      const url = new URL(request.url);
      const at = base.locate(url.pathname);
      if (!at) return undefined;
      const response = await handle(await toCoreRequest(request, at, url));
      // A dropped or hung connection: the client sees a network error.
      if (response.dropped) return HttpResponse.error();
      return new HttpResponse(response.body ?? null, {
        status: response.status,
        headers: response.headers,
      });
    }),
  ];
}
