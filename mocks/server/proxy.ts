/**
 * The validating proxy (`--proxy`): a handler with the core's signature that
 * forwards each API request to a deployment and answers with its answer,
 * judged by the one judge every contract mode uses (mocks/interface/judge.ts). What
 * the deployment's answer broke goes to the journal (problems `by:
 * "deployment"`) and into the `petstore-violations` header.
 *
 * The client's credential is checked here against the mock's keys and never
 * forwarded: the proxy sends its own key. Only the interface's operations
 * (method and path template, from openapi.yaml through the router) go to the
 * deployment, never for a page of another site, and only below the
 * configured base: anything else gets the mock's own Error. No redirect is
 * followed, every answer is bounded in time and size, and every secret the
 * server holds is redacted (mocks/util/redact.ts) from whatever comes back.
 * Loaded only when a server proxies (it brings the judge and the HTTP client).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import type { SitePolicy } from "../admin/site.js";
import { checkCredential, sentCredential } from "../core/auth.js";
import type { CoreRequest, CoreResponse } from "../core/exchange.js";
import { errorResponse } from "../core/exchange.js";
import {
  clip,
  type Journal,
  type JournalEntry,
  journalLimits,
  type Problem,
} from "../core/journal.js";
import type { PetstoreCore } from "../core/petstore-core.js";
import { matchRoute } from "../core/router.js";
import { readAnswer } from "../interface/checks.js";
import { clientHeaders } from "../interface/headers.js";
import { type Violation, violationsOf } from "../interface/judge.js";
import { apiBasePath } from "../interface/spec.js";
import { describeError, exchangeOnce, type RawAnswer } from "../util/http-client.js";
import { createRedactor, createRequestRedactor } from "../util/redact.js";
import { printable } from "../util/text.js";
import { urlUnder } from "../util/url-under.js";
import type { resolveProxyOptions } from "./options.js";
import { proxyMarkHeader, violationsHeader } from "./proxy-headers.js";

/** The most characters the violations header carries (the violations that fit, in order). */
const maxHeaderChars = 4096;

/**
 * The deployment's headers an app may need (the interface's and HTTP's);
 * every other one stays behind, and `Location` is rewritten below the mock's base.
 */
const passedHeaders = clientHeaders.filter((name) => name !== "location");

export interface ProxyHandlerOptions {
  readonly proxy: ReturnType<typeof resolveProxyOptions>;
  /** The keys a client must present (checked here; never forwarded). */
  readonly apiKeys: readonly string[];
  /** Where every exchange is recorded. */
  readonly journal: Journal;
  /** The in-memory mock, built on the journal it is given (its entries get marked). */
  readonly mock: (journal: Journal) => PetstoreCore;
  /** Every secret the server holds (API, admin and proxy keys): redacted from answers, the journal and messages. */
  readonly secrets: readonly string[];
  /** Which pages may call the API: a request of any other is refused, never forwarded. */
  readonly site: SitePolicy;
}

export interface ProxyHandler {
  readonly handle: PetstoreCore;
  /** Closes the pooled connections to the deployment. */
  close(): void;
}

