/**
 * A pactum exchange judged by the one judge (mocks/interface/judge.ts), as
 * `petstore-contract` judges its own: the request read as sent below the
 * base URL, the checks it earns from what the session has learnt so far
 * (the records its creates stored and its lists showed), the verdicts on the
 * answer, each failure in the CLI's words (mocks/interface/failure-lines.ts)
 * with a curl line that reads the key from `$PETSTORE_API_KEY`, sent to a
 * target that still answers after the session (`reproBaseUrl`).
 */
import { matchRoute } from "../core/router.js";
import type { ResolvedBehaviour } from "../interface/behaviour-profile.js";
import { type Answer, readAnswer } from "../interface/checks.js";
import { type Failure, failedActual } from "../interface/failure-lines.js";
import { checksFor, type JudgeContext, judge } from "../interface/judge.js";
import { absentId, absentIdSpread, Knowledge } from "../interface/knowledge.js";
import type { CredentialKind, SentRequest } from "../interface/request.js";
import type { OperationId } from "../interface/spec.js";
import { curlLine, keyAuthorization, type ShellWord } from "../util/curl.js";
import type { Redact } from "../util/redact.js";
import type { PactumRequest, PactumResponse } from "./pactum-like.js";

/** What the judge made of one exchange. */
export interface Judgement {
  readonly operation: OperationId;
  /** `POST /pets`, as the failure's headline names the request. */
  readonly request: string;
  /** Documented checks that failed (and advisory ones, when strict). */
  readonly failures: readonly Failure[];
  /** Advisory checks that failed (not failing the spec unless strict). */
  readonly advice: readonly Failure[];
}

/** Why an exchange was not judged: it is not a request of this Pet Store's interface. */
export interface NotJudged {
  readonly notJudged: string;
}

const headerOf = (headers: PactumRequest["headers"], name: string): string | undefined => {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name && value !== undefined && value !== null) return String(value);
  }
  return undefined;
};

/** The body as pactum's transport sends it: text as is, a Buffer's bytes, anything else as JSON. */
function sentBody(body: unknown): string | undefined {
  if (body === undefined || body === null || body === "") return undefined;
  if (typeof body === "string") return body;
  if (Buffer.isBuffer(body)) return body.toString("utf8");
  return JSON.stringify(body);
}

/** An answer's headers as the judge reads them: lower-case names, repeated ones joined. */
function answerOf(response: PactumResponse): Answer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = [value].flat().join(", ");
  }
  return readAnswer({ status: response.statusCode, headers, text: response.text ?? "" });
}

/** The kit's picks of ids no record has (`absentId`): a session takes them as absent, as a contract run does. */
const isKitAbsentId = (id: unknown) =>
  typeof id === "number" && id >= absentId(absentIdSpread) && id <= absentId();

export interface ExchangeJudgeOptions {
  /** The API base URL the session's specs call, ending in `/v1`. */
  readonly baseUrl: string;
  /** The key pactum presents: `Bearer <it>` is the valid credential. */
  readonly apiKey: string;
  /** The API base URL the curl lines name (the session's may be gone when one is pasted). */
  readonly reproBaseUrl: string;
  /** The session's redactor (its keys), as the CLI's reports use theirs. */
  readonly redact: Redact;
  /** Advisory failures fail the spec too (`--strict`). */
  readonly strict: boolean;
  /** The profile the session's mock (or proxy) serves under: advice it replaces is not raised. */
  readonly behaviour?: ResolvedBehaviour | undefined;
}

export class ExchangeJudge {
  private readonly knowledge = new Knowledge();
  private readonly context: JudgeContext = {
    known: (collection) => this.knowledge.known(collection),
    absent: (collection, id) =>
      this.knowledge.absent(collection, id) ?? (isKitAbsentId(id) ? "picked" : undefined),
  };

