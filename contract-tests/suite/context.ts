/**
 * The suite's runner state: sends each case's request, evaluates its checks in
 * order, and records results, cases and what each POST created. Checks run
 * one request at a time (safe on a shared staging).
 */
import type { OperationId } from "../../mocks/spec.js";
import type { Redact } from "../../mocks/util/redact.js";
import type { ContractRequest, ContractResponse, Exchange, Target } from "../http.js";
import { curlLine, send } from "../http.js";
import { LivenessWatch } from "../liveness.js";
import type { RuleId } from "../rules.js";
import { jsonMediaType } from "./expectations.js";
import {
  type CaseRecord,
  type CheckKind,
  type CheckResult,
  type CreatedRecord,
  checkId,
  type PlannedCheck,
} from "./results.js";

export interface Check {
  readonly slug: string;
  readonly kind: CheckKind;
  readonly expected: string;
  /** The interface statements (rules.ts) the check enforces, possibly per operation. */
  readonly rules: readonly RuleId[] | ((operation: OperationId) => readonly RuleId[]);
  /** Whether the check applies to this answer (default: always); one that does not is not reported. */
  appliesTo?(response: ContractResponse): boolean;
  /** Throws when the answer breaks the expectation. */
  assert(response: ContractResponse): void;
}

export function rulesOf(check: Check, operation: OperationId): readonly RuleId[] {
  return typeof check.rules === "function" ? check.rules(operation) : check.rules;
}

export interface CaseDefinition {
  readonly id: string;
  readonly operation: OperationId;
  readonly request: ContractRequest;
  readonly checks: readonly Check[];
  /** The suite sends this to be rejected (bad credential or input). */
  readonly provocation?: boolean;
}

export interface SuiteState {
  /** A category to file pets under: created by the run, else the first listed. */
  categoryId?: number;
  /** A pet known to exist: created by the run, else the first listed. */
  knownPet?: Readonly<Record<string, unknown>> & { readonly id: number };
}

/** The record an answer body describes: a safe-integer `id`, and `name` when it is a string. */
export function recordIn(
  response: ContractResponse | undefined,
): { readonly id: number; readonly name: string | undefined } | undefined {
  const body = response?.json as { id?: unknown; name?: unknown } | null | undefined;
  if (typeof body !== "object" || body === null || !Number.isSafeInteger(body.id)) return undefined;
  return { id: body.id as number, name: typeof body.name === "string" ? body.name : undefined };
}

/** The collection a successful POST of an operation adds to (the suite, the fuzzer, the replay). */
export const createdIn: Readonly<Record<OperationId, CreatedRecord["collection"] | undefined>> = {
  listPets: undefined,
  createPet: "pets",
  getPet: undefined,
  listCategories: undefined,
  createCategory: "categories",
};

const bodyPreviewChars = 300;
const importantHeaders = ["content-type", "www-authenticate", "location", "retry-after"];

/**
 * A short description of an answer, for failure reports. The body is redacted
 * before it is cut, so a cut never leaves part of the key behind.
 */
export function describeResponse(exchange: Exchange, redact: Redact = (text) => text): string {
  const { response } = exchange;
  if (!response) return `no answer (${exchange.error ?? "unknown error"})`;
  const headers = importantHeaders
    .filter((name) => response.headers[name] !== undefined)
    .map((name) => `${name}: ${response.headers[name]}`);
  const text = redact(response.text).replace(/\s+/g, " ").trim();
  const body =
    text === ""
      ? "(empty body)"
      : text.length > bodyPreviewChars
        ? `${text.slice(0, bodyPreviewChars)}…`
        : text;
  return [`HTTP ${response.status}`, ...headers, body].join(" | ");
}

/** The first meaningful line of an assertion error (pactum repeats itself below). */
export function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (
    message
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? "check failed"
  );
}

export interface SuiteContextOptions {
  readonly target: Target;
  readonly tag: string;
  readonly readOnly: boolean;
  readonly only: readonly OperationId[];
  readonly redact: Redact;
  /** Marks answers that did not come from the target (e.g. a proxy's own rejections). */
  readonly foreignAnswer?: (exchange: Exchange) => string | undefined;
}

export class SuiteContext {
  readonly results: CheckResult[] = [];
  readonly cases: CaseRecord[] = [];
  readonly created: CreatedRecord[] = [];
  /** Every check the run meant to evaluate (passed, failed, skipped or not applicable). */
  readonly plan: PlannedCheck[] = [];
  readonly notes: string[] = [];
  readonly state: SuiteState = {};
  private readonly liveness: LivenessWatch;

