/**
 * `--fuzz N`: N requests generated from openapi.yaml, sent one at a time,
 * each judged by the fixed suite's rules; a create that succeeds is read
 * back. The first failure of each cause is shrunk to the smallest request
 * that still fails the same way; later ones only count.
 */
import type { OperationId } from "../../mocks/spec.js";
import type { ContractRequest, Exchange } from "../http.js";
import { RunDeadlineError } from "../http.js";
import type { Check } from "../suite/context.js";
import { createdIn, recordIn } from "../suite/context.js";
import { echoes } from "../suite/expectations.js";
import type { CheckKind, CreatedRecord } from "../suite/results.js";
import { documentedOperation, documentedOperations } from "./document.js";
import { type FuzzState, RequestGenerator, simplerValues } from "./generate.js";
import { checksFor as allChecksFor, type Finding, judge } from "./judge.js";
import { createRandom } from "./random.js";
import { type FuzzRequest, mayWrite, requestSize, toContractRequest } from "./request.js";

/** Creates kept back from generation for shrinking failures. */
const writeReserve = 10;
/** Requests one failure's shrinking may send. */
const maxShrinkSends = 60;

export interface FuzzOptions {
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
  readonly request: FuzzRequest;
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
  /** How often each operation answered each status ("0": no answer), generated requests only. */
  readonly statuses: Readonly<Partial<Record<OperationId, Readonly<Record<string, number>>>>>;
  readonly created: readonly CreatedRecord[];
  /** Set when the run's deadline ended the fuzzing early. */
  readonly stopped?: string;
}

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
  const checksFor = (request: FuzzRequest) =>
    allChecksFor(request).filter(
      (check) => options.checkDocument || check.slug !== "listed-in-openapi",
    );
  const writeBudget = options.readOnly ? 0 : options.writeBudget;
  const state: FuzzState = {
    tag: options.tag,
    categoryIds: [],
    petIds: [],
    readOnly: options.readOnly,
    writesLeft: writeBudget,
    writeReserve: Math.min(writeReserve, Math.floor(writeBudget / 4)),
  };
  const random = createRandom(options.seed);
  const only = options.only ?? [];
  const operations = documentedOperations.filter(
    (operation) => only.length === 0 || only.includes(operation.id),
  );
  const generator = new RequestGenerator(random, state, operations);
  const created: CreatedRecord[] = [];
  const perOperation: Partial<Record<OperationId, number>> = {};
  const statuses: Partial<Record<OperationId, Record<string, number>>> = {};
  const failures = new Map<string, FuzzFailure>();
  let sent = 0;
  let generated = 0;

  const send = async (request: ContractRequest) => {
    sent++;
    return options.send(request);
  };

  /** Notes a record a POST created; every create spends the budget. */
  const noteCreated = (request: FuzzRequest, exchange: Exchange, spent: boolean) => {
    const collection = createdIn[request.operation];
    const response = exchange.response;
    const record = recordIn(response);
    if (!collection || !response || response.status < 200 || response.status >= 300) return record;
    if (!spent) state.writesLeft = Math.max(0, state.writesLeft - 1);
    if (record) {
      created.push({ collection, id: record.id, name: record.name ?? "" });
      if (collection === "pets") state.petIds.push(record.id);
    }
    return record;
  };

  const readBack = async (request: FuzzRequest, id: number): Promise<Outcome> => {
    const sentBody = request.body?.kind === "json" ? (request.body.value as object) : {};
    if (request.operation === "createPet") {
      const exchange = await send({ method: "GET", path: `/pets/${id}` });
      const checks: Check[] = [
        ...checksFor({
          operation: "getPet",
          expect: "valid",
          credential: "valid",
          query: [],
          path: {},
        }),
        { ...echoes({ ...sentBody, id }), slug: "same-as-created", rules: ["§4.3.getPet"] },
      ];
      const findings = judge("getPet", checks, exchange);
      return findings.length ? { findings, failed: exchange } : { findings };
    }
    const exchange = await send({ method: "GET", path: "/categories" });
    const lists: Check = {
      slug: "lists-created",
      kind: "documented",
      rules: ["§4.4.listCategories"],
      expected: `lists the category the run created (${id})`,
      assert(response) {
        const items = Array.isArray(response.json)
          ? (response.json as Array<{ id?: unknown }>)
          : [];
        if (!items.some((item) => item?.id === id)) throw new Error(`missing id ${id}`);
      },
    };
    const base = checksFor({
      operation: "listCategories",
      expect: "valid",
      credential: "valid",
      query: [],
      path: {},
    });
    const findings = judge("listCategories", [...base, lists], exchange);
    return findings.length ? { findings, failed: exchange } : { findings };
  };

  /** Sends a generated request (and its read-back) and judges the answers. */
  const attempt = async (request: FuzzRequest): Promise<Outcome> => {
    const spend = mayWrite(request) && request.expect === "valid";
    if (spend) state.writesLeft = Math.max(0, state.writesLeft - 1);
    const exchange = await send(toContractRequest(request));
    const seen = statuses[request.operation] ?? {};
    statuses[request.operation] = seen;
    const code = String(exchange.response?.status ?? 0);
    seen[code] = (seen[code] ?? 0) + 1;
    const record = noteCreated(request, exchange, spend);
    const findings = judge(request.operation, checksFor(request), exchange);
    if (findings.length) return { findings, failed: exchange };
    if (request.thenRead && record && exchange.response?.status !== undefined) {
      return readBack(request, record.id);
    }
    return { findings };
  };

  const affordable = (request: FuzzRequest) => !mayWrite(request) || state.writesLeft > 0;

  /**
   * Simpler variants of a request, simplest first: the mistake undone where
   * that leaves a valid request (a bad credential made valid, an odd query
   * value left out), then each valid part left out, then each valid value
   * made simpler. Other mistakes stay.
   */
  const candidates = (request: FuzzRequest): FuzzRequest[] => {
    const operation = documentedOperation(request.operation);
    const dropped: FuzzRequest[] = [];
    const simpler: FuzzRequest[] = [];
    if (request.expect === "credential") {
      dropped.push({ ...request, credential: "valid", expect: "valid" });
    }
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
      for (const next of simplerValues(value, parameter?.schema)) {
        const query = request.query.map((p, i) =>
          i === index ? { ...p, value: encodeURIComponent(String(next)) } : p,
        );
        simpler.push({ ...request, query });
      }
    });
    const body = request.body;
    const value = body?.kind === "json" ? body.value : undefined;
    if (body?.kind === "json" && value && typeof value === "object" && !Array.isArray(value)) {
      const fields = value as Record<string, unknown>;
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
        for (const next of simplerValues(fields[field.name], field.schema)) {
          simpler.push(withField(next));
        }
        if (field.name === "name" && typeof fields.name === "string" && fields.name !== shortName) {
          simpler.push(withField(shortName));
        }
      }
    }
    return [...dropped, ...simpler].filter(
      (candidate) => requestSize(candidate) <= requestSize(request),
    );
  };

  const shrink = async (request: FuzzRequest, key: string, first: Outcome) => {
    let smallest = request;
    let outcome = first;
    let budget = maxShrinkSends;
    for (let progress = true; progress && budget > 0; ) {
      progress = false;
      for (const candidate of candidates(smallest)) {
        if (budget-- <= 0 || !affordable(candidate)) break;
        const tried = await attempt(candidate);
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

  const record = async (request: FuzzRequest, outcome: Outcome) => {
    const cause = causeOf(outcome.findings);
    if (!cause) return;
    const key = keyOf(cause);
    const known = failures.get(key);
    if (known) {
      failures.set(key, { ...known, count: known.count + 1 });
      return;
    }
    const { smallest, outcome: shrunk } = await shrink(request, key, outcome);
    const finding = shrunk.findings.find((f) => keyOf(f) === key) ?? cause;
    const exchange = shrunk.failed;
    failures.set(key, {
      key,
      operation: finding.operation,
      slug: finding.check.slug,
      kind: finding.check.kind,
      expected: finding.check.expected,
      actual: `${finding.reason}${exchange ? ` — got ${options.describe(exchange)}` : ""}`,
      curl: options.curl(toContractRequest(smallest)),
      count: 1,
      request: smallest,
    });
  };

  let stopped: string | undefined;
  try {
    const categories = await send({ method: "GET", path: "/categories" });
    for (const item of (Array.isArray(categories.response?.json)
      ? categories.response.json
      : []) as Array<{ id?: unknown }>) {
      if (Number.isSafeInteger(item?.id)) state.categoryIds.push(item.id as number);
    }
    const pets = await send({ method: "GET", path: "/pets", query: { limit: "100" } });
    for (const item of (Array.isArray(pets.response?.json) ? pets.response.json : []) as Array<{
      id?: unknown;
    }>) {
      if (Number.isSafeInteger(item?.id)) state.petIds.push(item.id as number);
    }
    if (state.categoryIds.length === 0) state.writesLeft = 0;
    while (generated < options.count) {
      const request = generator.next();
      generated++;
      perOperation[request.operation] = (perOperation[request.operation] ?? 0) + 1;
      const outcome = await attempt(request);
      await record(request, outcome);
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
    statuses,
    created,
    ...(stopped ? { stopped } : {}),
  };
}
