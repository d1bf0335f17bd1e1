/**
 * `--fuzz N`: N requests generated from openapi.yaml, sent one at a time,
 * each judged by the fixed suite's rules; a create that succeeds is read
 * back. The first failure of each cause is shrunk to the smallest request
 * that still fails the same way; later ones only count. Shrinking creates
 * only from the reserve the generation leaves, and only for a documented
 * cause: an advisory one is shrunk by requests that write nothing.
 */
import type { ChoicesInEffect } from "../../mocks/interface/advice.js";
import { type CheckKind, isSuccess } from "../../mocks/interface/checks.js";
import { foundText } from "../../mocks/interface/failure-lines.js";
import { judge, type Verdict } from "../../mocks/interface/judge.js";
import { Knowledge } from "../../mocks/interface/knowledge.js";
import {
  interfaceOperation,
  interfaceOperations,
  limitQuery,
  referencedCollection,
} from "../../mocks/interface/operations.js";
import type { OperationId, ParameterSchema } from "../../mocks/interface/spec.js";
import type { Id } from "../../mocks/util/exact-json.js";
import { isObject } from "../../mocks/util/json.js";
import { recordIn } from "../suite/context.js";
import type { CreatedRecord } from "../suite/results.js";
import type { ContractRequest, Exchange } from "../transport/http.js";
import { operationRequest, RunDeadlineError, sentRequest } from "../transport/http.js";
import { type FuzzState, RequestGenerator, simplerValues } from "./generate.js";
import { checksFor } from "./judge.js";
import { createRandom } from "./random.js";
import { type FuzzRequest, mayWrite, requestSize, toContractRequest } from "./request.js";

/** Creates kept back from generation for shrinking documented failures (at most a quarter of the budget). */
const writeReserve = 10;
/** Requests one failure's shrinking may send. */
const maxShrinkSends = 60;

interface FuzzOptions {
  /** How many requests to generate. */
  readonly count: number;
  readonly seed: number;
  readonly tag: string;
  readonly readOnly: boolean;
  /** The most creates the run asks for, shrinking included. */
  readonly writeBudget: number;
  /** Generate requests for these operations only (`--only`; empty: all). */
  readonly only?: readonly OperationId[];
  /** Also require every answer to be one openapi.yaml lists (the kit's own choices included). */
  readonly checkDocument?: boolean;
  /** The target's choices where the interface is silent: advice they replace is not raised. */
  readonly behaviour?: ChoicesInEffect | undefined;
  /** Sends one request (the suite's transport: deadlines, caps, retries). */
  readonly send: (request: ContractRequest) => Promise<Exchange>;
  /** The request as a one-line curl command, key redacted. */
  readonly curl: (request: ContractRequest) => string;
  /** Describes an answer for the report (redacted, cut). */
  readonly describe: (exchange: Exchange) => string;
}

/** One cause of failure: its first occurrence, shrunk, and how often it was seen. */
export interface FuzzFailure {
  /** `<operation> <check>`: failures with one key share a cause. */
  readonly key: string;
  readonly operation: OperationId;
  readonly slug: string;
  readonly kind: CheckKind;
  readonly expected: string;
  /** Why the smallest failing request failed, and what came back. */
  readonly actual: string;
  /** The smallest failing request as a curl line (key redacted). */
  readonly curl: string;
  /** How many generated requests failed this way. */
  readonly count: number;
  /** The statuses of the answers that failed this way ("0": no answer), each with how many: they add up to `count`. */
  readonly statuses: Readonly<Record<string, number>>;
  readonly request: FuzzRequest;
  /** The time spent on them, in ms: their requests, read-backs and the shrinking. */
  readonly durationMs: number;
}

