/**
 * What the interface says about a request before any answer: whether its
 * credential is one, whether every part of it lies in the interface's domain
 * (parameters of the declared types and ranges, each at most once, a JSON
 * body), and whether its body breaks the operation's body schema. The judge
 * demands a specific answer only of requests inside the domain; for the rest
 * it holds the answer to what every answer owes. Pure: no I/O.
 *
 * @example
 * readRequest({ operation: "listPets", path: "/pets", query: "limit=63&limit=70", credential: "valid" })
 *   .outside; // [{ reason: "limit is given 2 times", rules: ["§4.1.limit-range"] }]
 */

import { memberOf, parseJsonExact } from "../util/exact-json.js";
import { JsonDepthError } from "../util/json.js";
import { int64 } from "../util/numbers.js";
import { choicesOfValue, mediaTypeChoice, repeatedChoice, type ValueProblem } from "./advice.js";
import type { ChoiceId } from "./behaviour-profile.js";
import { type BodyField, type InterfaceOperation, interfaceOperation } from "./operations.js";
import { violations } from "./schemas.js";
import type { OperationId, OperationParameter } from "./spec.js";
import { parameterRules, type RuleId, schemaRules } from "./statements.js";

/** Whether a request carried the deployment's key, none, or something else. */
export type CredentialKind = "valid" | "missing" | "invalid";

/** A request as sent to a deployment, below its base address. */
export interface SentRequest {
  readonly operation: OperationId;
  /** The path below the base as sent (percent-encoded), e.g. `/pets/12`. */
  readonly path: string;
  /** The query string as sent, without `?` (`""`: none). */
  readonly query: string;
  readonly credential: CredentialKind;
  /** The body text as sent; undefined for none. */
  readonly body?: string | undefined;
  /** The body's `Content-Type` as sent; undefined for none. */
  readonly contentType?: string | undefined;
}

/** A part of a request the interface does not describe, and the statements it falls outside of. */
export interface Finding {
  readonly reason: string;
  readonly rules: readonly RuleId[];
  /** The status openapi.yaml describes as the kit's answer to it (advice only), if any. */
  readonly advised?: number;
  /** The silent choices that decide a deployment's answer to it, any one of them (advice.ts), if any does. */
  readonly choices?: readonly ChoiceId[];
}

export interface Reading {
  readonly operation: InterfaceOperation;
  readonly credential: CredentialKind;
  /** Why the request lies outside the interface's domain; empty when it lies inside. */
  readonly outside: readonly Finding[];
  /**
   * Query parameters the operation does not take. A deployment may refuse
   * them, or ignore them and answer the documented request.
   */
  readonly extra: readonly string[];
  /** The body is missing or not JSON (a body the operation requires). */
  readonly brokenBody: Finding | undefined;
  /** The JSON body breaks the operation's body schema. */
  readonly invalidBody: Finding | undefined;
  /** Query values by name, decoded (only parameters given once). */
  readonly query: ReadonlyMap<string, string>;
  /** Path parameters by name, decoded. */
  readonly path: Readonly<Record<string, string>>;
  /** The body as parsed JSON, when it is JSON. */
  readonly json: unknown;
  /**
   * Inside the domain, and every string of the body an ordinary one (1 to
   * `ordinaryStringLength` characters) with no field the schema does not
   * name: a body no deployment can call invalid for its sizes or extras.
   */
  readonly ordinary: boolean;
}

/**
 * The longest string the judge calls ordinary. The interface sets no field
 * lengths, so a deployment may refuse longer ones (or empty ones) as invalid
 * values; the judge then demands no particular answer.
 */
export const ordinaryStringLength = 100;

const outsideInt64 = (number: bigint): boolean => number > int64.max || number < int64.min;

/** The media type of a Content-Type value: lower case, without parameters. */
export const mediaTypeOf = (value: string | undefined): string =>
  (value ?? "").replace(/;.*/s, "").trim().toLowerCase();

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/**
 * Why a decoded parameter value lies outside the interface's domain (its
 * type, range or enum; a path's id must be positive), or undefined when inside.
 */
export const parameterProblem = (parameter: OperationParameter, value: string) =>
  valueProblem(parameter, value, parameter.in === "path")?.reason;

/** Why a decoded parameter value is not one of its schema's, and how; undefined when it is one. */
function valueProblem(parameter: OperationParameter, value: string, identifier: boolean) {
  const { schema, name } = parameter;
  const outside = (reason: string, problem: ValueProblem) => ({ reason, problem });
  if (value === "") return outside(`${name} is empty`, "empty");
  if (schema.enum) {
    if (schema.enum.includes(value)) return undefined;
    const reason = `${name} is ${JSON.stringify(value.slice(0, 40))}, not one of ${schema.enum.join(", ")}`;
    return outside(reason, schema.enum.includes(value.toLowerCase()) ? "case" : "value");
  }
  if (schema.type !== "integer") return undefined;
  if (!/^-?(0|[1-9]\d*)$/.test(value)) return outside(`${name} is not an integer`, "type");
  const number = BigInt(value);
  const sign = number < 0n ? "below" : "above";
  if (outsideInt64(number)) return outside(`${name} is outside int64`, sign);
  if (identifier && number < 1n) return outside(`${name} is not a positive identifier`, "below");
  if (schema.minimum !== undefined && number < BigInt(schema.minimum)) {
    return outside(`${name} is below ${schema.minimum}`, "below");
  }
  if (schema.maximum !== undefined && number > BigInt(schema.maximum)) {
    return outside(`${name} is above ${schema.maximum}`, "above");
  }
  return undefined;
}

type Outside = NonNullable<ReturnType<typeof valueProblem>>;

