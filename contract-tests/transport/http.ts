/**
 * One request of the suite, over node:http(s): a deadline for the whole
 * request, a cap on the body read, GET-only retries on 429/503 honouring
 * `Retry-After` within a per-run budget, and a `curl` line that reproduces
 * it with the key left in an environment variable.
 */
import { sleep } from "../../mocks/core/latency.js";
import { matchRoute } from "../../mocks/core/router.js";
import { type Answer, RunStopped, readAnswer } from "../../mocks/interface/checks.js";
import { interfaceOperation } from "../../mocks/interface/operations.js";
import type { SentRequest } from "../../mocks/interface/request.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import {
  apiKeyVariable,
  curlLine as curl,
  keyAuthorization,
  type ShellWord,
} from "../../mocks/util/curl.js";
import { toJson } from "../../mocks/util/exact-json.js";
import {
  AnswerTooLargeError,
  describeError,
  exchangeOnce,
  retryAfterMs,
} from "../../mocks/util/http-client.js";
import { untaggedCreate } from "./run-tag.js";

/** The most of an answer body the suite reads unless told otherwise (`--max-answer-bytes`): 1 MiB. */
export const defaultMaxBodyBytes = 1024 * 1024;
const defaultDeadlineMs = 10_000;

/** The ways to get the credential wrong, in the order the suite sends them. */
export const badCredentials = ["missing", "wrong", "malformed", "basic", "empty-bearer"] as const;

/** The credential a request carries: the real key, or one of the ways to get it wrong. */
export type CredentialVariant = "valid" | (typeof badCredentials)[number];

export interface ContractRequest {
  /** `HEAD` only for `--learn`'s probes of what the interface does not describe. */
  readonly method: "GET" | "POST" | "HEAD";
  /** Below the base URL, e.g. `/pets/3`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly credential?: CredentialVariant;
  /** Sent as JSON with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** Sent as is, labelled `application/json` (for malformed bodies). */
  readonly rawBody?: string;
  /** The query string as sent (odd encodings, repeats), instead of `query`. */
  readonly rawQuery?: string;
  /** The body's `Content-Type` instead of `application/json`; `""` sends none. */
  readonly contentType?: string;
  /** A create the user explicitly allowed to go without the run tag (`--learn-untagged`). */
  readonly allowUntagged?: true;
}

/**
 * A request of an operation, its method and path template as openapi.yaml
 * states them (fill a `{…}` with `path` of your own), with the rest given.
 *
 * @example
 * operationRequest("createCategory", { json: { name: "dog" } }); // POST /categories
 */
export function operationRequest(
  operation: OperationId,
  rest: Omit<ContractRequest, "method" | "path"> & { readonly path?: string } = {},
): ContractRequest {
  const { method, template } = interfaceOperation(operation);
  return { method, path: template, ...rest };
}

/** An answer as the judge reads it (mocks/interface/checks.ts). */
export type ContractResponse = Answer;

export interface Exchange {
  readonly request: ContractRequest;
  readonly url: string;
  /** Absent when no answer came (refused, reset, timed out). */
  readonly response?: ContractResponse;
  /** Why no answer came. */
  readonly error?: string;
  /**
   * Set when nothing usable came back in time: refused, reset, or no complete
   * answer within the deadline (not when an answer broke a read bound).
   */
  readonly unanswered?: true;
  /**
   * Set when the answer broke one of the kit's read bounds (its body over
   * `--max-answer-bytes`, its headers over Node's limit): which, and what was
   * seen. With its status seen, `response` holds that much (`unread`).
   */
  readonly tooLarge?: string;
  /** Set when the request was not sent (a create without the run tag: run-tag.ts), saying why. */
  readonly notSent?: string;
  readonly retries: number;
  readonly durationMs: number;
}

/**
 * An exchange as a run keeps it for its reports, once judged: the answer's
 * status, headers and text, its parsed body not held but parsed again from
 * the text when read (a body of 1 MiB can parse to many times its size, and a
 * run keeps every case's answer).
 */
