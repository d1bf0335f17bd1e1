/** The suite's transport straight into the kit's core (no sockets): thousands of requests a second. */
import type { PetstoreCore } from "../../mocks/core/petstore-core.js";
import { readAnswer } from "../../mocks/interface/checks.js";
import {
  authorizationHeader,
  bodyContentType,
  type ContractRequest,
  type Exchange,
  requestBody,
  requestUrl,
  type Target,
} from "../transport/http.js";

export function coreTransport(
  core: PetstoreCore,
  target: Pick<Target, "apiKey" | "wrongKey">,
): (request: ContractRequest) => Promise<Exchange> {
  const full: Target = {
    ...target,
    baseUrl: "",
    timeoutMs: 0,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    tag: "",
  };
  return async (request) => {
    const url = requestUrl("http://127.0.0.1/v1", request);
    const { pathname, search } = new URL(url);
    const headers: Record<string, string | undefined> = {
      authorization: authorizationHeader(full, request.credential ?? "valid"),
      "content-type": bodyContentType(request),
    };
    const answer = await core({
      method: request.method,
      path: pathname.slice("/v1".length),
      query: search.slice(1),
      header: (name) => headers[name],
      body: requestBody(request),
    });
    const response = readAnswer({
      status: answer.status,
      headers: { ...answer.headers },
      text: answer.body ?? "",
    });
    return { request, url, response, retries: 0, durationMs: 0 };
  };
}
