/**
 * The suite's runner state: sends each case's request, evaluates its checks in
 * order, and records results, cases and what each POST created. Checks run
 * one request at a time (safe on a shared staging).
 */
import type { ChoicesInEffect } from "../../mocks/interface/advice.js";
import type { Check } from "../../mocks/interface/checks.js";
import { describeAnswer, failedActual } from "../../mocks/interface/failure-lines.js";
import { checksFor, isRejectable, judge } from "../../mocks/interface/judge.js";
import { Knowledge } from "../../mocks/interface/knowledge.js";
import { interfaceOperation, isSuccessStatus } from "../../mocks/interface/operations.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import type { Redact } from "../../mocks/util/redact.js";
import type { ContractRequest, ContractResponse, Exchange, Target } from "../transport/http.js";
import { curlLine, kept, operationRequest, send, sentRequest } from "../transport/http.js";
import { LivenessWatch } from "../transport/liveness.js";
import {
  type CaseRecord,
  type CheckResult,
  type CreatedRecord,
  checkId,
  type PlannedCheck,
} from "./results.js";

/** A request of the suite; the one judge (mocks/interface/judge.ts) decides its checks. */
export interface CaseDefinition {
  readonly id: string;
  readonly operation: OperationId;
  readonly request: ContractRequest;
  /**
   * Checks beyond the judge's, judged on the same answer after them (a
   * consumer contract's expectations: `--consumer`).
   */
  readonly extraChecks?: readonly Check[];
  /**
   * Why this create is sent without the run tag in its name (a consumer
   * contract's name that is not a non-empty string): what it creates is
   * reported with it.
   */
  readonly untagged?: string;
  /** The checks instead of the judge's, for a request of no operation (`--learn`'s `HEAD`, an unknown path). */
  readonly checks?: readonly Check[];
}

/** The case `<operation>.<name>`: its operation's request, at its template path unless `parts` say. */
export const caseOf = (
  operation: OperationId,
  name: string,
  parts: Parameters<typeof operationRequest>[1] = {},
) => ({ id: `${operation}.${name}`, operation, request: operationRequest(operation, parts) });

interface SuiteState {
  /** A category to file pets under: created by the run, else the first listed. */
  categoryId?: Id;
  /** A pet known to exist: created by the run, else the first listed. */
  knownPet?: Readonly<Record<string, unknown>> & { readonly id: Id };
}

/**
 * The record an answer body describes: an integer `id`, exactly as the
 * deployment wrote it (a bigint beyond 2^53), and `name` when it is a string.
 */
export function recordIn(
  response: ContractResponse | undefined,
): { readonly id: Id; readonly name: string | undefined } | undefined {
  const body = response?.json as { name?: unknown } | undefined;
  const id = idOf(body);
  if (id === undefined) return undefined;
  return { id, name: typeof body?.name === "string" ? body.name : undefined };
}

/** A short description of an answer, for failure reports (mocks/interface/failure-lines.ts). */
export const describeResponse = (exchange: Exchange, redact?: Redact): string =>
  describeAnswer(exchange.response, exchange.error, redact);

export interface SuiteContextOptions {
  readonly target: Target;
  readonly tag: string;
  readonly readOnly: boolean;
  readonly only: readonly OperationId[];
  readonly redact: Redact;
  /** Marks answers that did not come from the target (e.g. a proxy's own rejections). */
  readonly foreignAnswer?: (exchange: Exchange) => string | undefined;
  /** The target's choices where the interface is silent, as far as known: advice they replace is not raised. */
  readonly behaviour?: ChoicesInEffect | undefined;
}

