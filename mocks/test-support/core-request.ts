/** A request for the core in-process, the way an adapter hands one over: a target split into path and query, headers by lower-case name. */
import type { CoreRequest } from "../core/exchange.js";

export interface CoreRequestInit {
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  /** The origin the runtime vouches for (an intercepted URL's, a checked `Host`'s). */
  readonly origin?: string;
}

export function coreRequest(
  method: string,
  target: string,
  { headers = {}, body, signal, origin }: CoreRequestInit = {},
): CoreRequest {
  const at = target.indexOf("?");
  return {
    method,
    path: at < 0 ? target : target.slice(0, at),
    query: at < 0 ? "" : target.slice(at + 1),
    header: (name) => headers[name],
    body,
    signal,
    origin,
  };
}
