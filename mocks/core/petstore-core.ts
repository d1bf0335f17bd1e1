/**
 * The mock's whole request pipeline, shared by every runtime:
 * latency → route → credential → unknown path / method → scenario or fault →
 * operation, and a journal entry for every request.
 *
 * What it needs only to write an answer down (the one redactor, and the
 * interface's statements naming what a refused request broke) it is handed
 * as `CoreAids`: at once (`createPetstoreCore` of ./create-core.ts, every
 * Node runtime), or as a promise (a page's, loaded through `import()`). Until
 * a promised one arrives, an answer below 400 goes out at once and its
 * journal entry (and the observer's exchange) waits in a bounded queue,
 * written on arrival; an answer of 400 or more waits for it (its Error's
 * words are masked, its problem names the statements). Nothing unredacted
 * is ever written down.
 *
 * @example
 * const handle = createCorePipeline({ store: await createPetstoreStore() }, coreAids);
 * const response = await handle({ method: "GET", path: "/pets", query: "limit=5",
 *   header: (name) => (name === "authorization" ? "Bearer petstore-dev-key" : undefined),
 *   body: undefined });
 */

import type { refusalRules } from "../interface/refusals.js";
import { apiBasePath, type OperationId } from "../interface/spec.js";
import type { ErrorBody } from "../interface/types.js";
import type { createRequestRedactor, Redact } from "../util/redact.js";
import { type Credential, checkCredential, type SentCredential, sentCredential } from "./auth.js";
import { defaultApiKey } from "./defaults.js";
import { deprecationHeadersFor } from "./deprecation.js";
import { faultErrorBody, scenarioErrorBody } from "./errors.js";
import type { CoreRequest, CoreResponse, JsonAnswer, PetstoreCore } from "./exchange.js";
import {
  droppedResponse,
  errorResponse,
  internalError,
  jsonResponse,
  mergedHeaders,
  promisedCore,
  redactedError,
} from "./exchange.js";
import { type AppliedFault, createFaultRegistry, type FaultRegistry } from "./faults.js";
import {
  clip,
  createJournal,
  type Journal,
  type JournalRecord,
  journalLimits,
  noProblems,
  type Problem,
} from "./journal.js";
import { latencyMs, sleep, wait } from "./latency.js";
import { recordLimitsOf } from "./limits.js";
import {
  defaultOperationBehaviour,
  type OperationBehaviour,
  type Shaped,
  unshaped,
} from "./operation-behaviour.js";
import { operations } from "./operations.js";
import type { CoreOptions } from "./options.js";
import { type Match, matchRoute, routes } from "./router.js";
import type { StorePort } from "./store-port.js";

/**
 * One answered request to an operation, as an observer sees it after the
 * journal has (the consumer contract's recorder is one).
 */
export interface ObservedExchange {
  readonly request: CoreRequest;
  readonly operationId: OperationId;
  /** The path parameters, as received (percent-encoded). */
  readonly params: Readonly<Record<string, string>>;
  /** The answer sent (never a dropped one), secrets masked in an Error's message. */
  readonly response: CoreResponse;
  /** A fault, a `Prefer: code=` scenario or a refused write made the answer up: the request and the data did not. */
  readonly staged: boolean;
  /** The request's credential was refused (missing or not an accepted key), whatever status said so. */
  readonly credentialRefused: boolean;
  /** Masks every configured secret and the token this request presented. */
  readonly redact: Redact;
}

export interface PetstoreCoreOptions
  extends Pick<CoreOptions, "apiKeys" | "latency" | "maxPets" | "maxCategories"> {
  readonly store: StorePort;
  /** The faults to apply; default an empty registry of the core's own. */
  readonly faults?: FaultRegistry | undefined;
  /** Where every request is recorded; default a journal of the last 1,000 of the core's own. */
  readonly journal?: Journal | undefined;
  /** More secrets to mask in the journal and Error messages besides the API keys (e.g. the admin key). */
  readonly secrets?: readonly string[] | undefined;
  /** While it returns an answer, every create gets it instead (the server: 503 while its state file cannot be written). */
  readonly refuseWrites?: (() => CoreResponse | undefined) | undefined;
  /** Called with every answered request to an operation, after the journal records it. */
  readonly observe?: ((exchange: ObservedExchange) => void) | undefined;
  /**
   * The behaviour profile as the operations read it (`operationBehaviour(resolved)`
   * of ./behaviour.ts); default the kit's choices.
   */
  readonly profile?: OperationBehaviour | undefined;
}

export type { PetstoreCore } from "./exchange.js";

/** What the pipeline needs only to write an answer down (`coreAids` of ./aids.ts). */
export interface CoreAids {
  readonly createRequestRedactor: typeof createRequestRedactor;
  readonly refusalRules: typeof refusalRules;
}

