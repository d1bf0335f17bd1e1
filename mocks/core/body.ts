/** Reading a JSON request body: size, presence, media type, syntax. */
import type { CoreRequest, CoreResponse } from "./exchange.js";
import { errorResponse, maxBodyBytes } from "./exchange.js";

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The parsed body, or the Error response that rejects it. */
export function readJsonBody(
  request: CoreRequest,
): { ok: true; value: unknown } | { ok: false; response: CoreResponse } {
  const reject = (code: Parameters<typeof errorResponse>[0], message: string) => ({
    ok: false as const,
    response: errorResponse(code, message),
  });
  if (request.bodyTooLarge) {
    return reject(
      "payload_too_large",
      `The request body exceeds the limit of ${maxBodyBytes} bytes.`,
    );
  }
  if (request.body === undefined || request.body.trim() === "") {
    return reject("invalid_body", "A request body is required: a JSON object.");
  }
  const contentType = request.header("content-type");
  if (contentType === undefined || !jsonMediaType.test(contentType)) {
    return reject(
      "unsupported_media_type",
      `Content-Type must be application/json (got ${contentType === undefined ? "none" : JSON.stringify(contentType.slice(0, 60))}).`,
    );
  }
  try {
    return { ok: true, value: JSON.parse(request.body) };
  } catch (error) {
    return reject(
      "invalid_body",
      `The request body is not valid JSON: ${(error as Error).message}`,
    );
  }
}