export interface FuzzResult {
  readonly seed: number;
  /** Requests asked for, and generated before the run ended. */
  readonly requested: number;
  readonly generated: number;
  /** Every request sent: generated, read-backs, shrinking. */
  readonly sent: number;
  readonly writeBudget: number;
  readonly writes: number;
  readonly readOnly: boolean;
  readonly failures: readonly FuzzFailure[];
  /** Generated requests per operation. */
  readonly perOperation: Readonly<Partial<Record<OperationId, number>>>;
  /** The time, in ms, of each operation's generated requests that broke no rule (with their read-backs). */
  readonly passedMs: Readonly<Partial<Record<OperationId, number>>>;
  /** The whole fuzzing, in ms: the first lists, every request, the shrinking. */
  readonly durationMs: number;
  /**
   * How often each operation answered each status ("0": no answer): every
   * answer judged, to generated requests, their shrunk forms and read-backs.
   */
  readonly statuses: Readonly<Partial<Record<OperationId, Readonly<Record<string, number>>>>>;
  readonly created: readonly CreatedRecord[];
  /** Set when the run's deadline ended the fuzzing early. */
  readonly stopped?: string;
}

/** A check an answer broke, with the operation it was sent to and the answer's status ("0": none). */
type Finding = Extract<Verdict, { passed: false }> & {
  readonly operation: OperationId;
  readonly status: string;
};

/** What sending one generated request (and its read-back) came to. */
interface Outcome {
  readonly findings: readonly Finding[];
  /** The answer that broke a check, for the report. */
  readonly failed?: Exchange;
}

const keyOf = (finding: Finding) => `${finding.operation} ${finding.check.slug}`;

/** The finding a failure is grouped by: the first documented one, else the first advisory one. */
const causeOf = (findings: readonly Finding[]) =>
  findings.find((finding) => finding.check.kind === "documented") ?? findings[0];

