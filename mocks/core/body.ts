/** Reading a JSON request body: size, presence, media type, syntax. */

import { JsonDepthError, parseJson } from "../util/json.js";
import type { CoreRequest, JsonAnswer } from "./exchange.js";
import { errorResponse, payloadTooLarge } from "./exchange.js";
import { clip } from "./journal.js";

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: JsonAnswer };

const rejected = (response: JsonAnswer) => ({ ok: false as const, response });

// The last body `parseJsonBody` parsed, and its request: one slot, no memory
// per request (a WeakMap entry per request would cost every collection).
let lastParsedRequest: object | undefined;
let lastParsedValue: unknown;

/**
 * The value `parseJsonBody` last parsed, when it was this request's body
 * (what `JSON.parse` gives for its text); `undefined` otherwise (another
 * request's body was parsed since, or none). For an observer that reads the
 * body again (the consumer contract's recorder); it must not change it.
 */
export const parsedBodyOf = (request: object): unknown =>
  request === lastParsedRequest ? lastParsedValue : undefined;

/** The body as JSON, `undefined` when there is none; a 413 or 400 Error when it is too large, too deep or not JSON. */
export function parseJsonBody(request: Pick<CoreRequest, "body" | "bodyTooLarge">): JsonBody {
  if (request.bodyTooLarge) return rejected(payloadTooLarge());
  if (request.body === undefined || request.body.trim() === "")
    return { ok: true, value: undefined };
  try {
    const value = parseJson(request.body);
    lastParsedRequest = request;
    lastParsedValue = value;
    return { ok: true, value };
  } catch (error) {
    const message =
      error instanceof JsonDepthError
        ? `The request body ${error.message}.`
        : `The request body is not valid JSON: ${(error as Error).message}`;
    return rejected(errorResponse("invalid_body", message));
  }
}

/** Whether a request's body is labelled with a JSON media type. */
export function sentAsJson(request: Pick<CoreRequest, "header">): boolean {
  const contentType = request.header("content-type");
  return contentType !== undefined && jsonMediaType.test(contentType);
}

/**
 * Which media types a create's body is read under (`OperationBehaviour.readsBodyOf`):
 * JSON ones (else 415), any, or JSON ones and another not read at all.
 */
export type BodyMediaTypes = "json" | "any" | "jsonOnly";

const noBody = () =>
  rejected(errorResponse("invalid_body", "A request body is required: a JSON object."));

/** The parsed body of a create, or the Error response that rejects it: it must be there, as JSON. */
export function readJsonBody(request: CoreRequest, mediaTypes: BodyMediaTypes = "json"): JsonBody {
  if (request.bodyTooLarge) return rejected(payloadTooLarge());
  if (request.body === undefined || request.body.trim() === "") return noBody();
  const contentType = request.header("content-type");
  const json = sentAsJson(request);
  // Not read: the create goes on as with an empty object, refused for the fields it lacks.
  if (!json && mediaTypes === "jsonOnly") return { ok: true, value: {} };
  if (!json && mediaTypes === "json") {
    const got = contentType === undefined ? "none" : JSON.stringify(clip(contentType, 60));
    const message = `Content-Type must be application/json (got ${got}).`;
    return rejected(errorResponse("unsupported_media_type", message));
  }
  return parseJsonBody(request);
}