  /** The Authorization headers that carry the session's key, as its curl lines write them (`$PETSTORE_API_KEY`). */
  private readonly keyedHeaders: ReadonlyMap<string, ShellWord>;

  constructor(private readonly options: ExchangeJudgeOptions) {
    const { apiKey } = options;
    const basic = `Basic ${Buffer.from(`contract:${apiKey}`).toString("base64")}`;
    this.keyedHeaders = new Map<string, ShellWord>([
      [`Bearer ${apiKey}`, keyAuthorization.bearer],
      [apiKey, keyAuthorization.bare],
      [basic, keyAuthorization.basic],
    ]);
  }

  /** Judges one exchange, and learns from it for the next. */
  judge(request: PactumRequest, response: PactumResponse | Error): Judgement | NotJudged {
    const base = this.options.baseUrl.replace(/\/+$/, "");
    const below = request.url.startsWith(base) ? request.url.slice(base.length) : "";
    if (!below.startsWith("/")) return { notJudged: `not below the Pet Store's base URL ${base}` };
    const target = below.split("#")[0] as string;
    const cut = target.indexOf("?");
    const path = cut < 0 ? target : target.slice(0, cut);
    const query = cut < 0 ? "" : target.slice(cut + 1);
    const method = (request.method ?? "GET").toUpperCase();
    const match = matchRoute(method, path);
    if (match.kind !== "operation") {
      return { notJudged: `${method} ${path} is no operation of the interface (openapi.yaml)` };
    }
    const authorization = headerOf(request.headers, "authorization");
    const body = sentBody(request.body);
    const contentType =
      headerOf(request.headers, "content-type") ??
      (body !== undefined && typeof request.body === "object" && !Buffer.isBuffer(request.body)
        ? "application/json"
        : undefined);
    const sent: SentRequest = {
      operation: match.operationId,
      path,
      query,
      credential: this.credentialOf(authorization),
      body,
      contentType,
    };
    const checks = checksFor(sent, this.context, this.options.behaviour);
    const answer = response instanceof Error ? undefined : answerOf(response);
    const error = response instanceof Error ? response.message : undefined;
    const { redact } = this.options;
    const refused = judge(checks, answer, `no answer (${error ?? "unknown error"})`).filter(
      (verdict) => !verdict.passed,
    );
    // Only a failure shows the curl line: an exchange that passes builds none.
    const curl =
      refused.length === 0
        ? ""
        : redact(
            curlLine({
              options: ["-sS", "-i"],
              method,
              url: `${this.options.reproBaseUrl}${below}`,
              headers: [
                ...(authorization === undefined ? [] : [this.keyed(authorization, redact)]),
                ...(body === undefined
                  ? []
                  : [contentType === undefined ? "Content-Type:" : `Content-Type: ${contentType}`]),
              ],
              body: body === undefined ? undefined : { data: body },
            }),
          );
    const failed = refused.map(
      ({ check, reason }): Failure => ({
        id: `${match.operationId}.${check.slug}`,
        kind: check.kind,
        expected: check.expected,
        actual: failedActual(reason, answer, error, redact),
        curl,
      }),
    );
    this.knowledge.learn(sent, answer);
    const fails = (failure: Failure) => failure.kind === "documented" || this.options.strict;
    return {
      operation: match.operationId,
      request: redact(`${method} ${path}${query ? `?${query}` : ""}`),
      failures: failed.filter(fails),
      advice: failed.filter((failure) => !fails(failure)),
    };
  }

  private credentialOf(authorization: string | undefined): CredentialKind {
    if (authorization === undefined) return "missing";
    return authorization === `Bearer ${this.options.apiKey}` ? "valid" : "invalid";
  }

  /** The curl line's Authorization header as sent; the session's key as `$PETSTORE_API_KEY`. */
  private keyed(authorization: string, redact: Redact): ShellWord {
    return this.keyedHeaders.get(authorization) ?? redact(`Authorization: ${authorization}`);
  }
}