export function kept(exchange: Exchange): Exchange {
  if (!exchange.response) return exchange;
  const { json: _parsed, ...rest } = exchange.response;
  const response: ContractResponse = {
    ...rest,
    get json() {
      return readAnswer(rest).json;
    },
  };
  return { ...exchange, response };
}

export interface Target {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  /** The wrong key the `wrong` variant sends (never the real one). */
  readonly wrongKey: string;
  /** The run tag every created name starts with: a create without it is sent only as a probe (run-tag.ts). */
  readonly tag: string;
  /** Body read cap; default `defaultMaxBodyBytes`. */
  readonly maxBodyBytes?: number;
  /** The run's deadline and retry budget, shared by its requests. */
  readonly budget?: RunBudget;
}

export { apiKeyVariable };

export function requestUrl(baseUrl: string, request: ContractRequest): string {
  const query = request.rawQuery ?? new URLSearchParams(request.query ?? {}).toString();
  return `${baseUrl}${request.path}${query ? `?${query}` : ""}`;
}

export function authorizationHeader(
  target: Target,
  variant: CredentialVariant,
): string | undefined {
  return {
    valid: `Bearer ${target.apiKey}`,
    missing: undefined,
    wrong: `Bearer ${target.wrongKey}`,
    malformed: target.apiKey,
    basic: `Basic ${Buffer.from(`contract:${target.apiKey}`).toString("base64")}`,
    "empty-bearer": "Bearer ",
  }[variant];
}

/** The `Content-Type` a request's body is sent with, if any. */
export function bodyContentType(request: ContractRequest): string | undefined {
  if (requestBody(request) === undefined) return undefined;
  const type = request.contentType ?? "application/json";
  return type === "" ? undefined : type;
}

export function requestBody(request: ContractRequest): string | undefined {
  if (request.rawBody !== undefined) return request.rawBody;
  return request.json === undefined ? undefined : toJson(request.json);
}

const defaultRetryWaitMs = 1000;

/** The run's deadline has passed: no further request is sent, no further check judged. */
export class RunDeadlineError extends RunStopped {
  override readonly name = "RunDeadlineError";
}

const deadlinePassed = "the run's --max-time has passed";

/** Time left for the run: its deadline and what remains of the retry-wait budget. */
export class RunBudget {
  private readonly deadline: number;
  private retryWaitLeftMs: number;

  constructor(maxTimeMs: number, maxRetryTotalMs: number) {
    this.deadline = performance.now() + maxTimeMs;
    this.retryWaitLeftMs = maxRetryTotalMs;
  }

  remainingMs(): number {
    return Math.max(0, this.deadline - performance.now());
  }

  /** Throws `RunDeadlineError` once the deadline has passed (work that is not a request checks it). */
  stopIfExpired(): void {
    if (this.remainingMs() === 0) throw new RunDeadlineError(deadlinePassed);
  }

  /** Takes up to `wantedMs` from the retry budget; returns what may be waited (0: do not retry). */
  takeRetryWait(wantedMs: number): number {
    const granted = Math.min(wantedMs, this.retryWaitLeftMs, this.remainingMs());
    this.retryWaitLeftMs -= granted;
    return granted;
  }

  retryBudgetSpent(): boolean {
    return this.retryWaitLeftMs <= 0;
  }
}

/** The request as the judge reads it: what was sent below the base, and which credential. */
export function sentRequest(operation: OperationId, request: ContractRequest): SentRequest {
  const variant = request.credential ?? "valid";
  return {
    operation,
    path: request.path,
    query: request.rawQuery ?? new URLSearchParams(request.query ?? {}).toString(),
    credential: variant === "valid" || variant === "missing" ? variant : "invalid",
    body: requestBody(request),
    contentType: bodyContentType(request),
  };
}