/** A value outside its parameter's schema, as a finding naming the choice that decides its answer. */
function valueFinding(operation: InterfaceOperation, name: string, found: Outside): Finding {
  const choices = choicesOfValue(name, found.problem);
  const finding = { reason: found.reason, rules: parameterRules(operation.id, name) };
  return advising(operation, choices === undefined ? finding : { ...finding, choices }, 400);
}

/** The finding, with the kit's advised status when openapi.yaml lists it for the operation. */
const advising = (operation: InterfaceOperation, finding: Finding, status: number): Finding =>
  operation.responses.has(status) ? { ...finding, advised: status } : finding;

function readQuery(
  operation: InterfaceOperation,
  query: string,
  outside: Finding[],
  extra: string[],
) {
  // Each name's values, the last given first.
  const given = new Map<string, [string, ...string[]]>();
  for (const part of query === "" ? [] : query.split("&")) {
    const cut = part.indexOf("=");
    const name = decode(cut < 0 ? part : part.slice(0, cut));
    const value = decode(cut < 0 ? "" : part.slice(cut + 1));
    if (name === undefined || value === undefined) {
      const reason = "the query is not valid percent-encoding";
      outside.push(advising(operation, { reason, rules: [] }, 400));
      continue;
    }
    given.set(name, [value, ...(given.get(name) ?? [])]);
  }
  const values = new Map<string, string>();
  for (const [name, list] of given) {
    const parameter = operation.query.find((candidate) => candidate.name === name);
    if (!parameter) {
      extra.push(name.slice(0, 40));
      continue;
    }
    if (list.length > 1) {
      const reason = `${name} is given ${list.length} times`;
      const rules = parameterRules(operation.id, name);
      outside.push(advising(operation, { reason, rules, choices: [repeatedChoice] }, 400));
      continue;
    }
    const [value] = list;
    const problem = valueProblem(parameter, value, false);
    if (problem) outside.push(valueFinding(operation, name, problem));
    else values.set(name, value);
  }
  return values;
}

function readPath(operation: InterfaceOperation, path: string, outside: Finding[]) {
  const names: string[] = [];
  const pattern = operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]*)";
  });
  const found = new RegExp(`^${pattern}$`).exec(path);
  const values: Record<string, string> = {};
  for (const [index, name] of names.entries()) {
    const parameter = operation.path.find((candidate) => candidate.name === name);
    const value = decode(found?.[index + 1] ?? "");
    const rules = parameterRules(operation.id, name);
    if (value === undefined || !parameter) {
      const reason = `${name} is not valid percent-encoding`;
      outside.push(advising(operation, { reason, rules }, 400));
      continue;
    }
    const problem = valueProblem(parameter, value, true);
    if (problem) outside.push(valueFinding(operation, name, problem));
    values[name] = value;
  }
  return values;
}

/** A body field's integer outside int64 (JSON Schema's `integer` alone accepts any). */
function int64Problem(fields: readonly BodyField[], json: unknown): string | undefined {
  const record = json as Record<string, unknown>;
  for (const field of fields) {
    // Exactly as written: 9223372036854775807 (int64's largest) is inside, though JSON.parse rounds it to 2^63.
    const value = memberOf(record, field.name);
    const number = Number.isInteger(value) ? BigInt(value as number) : undefined;
    const integer = typeof value === "bigint" ? value : number;
    if (field.schema.format === "int64" && integer !== undefined && outsideInt64(integer)) {
      return `/${field.name} must be an int64`;
    }
  }
  return undefined;
}

function isOrdinary(fields: readonly BodyField[], json: unknown): boolean {
  const record = json as Record<string, unknown>;
  const names = new Set(fields.map((field) => field.name));
  return Object.entries(record).every(
    ([name, value]) =>
      names.has(name) &&
      (typeof value !== "string" || (value.length >= 1 && value.length <= ordinaryStringLength)),
  );
}

/** Reads a request as the interface describes it. */
export function readRequest(request: SentRequest): Reading {
  const operation = interfaceOperation(request.operation);
  const outside: Finding[] = [];
  const extra: string[] = [];
  const query = readQuery(operation, request.query, outside, extra);
  const path = readPath(operation, request.path, outside);
  let brokenBody: Finding | undefined;
  let invalidBody: Finding | undefined;
  let json: unknown;
  let ordinaryBody = true;
  const schema = operation.bodySchema;
  if (operation.body && schema) {
    const rules = schemaRules(schema);
    const mediaType = mediaTypeOf(request.contentType);
    if (request.body === undefined || request.body === "") {
      brokenBody = { reason: "the required body is missing", rules };
    } else if (mediaType !== "application/json") {
      const shown = request.contentType === undefined ? "no media type" : JSON.stringify(mediaType);
      const reason = `the body is sent as ${shown}, not application/json`;
      const finding: Finding = { reason, rules: ["§4.media-type"], choices: [mediaTypeChoice] };
      outside.push(advising(operation, finding, 415));
    }
    if (request.body !== undefined && request.body !== "") {
      try {
        json = parseJsonExact(request.body);
      } catch (error) {
        const reason =
          error instanceof JsonDepthError ? `the body ${error.message}` : "the body is not JSON";
        brokenBody = { reason, rules };
      }
    }
    if (brokenBody === undefined) {
      const problem = violations(schema, "one", json) ?? int64Problem(operation.body, json);
      if (problem) invalidBody = { reason: `the body is not a ${schema}: ${problem}`, rules };
      else ordinaryBody = isOrdinary(operation.body, json);
    }
  }
  return {
    operation,
    credential: request.credential,
    outside,
    extra,
    brokenBody,
    invalidBody,
    query,
    path,
    json,
    ordinary:
      outside.length === 0 && brokenBody === undefined && invalidBody === undefined && ordinaryBody,
  };
}