export class SuiteContext {
  readonly results: CheckResult[] = [];
  readonly cases: CaseRecord[] = [];
  readonly created: CreatedRecord[] = [];
  /** Every check the run meant to evaluate (passed, failed, skipped or not applicable). */
  readonly plan: PlannedCheck[] = [];
  readonly notes: string[] = [];
  readonly state: SuiteState = {};
  /** What the run knows of the deployment's data, for the judge. */
  readonly knowledge = new Knowledge();
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
   * records no checks. A create the transport does not send (without the run
   * tag) has its checks skipped with why. Returns the exchange, or undefined
   * when not sent.
   * Throws `DeploymentSilentError` once the deployment stopped answering.
   */
  async run(
    definition: CaseDefinition,
    neededBy?: readonly OperationId[],
  ): Promise<Exchange | undefined> {
    const selected = this.selected(definition.operation);
    if (!selected && !neededBy?.some((operation) => this.selected(operation))) return undefined;
    if (definition.request.method === "POST" && this.readOnly) {
      if (selected) this.skip(definition, "--read-only: the suite sends no writes");
      return undefined;
    }
    const checks = definition.checks ?? this.checksOf(definition);
    if (selected) this.planChecks(definition, checks);
    const exchange = await send(this.options.target, definition.request);
    if (exchange.notSent !== undefined) {
      if (selected) this.skipPlanned(definition, exchange.notSent, checks);
      return undefined;
    }
    this.knowledge.learn(sentRequest(definition.operation, definition.request), exchange.response);
    this.noteCreated(definition, exchange);
    if (selected) this.record(definition, checks, exchange);
    await this.liveness.observe(definition.operation, exchange);
    return exchange;
  }

  /** The judge's checks of a case, from what the run knows so far, then the case's own. */
  checksOf(definition: CaseDefinition): readonly Check[] {
    const judged = checksFor(
      sentRequest(definition.operation, definition.request),
      this.knowledge,
      this.options.behaviour,
    );
    return definition.extraChecks ? [...judged, ...definition.extraChecks] : judged;
  }

  /** Keeps the case and records the judge's verdicts on the answer. */
  private record(definition: CaseDefinition, checks: readonly Check[], exchange: Exchange): void {
    const record: CaseRecord = {
      caseId: definition.id,
      operation: definition.operation,
      exchange: kept(exchange),
      provocation: isRejectable(sentRequest(definition.operation, definition.request)),
      curl: this.options.redact(curlLine(this.options.target, definition.request)),
    };
    this.cases.push(record);
    const foreign = this.options.foreignAnswer?.(exchange);
    if (foreign) {
      this.skipPlanned(definition, foreign, checks);
      return;
    }
    const { redact } = this.options;
    const judged = new Set<Check>();
    const noAnswer = `no answer (${exchange.error ?? "unknown error"})`;
    for (const verdict of judge(checks, exchange.response, noAnswer)) {
      judged.add(verdict.check);
      const base = {
        ...this.resultBase(definition, verdict.check),
        durationMs: exchange.durationMs,
      };
      this.results.push(
        verdict.passed
          ? { ...base, outcome: "passed" }
          : {
              ...base,
              outcome: "failed",
              actual: failedActual(verdict.reason, exchange.response, exchange.error, redact),
              curl: record.curl,
            },
      );
    }
    if (exchange.response) return;
    const unjudged = checks.filter((check) => !judged.has(check));
    this.skipPlanned(definition, "no answer came", unjudged);
  }

  /**
   * Remembers what a successful POST created, so the report can list it for
   * clean-up; one whose name lacks the run tag with why (as sent, or as the
   * deployment answered it).
   */
  private noteCreated(definition: CaseDefinition, exchange: Exchange): void {
    const { creates, collection } = interfaceOperation(definition.operation);
    const status = exchange.response?.status ?? 0;
    const record = recordIn(exchange.response);
    if (!creates || !isSuccessStatus(status) || !record) return;
    const name = record.name ?? "";
    const untagged =
      definition.untagged ??
      (name.startsWith(this.tag) ? undefined : "its name as answered does not start with the tag");
    this.created.push({ collection, id: record.id, name, ...(untagged ? { untagged } : {}) });
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

  private planChecks(definition: CaseDefinition, checks: readonly Check[]): void {
    for (const check of checks) {
      const { caseId: _case, ...planned } = this.resultBase(definition, check);
      this.plan.push({ ...planned, rules: check.rules });
    }
  }

  /** Plans a case's checks and reports them skipped, saying why. */
  skip(definition: CaseDefinition, note: string, checks = this.checksOf(definition)): void {
    this.planChecks(definition, checks);
    this.skipPlanned(definition, note, checks);
  }

  /** Reports checks already planned as skipped. */
  private skipPlanned(definition: CaseDefinition, note: string, checks: readonly Check[]): void {
    for (const check of checks) {
      this.results.push({ ...this.resultBase(definition, check), outcome: "skipped", note });
    }
  }
}
