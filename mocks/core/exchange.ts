/**
 * The runtime-neutral request and response the core works on. Adapters (msw,
 * the standalone server) translate to and from these; the core never builds a
 * Fetch `Request` or `Response`, so the standalone server pays for neither.
 */

import type { Redact } from "../util/redact.js";
import { type ErrorCode, errorBody } from "./errors.js";
import { recordJson } from "./serialize.js";

export interface CoreRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** Path below the API base, e.g. `/pets/3` for `/v1/pets/3` (percent-encoded as received). */
  readonly path: string;
  /** Raw query string without the leading `?`. */
  readonly query: string;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
  /** The raw body text, or undefined when the request has none. */
  readonly body: string | undefined;
  /** True when the body exceeded the size limit and was not kept. */
  readonly bodyTooLarge?: boolean;
  /** The API base path this request came in under, when it differs per request (e.g. `/api/v1`). */
  readonly basePath?: string;
  /** Aborts when the client gives up (a hang or a delay then ends early). */
  readonly signal?: AbortSignal;
  /** Where the client sent it (an intercepted URL's origin, a checked `Host`): an absolute `Location` names it. */
  readonly origin?: string | undefined;
  /**
   * When the adapter took the request in (`performance.now()`), if it
   * measured that: the journal's duration counts from it. Default: when the core does.
   */
  readonly receivedAt?: number;
}

export interface CoreResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The serialized JSON body, or undefined for none. */
  readonly body: string | undefined;
  /** Send no answer at all: the adapter drops the connection (msw: a network error). */
  readonly dropped?: true;
  /**
   * Who answered, for the request log's last word: set only by the proxy
   * (`--proxy`): the deployment's host, `mock`, `mock (fallback)` or `proxy`.
   */
  readonly answeredBy?: string;
}

/** An answer with a JSON body: every operation's, every Error's. */
export interface JsonAnswer extends CoreResponse {
  readonly body: string;
}

/** The core: one request in, one answer out. Every runtime adapts its requests to this. */
export type PetstoreCore = (request: CoreRequest) => Promise<CoreResponse>;

/** The core as an adapter that can answer at once may call it: a promise only when the answer must wait. */
type CoreHandler = (request: CoreRequest) => CoreResponse | Promise<CoreResponse>;

const immediate = new WeakMap<PetstoreCore, CoreHandler>();

