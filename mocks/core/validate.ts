/**
 * Request validation derived from openapi.yaml: parameters are parsed and
 * coerced by their declared types, then checked by the generated validators;
 * bodies are checked by the generated schema validators. Every failure names
 * the offending field and why.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import type { OperationId, OperationParameter } from "../interface/spec.js";
import { operationParameters, requestBodySchema } from "../interface/spec.js";
import { int64 } from "../util/numbers.js";
import { maxStringLength } from "./limits.js";
import { cachedVerdicts } from "./query-cache.js";
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

// ajv's instancePath names a value inside the validated root: every step down finds an object.
const child = (node: unknown, key: string) => (node as Record<string, unknown>)[key];

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

/** The sentence for the first error of a validator that has just refused `value`. */
export function firstError(validate: ValidateFunction, value: unknown, rootName: string): string {
  // A failing ajv validator always sets `errors`, with at least one error.
  const [error] = validate.errors as [ErrorObject, ...ErrorObject[]];
  return describeError(error, value, rootName);
}

const integerText = /^[+-]?\d+$/;

/** Query and path values arrive as text; integers are converted when they look like one. */
function coerce(parameter: OperationParameter, text: string): unknown {
  return parameter.schema.type === "integer" && integerText.test(text) ? Number(text) : text;
}

/** The names of the fields a schema marks int64 (looked up once per validator). */
const int64Fields = (properties: Readonly<Record<string, { readonly format?: string }>>) =>
  Object.keys(properties).filter((name) => properties[name]?.format === "int64");

/** The first int64 field whose number JavaScript cannot hold exactly, or undefined. */
function unsafeInt64(fields: readonly string[], value: Readonly<Record<string, unknown>>) {
  for (const name of fields) {
    const field = value[name];
    if (typeof field === "number" && !Number.isSafeInteger(field)) return name;
  }
  return undefined;
}

/** An integer's text (`integerText`) outside int64; over 19 digits without a BigInt of them (a path may be long). */
function outsideInt64(text: string): boolean {
  const [, sign = "", digits = ""] = /^([+-]?)0*(\d*)$/.exec(text) ?? [];
  if (digits.length > 19) return true;
  const number = BigInt(`${sign}${digits || "0"}`);
  return number < int64.min || number > int64.max;
}

/**
 * Why an int64 field's value is refused, the value shown as sent: a parameter's
 * text outside int64 names int64's range; any other (a body's number, which
 * JSON.parse has already rounded) the safe integers, the ones the mock holds exactly.
 */
function unsafeMessage(name: string, sent: unknown): string {
  if (typeof sent === "string" && outsideInt64(sent)) {
    return `${name} must be an integer between ${int64.min} and ${int64.max} (got ${shown(sent)})`;
  }
  return `${name} must be an integer between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER} (got ${shown(sent)})`;
}

/** Decodes a form-encoded query component (`+` is a space); throws on bad percent-encoding. */
const formDecoded = (text: string): string => decodeURIComponent(text.replaceAll("+", " "));

/** A query's `name=text` pairs decoded, in order, up to the first that is not valid percent-encoding (`badPair`). */
export function decodedPairs(query: string): {
  readonly pairs: readonly (readonly [name: string, text: string])[];
  readonly badPair?: string;
} {
  const pairs: (readonly [string, string])[] = [];
  for (const pair of query.split("&")) {
    const at = pair.indexOf("=");
    const [name, text] = at === -1 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    try {
      pairs.push([formDecoded(name), formDecoded(text)]);
    } catch {
      return { pairs, badPair: pair };
    }
  }
  return { pairs };
}

/** An operation's parameters in one location, and the check of their parsed values. */
function parameterCheck<T>(
  operationId: OperationId,
  location: "query" | "path",
  validate: ValidateFunction,
) {
  const parameters = operationParameters(operationId, location);
  const wide = int64Fields(Object.fromEntries(parameters.map((p) => [p.name, p.schema])));
  /**
   * Validated, or the first schema error, or an int64 beyond the safe range
   * (`sent` gives a field's value as the client sent it: asked only then).
   */
  const check = (value: Record<string, unknown>, sent: (name: string) => unknown): Validated<T> => {
    const valid = validate(value);
    // An int64 beyond the safe integers (Infinity too: its text has over 308 digits) is named as sent.
    const unsafe = unsafeInt64(wide, value);
    if (unsafe) return fail(unsafeMessage(unsafe, sent(unsafe)));
    return valid ? { ok: true, value: value as T } : fail(firstError(validate, value, location));
  };
  return { parameters, check };
}

/** Parses and validates an operation's query string against its declared parameters, every time. */
export function queryParser<T>(
  operationId: OperationId,
  validate: ValidateFunction,
): (query: string) => Validated<T> {
  const { parameters, check } = parameterCheck<T>(operationId, "query", validate);
  const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
  const defaults = parameters.filter((parameter) => parameter.schema.default !== undefined);

  return (query) => {
    const value: Record<string, unknown> = {};
    const { pairs, badPair } = decodedPairs(query);
    // An empty pair (and the empty query's one pair) names no parameter, like any unknown name.
    for (const [name, text] of pairs) {
      const parameter = byName.get(name);
      if (!parameter) continue;
      if (Object.hasOwn(value, name)) return fail(`${name} must be given at most once`);
      value[name] = coerce(parameter, text);
    }
    if (badPair !== undefined) {
      return fail(`query string is not valid percent-encoding (got ${shown(badPair)})`);
    }
    for (const parameter of defaults) {
      if (!Object.hasOwn(value, parameter.name)) value[parameter.name] = parameter.schema.default;
    }
    // The one pair naming it (given once): its text is the number's.
    return check(value, (name) => pairs.find(([given]) => given === name)?.[1]);
  };
}

/** `queryParser` behind the query-verdict cache: what the operations use. */
export const queryValidator = <T>(
  operationId: OperationId,
  validate: ValidateFunction,
): ((query: string) => Validated<T>) => cachedVerdicts(queryParser<T>(operationId, validate));

/** Validates path parameters captured by the router (still percent-encoded). */
export function pathValidator<T>(
  operationId: OperationId,
  validate: ValidateFunction,
): (captured: Readonly<Record<string, string>>) => Validated<T> {
  const { parameters, check } = parameterCheck<T>(operationId, "path", validate);
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
    // Decoded above without a throw: the number's text.
    return check(value, (name) => decodeURIComponent(captured[name] as string));
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
    if (unsafe) return fail(unsafeMessage(unsafe, input[unsafe]));
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
