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
import type { DeploymentHealth } from "../admin/admin.js";
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
import type { ResolvedBehaviour } from "../interface/behaviour-profile.js";
import { readAnswer } from "../interface/checks.js";
import { clientHeaders } from "../interface/headers.js";
import { knowsNothing, type Violation, violationsOf } from "../interface/judge.js";
import { interfaceOperations, limitQuery } from "../interface/operations.js";
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
  /** The behaviour profile the proxy serves under: the deployment's answers earn no advice it replaces. */
  readonly behaviour?: ResolvedBehaviour | undefined;
}

export interface ProxyHandler {
  readonly handle: PetstoreCore;
  /**
   * The deployment as the proxy last found it (for `GET /__mock/health`);
   * when that is older than `staleMs`, a probe (the cheapest read of the
   * first list, with the proxy key) updates it for the next call.
   */
  deployment(): DeploymentHealth;
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

/** How old (ms) the deployment's state may be before the health asks for a probe. */
export const staleMs = 15_000;

/** The probe: the cheapest read of the first list operation (`GET /pets?limit=1`). */
const probeOperation = interfaceOperations.find((operation) => operation.lists);
if (!probeOperation) throw new Error("openapi.yaml lists no list operation to probe");
const probePath = probeOperation.template;
const probeQuery = new URLSearchParams(limitQuery(probeOperation, "minimum")).toString();

/** The route of a request, HEAD as its GET. */
const routeOf = (request: CoreRequest) =>
  matchRoute(request.method === "HEAD" ? "GET" : request.method, request.path);

/** The Error code and message of a client error the deployment answered, as the client's problem. */
function clientProblem(json: unknown, status: number): Problem {
  const body = json as { code?: unknown; message?: unknown } | undefined;
  return typeof body?.code === "string" && typeof body.message === "string"
    ? { by: "client", code: neutral(body.code), message: neutral(body.message) }
    : { by: "client", code: "unknown", message: `status ${status}` };
}

export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  const { proxy, apiKeys, journal, site } = options;
  /** The headers every request to the deployment carries: its own key, never the client's. */
  const forwardedHeaders = (): Record<string, string> => ({
    accept: "application/json",
    [proxyMarkHeader]: "1",
    ...(proxy.key === undefined ? {} : { authorization: `Bearer ${proxy.key}` }),
  });
  const base = new URL(proxy.url);
  const agent =
    base.protocol === "https:"
      ? new HttpsAgent({ keepAlive: true })
      : new HttpAgent({ keepAlive: true });
  const redact = createRedactor(options.secrets);
  const redactorFor = createRequestRedactor(options.secrets);
  // For the entry the mock journals for the same request: the deployment's problems, and
  // whether the mock answers as the fallback for a deployment that gave no usable answer.
  const pending = new AsyncLocalStorage<{
    readonly problems: readonly Problem[];
    readonly fallback: boolean;
  }>();
  const mockJournal: Journal = {
    ...journal,
    record: (entry) => {
      const { problems = [], fallback = false } = pending.getStore() ?? {};
      journal.record({
        ...entry,
        answeredBy: fallback ? "fallback" : "mock",
        problems: [...problems, ...entry.problems],
      });
    },
  };
  const mock = options.mock(mockJournal);
  // Noted on every forwarded answer; the time is written out only when the health is read.
  let found: { state: DeploymentHealth["state"]; at: number; reason?: string } | undefined;
  let probing = false;
  const note = (state: DeploymentHealth["state"], reason?: string) => {
    found = { state, at: Date.now(), ...(reason === undefined ? {} : { reason }) };
  };
  /** What answering with `answer` says of the deployment. */
  const noteAnswer = (answer: RawAnswer) => {
    if (answer.status >= 300 && answer.status < 400) {
      note("down", `it answered a redirect (HTTP ${answer.status})`);
    } else note(answer.status === 401 ? "key-rejected" : "up");
  };
  /** One bounded exchange with the deployment, over the pooled connections. */
  const forward = (url: URL, method: string, headers = forwardedHeaders(), body?: string) =>
    exchangeOnce(url.href, method, headers, body, proxy.timeoutMs, proxy.maxBodyBytes, agent);
  async function probe(): Promise<void> {
    probing = true;
    try {
      // A fixed path of the document's: always below the base.
      noteAnswer(await forward(urlUnder(proxy.url, probePath, probeQuery) as URL, "GET"));
    } catch (error) {
      note("down", neutral(redact(describeError(error))));
    } finally {
      probing = false;
    }
  }
  function deployment(): DeploymentHealth {
    if (!probing && (found === undefined || Date.now() - found.at > staleMs)) void probe();
    if (found === undefined) return { url: proxy.url, state: "unknown" };
    const { state, at, reason } = found;
    return {
      url: proxy.url,
      state,
      checkedAt: new Date(at).toISOString(),
      ...(reason === undefined ? {} : { reason }),
    };
  }
  /** Who answered, as the request log names it (CoreResponse.answeredBy). */
  const by = {
    deployment: base.host,
    mock: "mock",
    fallback: "mock (fallback)",
    proxy: "proxy",
  } as const;
  const fromMock = async (request: CoreRequest, problems: readonly Problem[] = []) => {
    const fallback = problems.length > 0;
    const answer = await pending.run({ problems, fallback }, () => mock(request));
    return { ...answer, answeredBy: fallback ? by.fallback : by.mock };
  };

  function record(
    request: CoreRequest,
    started: number,
    status: number,
    problems: readonly Problem[],
    answeredBy?: JournalEntry["answeredBy"],
  ): void {
    const match = routeOf(request);
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
    note("down", problem.message);
    if (proxy.fallback === "mock") return fromMock(request, [problem]);
    const response = errorResponse(
      "bad_gateway",
      `The deployment gave no usable answer: ${problem.message}`,
    );
    record(request, started, response.status, [problem]);
    return Promise.resolve({ ...response, answeredBy: by.proxy });
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
    const length = answer.headers["content-length"];
    if (request.method === "HEAD" && length !== undefined) headers["content-length"] = length;
    const body = request.method === "HEAD" || answer.text === "" ? undefined : answer.text;
    return { status: answer.status, headers, body, answeredBy: by.deployment };
  }

  /** An Error the proxy answers itself, journaled as the client's problem. */
  function refused(request: CoreRequest, started: number, response: CoreResponse): CoreResponse {
    const { code, message } = JSON.parse(response.body ?? "{}") as Problem;
    record(request, started, response.status, [{ by: "client", code, message }]);
    return { ...response, answeredBy: by.proxy };
  }

  async function handle(request: CoreRequest): Promise<CoreResponse> {
    const started = performance.now();
    if (request.header(proxyMarkHeader) !== undefined) {
      const response = errorResponse(
        "proxy_loop",
        "This request came from a petstore-mock proxy: --proxy names this server itself.",
      );
      record(request, started, response.status, []);
      return { ...response, answeredBy: by.proxy };
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
    const match = routeOf(request);
    if (match.kind !== "operation") return fromMock(request);
    const headers = forwardedHeaders();
    const contentType = request.header("content-type");
    if (request.body !== undefined && contentType !== undefined)
      headers["content-type"] = contentType;
    let answer: RawAnswer;
    try {
      answer = await forward(url, request.method, headers, request.body);
    } catch (error) {
      return unanswered(request, started, describeError(error));
    }
    noteAnswer(answer);
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
      request.method !== "HEAD"
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
            knowsNothing,
            options.behaviour,
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

  return { handle, deployment, close: () => agent.destroy() };
}
