/**
 * `petstore-contract --consumer <file> --against-spec`: which of an app's
 * interactions rely on what openapi.yaml does not promise, with no
 * deployment. Each interaction's request is read as the one judge reads it
 * (mocks/interface/), with what its provider states say exists or not, and
 * the judge's own checks decide what is promised: an expected status is
 * promised when a documented check demands exactly it; a field, a value or a
 * narrowed enum when changing it in the expected answer fails a documented
 * check. Findings:
 *
 * - `undocumented-status`: the expected status is not the one the interface
 *   promises for this request (a kit's choice, or one of several allowed);
 * - `outside-domain`: the request is outside the interface's domain (a value
 *   out of range, a parameter the operation does not take);
 * - `unknown-field`: the expected answer has a field its schema does not;
 * - `pinned-order`: a list matched item by item (its order and exact items);
 * - `pinned-value`: a value matched exactly, or narrowed to some of its
 *   enum's values, that the interface leaves open;
 * - `optional-field` (advisory): a field the schema does not require and
 *   nothing in the request promises.
 *
 * Each names the statements the interface has there, the one it lacks (or
 * the id it would need) and what the interface says instead.
 *
 * @example
 * const result = againstSpec(await readConsumerContract(file), { strict: false, only: [] });
 * specFailed(result); // true: an interaction relies on a kit's choice
 */
import { contractPattern } from "../../mocks/contract/contract-regex.js";
import { type ExpectedNode, expectedNodes, shown } from "../../mocks/contract/matching.js";
import type { Answer, Check, CheckKind } from "../../mocks/interface/checks.js";
import {
  checksFor,
  type JudgeContext,
  judge,
  type KnownRecord,
} from "../../mocks/interface/judge.js";
import { type InterfaceOperation, isSuccessStatus } from "../../mocks/interface/operations.js";
import { ordinaryStringLength, type Reading, readRequest } from "../../mocks/interface/request.js";
import { type OperationId, resolvedSchema, responseSchema } from "../../mocks/interface/spec.js";
import {
  answerRules,
  type Rule,
  type RuleId,
  ruleIds,
  schemaRules,
  rules as statements,
} from "../../mocks/interface/statements.js";
import type { Id } from "../../mocks/util/exact-json.js";
import { sentRequest } from "../transport/http.js";
import {
  type ConsumerContract,
  type ConsumerInteraction,
  type InteractionName,
  nameOf,
} from "./contract.js";
import { consumerRequest } from "./request.js";

export type FindingKind =
  | "undocumented-status"
  | "outside-domain"
  | "unknown-field"
  | "pinned-order"
  | "pinned-value"
  | "optional-field";

export interface SpecFinding {
  readonly kind: FindingKind;
  /** Documented: the interface does not promise it (fails the run); advisory: it warns. */
  readonly severity: CheckKind;
  /** What the interaction relies on. */
  readonly relies: string;
  /** What the interface lacks for it. */
  readonly lacks: string;
  /** The id of the statement it would need, when no statement covers the case at all. */
  readonly wouldNeed?: string;
  /** What the interface says instead. */
  readonly instead: string;
  /** The statements the interface has here. */
  readonly rules: readonly RuleId[];
}

export interface SpecInteraction extends InteractionName {
  readonly findings: readonly SpecFinding[];
  /** Why it was not read (`--only`). */
  readonly skipped?: string;
  /** How long reading it took, in ms (0 when it was not read). */
  readonly durationMs: number;
}

export interface SpecResult extends Pick<ConsumerContract, "file" | "consumer" | "provider"> {
  readonly strict: boolean;
  readonly interactions: readonly SpecInteraction[];
  readonly durationMs: number;
}

/** The findings that fail the run: documented ones, advisory ones too under `--strict`. */
export const failingFindings = (result: SpecResult, interaction: SpecInteraction) =>
  interaction.findings.filter((f) => f.severity === "documented" || result.strict);

export const specFailed = (result: SpecResult): boolean =>
  result.interactions.some((interaction) => failingFindings(result, interaction).length > 0);

/** A statement as the findings quote it: `§4.1.limit-range: `limit` is an integer …`. */
const statementText = (rule: RuleId) => `${rule}: ${statements[rule].statement}`;

const union = (...lists: ReadonlyArray<readonly RuleId[]>): RuleId[] => [...new Set(lists.flat())];
const cited = (rules: readonly RuleId[]) => (rules.length > 0 ? ` (${rules.join(", ")})` : "");