/** A PetstoreCore over a handler that answers at once when it can; `immediateHandlerOf` finds the handler again. */
export function promisedCore(handler: CoreHandler): PetstoreCore {
  const core: PetstoreCore = (request) => {
    try {
      const answer = handler(request);
      return answer instanceof Promise ? answer : Promise.resolve(answer);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  immediate.set(core, handler);
  return core;
}

/**
 * The handler behind a core built by `promisedCore` (the mock core itself),
 * which skips a promise per request; the core itself for any other (a wrapped
 * or proxying one).
 */
export const immediateHandlerOf = (core: PetstoreCore): CoreHandler => immediate.get(core) ?? core;

/** No answer: a fault dropped the connection or hung until the client gave up. */
export const droppedResponse: CoreResponse = {
  status: 0,
  headers: {},
  body: undefined,
  dropped: true,
};

/** Bodies over this many bytes are answered with 413. */
export const maxBodyBytes = 1024 * 1024;

/** An answer's headers: lower-case names, frozen or never changed. */
export type Headers = Readonly<Record<string, string>>;

/** The merges of frozen pairs, by first then second set. */
const mergedOnce = new WeakMap<Headers, WeakMap<Headers, Headers>>();
/**
 * The two frozen pairs merged last, and their merges: a list's answer merges
 * one pair (its `Vary`), a deprecated operation's two in a row (its
 * deprecation headers, then `Vary`).
 */
let lastFirst: Headers | undefined;
let lastSecond: Headers | undefined;
let lastMerged: Headers = {};
let earlierFirst: Headers | undefined;
let earlierSecond: Headers | undefined;
let earlierMerged: Headers = {};

/**
 * Two header sets merged, the second's values winning. Two frozen sets are
 * merged once per pair and the frozen result shared by every answer that
 * merges them (a deprecated operation's headers, `Vary` of an answer without
 * an `Origin`); any other pair gets a fresh object.
 */
export function mergedHeaders(first: Headers, second: Headers): Headers {
  if (first === lastFirst && second === lastSecond) return lastMerged;
  if (first === earlierFirst && second === earlierSecond) return earlierMerged;
  const shared = Object.isFrozen(first) && Object.isFrozen(second);
  let bySecond = shared ? mergedOnce.get(first) : undefined;
  const kept = bySecond?.get(second);
  if (kept) return rememberedLast(first, second, kept);
  const merged: Record<string, string> = {};
  for (const name in first) merged[name] = first[name] as string;
  for (const name in second) merged[name] = second[name] as string;
  if (!shared) return merged;
  if (bySecond === undefined) {
    bySecond = new WeakMap();
    mergedOnce.set(first, bySecond);
  }
  bySecond.set(second, Object.freeze(merged));
  return rememberedLast(first, second, merged);
}

function rememberedLast(first: Headers, second: Headers, merged: Headers): Headers {
  earlierFirst = lastFirst;
  earlierSecond = lastSecond;
  earlierMerged = lastMerged;
  lastFirst = first;
  lastSecond = second;
  lastMerged = merged;
  return merged;
}

/** Shared by every JSON answer without headers of its own, so adapters may cache what they derive from it. */
const jsonHeaders = Object.freeze({ "content-type": "application/json" } as const);

/** A response whose body is JSON text already. */
export function jsonTextResponse(status: number, text: string, headers?: Headers): JsonAnswer {
  return { status, headers: headers ? { ...jsonHeaders, ...headers } : jsonHeaders, body: text };
}

/** A list of records as JSON text, from each record's kept text (`recordJson`). */
export function listJson(records: readonly object[]): string {
  let text = "[";
  for (let index = 0; index < records.length; index++) {
    if (index > 0) text += ",";
    text += recordJson(records[index] as object);
  }
  return `${text}]`;
}

export function jsonResponse(status: number, body: unknown, headers?: Headers): JsonAnswer {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

/** The 413 for a body over `maxBodyBytes`. */
export const payloadTooLarge = (): JsonAnswer =>
  errorResponse(
    "payload_too_large",
    `The request body exceeds the limit of ${maxBodyBytes} bytes.`,
  );

/** The 500 for a failure of the mock itself; the details go to its log, never to the client. */
export const internalError = (): JsonAnswer =>
  errorResponse("internal_error", "The mock failed unexpectedly; see its log.");

/** The Error response of a failure class: its status, and the Error body naming the cause. */
export function errorResponse(code: ErrorCode, message: string, headers?: Headers): JsonAnswer {
  const body = errorBody(code, message);
  return jsonResponse(body.status, body, headers);
}

/** The members of an error body that carry words: an Error's `message`, a profile's `{ error }`. */
const wordMembers = ["message", "error"] as const;

/** An error answer with every secret masked in its words; other answers as they are. */
export function redactedError(response: CoreResponse, redact: Redact): CoreResponse {
  if (response.status < 400 || response.body === undefined) return response;
  let error: unknown;
  try {
    error = JSON.parse(response.body);
  } catch {}
  // Not JSON (`error` undefined), or JSON without words: as it is.
  if (typeof error !== "object" || error === null) return response;
  const body = error as Record<string, unknown>;
  let masked: Record<string, unknown> | undefined;
  for (const name of wordMembers) {
    const words = body[name];
    if (typeof words !== "string") continue;
    const safe = redact(words);
    if (safe !== words) masked = { ...(masked ?? body), [name]: safe };
  }
  return masked === undefined ? response : { ...response, body: JSON.stringify(masked) };
}