export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const knowledge = new Knowledge();
  const writeBudget = options.readOnly ? 0 : options.writeBudget;
  const state: FuzzState = {
    tag: options.tag,
    ids: Object.fromEntries(
      interfaceOperations.map((operation) => [operation.collection, []]),
    ) as unknown as FuzzState["ids"],
    readOnly: options.readOnly,
    writesLeft: writeBudget,
    writeReserve: Math.min(writeReserve, Math.floor(writeBudget / 4)),
  };
  const only = options.only ?? [];
  const operations = interfaceOperations.filter(
    (operation) => only.length === 0 || only.includes(operation.id),
  );
  const generator = new RequestGenerator(createRandom(options.seed), state, operations);
  const created: CreatedRecord[] = [];
  const perOperation: Partial<Record<OperationId, number>> = {};
  const passedMs: Partial<Record<OperationId, number>> = {};
  const started = performance.now();
  const statuses: Partial<Record<OperationId, Record<string, number>>> = {};
  const failures = new Map<string, FuzzFailure>();
  let sent = 0;
  let generated = 0;

  const send = async (request: ContractRequest) => {
    sent++;
    return options.send(request);
  };

  /** Spends one create: a shrinking one from the reserve the generation leaves. */
  const spendWrite = (shrinking: boolean) => {
    state.writesLeft = Math.max(0, state.writesLeft - 1);
    if (shrinking) state.writeReserve = Math.max(0, state.writeReserve - 1);
  };

  /** Notes a record a POST created; every create spends the budget. */
  const noteCreated = (
    request: FuzzRequest,
    exchange: Exchange,
    spent: boolean,
    shrinking: boolean,
  ) => {
    const { creates, collection } = interfaceOperation(request.operation);
    const record = recordIn(exchange.response);
    if (!creates || !exchange.response || !isSuccess(exchange.response)) return record;
    if (!spent) spendWrite(shrinking);
    if (record) {
      created.push({ collection, id: record.id, name: record.name ?? "" });
      state.ids[collection].push(record.id);
    }
    return record;
  };

  /** Sends a request and judges the answer with what the run knows; then learns from it. */
  const judged = async (request: FuzzRequest) => {
    const { operation } = request;
    const checks = checksFor(request, knowledge, options.checkDocument, options.behaviour);
    const sent = toContractRequest(request);
    const exchange = await send(sent);
    statuses[operation] ??= {};
    const seen = statuses[operation];
    const code = String(exchange.response?.status ?? 0);
    seen[code] = (seen[code] ?? 0) + 1;
    knowledge.learn(sentRequest(operation, sent), exchange.response);
    const findings = judge(checks, exchange.response, `no answer (${exchange.error})`).flatMap(
      (verdict) => (verdict.passed ? [] : [{ ...verdict, operation, status: code }]),
    );
    return findings.length ? { findings, failed: exchange, exchange } : { findings, exchange };
  };

  /** Reads a created record back: with its own read by id, else the list that must hold it. */
  const readBack = async (request: FuzzRequest, id: Id): Promise<Outcome> => {
    const { collection } = interfaceOperation(request.operation);
    const readers = interfaceOperations.filter(
      (operation) => operation.collection === collection && operation.method === "GET",
    );
    const reader =
      readers.find((operation) => operation.path.length > 0) ??
      readers.find((operation) => operation.lists);
    if (!reader) return { findings: [] };
    const read: FuzzRequest = {
      operation: reader.id,
      expect: "valid",
      credential: "valid",
      query: [],
      path: Object.fromEntries(reader.path.map((parameter) => [parameter.name, String(id)])),
    };
    return judged(read);
  };

  /** Sends a generated request, or a shrinking candidate, (and its read-back) and judges the answers. */
  const attempt = async (request: FuzzRequest, shrinking = false): Promise<Outcome> => {
    const spend = mayWrite(request) && request.expect === "valid";
    if (spend) spendWrite(shrinking);
    if (request.expect === "absent") {
      const { collection } = interfaceOperation(request.operation);
      for (const id of Object.values(request.path)) knowledge.declareAbsent(collection, Number(id));
    }
    const outcome = await judged(request);
    const record = noteCreated(request, outcome.exchange, spend, shrinking);
    return !outcome.failed && request.thenRead && record ? readBack(request, record.id) : outcome;
  };

  /** Whether shrinking a cause of this kind may send the request: a create only for a documented one, from the reserve. */
  const affordable = (request: FuzzRequest, kind: CheckKind) =>
    !mayWrite(request) || (kind === "documented" && state.writeReserve > 0 && state.writesLeft > 0);

  /**
   * The simpler values of a valid part: for one that names a record of
   * another collection (a pet's `categoryId`), the smaller ids the run has
   * seen (the smallest first, then halfway…), never a guessed one.
   */
  const simplerOf = (name: string, value: unknown, schema: ParameterSchema | undefined) => {
    const collection = referencedCollection(name);
    if (collection === undefined || typeof value !== "number") return simplerValues(value, schema);
    const seen = [...new Set(state.ids[collection])]
      .filter((id) => id < value)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return simplerValues(seen.length, { minimum: 0 }).map((index) => seen[index as number]);
  };

  /**
   * Simpler variants of a request, simplest first: the mistake undone where
   * that leaves a valid request (a bad credential made valid, an odd query
   * value left out), then each valid part left out, then each valid value
   * made simpler. Other mistakes stay.
   */
  const candidates = (request: FuzzRequest): FuzzRequest[] => {
    const operation = interfaceOperation(request.operation);
    const dropped: FuzzRequest[] = [];
    const simpler: FuzzRequest[] = [];
    if (request.expect === "credential")
      dropped.push({ ...request, credential: "valid", expect: "valid" });
    if (request.expect === "tolerated" && request.query.some((part) => part.fixed)) {
      const query = request.query.filter((part) => !part.fixed);
      dropped.push({ ...request, query, expect: "valid" });
    }
    request.query.forEach((part, index) => {
      if (part.fixed) return;
      const parameter = operation.query.find((p) => p.name === part.name);
      if (!parameter?.required) {
        dropped.push({ ...request, query: request.query.filter((_, i) => i !== index) });
      }
      const text = decodeURIComponent(part.value);
      const value = /^-?\d+$/.test(text) ? Number(text) : text;
      for (const next of simplerOf(part.name, value, parameter?.schema)) {
        const simplest = { ...part, value: encodeURIComponent(String(next)) };
        simpler.push({
          ...request,
          query: request.query.map((p, i) => (i === index ? simplest : p)),
        });
      }
    });
    const { body } = request;
    if (body?.kind === "json" && isObject(body.value)) {
      const fields = body.value;
      const shortName = `${options.tag} fuzz`;
      for (const field of operation.body ?? []) {
        if (!(field.name in fields) || body.fixedFields?.includes(field.name)) continue;
        const withField = (next: unknown): FuzzRequest => ({
          ...request,
          body: { ...body, value: { ...fields, [field.name]: next } },
        });
        if (!field.required) {
          const { [field.name]: _dropped, ...rest } = fields;
          dropped.push({ ...request, body: { ...body, value: rest } });
        }
        simpler.push(...simplerOf(field.name, fields[field.name], field.schema).map(withField));
        if (field.name === "name" && typeof fields.name === "string" && fields.name !== shortName) {
          simpler.push(withField(shortName));
        }
      }
    }
    return [...dropped, ...simpler].filter(
      (candidate) => requestSize(candidate) <= requestSize(request),
    );
  };

  const shrink = async (request: FuzzRequest, key: string, kind: CheckKind, first: Outcome) => {
    let smallest = request;
    let outcome = first;
    let budget = maxShrinkSends;
    for (let progress = true; progress && budget > 0; ) {
      progress = false;
      for (const candidate of candidates(smallest)) {
        if (budget <= 0) break;
        if (!affordable(candidate, kind)) continue;
        budget--;
        const tried = await attempt(candidate, true);
        if (tried.findings.some((finding) => keyOf(finding) === key)) {
          smallest = candidate;
          outcome = tried;
          progress = true;
          break;
        }
      }
    }
    return { smallest, outcome };
  };

  /** Notes what a generated request came to, `since` when it was sent (shrinking its first failure). */
  const record = async (request: FuzzRequest, outcome: Outcome, since: number) => {
    const cause = causeOf(outcome.findings);
    if (!cause) {
      passedMs[request.operation] = (passedMs[request.operation] ?? 0) + performance.now() - since;
      return;
    }
    const key = keyOf(cause);
    const { status } = cause;
    const known = failures.get(key);
    if (known) {
      const statuses = { ...known.statuses, [status]: (known.statuses[status] ?? 0) + 1 };
      const durationMs = known.durationMs + performance.now() - since;
      failures.set(key, { ...known, count: known.count + 1, statuses, durationMs });
      return;
    }
    const { smallest, outcome: shrunk } = await shrink(request, key, cause.check.kind, outcome);
    const finding = shrunk.findings.find((f) => keyOf(f) === key) ?? cause;
    const exchange = shrunk.failed;
    failures.set(key, {
      key,
      operation: finding.operation,
      slug: finding.check.slug,
      kind: finding.check.kind,
      expected: finding.check.expected,
      actual: exchange ? foundText(finding.reason, options.describe(exchange)) : finding.reason,
      curl: options.curl(toContractRequest(smallest)),
      count: 1,
      statuses: { [status]: 1 },
      request: smallest,
      durationMs: performance.now() - since,
    });
  };

  let stopped: string | undefined;
  try {
    for (const lister of interfaceOperations.filter((operation) => operation.lists)) {
      const request = operationRequest(lister.id, { query: limitQuery(lister, "maximum") });
      knowledge.learn(sentRequest(lister.id, request), (await send(request)).response);
      state.ids[lister.collection].push(...knowledge.known(lister.collection).keys());
    }
    // A create names records of other collections (a pet's category): none known, no writes.
    const named = interfaceOperations.flatMap((operation) =>
      (operation.body ?? []).flatMap((field) => referencedCollection(field.name) ?? []),
    );
    if (named.some((collection) => state.ids[collection].length === 0)) state.writesLeft = 0;
    while (generated < options.count) {
      const request = generator.next();
      generated++;
      perOperation[request.operation] = (perOperation[request.operation] ?? 0) + 1;
      const since = performance.now();
      await record(request, await attempt(request), since);
    }
  } catch (error) {
    if (!(error instanceof RunDeadlineError)) throw error;
    stopped = `the run's deadline ended fuzzing after ${generated} of ${options.count} requests`;
  }
  return {
    seed: options.seed,
    requested: options.count,
    generated,
    sent,
    writeBudget,
    writes: writeBudget - state.writesLeft,
    readOnly: options.readOnly,
    failures: [...failures.values()],
    perOperation,
    passedMs,
    durationMs: performance.now() - started,
    statuses,
    created,
    ...(stopped ? { stopped } : {}),
  };
}
