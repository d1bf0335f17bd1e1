/**
 * Request validation derived from openapi.yaml: parameters are parsed and
 * coerced by their declared types, then checked by the generated validators;
 * bodies are checked by the generated schema validators. Every failure names
 * the offending field and why.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import type { OperationId, OperationParameter } from "../spec.js";
import { operationParameters, requestBodySchema } from "../spec.js";
import { maxStringLength } from "./limits.js";
import { shown } from "./shown.js";

export type Validated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

const typeNames: Readonly<Record<string, string>> = {
  integer: "an integer",
  number: "a number",
  string: "a string",
  object: "a JSON object",
  array: "an array",
  boolean: "a boolean",
};

// Stryker disable next-line OptionalChaining: ajv's instancePath names a value inside the validated root
const child = (node: unknown, key: string) => (node as Record<string, unknown> | undefined)?.[key];

function valueAt(root: unknown, instancePath: string): unknown {
  return instancePath.split("/").slice(1).reduce<unknown>(child, root);
}

/** Turns the first validator error into a sentence naming the field. */
export function describeError(error: ErrorObject, root: unknown, rootName: string): string {
  const field = error.instancePath ? error.instancePath.slice(1).replaceAll("/", ".") : rootName;
  const got = ` (got ${shown(valueAt(root, error.instancePath))})`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${error.instancePath ? `${field}.` : ""}${String(params.missingProperty)} is required`;
    case "type":
      return `${field} must be ${typeNames[String(params.type)] ?? String(params.type)}${got}`;
    case "enum":
      return `${field} must be one of ${(params.allowedValues as unknown[]).join(", ")}${got}`;
    case "minimum":
      return `${field} must be >= ${String(params.limit)}${got}`;
    case "maximum":
      return `${field} must be <= ${String(params.limit)}${got}`;
    default:
      return `${field} ${error.message ?? "is invalid"}${got}`;
  }
}

function firstError(validate: ValidateFunction, value: unknown, rootName: string): string {
  // Stryker disable next-line OptionalChaining: a failing ajv validator always sets `errors`
  const error = validate.errors?.[0];
  // Stryker disable next-line StringLiteral: a failing ajv validator always reports at least one error
  return error ? describeError(error, value, rootName) : `${rootName} is invalid`;
}

const integerText = /^[+-]?\d+$/;

/** Query and path values arrive as text; integers are converted when they look like one. */
function coerce(parameter: OperationParameter, text: string): unknown {
  return parameter.schema.type === "integer" && integerText.test(text) ? Number(text) : text;
}

/** The names of the fields a schema marks int64 (looked up once per validator). */
function int64Fields(
  properties: Readonly<Record<string, { readonly format?: string }>>,
): readonly string[] {
  // Stryker disable next-line MethodExpression, ConditionalExpression: every number the validators take is an int64 or a limit of at most 100
  const int64 = Object.entries(properties).filter(([, schema]) => schema.format === "int64");
  return int64.map(([name]) => name);
}

/** Checks that every int64 field holds an integer JavaScript can hold exactly. */
function unsafeInt64(
  fields: readonly string[],
  value: Readonly<Record<string, unknown>>,
): string | undefined {
  for (const name of fields) {
    const field = value[name];
    // Stryker disable next-line ConditionalExpression: an int64 field is required and typed integer, so it is a number here
    if (typeof field === "number" && !Number.isSafeInteger(field)) {
      return `${name} must be an integer between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER} (got ${shown(field)})`;
    }
  }
  return undefined;
}

/** Decodes a form-encoded query component; plain text (no `%`, no `+`) is returned as is. */
const formDecoded = (text: string): string =>
  // Stryker disable next-line ConditionalExpression, StringLiteral: text without `%` and `+` decodes to itself
  text.includes("%") || text.includes("+") ? decodeURIComponent(text.replaceAll("+", " ")) : text;

/** Validated, or the first schema error, or an int64 beyond the safe range. */
function checked<T>(
  validate: ValidateFunction,
  value: Record<string, unknown>,
  location: "query" | "path",
  wide: ReturnType<typeof int64Fields>,
): Validated<T> {
  if (!validate(value)) return fail(firstError(validate, value, location));
  const unsafe = unsafeInt64(wide, value);
  return unsafe ? fail(unsafe) : { ok: true, value: value as T };
}

const parameterInt64Fields = (parameters: readonly OperationParameter[]) =>
  int64Fields(Object.fromEntries(parameters.map((p) => [p.name, p.schema])));

/** Parses and validates an operation's query string against its declared parameters. */
export function queryValidator<T>(
  operationId: OperationId,
  validate: ValidateFunction,
): (query: string) => Validated<T> {
  const parameters = operationParameters(operationId, "query");
  const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
  const defaults = parameters.filter((parameter) => parameter.schema.default !== undefined);
  const wide = parameterInt64Fields(parameters);

  const parse = (query: string): Validated<T> => {
    const value: Record<string, unknown> = {};
    // Stryker disable next-line ConditionalExpression, StringLiteral: the empty query's one pair is empty, and skipped
    if (query !== "") {
      for (const pair of query.split("&")) {
        // Stryker disable next-line ConditionalExpression, StringLiteral: an empty pair names no parameter
        if (pair === "") continue;
        const separator = pair.indexOf("=");
        let name: string;
        let text: string;
        try {
          // Stryker disable next-line EqualityOperator: a pair starting with `=` names no parameter either way
          name = formDecoded(separator < 0 ? pair : pair.slice(0, separator));
          // Stryker disable next-line EqualityOperator: a pair starting with `=` names no parameter either way
          text = separator < 0 ? "" : formDecoded(pair.slice(separator + 1));
        } catch {
          return fail(`query string is not valid percent-encoding (got ${shown(pair)})`);
        }
        const parameter = byName.get(name);
        if (!parameter) continue;
        if (Object.hasOwn(value, name)) return fail(`${name} must be given at most once`);
        value[name] = coerce(parameter, text);
      }
    }
    for (const parameter of defaults) {
      if (!Object.hasOwn(value, parameter.name)) value[parameter.name] = parameter.schema.default;
    }
    // Stryker disable next-line StringLiteral: a query has no root-level error: its value is an object and nothing is required
    return checked<T>(validate, value, "query", wide);
  };
  return remembered(parse);
}

/** How many distinct query strings a query validator keeps its verdict for, and up to what length. */
export const rememberedQueries = { count: 64, maxLength: 256 } as const;

/**
 * A query's verdict is a pure function of its text, and clients repeat the
 * same few queries: the verdicts of up to 64 short queries are kept (frozen),
 * and the memory starts over once full, so a client sending endless distinct
 * queries costs a bounded map.
 */
function remembered<T>(parse: (query: string) => Validated<T>): (query: string) => Validated<T> {
  const verdicts = new Map<string, Validated<T>>();
  return (query) => {
    // Stryker disable next-line ConditionalExpression, EqualityOperator: the verdict memory only saves time
    if (query.length > rememberedQueries.maxLength) return parse(query);
    let verdict = verdicts.get(query);
    // Stryker disable next-line ConditionalExpression: the verdict memory only saves time
    if (verdict === undefined) {
      verdict = parse(query);
      // Stryker disable next-line ConditionalExpression: freezing a refusal's absent value does nothing
      if (verdict.ok) Object.freeze(verdict.value);
      // Stryker disable next-line ConditionalExpression, EqualityOperator, CallExpression: the memory's size changes no verdict
      if (verdicts.size >= rememberedQueries.count) verdicts.clear();
      // Stryker disable next-line CallExpression: the verdict memory only saves time
      verdicts.set(query, Object.freeze(verdict));
    }
    return verdict;
  };
}

/** Validates path parameters captured by the router (still percent-encoded). */
export function pathValidator<T>(
  operationId: OperationId,
  validate: ValidateFunction,
): (captured: Readonly<Record<string, string>>) => Validated<T> {
  const parameters = operationParameters(operationId, "path");
  const wide = parameterInt64Fields(parameters);
  return (captured) => {
    const value: Record<string, unknown> = {};
    for (const parameter of parameters) {
      const raw = captured[parameter.name];
      if (raw === undefined) continue;
      try {
        value[parameter.name] = coerce(parameter, decodeURIComponent(raw));
      } catch {
        return fail(`${parameter.name} is not valid percent-encoding (got ${shown(raw)})`);
      }
    }
    // Stryker disable next-line StringLiteral: a path has no root-level error: its value is an object, and `required` names the field
    return checked<T>(validate, value, "path", wide);
  };
}

/**
 * Validates a parsed JSON body against the operation's request schema and
 * returns only the declared fields (unknown fields are ignored, not stored).
 */
export function bodyValidator<T>(
  operationId: OperationId,
  validate: ValidateFunction,
): (body: unknown) => Validated<T> {
  const { properties } = requestBodySchema(operationId);
  const fields = Object.keys(properties);
  const wide = int64Fields(properties);
  return (body) => {
    if (!validate(body)) return fail(firstError(validate, body, "body"));
    const input = body as Record<string, unknown>;
    const unsafe = unsafeInt64(wide, input);
    if (unsafe) return fail(unsafe);
    const value: Record<string, unknown> = {};
    for (const field of fields) {
      const fieldValue = input[field];
      if (typeof fieldValue === "string" && fieldValue.length > maxStringLength) {
        return fail(
          `${field} must be at most ${maxStringLength} characters (got ${fieldValue.length})`,
        );
      }
      if (fieldValue !== undefined) value[field] = fieldValue;
    }
    return { ok: true, value: value as T };
  };
}