  constructor(readonly options: SuiteContextOptions) {
    this.liveness = new LivenessWatch(options.target);
  }

  get tag(): string {
    return this.options.tag;
  }

  get readOnly(): boolean {
    return this.options.readOnly;
  }

  /** Whether an operation's checks are reported (`--only`). */
  selected(operation: OperationId): boolean {
    return this.options.only.length === 0 || this.options.only.includes(operation);
  }

  /**
   * Runs a case: sends its request and evaluates its checks. A case of an
   * operation left out by `--only` is sent only when an operation in
   * `neededBy` is selected (it needs this case's answer as state), and then
   * records no checks. Returns the exchange, or undefined when not sent.
   * Throws `DeploymentSilentError` once the deployment stopped answering.
   */
  async run(
    definition: CaseDefinition,
    // Stryker disable next-line ArrayDeclaration: `only` holds operation ids, so a non-id in the default never selects.
    neededBy: readonly OperationId[] = [],
  ): Promise<Exchange | undefined> {
    const selected = this.selected(definition.operation);
    if (!selected && !neededBy.some((operation) => this.selected(operation))) return undefined;
    if (definition.request.method !== "GET" && this.readOnly) {
      if (selected) this.skip(definition, "--read-only: the suite sends no writes");
      return undefined;
    }
    if (selected) this.planChecks(definition);
    const exchange = await send(this.options.target, definition.request);
    this.noteCreated(definition.operation, exchange);
    if (selected) this.record(definition, exchange);
    await this.liveness.observe(definition.operation, exchange);
    return exchange;
  }

  /** Keeps the case and evaluates its checks on the answer. */
  private record(definition: CaseDefinition, exchange: Exchange): void {
    const record: CaseRecord = {
      caseId: definition.id,
      operation: definition.operation,
      exchange,
      provocation: definition.provocation ?? false,
      curl: this.options.redact(curlLine(this.options.target, definition.request)),
    };
    this.cases.push(record);
    const foreign = this.options.foreignAnswer?.(exchange);
    if (foreign) {
      this.skip(definition, foreign);
      return;
    }
    for (const check of this.checksOf(definition)) this.evaluate(definition, check, record);
  }

  /** Remembers what a successful POST created, so the report can list it for clean-up. */
  private noteCreated(operation: OperationId, exchange: Exchange): void {
    const collection = createdIn[operation];
    const status = exchange.response?.status ?? 0;
    const record = recordIn(exchange.response);
    if (!collection || status < 200 || status >= 300 || !record) return;
    this.created.push({ collection, id: record.id, name: record.name ?? "" });
  }

  /** Every case's checks, plus the media type of its answer. */
  private checksOf(definition: CaseDefinition): readonly Check[] {
    return [...definition.checks, jsonMediaType()];
  }

  /** What every result of a check on a case carries. */
  private resultBase(definition: CaseDefinition, check: Check) {
    return {
      id: checkId(definition.id, check.slug),
      caseId: definition.id,
      operation: definition.operation,
      kind: check.kind,
      expected: check.expected,
    };
  }

  private planChecks(definition: CaseDefinition): void {
    for (const check of this.checksOf(definition)) {
      const { caseId: _case, ...planned } = this.resultBase(definition, check);
      this.plan.push({ ...planned, rules: rulesOf(check, definition.operation) });
    }
  }

  skip(definition: CaseDefinition, note: string): void {
    this.planChecks(definition);
    for (const check of this.checksOf(definition)) {
      this.results.push({ ...this.resultBase(definition, check), outcome: "skipped", note });
    }
  }

  private evaluate(definition: CaseDefinition, check: Check, record: CaseRecord): void {
    const base = this.resultBase(definition, check);
    const { redact } = this.options;
    const failed = (why: string): CheckResult => ({
      ...base,
      outcome: "failed",
      actual: redact(`${why} — got ${describeResponse(record.exchange, redact)}`),
      curl: record.curl,
    });
    const { response } = record.exchange;
    if (!response) {
      this.results.push(failed("no answer"));
      return;
    }
    if (check.appliesTo && !check.appliesTo(response)) return;
    try {
      check.assert(response);
      this.results.push({ ...base, outcome: "passed" });
    } catch (error) {
      this.results.push(failed(reason(error)));
    }
  }
}