/** What the interaction's provider states say exists and does not, for the judge. */
function contextOf(interaction: ConsumerInteraction): JudgeContext {
  const pets = new Map<Id, KnownRecord>();
  const categories = new Map<Id, KnownRecord>();
  const absentPets = new Set<Id>();
  for (const { kind, params } of interaction.states) {
    const status = params.status === undefined ? {} : { status: params.status };
    if (kind === "pet" && params.petId !== undefined) {
      pets.set(params.petId, { record: { id: params.petId, ...status }, source: "created" });
    } else if (kind === "pets") {
      pets.set(0, { record: status, source: "listed" });
    } else if (kind === "category" && params.categoryId !== undefined) {
      categories.set(params.categoryId, { record: { id: params.categoryId }, source: "listed" });
    } else if (kind === "categories") {
      categories.set(0, { record: {}, source: "listed" });
    } else if (kind === "noPet" && params.petId !== undefined) {
      absentPets.add(params.petId);
    }
  }
  return {
    known: (collection) => (collection === "pets" ? pets : categories),
    // A provider state says the record does not exist.
    absent: (collection, id) =>
      collection === "pets" && absentPets.has(id) ? "stated" : undefined,
  };
}

/** An answer with this status and JSON body (none: no body), as the judge reads one. */
function answerOf(status: number, json?: unknown): Answer {
  const text = json === undefined ? "" : JSON.stringify(json);
  const headers = { "content-type": "application/json" };
  return { status, headers, text, json, isJson: json !== undefined };
}

/** The documented checks this answer fails. */
function failed(checks: readonly Check[], answer: Answer): Set<Check> {
  return new Set(
    judge(checks, answer).flatMap((verdict) => (verdict.passed ? [] : [verdict.check])),
  );
}

/** The section of the interface that documents an operation's answers (`4.1`). */
function sectionOf(operation: OperationId): string | undefined {
  const id = ruleIds.find((rule) =>
    (statements[rule] as Rule).answers?.some((answer) => answer.operation === operation),
  );
  return id === undefined ? undefined : statements[id].section.split(",")[0]?.trim();
}

const isStatusCheck = (check: Check) =>
  check.slug.startsWith("status-") || check.slug === "rejected";

/** Why the judge demands no one status of a request inside the domain, in words. */
function openBecause(reading: Reading, operation: InterfaceOperation): string {
  if (reading.credential !== "valid") return "its credential is not the key";
  if (reading.extra.length > 0)
    return `it sends ${reading.extra.join(", ")}, which ${operation.id} does not take`;
  if (operation.creates) {
    return reading.ordinary
      ? "it names a record no provider state says exists"
      : `its body is not an ordinary one (strings of 1 to ${ordinaryStringLength} characters, only the schema's fields)`;
  }
  if (operation.path.length > 0) return "no provider state says whether the record exists";
  return "the interface documents several answers";
}

function statusFinding(
  interaction: ConsumerInteraction,
  reading: Reading,
  documented: readonly Check[],
): SpecFinding | undefined {
  const { operation } = reading;
  const expected = interaction.expected.status;
  const demanding = documented.filter(isStatusCheck);
  const candidates = [
    ...new Set([...operation.responses.keys(), ...operation.documentedStatuses, expected]),
  ].sort((a, b) => a - b);
  // Where the interface shows no error (§7), its success is the one answer it shows: a refusal
  // is not failed (the deployment's choice), yet no consumer can rely on one either.
  const isShown = (status: number) => operation.documentsErrors || isSuccessStatus(status);
  const allowed = candidates.filter(
    (status) => isShown(status) && failed(demanding, answerOf(status)).size === 0,
  );
  /** A check that demands a status (one, or one of a few), not only a refusal. */
  const exact = demanding.some((check) => check.slug.startsWith("status-"));
  if (exact && allowed.length === 1 && allowed[0] === expected) return undefined;
  const undocumented = !operation.documentedStatuses.includes(expected);
  const kitsChoice = undocumented && operation.responses.has(expected);
  const section = sectionOf(operation.id);
  const why = !allowed.includes(expected)
    ? `the interface does not allow ${expected} for this request`
    : undocumented
      ? `no statement documents ${expected} for ${operation.id}${kitsChoice ? " (openapi.yaml lists it as the kit's choice)" : ""}`
      : reading.outside.length > 0
        ? `no statement promises ${expected} for a request outside the domain`
        : `no statement promises ${expected} for this request: ${openBecause(reading, operation)}`;
  const instead =
    demanding.length > 0
      ? demanding.map((check) => `${check.expected}${cited(check.rules)}`).join("; ")
      : "no particular status: any answer but a 5xx (§7.no-server-error)";
  return {
    kind: "undocumented-status",
    severity: "documented",
    relies: `HTTP ${expected}`,
    lacks: why,
    ...(undocumented && section !== undefined ? { wouldNeed: `§${section}.${expected}` } : {}),
    instead: exact ? `${instead} (allowed here: ${allowed.join(", ") || "none"})` : instead,
    rules: union(...demanding.map((check) => check.rules)),
  };
}