/** The violations as the header carries them: a JSON array, non-ASCII escaped, cut to fit. */
export function violationsHeaderValue(violations: readonly Violation[]): string {
  const kept: Violation[] = [];
  for (const violation of violations) {
    if (JSON.stringify([...kept, violation]).length > maxHeaderChars) break;
    kept.push(violation);
  }
  return JSON.stringify(kept).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const neutral = (text: string) => printable(clip(text, journalLimits.message));

/** The Error code and message of a client error the deployment answered, as the client's problem. */
function clientProblem(json: unknown, status: number): Problem {
  const body = json as { code?: unknown; message?: unknown } | undefined;
  return typeof body?.code === "string" && typeof body.message === "string"
    ? { by: "client", code: neutral(body.code), message: neutral(body.message) }
    : { by: "client", code: "unknown", message: `status ${status}` };
}

export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  const { proxy, apiKeys, journal, site } = options;
  const base = new URL(proxy.url);
  const agent =
    base.protocol === "https:"
      ? new HttpsAgent({ keepAlive: true })
      : new HttpAgent({ keepAlive: true });
  const redact = createRedactor(options.secrets);
  const redactorFor = createRequestRedactor(options.secrets);
  // The deployment's problems to add to the entry the mock journals for the same request.
  const pending = new AsyncLocalStorage<readonly Problem[]>();
  const mockJournal: Journal = {
    ...journal,
    record: (entry) =>
      journal.record({
        ...entry,
        answeredBy: "mock",
        problems: [...(pending.getStore() ?? []), ...entry.problems],
      }),
  };
  const mock = options.mock(mockJournal);
  /** Who answered, as the request log names it (CoreResponse.answeredBy). */
  const by = {
    deployment: base.host,
    mock: "mock",
    fallback: "mock (fallback)",
    proxy: "proxy",
  } as const;
  const labelled = (response: CoreResponse, who: string): CoreResponse => ({
    ...response,
    answeredBy: who,
  });
  const fromMock = async (
    request: CoreRequest,
    problems: readonly Problem[] = [],
    who: string = by.mock,
  ) => labelled(await pending.run(problems, () => mock(request)), who);

  function record(
    request: CoreRequest,
    started: number,
    status: number,
    problems: readonly Problem[],
    answeredBy?: JournalEntry["answeredBy"],
  ): void {
    const match = matchRoute(request.method === "HEAD" ? "GET" : request.method, request.path);
    const path = request.query === "" ? request.path : `${request.path}?${request.query}`;
    const authorization = request.header("authorization");
    journal.record({
      method: clip(request.method, 16),
      path: clip(redactorFor(authorization)(path), journalLimits.path),
      operationId: match.kind === "operation" ? match.operationId : null,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      fault: null,
      problems,
      ...(answeredBy ? { answeredBy } : {}),
      ...sentCredential(authorization, checkCredential(authorization, apiKeys)),
    });
  }

  /** No usable answer: the mock answers under `fallback: "mock"`, else a 502 Error. */
  function unanswered(request: CoreRequest, started: number, why: string): Promise<CoreResponse> {
    const problem: Problem = { by: "deployment", code: "no_answer", message: neutral(redact(why)) };
    if (proxy.fallback === "mock") return fromMock(request, [problem], by.fallback);
    const response = errorResponse(
      "bad_gateway",
      `The deployment gave no usable answer: ${problem.message}`,
    );
    record(request, started, response.status, [problem]);
    return Promise.resolve(labelled(response, by.proxy));
  }

  /** A deployment's `Location` below its base, as the same path below the mock's base. */
  function location(value: string, basePath: string): string | undefined {
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      return undefined;
    }
    const root = base.pathname.replace(/\/+$/, "");
    if (url.origin !== base.origin || !url.pathname.startsWith(`${root}/`)) return undefined;
    return `${basePath}${url.pathname.slice(root.length)}${url.search}`;
  }

  function answerOf(
    answer: RawAnswer,
    request: CoreRequest,
    violations: readonly Violation[],
  ): CoreResponse {
    const headers: Record<string, string> = {};
    for (const name of passedHeaders) {
      const value = answer.headers[name];
      if (value !== undefined) headers[name] = redact(value);
    }
    const moved = answer.headers.location;
    const mapped =
      moved === undefined ? undefined : location(moved, request.basePath ?? apiBasePath);
    if (mapped !== undefined) headers.location = redact(mapped);
    if (violations.length > 0) headers[violationsHeader] = violationsHeaderValue(violations);
    const { status } = answer;
    if (request.method === "HEAD") {
      const length = answer.headers["content-length"];
      if (length !== undefined) headers["content-length"] = length;
      return { status, headers, body: undefined, answeredBy: by.deployment };
    }
    const body = answer.text === "" ? undefined : answer.text;
    return { status, headers, body, answeredBy: by.deployment };
  }

  /** An Error the proxy answers itself, journaled as the client's problem. */
  function refused(request: CoreRequest, started: number, response: CoreResponse): CoreResponse {
    const { code, message } = JSON.parse(response.body ?? "{}") as Problem;
    record(request, started, response.status, [{ by: "client", code, message }]);
    return labelled(response, by.proxy);
  }

  async function handle(request: CoreRequest): Promise<CoreResponse> {
    const started = performance.now();
    if (request.header(proxyMarkHeader) !== undefined) {
      const response = errorResponse(
        "proxy_loop",
        "This request came from a petstore-mock proxy: --proxy names this server itself.",
      );
      record(request, started, response.status, []);
      return labelled(response, by.proxy);
    }
    const crossSite = site.refuseApi((name) => request.header(name));
    if (crossSite) return refused(request, started, crossSite);
    // The mock answers what it would refuse anyway: a body over the limit, a bad credential.
    if (request.bodyTooLarge || !checkCredential(request.header("authorization"), apiKeys).ok) {
      return fromMock(request);
    }
    const url = urlUnder(proxy.url, request.path, request.query);
    if (!url) {
      return refused(
        request,
        started,
        errorResponse(
          "invalid_path",
          "The path leaves the API base (a . or .. segment in any spelling, an encoded slash or a backslash); nothing was forwarded.",
        ),
      );
    }
    // Only the interface's operations reach the deployment (HEAD as its GET); the mock answers the rest with its own Error.
    const match = matchRoute(request.method === "HEAD" ? "GET" : request.method, request.path);
    if (match.kind !== "operation") return fromMock(request);
    const headers: Record<string, string> = {
      accept: "application/json",
      [proxyMarkHeader]: "1",
    };
    if (proxy.key !== undefined) headers.authorization = `Bearer ${proxy.key}`;
    const contentType = request.header("content-type");
    if (request.body !== undefined && contentType !== undefined)
      headers["content-type"] = contentType;
    let answer: RawAnswer;
    try {
      answer = await exchangeOnce(
        url.href,
        request.method,
        headers,
        request.body,
        proxy.timeoutMs,
        proxy.maxBodyBytes,
        agent,
      );
    } catch (error) {
      return unanswered(request, started, describeError(error));
    }
    if (answer.status >= 300 && answer.status < 400) {
      return unanswered(
        request,
        started,
        `it answered a redirect (HTTP ${answer.status}), which the proxy does not follow`,
      );
    }
    const redacted: RawAnswer = { ...answer, text: redact(answer.text) };
    const response = readAnswer(redacted);
    const violations =
      match.kind === "operation" && request.method !== "HEAD"
        ? violationsOf(
            {
              operation: match.operationId,
              path: request.path,
              query: request.query,
              credential: "valid",
              body: request.body,
              contentType,
            },
            response,
          ).map((violation) => ({ ...violation, message: neutral(redact(violation.message)) }))
        : [];
    const problems: Problem[] = violations.map((violation) => ({
      by: "deployment",
      code: violation.check,
      kind: violation.kind,
      message: violation.message,
      rules: violation.rules,
    }));
    if (answer.status === 401) {
      problems.push({
        by: "deployment",
        code: "proxy_key_rejected",
        message: "The deployment answered 401 to a valid client: check --proxy-key.",
      });
    } else if (answer.status >= 400 && answer.status < 500 && answer.status !== 404) {
      problems.unshift(clientProblem(response.json, answer.status));
    }
    record(request, started, answer.status, problems, "deployment");
    return answerOf(redacted, request, violations);
  }

  return { handle, close: () => agent.destroy() };
}