async function sendOnce(
  target: Target,
  request: ContractRequest,
  url: string,
): Promise<ContractResponse> {
  const headers: Record<string, string> = { accept: "application/json" };
  const authorization = authorizationHeader(target, request.credential ?? "valid");
  if (authorization !== undefined) headers.authorization = authorization;
  const contentType = bodyContentType(request);
  if (contentType !== undefined) headers["content-type"] = contentType;
  const runLeft = target.budget?.remainingMs() ?? Number.POSITIVE_INFINITY;
  if (runLeft === 0) throw new RunDeadlineError(deadlinePassed);
  try {
    const answer = await exchangeOnce(
      url,
      request.method,
      headers,
      requestBody(request),
      Math.max(1, Math.min(target.timeoutMs || defaultDeadlineMs, runLeft)),
      target.maxBodyBytes ?? defaultMaxBodyBytes,
    );
    return readAnswer(answer);
  } catch (error) {
    if (!(error instanceof AnswerTooLargeError) || error.status === undefined) throw error;
    const { status, headers: seen, message } = error;
    return { status, headers: seen, text: "", json: undefined, isJson: false, unread: message };
  }
}

/**
 * Sends one request; never throws for transport failures (they land in
 * `error`). A create without the run tag that a deployment may store is not
 * sent (`notSent` says why).
 */
export async function send(target: Target, request: ContractRequest): Promise<Exchange> {
  const url = requestUrl(target.baseUrl, request);
  const match = matchRoute(request.method, request.path);
  const notSent =
    match.kind === "operation" && !request.allowUntagged
      ? untaggedCreate(sentRequest(match.operationId, request), target.tag)
      : undefined;
  if (notSent !== undefined)
    return { request, url, notSent, error: notSent, retries: 0, durationMs: 0 };
  const started = performance.now();
  let retries = 0;
  for (;;) {
    let response: ContractResponse;
    try {
      response = await sendOnce(target, request, url);
    } catch (error) {
      if (error instanceof RunDeadlineError) throw error;
      return {
        request,
        url,
        error: describeError(error),
        ...(error instanceof AnswerTooLargeError
          ? { tooLarge: error.message }
          : { unanswered: true as const }),
        retries,
        durationMs: performance.now() - started,
      };
    }
    const done = (): Exchange => ({
      request,
      url,
      response,
      ...(response.unread === undefined ? {} : { tooLarge: response.unread }),
      retries,
      durationMs: performance.now() - started,
    });
    const retryable = response.status === 429 || response.status === 503;
    if (request.method !== "GET" || !retryable || retries >= target.maxRetries) return done();
    const wanted = Math.min(
      retryAfterMs(response.headers["retry-after"]) ?? defaultRetryWaitMs,
      target.maxRetryWaitMs,
    );
    const wait = target.budget?.takeRetryWait(wanted) ?? wanted;
    if (wanted > 0 && wait === 0) return done();
    retries++;
    await sleep(wait);
  }
}

/**
 * A `curl` command reproducing the request (mocks/util/curl.ts: the body
 * byte for byte); the key stays in `$PETSTORE_API_KEY`.
 */
export function curlLine(target: Target, request: ContractRequest): string {
  const authorization: Record<CredentialVariant, ShellWord | undefined> = {
    valid: keyAuthorization.bearer,
    missing: undefined,
    wrong: `Authorization: Bearer ${target.wrongKey}`,
    malformed: keyAuthorization.bare,
    basic: keyAuthorization.basic,
    "empty-bearer": "Authorization: Bearer ",
  };
  const header = authorization[request.credential ?? "valid"];
  const body = requestBody(request);
  // No type: curl's own (form data) is switched off with an empty `Content-Type:`.
  const type = bodyContentType(request);
  return curl({
    options: ["-sS", "-i"],
    method: request.method,
    url: requestUrl(target.baseUrl, request),
    headers: [
      ...(header === undefined ? [] : [header]),
      ...(body === undefined
        ? []
        : [type === undefined ? "Content-Type:" : `Content-Type: ${type}`]),
    ],
    body: body === undefined ? undefined : { data: body },
  });
}
