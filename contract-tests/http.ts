/**
 * One request of the suite, sent with pactum: bounded timeout, GET-only
 * retries on 429/503 honouring `Retry-After`, and a `curl` line that
 * reproduces it with the key left in an environment variable.
 */
import pactum from "pactum";
import { installRedactingLogger, registerSecret } from "./redact.js";

/** The credential a request carries: the real key, or one of the ways to get it wrong. */
export type CredentialVariant =
  | "valid"
  | "missing"
  | "wrong"
  | "malformed"
  | "basic"
  | "empty-bearer";

export interface ContractRequest {
  readonly method: "GET" | "POST";
  /** Below the base URL, e.g. `/pets/3`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly credential?: CredentialVariant;
  /** Sent as JSON with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** Sent as is, labelled `application/json` (for malformed bodies). */
  readonly rawBody?: string;
}

export interface ContractResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed body; undefined when the body is empty or not JSON. */
  readonly json: unknown;
  readonly isJson: boolean;
  /** pactum's own response object, for its `expect` assertions. */
  readonly raw: unknown;
}

export interface Exchange {
  readonly request: ContractRequest;
  readonly url: string;
  /** Absent when no answer came (refused, reset, timed out). */
  readonly response?: ContractResponse;
  /** Why no answer came. */
  readonly error?: string;
  readonly retries: number;
  readonly durationMs: number;
}

export interface Target {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  /** The wrong key the `wrong` variant sends (never the real one). */
  readonly wrongKey: string;
}

export const apiKeyVariable = "PETSTORE_API_KEY";

export function requestUrl(baseUrl: string, request: ContractRequest): string {
  const query = new URLSearchParams(request.query ?? {}).toString();
  return `${baseUrl}${request.path}${query ? `?${query}` : ""}`;
}

export function authorizationHeader(
  target: Target,
  variant: CredentialVariant,
): string | undefined {
  switch (variant) {
    case "valid":
      return `Bearer ${target.apiKey}`;
    case "missing":
      return undefined;
    case "wrong":
      return `Bearer ${target.wrongKey}`;
    case "malformed":
      return target.apiKey;
    case "basic":
      return `Basic ${Buffer.from(`contract:${target.apiKey}`).toString("base64")}`;
    case "empty-bearer":
      return "Bearer ";
  }
}

function requestBody(request: ContractRequest): string | undefined {
  if (request.rawBody !== undefined) return request.rawBody;
  return request.json === undefined ? undefined : JSON.stringify(request.json);
}

/** Parses `Retry-After` (seconds or an HTTP date) into ms, or undefined. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const defaultRetryWaitMs = 1000;

function describeError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  return code && !text.includes(code) ? `${code}: ${text}` : text;
}

interface PactumResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  text?: string;
}

async function sendOnce(
  target: Target,
  request: ContractRequest,
  url: string,
): Promise<ContractResponse> {
  const headers: Record<string, string> = { accept: "application/json" };
  const authorization = authorizationHeader(target, request.credential ?? "valid");
  if (authorization !== undefined) headers.authorization = authorization;
  const body = requestBody(request);
  if (body !== undefined) headers["content-type"] = "application/json";
  const spec = pactum
    .spec()
    .withMethod(request.method)
    .withPath(url)
    .withHeaders(headers)
    .withRequestTimeout(target.timeoutMs)
    .withFollowRedirects(false);
  if (body !== undefined) spec.withBody(body);
  const raw = (await spec.toss()) as PactumResponse;
  const text = raw.text ?? "";
  let json: unknown;
  let isJson = false;
  if (text.trim() !== "") {
    try {
      json = JSON.parse(text);
      isJson = true;
    } catch {
      json = undefined;
    }
  }
  const responseHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw.headers)) {
    if (value !== undefined)
      responseHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { status: raw.statusCode, headers: responseHeaders, text, json, isJson, raw };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one request; never throws for transport failures (they land in `error`). */
export async function send(target: Target, request: ContractRequest): Promise<Exchange> {
  // pactum dumps failed requests, Authorization included: never without redaction.
  installRedactingLogger();
  registerSecret(target.apiKey);
  const url = requestUrl(target.baseUrl, request);
  const started = performance.now();
  let retries = 0;
  for (;;) {
    let response: ContractResponse;
    try {
      response = await sendOnce(target, request, url);
    } catch (error) {
      return {
        request,
        url,
        error: describeError(error),
        retries,
        durationMs: performance.now() - started,
      };
    }
    const retryable =
      request.method === "GET" && (response.status === 429 || response.status === 503);
    if (!retryable || retries >= target.maxRetries) {
      return { request, url, response, retries, durationMs: performance.now() - started };
    }
    retries++;
    const wait = retryAfterMs(response.headers["retry-after"]) ?? defaultRetryWaitMs;
    await sleep(Math.min(wait, target.maxRetryWaitMs));
  }
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** A `curl` command reproducing the request; the key stays in `$PETSTORE_API_KEY`. */
export function curlLine(target: Target, request: ContractRequest): string {
  const parts = ["curl -sS -i"];
  if (request.method !== "GET") parts.push(`-X ${request.method}`);
  parts.push(shellQuote(requestUrl(target.baseUrl, request)));
  const variant = request.credential ?? "valid";
  const key = `$${apiKeyVariable}`;
  const authorization: Record<CredentialVariant, string | undefined> = {
    valid: `"Authorization: Bearer ${key}"`,
    missing: undefined,
    wrong: shellQuote(`Authorization: Bearer ${target.wrongKey}`),
    malformed: `"Authorization: ${key}"`,
    basic: `"Authorization: Basic $(printf 'contract:%s' "${key}" | base64)"`,
    "empty-bearer": shellQuote("Authorization: Bearer "),
  };
  const header = authorization[variant];
  if (header) parts.push(`-H ${header}`);
  const body = requestBody(request);
  if (body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`, `--data-raw ${shellQuote(body)}`);
  }
  return parts.join(" ");
}