function domainFindings(reading: Reading): SpecFinding[] {
  const findings = reading.outside.map(
    (finding): SpecFinding => ({
      kind: "outside-domain",
      severity: "documented",
      relies: `a request outside the interface's domain: ${finding.reason}`,
      lacks: "no statement says how such a request is answered",
      instead: [
        ...finding.rules.map(statementText),
        "Such a request earns only what every answer owes (no 5xx, an Error where errors are shown).",
      ].join(" "),
      rules: finding.rules,
    }),
  );
  if (reading.extra.length > 0) {
    findings.push({
      kind: "outside-domain",
      severity: "documented",
      relies: `a parameter ${reading.operation.id} does not take: ${reading.extra.join(", ")}`,
      lacks: `no statement says ${reading.operation.id} takes it`,
      instead: "a deployment may refuse the request, or ignore the parameter",
      rules: [],
    });
  }
  return findings;
}

/** The schema an answer with this status has, as openapi.yaml lists it (one item of a list). */
function itemSchemaOf(operation: OperationId, status: number) {
  const schema = responseSchema(operation, status);
  if (!schema) return undefined;
  return schema.type === "array" ? resolvedSchema(schema.items) : schema;
}

/** A copy of `value` with the place `path` leads to changed by `edit` (removed when it returns undefined). */
function edited(
  value: unknown,
  path: readonly (string | number)[],
  edit: (old: unknown) => unknown,
): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return edit(value);
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === step ? edited(item, rest, edit) : item));
  }
  const record = value as Record<string, unknown>;
  const next = edited(record[step], rest, edit);
  const { [step]: _old, ...copy } = record;
  return next === undefined ? copy : { ...record, [step]: next };
}

function bodyFindings(
  interaction: ConsumerInteraction,
  reading: Reading,
  documented: readonly Check[],
): SpecFinding[] {
  const { expected } = interaction;
  if (!expected.body?.json) return [];
  const { operation } = reading;
  const content = expected.body.content;
  const schema = itemSchemaOf(operation.id, expected.status);
  const listed = operation.responses.get(expected.status) ?? operation.otherwise;
  const fieldRules = listed ? schemaRules(listed.schema) : [];
  const baseline = failed(documented, answerOf(expected.status, content));
  /** The documented checks a change to the expected answer newly fails: they promise what it changed. */
  const promisedBy = (changed: unknown) =>
    [...failed(documented, answerOf(expected.status, changed))].filter((c) => !baseline.has(c));
  const nodes = expectedNodes(content, expected.rules);
  const findings: SpecFinding[] = [];
  const fieldDepth = listed?.shape === "array" ? 2 : 1;
  const isField = (node: ExpectedNode) =>
    node.path.length === fieldDepth && typeof node.path.at(-1) === "string";
  const fields = schema ? Object.keys(schema.properties) : [];
  const schemaName = listed?.schema ?? "its schema";
  for (const node of nodes.filter(isField)) {
    const field = String(node.path.at(-1));
    if (schema && !fields.includes(field)) {
      findings.push({
        kind: "unknown-field",
        severity: "documented",
        relies: `the field ${field} in the answer (${node.shown})`,
        lacks: `the ${schemaName} schema has no ${field}`,
        instead: `${schemaName} has ${fields.join(", ")}`,
        rules: fieldRules,
      });
    } else if (
      schema &&
      !schema.required.includes(field) &&
      promisedBy(edited(content, node.path, () => undefined)).length === 0
    ) {
      findings.push({
        kind: "optional-field",
        severity: "advisory",
        relies: `the field ${field} present in the answer (${node.shown})`,
        lacks: `${schemaName} does not require ${field}, and nothing this request asks promises it`,
        instead: `${schemaName} requires ${schema.required.join(", ")}`,
        rules: fieldRules,
      });
    }
  }
  const pinnedLists = nodes.filter((node) => Array.isArray(node.value) && exactly(node));
  const under = (node: ExpectedNode, list: ExpectedNode) =>
    node !== list && list.path.every((step, index) => node.path[index] === step);
  const listRules = answerRules(operation.id, expected.status);
  for (const node of pinnedLists) {
    const items = node.value as unknown[];
    const empty = items.length === 0;
    const noneState = interaction.states.some(
      (state) => state.kind === (operation.collection === "pets" ? "noPets" : "noCategories"),
    );
    if (empty && noneState) continue;
    findings.push({
      kind: "pinned-order",
      severity: "documented",
      relies: empty
        ? `an empty list (${node.shown}), no provider state saying none exist`
        : `exactly ${items.length} item${items.length === 1 ? "" : "s"} in this order (${node.shown}): no type rule lets the list hold other items`,
      lacks: "no statement gives a list's order or its exact items",
      instead: [
        ...listRules.map(statementText),
        "Its order, and what it holds beyond the filters, are the deployment's.",
      ].join(" "),
      rules: listRules,
    });
  }
  const unknown = findings.filter((f) => f.kind === "unknown-field").map((f) => f.relies);
  for (const node of nodes) {
    if (pinnedLists.some((list) => under(node, list)) || isContainer(node.value)) continue;
    // A field the schema does not have is found once, as such.
    if (unknown.some((relies) => relies.endsWith(`(${node.shown})`))) continue;
    const enumValues = enumOf(schema, node);
    const narrowed = narrowing(node, enumValues);
    if (!exactly(node) && narrowed === undefined) continue;
    const other = narrowed ? narrowed.rejected[0] : otherValue(node.value, enumValues);
    if (other === undefined || promisedBy(edited(content, node.path, () => other)).length > 0)
      continue;
    findings.push({
      kind: "pinned-value",
      severity: "documented",
      relies: narrowed
        ? `${node.shown} only ${narrowed.accepted.map(shown).join(" or ")}`
        : `${node.shown} equal to ${shown(node.value)}`,
      lacks: "no statement fixes this value for this request",
      instead: enumValues
        ? `any of ${enumValues.map(shown).join(", ")}${cited(fieldRules)}`
        : `any value of its type${cited(fieldRules)}`,
      rules: fieldRules,
    });
  }
  return findings;
}