/** At most this many answers wait for promised aids to be written down; beyond them, the newest are left out. */
export const waitingEntries = 1_000;

const unauthorizedHeaders = { "www-authenticate": "Bearer" } as const;

/** The Error answer a scenario or a fault makes up (a 401 names the Bearer scheme). */
const madeUp = (status: number, body: ErrorBody) =>
  jsonResponse(status, body, status === 401 ? unauthorizedHeaders : undefined);

function preferredStatus(prefer: string | undefined): number | undefined {
  const code = prefer && /(?:^|[\s,;])code\s*=\s*"?(\d{3})"?/i.exec(prefer)?.[1];
  const status = code ? Number(code) : 0;
  return status >= 400 && status <= 599 ? status : undefined;
}

/**
 * The first half of an operation's JSON answer (at least `[]`, so never
 * empty): a proper prefix of a JSON object or array is never valid JSON.
 */
const malformed = (body: string) => body.slice(0, Math.floor(body.length / 2));

/** The bytes of a body in UTF-8 (none without one), for a HEAD answer's Content-Length. */
const byteLength = (body: string | undefined) => new TextEncoder().encode(body).byteLength;

interface Made {
  readonly fault?: AppliedFault;
  /** The status a `Prefer: code=` scenario made up. */
  readonly scenario?: number;
  /** The credential check refused the request. */
  readonly credentialRefused?: boolean;
  /** A scenario, a refused write or a fault made the answer up (a delay alone does not). */
  readonly staged?: boolean;
}

/** What answering one request came to, before the journal sees it. */
type Outcome =
  | (Made & { readonly response: CoreResponse; readonly broke?: false })
  // The answer says the request broke the interface: its Error names where.
  | (Made & { readonly response: JsonAnswer; readonly broke: true });

/** An operation's answer: JSON, whether or not it says the request broke the interface. */
type Operated = Outcome & { readonly response: JsonAnswer };

/**
 * The Error code and message of an answer, as a journal problem with the
 * statements it broke; a fault that spoiled the answer leaves only its status.
 */
function problemOf(response: JsonAnswer, match: Match, rulesOf: CoreAids["refusalRules"]): Problem {
  try {
    const { code, message } = JSON.parse(response.body) as Problem;
    const field = /^[A-Za-z_]\w*/.exec(String(message))?.[0] ?? "";
    const operation = match.kind === "operation" ? match.operationId : undefined;
    const rules = rulesOf(operation, String(code), field);
    return {
      by: "client",
      code: String(code),
      message: String(message),
      ...(rules.length ? { rules } : {}),
    };
  } catch {}
  return { by: "client", code: "unknown", message: `status ${response.status}` };
}

/** An operation's answer as an outcome. */
function operated(response: JsonAnswer): Operated {
  // Operations answer 2xx or 4xx (a failure of the mock is `failure`'s 500, not an
  // operation's answer). A 404 for an absent record is the interface working, not
  // the request breaking it.
  return response.status >= 400 && response.status !== 404
    ? { response, broke: true }
    : { response };
}

/** The outcome of a request a fault applies to: delayed, dropped, replaced or spoiled. */
async function faulted(
  request: CoreRequest,
  fault: AppliedFault,
  operate: () => Operated | Promise<Operated>,
): Promise<Outcome> {
  if (fault.delayMs) await wait(fault.delayMs, request.signal);
  if (fault.network) return { response: droppedResponse, fault, staged: true };
  if (fault.status !== undefined) {
    const response = madeUp(fault.status, faultErrorBody(fault.status, fault.id));
    return { response, fault, staged: true };
  }
  const outcome = await operate();
  const { response } = outcome;
  if (fault.body === "malformed") {
    const spoiled = { ...response, body: malformed(response.body) };
    return { ...outcome, fault, response: spoiled, staged: true };
  }
  if (fault.body === "empty" && response.status === 200) {
    return { ...outcome, fault, response: { ...response, body: "[]" }, staged: true };
  }
  return { ...outcome, fault };
}

/** One answered request, ready to be written down. */
interface Answered {
  readonly request: CoreRequest;
  readonly match: Match;
  readonly outcome: Outcome;
  /** The answer as sent, before an Error's words are masked. */
  readonly finished: CoreResponse;
  readonly started: number;
  readonly sent: SentCredential;
  /** The profile's choices that shaped the answer, as noted. */
  readonly shaped: Shaped;
}

/** The aids as one core uses them: its redactor made for its secrets. */
interface Armed {
  readonly redactorFor: (authorization: string | undefined) => Redact;
  readonly refusalRules: CoreAids["refusalRules"];
}

