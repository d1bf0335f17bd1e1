/**
 * What the kit does to each request pactum is about to send (its
 * `BEFORE_REQUEST` event, once per attempt): the session's credential goes
 * to the base URL's origin only, as the proxy's does (a spec's own
 * `Authorization` wins, one set to `null` sends none), and the spec's
 * request timeout bounds the whole answer, as the CLI's deadline does:
 * pactum's own restarts on every byte, so a trickling answer never ends.
 */
import type { PactumRequest } from "./pactum-like.js";

/** The credential a session presents, and where. */
export interface Credential {
  /** `Bearer <key>`. */
  readonly authorization: string;
  /** The base URL's origin: no other receives it. */
  readonly origin: string;
}

/** The reasons the kit stopped requests for: an error whose cause is one of them was the deadline. */
const deadlines = new WeakSet<Error>();

/** A request as the kit hands it on: its headers and deadline set. */
export function prepareRequest(request: PactumRequest, credential: Credential): void {
  request.headers ??= {};
  const { headers } = request;
  let own = false;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === "authorization") own = true;
    if (headers[name] === null || headers[name] === undefined) delete headers[name];
  }
  if (!own && URL.parse(request.url)?.origin === credential.origin) {
    headers.Authorization = credential.authorization;
  }
  const ms = request.timeout;
  const controller = new AbortController();
  setTimeout(() => {
    // The CLI's words for an answer that never completed (mocks/util/http-client.ts).
    const reason = new Error(`timeout: no complete answer within ${ms} ms`);
    deadlines.add(reason);
    controller.abort(reason);
  }, ms).unref();
  const ownSignal = request.core?.signal;
  // Not enumerable: pactum's dump of the request does not show the signal.
  Object.defineProperty(request, "core", {
    value: {
      ...request.core,
      signal: ownSignal ? AbortSignal.any([ownSignal, controller.signal]) : controller.signal,
    },
    // Stated: a redefined property keeps its attributes, and a spec's own `core` is enumerable.
    enumerable: false,
    configurable: true,
    writable: true,
  });
}

/** An answer pactum got (its `AFTER_RESPONSE` event): the error of a request the kit stopped says why. */
export function explainDeadline(response: unknown): void {
  if (
    response instanceof Error &&
    response.cause instanceof Error &&
    deadlines.has(response.cause)
  ) {
    response.message = response.cause.message;
  }
}