const isContainer = (value: unknown) => typeof value === "object" && value !== null;

/** Whether an answer's value here must equal the example's: no rule and no type above, or `equality`. */
const exactly = (node: ExpectedNode) =>
  node.match.by === "value" ||
  (node.match.by === "rule" && node.match.matchers.some((m) => m.match === "equality"));

/** The enum a field of the answer's schema has, if the node is such a field. */
function enumOf(schema: ReturnType<typeof itemSchemaOf>, node: ExpectedNode) {
  const field = node.path.at(-1);
  if (!schema || typeof field !== "string" || !(field in schema.properties)) return undefined;
  return resolvedSchema(schema.properties[field]).enum;
}

/** The enum values the node's regex accepts and rejects, when it rejects some (it narrows the enum). */
function narrowing(node: ExpectedNode, values: readonly unknown[] | undefined) {
  if (node.match.by !== "rule" || node.match.combine !== "AND" || !values) return undefined;
  const patterns = node.match.matchers
    .filter((m) => m.match === "regex")
    .map((m) => contractPattern(String(m.regex)));
  const accepts = (value: unknown) => patterns.every((pattern) => pattern.test(String(value)));
  const rejected = values.filter((value) => !accepts(value));
  return rejected.length > 0 ? { accepted: values.filter(accepts), rejected } : undefined;
}

/** Another value of the same kind (another enum value where there is one). */
function otherValue(value: unknown, values: readonly unknown[] | undefined): unknown {
  if (values) return values.find((candidate) => candidate !== value);
  if (typeof value === "string") return `${value}-other`;
  if (typeof value === "number") return value + 1;
  if (typeof value === "boolean") return !value;
  return undefined;
}

export function interactionFindings(interaction: ConsumerInteraction): SpecFinding[] {
  const params = Object.assign({}, ...interaction.states.map((state) => state.params));
  const { request: sent } = consumerRequest(interaction, params, undefined);
  const request = sentRequest(interaction.operation, sent);
  const reading = readRequest(request);
  const documented = checksFor(request, contextOf(interaction)).filter(
    (check) => check.kind === "documented",
  );
  const status = statusFinding(interaction, reading, documented);
  return [
    ...domainFindings(reading),
    ...(status ? [status] : []),
    ...bodyFindings(interaction, reading, documented),
  ];
}

/** Reads every interaction of a contract against openapi.yaml. */
export function againstSpec(
  contract: ConsumerContract,
  options: { readonly strict: boolean; readonly only: readonly OperationId[] },
): SpecResult {
  const started = performance.now();
  const interactions = contract.interactions.map((interaction): SpecInteraction => {
    const { operation } = interaction;
    const base = nameOf(interaction);
    if (options.only.length > 0 && !options.only.includes(operation)) {
      return { ...base, findings: [], skipped: "--only leaves its operation out", durationMs: 0 };
    }
    const began = performance.now();
    const findings = interactionFindings(interaction);
    return { ...base, findings, durationMs: performance.now() - began };
  });
  return {
    file: contract.file,
    consumer: contract.consumer,
    provider: contract.provider,
    strict: options.strict,
    interactions,
    durationMs: performance.now() - started,
  };
}