export function createCorePipeline(
  options: PetstoreCoreOptions,
  aids: CoreAids | Promise<CoreAids>,
): PetstoreCore {
  const { store, latency } = options;
  const apiKeys = options.apiKeys?.length ? [...options.apiKeys] : [defaultApiKey];
  const secrets = [...apiKeys, ...(options.secrets ?? [])];
  const arm = (given: CoreAids): Armed => ({
    redactorFor: given.createRequestRedactor(secrets),
    refusalRules: given.refusalRules,
  });
  let armed = aids instanceof Promise ? undefined : arm(aids);
  /** Set when promised aids could not load: answers of 400 or more are then the mock's 500, nothing is written down. */
  let lost = false;
  let waiting: ((ready: Armed) => void)[] = [];
  const arrived = (given: CoreAids) => {
    const ready = arm(given);
    armed = ready;
    for (const write of waiting) write(ready);
    waiting = [];
  };
  const notArrived = (error: unknown) => {
    lost = true;
    waiting = [];
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(
      `petstore-mock-kit: the journal's redactor could not load (${reason}): requests are not journaled, and answers of 400 or more are 500`,
    );
  };
  const arrival = aids instanceof Promise ? aids.then(arrived, notArrived) : Promise.resolve();
  const faults = options.faults ?? createFaultRegistry();
  const journal = options.journal ?? createJournal();
  const pathList = routes.map((route) => route.template).join(", ");
  const maxRecords = recordLimitsOf(options);
  const behaviour = options.profile ?? defaultOperationBehaviour;
  const {
    restyle,
    shaping,
    refusesHead,
    ignoresTrailingSlash,
    deprecatesSuccessOnly,
    otherMethodNotFound,
  } = behaviour;
  const deprecationHeaders = deprecationHeadersFor(behaviour.deprecation);

  /** The outcome of one request: at once unless a create, a fault or a slow operation awaits. */
  function answer(
    request: CoreRequest,
    match: Match,
    basePath: string,
    credential: Credential,
    shaped: Shaped,
  ): Outcome | Promise<Outcome> {
    if (!credential.ok) {
      const response = errorResponse("unauthorized", credential.reason, unauthorizedHeaders);
      return { response, broke: true, credentialRefused: true };
    }
    const otherMethod = match.kind === "method_not_allowed" && otherMethodNotFound;
    if (otherMethod) shaped.note("otherMethod");
    if (match.kind === "not_found" || otherMethod) {
      const message = `No operation at ${request.method} ${basePath}${request.path}. Paths: ${pathList}.`;
      return { response: errorResponse("not_found", message), broke: true };
    }
    if (match.kind === "method_not_allowed") {
      const { template, allow } = match.route;
      const message = `${request.method} is not allowed on ${basePath}${template}; allowed: ${allow}.`;
      return { response: errorResponse("method_not_allowed", message, { allow }), broke: true };
    }
    const scenario = preferredStatus(request.header("prefer"));
    if (scenario !== undefined) {
      return { response: madeUp(scenario, scenarioErrorBody(scenario)), staged: true, scenario };
    }
    const refusal = request.method === "POST" ? options.refuseWrites?.() : undefined;
    if (refusal) return { response: refusal, staged: true };
    const fault = faults.take(match.operationId);
    // No closure for the common case: only a fault runs the operation later.
    return fault
      ? faulted(request, fault, () => operate(request, match, basePath, shaped))
      : operate(request, match, basePath, shaped);
  }

  /** Runs the operation a request matched. */
  function operate(
    request: CoreRequest,
    match: Match & { readonly kind: "operation" },
    basePath: string,
    shaped: Shaped,
  ): Operated | Promise<Operated> {
    const response = operations[match.operationId]({
      request,
      params: match.params,
      store,
      basePath,
      maxRecords,
      behaviour,
      shaped,
    });
    return response instanceof Promise ? response.then(operated) : operated(response);
  }

  function finish(
    request: CoreRequest,
    match: Match,
    basePath: string,
    outcome: Outcome,
    shaped: Shaped,
  ): CoreResponse {
    let { response } = outcome;
    if (response.dropped) return response;
    const withheld = deprecatesSuccessOnly && response.status >= 300;
    const deprecation =
      match.kind === "operation"
        ? deprecationHeaders(match.operationId, basePath, withheld ? unshaped : shaped)
        : undefined;
    if (withheld && deprecation) shaped.note("deprecationOn");
    else if (deprecation) {
      const headers = mergedHeaders(response.headers, deprecation);
      response = { status: response.status, headers, body: response.body };
    }
    if (restyle) {
      const operationId = match.kind === "operation" ? match.operationId : undefined;
      response = restyle(response, operationId, request, outcome.staged === true, shaped);
    }
    if (request.method === "HEAD") {
      const headers = { ...response.headers, "content-length": String(byteLength(response.body)) };
      response = { status: response.status, headers, body: undefined };
    }
    return response;
  }

  /** Journals the answer (secrets masked) and hands it to the observer; returns it, an Error's words masked. */
  function writeDown(ready: Armed, answered: Answered): CoreResponse {
    const { request, match, outcome, finished, started, sent, shaped } = answered;
    const redact = ready.redactorFor(request.header("authorization"));
    const response = redactedError(finished, redact);
    const path = request.query === "" ? request.path : `${request.path}?${request.query}`;
    // Built field by field: no object spread per request (the journal copies the fields).
    const entry: { -readonly [K in keyof JournalRecord]: JournalRecord[K] } = {
      method: clip(request.method, 16),
      path: clip(redact(path), journalLimits.path),
      operationId: match.kind === "operation" ? match.operationId : null,
      status: response.dropped ? 0 : response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      fault: outcome.fault ?? null,
      problems: outcome.broke
        ? [problemOf(outcome.response, match, ready.refusalRules)].map((problem) => ({
            ...problem,
            message: clip(redact(problem.message), journalLimits.message),
          }))
        : noProblems,
      credential: sent.credential,
      choices: shaped.choices,
    };
    if (sent.sentAs !== undefined) entry.sentAs = sent.sentAs;
    if (outcome.scenario !== undefined) entry.scenario = outcome.scenario;
    journal.record(entry);
    if (options.observe && match.kind === "operation" && !response.dropped) {
      options.observe({
        request,
        operationId: match.operationId,
        params: match.params,
        response,
        staged: outcome.staged === true,
        credentialRefused: outcome.credentialRefused === true,
        redact,
      });
    }
    return response;
  }

  /**
   * Before promised aids arrive: an answer below 400 (nothing in it to mask)
   * at once, written down on arrival; one of 400 or more once they are here.
   */
  function writeLater(answered: Answered): CoreResponse | Promise<CoreResponse> {
    const { outcome, finished, started } = answered;
    const plain = !outcome.broke && (finished.dropped || finished.status < 400);
    if (lost) return plain ? finished : internalError();
    if (!plain) return arrival.then(() => (armed ? writeDown(armed, answered) : internalError()));
    // The duration is the answer's, not the wait's.
    const took = performance.now() - started;
    if (waiting.length < waitingEntries) {
      waiting.push((ready) => writeDown(ready, { ...answered, started: performance.now() - took }));
    }
    return finished;
  }

  /** Journals the outcome and returns the answer; a hang holds it until released. */
  function settle(
    request: CoreRequest,
    match: Match,
    basePath: string,
    outcome: Outcome,
    started: number,
    sent: SentCredential,
    shaped: Shaped,
  ): CoreResponse | Promise<CoreResponse> {
    const answered = {
      request,
      match,
      outcome,
      finished: finish(request, match, basePath, outcome, shaped),
      started,
      sent,
      shaped,
    };
    const response = armed ? writeDown(armed, answered) : writeLater(answered);
    // Journaled before it starts: a hang's end is not always seen (msw's
    // browser worker does not pass the page's abort on), so it is recorded as
    // no answer at once, then holds the request until the client gives up
    // or the fault is cleared.
    if (outcome.fault?.network === "hang") {
      return faults.hold(outcome.fault, request.signal).then(() => response);
    }
    return response;
  }

  const failure = (error: unknown): Outcome => {
    console.error("petstore-mock: unexpected error", error);
    return { response: internalError() };
  };

  function respond(request: CoreRequest, started: number): CoreResponse | Promise<CoreResponse> {
    // HEAD is answered wherever GET is (RFC 9110 §9.3.2): the GET answer without its body.
    const method = request.method === "HEAD" && !refusesHead ? "GET" : request.method;
    const { path } = request;
    const trimmed = ignoresTrailingSlash && path.length > 1 && path.endsWith("/");
    const match = matchRoute(method, trimmed ? path.slice(0, -1) : path);
    const basePath = request.basePath ?? apiBasePath;
    const authorization = request.header("authorization");
    const credential = checkCredential(authorization, apiKeys);
    const sent = sentCredential(authorization, credential);
    // Under a profile, the choices that shape this answer, as their code paths note them.
    const shaped = shaping ? shaping() : unshaped;
    if (trimmed) shaped.note("trailingSlash");
    if (method === "HEAD") shaped.note("headMethod");
    let outcome: Outcome | Promise<Outcome>;
    try {
      outcome = answer(request, match, basePath, credential, shaped);
    } catch (error) {
      outcome = failure(error);
    }
    if (!(outcome instanceof Promise)) {
      return settle(request, match, basePath, outcome, started, sent, shaped);
    }
    return outcome
      .catch(failure)
      .then((late) => settle(request, match, basePath, late, started, sent, shaped));
  }

  return promisedCore((request) => {
    const started = request.receivedAt ?? performance.now();
    const delay = latencyMs(latency);
    return delay > 0
      ? sleep(delay).then(() => respond(request, started))
      : respond(request, started);
  });
}
