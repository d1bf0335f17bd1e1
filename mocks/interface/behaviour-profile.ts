/**
 * A behaviour profile: which alternative the mock takes for each choice the
 * interface leaves open (their names, the kit's first), the values some
 * alternatives take, and a profile's validation and resolution. The prose of
 * each alternative (what it answers, the statements it relies on) is the
 * table in `behaviours.ts`, which docs and the contract side read; this
 * module is what every runtime carries (the browser page too), so it holds
 * names, not words.
 *
 * A profile file (JSON, at most `profileLimits.bytes` bytes, nested at most
 * `profileLimits.depth` deep):
 *
 * ```json
 * {
 *   "version": 1,
 *   "name": "staging",
 *   "source": "learned from https://staging.example/v1 on 2026-11-29",
 *   "choices": {
 *     "limitAboveMaximum": "clamped",
 *     "petIdMalformed": {
 *       "alternative": "notFound",
 *       "evidence": [{ "request": "GET /pets/abc", "status": 404, "shape": "{code: string, …}" }]
 *     },
 *     "petFields": { "alternative": "extra", "value": { "createdAt": "2024-01-01T00:00:00Z" } },
 *     "statusCase": { "reason": "no answer told exact from case-insensitive" }
 *   }
 * }
 * ```
 *
 * A choice is an alternative's name, or an object: `alternative` (left out:
 * the default, e.g. with a `reason` saying why it was not decided), `value`
 * (only for the alternatives that take one), `evidence` (what a learn run
 * saw) and `reason`. A choice left out is the default.
 *
 * @example
 * const behaviour = resolveBehaviour(parseBehaviourProfile(text, "staging.json"));
 * behaviour.choices.limitAboveMaximum; // "clamped"
 */

import { isObject, JsonDepthError, jsonSyntaxError, parseJson } from "../util/json.js";
import { printable } from "../util/text.js";
import { BehaviourProfileError } from "./behaviour-profile-error.js";
import {
  type Collection,
  listedCollections,
  optionalFields,
  recordSchemaOf,
  schemaFields,
} from "./operations.js";
import type { SchemaName } from "./schemas.js";
import { petStatuses } from "./spec.js";

/**
 * Every choice and its alternatives, the kit's own (the default profile)
 * first. `behaviours.ts` says what each answers and why it conforms.
 */
export const choiceAlternatives = {
  limitBelowMinimum: ["refused", "clamped", "default", "zeroDefault"],
  limitAboveMaximum: ["refused", "clamped", "default"],
  limitNotInteger: ["refused", "rounded", "default"],
  emptyQuery: ["asGiven", "ignored"],
  repeatedQuery: ["refused", "first", "last"],
  unknownQuery: ["ignored", "refused"],
  statusCase: ["exact", "caseInsensitive"],
  statusUnknown: ["refused", "ignored", "empty"],
  trailingSlash: ["notFound", "same"],
  headMethod: ["answered", "refused"],
  otherMethod: ["methodNotAllowed", "notFound"],
  petIdMalformed: ["refused", "notFound"],
  petIdOutOfRange: ["refused", "notFound", "zeroNotFound"],
  unknownCategory: ["refused", "accepted"],
  blankName: ["refused", "accepted"],
  bodyMediaType: ["refused", "accepted", "unread"],
  categoryDescription: ["refused", "dropped"],
  categoryRefusalStatus: ["400", "422"],
  categoryCredentialStatus: ["401", "403"],
  categoryErrorShape: ["error", "errorField"],
  createdStatus: ["none", ...petStatuses],
  petsOrder: ["ascending", "descending"],
  categoriesOrder: ["ascending", "descending"],
  errorCodes: ["kit", "upperCase", "httpStatus", "custom"],
  errorMessages: ["detailed", "reasonPhrase"],
  petFields: ["none", "extra"],
  categoryFields: ["none", "extra"],
  idSequence: ["fromOne", "from"],
  optionalFields: ["always", "learned"],
  errorFields: ["none", "extra"],
  errorClasses: ["kit", "perClass"],
  commonHeaders: ["none", "headers"],
  wwwAuthenticate: ["bearer", "absent", "custom"],
  createLocation: ["relative", "absolute", "absent"],
  categoryLocation: ["absent", "relative", "absolute"],
  deprecationOn: ["every", "success"],
  deprecationDate: ["kit", "date", "true", "absent"],
  sunsetHeader: ["kit", "absent"],
  successorLink: ["kit", "custom", "absent"],
} as const;

export type ChoiceId = keyof typeof choiceAlternatives;
export type AlternativeOf<C extends ChoiceId> = (typeof choiceAlternatives)[C][number];

export const choiceIds = Object.keys(choiceAlternatives) as ChoiceId[];

/** The kit's alternative of a choice: the default profile's. */
export const defaultAlternative = <C extends ChoiceId>(id: C): AlternativeOf<C> =>
  choiceAlternatives[id][0];

/** What an alternative that takes a value expects in the profile's `value`. */
export type ValueKind =
  /** Fields added to every record or Error body: name → a JSON sample value. */
  | { readonly kind: "fields"; readonly schema: SchemaName }
  /** A header's text (visible ASCII). */
  | { readonly kind: "header" }
  /** An RFC 9745 date, `@` and Unix seconds. */
  | { readonly kind: "date" }
  /** Error `code` words by the kit's code (`invalid_query` → `E_VALIDATION`). */
  | { readonly kind: "codes" }
  /** Headers on every answer (or on successes or errors only), by lower-case name. */
  | { readonly kind: "headers" }
  /** Each class of failure's own `code` word, extra fields and headers. */
  | { readonly kind: "classes" }
  /** Where a collection's ids start and how they step, by collection. */
  | { readonly kind: "ids" }
  /** How often seeded records carry each optional field, by record schema. */
  | { readonly kind: "presence" };

/** The alternatives that take a value, and what value. */
export const valueKinds: {
  readonly [C in ChoiceId]?: Readonly<Partial<Record<AlternativeOf<C>, ValueKind>>>;
} = {
  errorCodes: { custom: { kind: "codes" } },
  petFields: { extra: { kind: "fields", schema: "Pet" } },
  categoryFields: { extra: { kind: "fields", schema: "Category" } },
  idSequence: { from: { kind: "ids" } },
  optionalFields: { learned: { kind: "presence" } },
  errorFields: { extra: { kind: "fields", schema: "Error" } },
  errorClasses: { perClass: { kind: "classes" } },
  commonHeaders: { headers: { kind: "headers" } },
  wwwAuthenticate: { custom: { kind: "header" } },
  deprecationDate: { date: { kind: "date" } },
  successorLink: { custom: { kind: "header" } },
};

/** The value an alternative takes, if it takes one. */
export const valueKindOf = (id: ChoiceId, alternative: string): ValueKind | undefined =>
  (valueKinds[id] as Readonly<Record<string, ValueKind>> | undefined)?.[alternative];

/** The kit's codes an API answer can carry (a custom `errorCodes` value names them). */
export const apiErrorCodes = [
  "invalid_query",
  "invalid_body",
  "invalid_path",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "store_full",
  "ids_exhausted",
  "payload_too_large",
  "unsupported_media_type",
  "internal_error",
] as const;

/**
 * The classes of failure a profile may answer each its own way
 * (`errorClasses: perClass`): a missing, a wrong and a malformed credential
 * (not `Bearer <token>`), a refused query, path or body (`malformedBody`:
 * one that is not JSON; `missingBody`: none; `unknownReference`: a
 * `categoryId` naming no category), an absent record, an unknown path, a
 * method a path does not allow, a body of another media type or too large.
 */
export const errorClassNames = [
  "missingCredential",
  "wrongCredential",
  "malformedCredential",
  "badQuery",
  "badPath",
  "badBody",
  "malformedBody",
  "missingBody",
  "unknownReference",
  "notFound",
  "unknownPath",
  "methodNotAllowed",
  "unsupportedMediaType",
  "payloadTooLarge",
] as const;
export type ErrorClass = (typeof errorClassNames)[number];

/** The reason phrases (RFC 9110) of the statuses an API answer can have. */
export const reasonPhrases: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  500: "Internal Server Error",
};

/** A JSON value, as a sample of an extra field. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** What a learn run saw for a choice (masked by the writer). */
export interface Evidence {
  /** The request, e.g. `GET /pets?limit=0`. */
  readonly request: string;
  readonly status?: number;
  /** The answer's body shape (`bodyShape` of `--compare-mock`). */
  readonly shape?: string;
  /** Headers of the answer that told the alternative, by lower-case name. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly note?: string;
}

/** One choice of a profile as given. */
export interface ProfileChoice {
  /** Left out: the default. */
  readonly alternative?: string;
  readonly value?: JsonValue;
  readonly evidence?: readonly Evidence[];
  /** Why the alternative (or why none was decided). */
  readonly reason?: string;
}

/** A profile as a file holds it, validated. */
export interface BehaviourProfile {
  readonly version: 1;
  readonly name?: string;
  readonly source?: string;
  readonly choices: Readonly<Partial<Record<ChoiceId, ProfileChoice>>>;
}

/**
 * A profile as a caller writes it (`setupPetstore({ behaviour })`): each
 * choice an alternative's name or a `ProfileChoice`; validated on use.
 */
export interface BehaviourProfileInput extends Omit<BehaviourProfile, "choices"> {
  readonly choices: {
    readonly [C in ChoiceId]?:
      | AlternativeOf<C>
      | (ProfileChoice & { readonly alternative?: AlternativeOf<C> });
  } & {
    /** @deprecated both `limitBelowMinimum` and `limitAboveMaximum` (the earlier table's name). */
    readonly limitOutOfRange?: AlternativeOf<"limitAboveMaximum">;
  };
}

export type ExtraFields = Readonly<Record<string, JsonValue>>;

/** One class of failure's answer: its `code` word, its extra fields, its headers (text by lower-case name). */
export interface ClassAnswer {
  readonly code?: string;
  readonly fields?: ExtraFields;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A header `commonHeaders` adds: `value` left out, a fresh one per answer; `on` left out, every answer. */
export interface CommonHeader {
  readonly value?: string;
  readonly on?: "success" | "errors";
}

/** A collection's ids: `start`, `start + step`, `start + 2 × step`, … */
export interface IdSequence {
  readonly start: number;
  readonly step: number;
}

/** How often the seeded records carry an optional field. */
export const presences = ["always", "sometimes", "never"] as const;
export type Presence = (typeof presences)[number];

/** The values the alternatives that take one carry, by choice. */
export interface BehaviourValues {
  readonly petFields?: ExtraFields;
  readonly categoryFields?: ExtraFields;
  /** By collection; a collection left out counts from 1 by 1. */
  readonly idSequence?: Readonly<Partial<Record<Collection, IdSequence>>>;
  /** By record schema, then optional field; a field left out is `always`. */
  readonly optionalFields?: Readonly<
    Partial<Record<SchemaName, Readonly<Record<string, Presence>>>>
  >;
  readonly errorFields?: ExtraFields;
  readonly errorCodes?: Readonly<Partial<Record<(typeof apiErrorCodes)[number], string>>>;
  readonly errorClasses?: Readonly<Partial<Record<ErrorClass, ClassAnswer>>>;
  readonly commonHeaders?: Readonly<Record<string, CommonHeader>>;
  readonly wwwAuthenticate?: string;
  readonly deprecationDate?: string;
  readonly successorLink?: string;
}

/** A profile as the core reads it: every choice decided, read by plain property access. */
export interface ResolvedBehaviour {
  /** The profile's name; `default` for the kit's own. */
  readonly name: string;
  /** Where it came from (a file, an option, `the kit's choices`). */
  readonly source: string;
  /** Whether every choice is the kit's. */
  readonly isDefault: boolean;
  readonly choices: { readonly [C in ChoiceId]: AlternativeOf<C> };
  readonly values: BehaviourValues;
}

const defaultChoices = Object.fromEntries(
  choiceIds.map((id) => [id, defaultAlternative(id)]),
) as ResolvedBehaviour["choices"];

/** The choices a profile takes otherwise than the kit, each with its alternative, in the table's order; none for the default. */
export const nonDefaultChoices = ({
  choices,
}: ResolvedBehaviour): Partial<Record<ChoiceId, string>> =>
  Object.fromEntries(
    choiceIds.filter((id) => choices[id] !== defaultAlternative(id)).map((id) => [id, choices[id]]),
  );

/** Every profile `resolveBehaviour` made: an object that only looks like one is no resolved profile. */
const resolvedOnes = new WeakSet<object>();

/** The kit's own choices. */
export const defaultBehaviour: ResolvedBehaviour = Object.freeze({
  name: "default",
  source: "the kit's choices (docs/behaviour.md)",
  isDefault: true,
  choices: Object.freeze(defaultChoices),
  values: Object.freeze({}),
});
resolvedOnes.add(defaultBehaviour);

/** Bounds on a profile: every one is hostile input until read. */
export const profileLimits = {
  /** A profile file's size. */
  bytes: 256 * 1024,
  /** Objects and arrays inside one another. */
  depth: 8,
  /** Evidence entries per choice. */
  evidence: 16,
  /** Fields a `fields` value adds. */
  fields: 16,
  /** Headers a `headers` value adds (a framework's security headers are a dozen). */
  headers: 32,
  /** A name, a source, a reason, an evidence text. */
  text: 1_000,
  /** A header's text, a code word. */
  headerText: 200,
  /** A sample value's JSON text. */
  sampleBytes: 1_000,
  /** An id sequence's largest step. */
  idStep: 1_000,
  /** An id sequence's largest start: 2^32 ids of room below `Number.MAX_SAFE_INTEGER`. */
  idStart: Number.MAX_SAFE_INTEGER - 2 ** 32,
} as const;

export { BehaviourProfileError };

const quoted = (text: string) =>
  printable(JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text));

function refuse(where: string, why: string): never {
  throw new BehaviourProfileError(`${where}: ${why}`);
}

function text(value: unknown, where: string, max: number = profileLimits.text): string {
  if (typeof value !== "string") refuse(where, "must be a string");
  if (value.length > max) refuse(where, `must be at most ${max} characters (got ${value.length})`);
  if (printable(value) !== value) refuse(where, "must not hold control characters");
  return value;
}

/** Refuses a name that is none of `known`, which the refusal lists as `what`. */
function among(name: string, known: readonly string[], where: string, what: string) {
  if (!known.includes(name)) refuse(where, `${quoted(name)} is not ${what} (${known.join(", ")})`);
}

function codeWordOf(value: unknown, where: string): string {
  if (typeof value !== "string" || !codeWord.test(value)) {
    refuse(where, "must be a word of letters, digits, _ . : or - (at most 64)");
  }
  return value;
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], where: string) {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      refuse(where, `unknown field ${quoted(key)} (known: ${allowed.join(", ")})`);
    }
  }
}

const headerText = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const fieldName = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const codeWord = /^[A-Za-z0-9_.:-]{1,64}$/;
const unsafeNames = new Set(["__proto__", "constructor", "prototype"]);

function fieldsValue(value: unknown, schema: SchemaName, where: string): ExtraFields {
  if (!isObject(value)) refuse(where, "must be an object of field names and sample values");
  const names = Object.keys(value);
  if (names.length === 0) refuse(where, "must name at least one field");
  if (names.length > profileLimits.fields) {
    refuse(where, `must name at most ${profileLimits.fields} fields (got ${names.length})`);
  }
  const own = schemaFields(schema);
  const fields: Record<string, JsonValue> = {};
  for (const name of names) {
    if (!fieldName.test(name) || unsafeNames.has(name)) {
      refuse(where, `${quoted(name)} is not a field name (letters, digits, _ and -, at most 64)`);
    }
    if (own.includes(name)) refuse(where, `${quoted(name)} is a field of ${schema} itself`);
    const sample = value[name];
    const json = JSON.stringify(sample);
    if (json.length > profileLimits.sampleBytes) {
      refuse(`${where}.${name}`, `must be at most ${profileLimits.sampleBytes} characters of JSON`);
    }
    Object.defineProperty(fields, name, { value: sample, enumerable: true });
  }
  return Object.freeze(fields);
}

function codesValue(value: unknown, where: string): BehaviourValues["errorCodes"] {
  if (!isObject(value)) refuse(where, "must be an object of the kit's codes and their words");
  const codes: Record<string, string> = {};
  for (const [code, word] of Object.entries(value)) {
    among(code, apiErrorCodes, where, "one of the kit's codes");
    codes[code] = codeWordOf(word, `${where}.${code}`);
  }
  return Object.freeze(codes);
}

/**
 * Header names a profile may not add or set: HTTP's framing and hop-by-hop
 * ones, those the server or the interface's choices already decide, CORS
 * and cookies.
 */
const reservedHeader =
  /^(?:content-(?:type|length|encoding)|transfer-encoding|connection|keep-alive|upgrade|te|trailer|date|host|vary|location|allow|www-authenticate|deprecation|sunset|link|set-cookie|proxy-.*|access-control-.*|sec-.*)$/;
const headerName = /^[a-z0-9!#$%&'*+.^_`|~-]{1,64}$/;

/** Whether a profile may set a header of this (lower-case) name; `allowed` lifts the reservation of some. */
export const profileMaySet = (name: string, allowed: readonly string[] = []): boolean =>
  headerName.test(name) && (!reservedHeader.test(name) || allowed.includes(name));

function headerValue(value: unknown, where: string): string {
  const header = text(value, where, profileLimits.headerText);
  if (!headerText.test(header)) refuse(where, "must be visible ASCII text, spaces inside only");
  return header;
}

function headersValue(value: unknown, where: string, allowed: readonly string[] = []) {
  if (!isObject(value)) refuse(where, "must be an object of header names and values");
  const names = Object.keys(value);
  if (names.length > profileLimits.headers) {
    refuse(where, `must name at most ${profileLimits.headers} headers (got ${names.length})`);
  }
  return names.map((name) => {
    if (!profileMaySet(name, allowed)) {
      refuse(
        where,
        `${quoted(name)} is not a header a profile may set (lower-case token, not ${reservedHeader.source.slice(4, 40)}…)`,
      );
    }
    return [name, value[name]] as const;
  });
}

function commonHeadersValue(value: unknown, where: string): Record<string, CommonHeader> {
  const headers: Record<string, CommonHeader> = {};
  for (const [name, given] of headersValue(value, where)) {
    const at = `${where}.${name}`;
    if (!isObject(given)) refuse(at, "must be an object (value, on)");
    onlyKeys(given, ["value", "on"], at);
    const header: { value?: string; on?: "success" | "errors" } = {};
    if (given.value !== undefined) header.value = headerValue(given.value, `${at}.value`);
    if (given.on !== undefined && given.on !== "success" && given.on !== "errors") {
      refuse(`${at}.on`, "must be success or errors");
    }
    if (given.on !== undefined) header.on = given.on;
    headers[name] = Object.freeze(header);
  }
  if (Object.keys(headers).length === 0) refuse(where, "must name at least one header");
  return Object.freeze(headers);
}

function classesValue(value: unknown, where: string): BehaviourValues["errorClasses"] {
  if (!isObject(value)) refuse(where, "must be an object of failure classes and their answers");
  const classes: Partial<Record<ErrorClass, ClassAnswer>> = {};
  for (const [name, given] of Object.entries(value)) {
    const at = `${where}.${name}`;
    among(name, errorClassNames, where, "a failure class");
    if (!isObject(given)) refuse(at, "must be an object (code, fields, headers)");
    onlyKeys(given, ["code", "fields", "headers"], at);
    const answer: { code?: string; fields?: ExtraFields; headers?: Record<string, string> } = {};
    if (given.code !== undefined) answer.code = codeWordOf(given.code, `${at}.code`);
    if (given.fields !== undefined)
      answer.fields = fieldsValue(given.fields, "Error", `${at}.fields`);
    if (given.headers !== undefined) {
      const named = headersValue(given.headers, `${at}.headers`, ["www-authenticate"]);
      const headers: Record<string, string> = {};
      for (const [name, text] of named) headers[name] = headerValue(text, `${at}.headers.${name}`);
      answer.headers = Object.freeze(headers);
    }
    classes[name as ErrorClass] = Object.freeze(answer);
  }
  return Object.freeze(classes);
}

function integerIn(value: unknown, where: string, minimum: number, maximum: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < minimum || value > maximum) {
    refuse(where, `must be an integer from ${minimum} to ${maximum}`);
  }
  return value;
}

function idsValue(value: unknown, where: string): BehaviourValues["idSequence"] {
  if (!isObject(value)) refuse(where, "must be an object of collections and their start and step");
  const names = Object.keys(value);
  if (names.length === 0) refuse(where, "must name at least one collection");
  const sequences: Record<string, IdSequence> = {};
  for (const name of names) {
    among(name, listedCollections, where, "a collection");
    const at = `${where}.${name}`;
    const given = value[name];
    if (!isObject(given)) refuse(at, "must be an object (start, step)");
    onlyKeys(given, ["start", "step"], at);
    sequences[name] = Object.freeze({
      start: integerIn(given.start, `${at}.start`, 1, profileLimits.idStart),
      step: integerIn(given.step, `${at}.step`, 1, profileLimits.idStep),
    });
  }
  return Object.freeze(sequences);
}

function presenceValue(value: unknown, where: string): BehaviourValues["optionalFields"] {
  if (!isObject(value)) refuse(where, "must be an object of record schemas and their fields");
  const schemas = listedCollections.map((collection) => recordSchemaOf(collection) as string);
  const bySchema: Record<string, Readonly<Record<string, Presence>>> = {};
  for (const [schema, fields] of Object.entries(value)) {
    among(schema, schemas, where, "a record schema");
    const at = `${where}.${schema}`;
    const optional = optionalFields(schema as SchemaName);
    if (!isObject(fields))
      refuse(at, `must be an object of optional fields (${optional.join(", ")})`);
    const presence: Record<string, Presence> = {};
    for (const [field, given] of Object.entries(fields)) {
      among(field, optional, at, `an optional field of ${schema}`);
      if (!(presences as readonly unknown[]).includes(given)) {
        refuse(`${at}.${field}`, `must be one of ${presences.join(", ")}`);
      }
      presence[field] = given as Presence;
    }
    bySchema[schema] = Object.freeze(presence);
  }
  if (Object.values(bySchema).every((fields) => Object.keys(fields).length === 0)) {
    refuse(where, "must name at least one optional field");
  }
  return Object.freeze(bySchema);
}

function profileValue(kind: ValueKind, value: unknown, where: string): unknown {
  switch (kind.kind) {
    case "ids":
      return idsValue(value, where);
    case "presence":
      return presenceValue(value, where);
    case "headers":
      return commonHeadersValue(value, where);
    case "classes":
      return classesValue(value, where);
    case "fields":
      return fieldsValue(value, kind.schema, where);
    case "codes":
      return codesValue(value, where);
    case "header":
      return headerValue(value, where);
    case "date": {
      if (typeof value !== "string" || !/^@\d{1,12}$/.test(value)) {
        refuse(where, "must be an RFC 9745 date: @ and Unix seconds (e.g. @1735689600)");
      }
      return value;
    }
  }
}

function evidenceOf(value: unknown, where: string): Evidence[] {
  if (!Array.isArray(value)) refuse(where, "must be an array");
  if (value.length > profileLimits.evidence) {
    refuse(where, `must hold at most ${profileLimits.evidence} entries (got ${value.length})`);
  }
  return value.map((entry, index) => {
    const at = `${where}[${index}]`;
    if (!isObject(entry)) refuse(at, "must be an object");
    onlyKeys(entry, ["request", "status", "shape", "headers", "note"], at);
    text(entry.request, `${at}.request`);
    const status = entry.status as number | undefined;
    if (status !== undefined && !(Number.isInteger(status) && status >= 100 && status <= 599)) {
      refuse(`${at}.status`, "must be an HTTP status (100–599)");
    }
    if (entry.shape !== undefined) text(entry.shape, `${at}.shape`);
    if (entry.note !== undefined) text(entry.note, `${at}.note`);
    if (entry.headers !== undefined) {
      if (!isObject(entry.headers)) refuse(`${at}.headers`, "must be an object");
      const names = Object.keys(entry.headers);
      if (names.length > profileLimits.fields) {
        refuse(`${at}.headers`, `must hold at most ${profileLimits.fields} headers`);
      }
      for (const name of names) text(entry.headers[name], `${at}.headers.${name}`);
    }
    return entry as unknown as Evidence;
  });
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function choiceOf(id: ChoiceId, given: unknown): ProfileChoice {
  const where = `choices.${id}`;
  if (typeof given !== "string" && !isObject(given)) {
    refuse(where, "must be an alternative's name or an object");
  }
  const entry = typeof given === "string" ? { alternative: given } : given;
  onlyKeys(entry, ["alternative", "value", "evidence", "reason"], where);
  const names: readonly string[] = choiceAlternatives[id];
  const alternative = entry.alternative ?? defaultAlternative(id);
  if (typeof alternative !== "string" || !names.includes(alternative)) {
    const named = typeof alternative === "string" ? quoted(alternative) : "a non-string";
    refuse(`${where}.alternative`, `${named} is not an alternative of ${id} (${names.join(", ")})`);
  }
  const kind = valueKindOf(id, alternative);
  const choice: Mutable<ProfileChoice> = { alternative };
  if ((kind === undefined) !== (entry.value === undefined)) {
    refuse(`${where}.value`, `${alternative} ${kind ? "needs a value" : "takes no value"}`);
  }
  if (kind) choice.value = profileValue(kind, entry.value, `${where}.value`) as JsonValue;
  if (entry.evidence !== undefined)
    choice.evidence = evidenceOf(entry.evidence, `${where}.evidence`);
  if (entry.reason !== undefined) choice.reason = text(entry.reason, `${where}.reason`);
  return choice;
}

/** Whether a parsed JSON value nests objects and arrays deeper than `limit`. */
function deeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (limit === 0) return true;
  return Object.values(value).some((inner) => deeperThan(inner, limit - 1));
}

/** The choices of an earlier table under today's names: `limitOutOfRange` is both limits' choice. */
function legacyChoices(choices: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(choices, "limitOutOfRange")) return choices;
  const { limitOutOfRange: both, ...rest } = choices;
  return { limitBelowMinimum: both, limitAboveMaximum: both, ...rest };
}

/** A parsed profile, validated: unknown fields, choices and alternatives are refused by name. */
export function validateBehaviourProfile(value: unknown): BehaviourProfile {
  if (!isObject(value)) refuse("profile", "must be a JSON object");
  if (deeperThan(value, profileLimits.depth)) {
    refuse("profile", `nests objects or arrays deeper than ${profileLimits.depth} levels`);
  }
  onlyKeys(value, ["version", "name", "source", "choices"], "profile");
  if (value.version !== 1) refuse("version", "must be 1");
  const choices: Partial<Record<ChoiceId, ProfileChoice>> = {};
  const profile: Mutable<BehaviourProfile> = { version: 1, choices };
  if (value.name !== undefined) profile.name = text(value.name, "name", 100);
  if (value.source !== undefined) profile.source = text(value.source, "source");
  if (!isObject(value.choices)) refuse("choices", "must be an object of choices");
  for (const [id, given] of Object.entries(legacyChoices(value.choices))) {
    if (!Object.hasOwn(choiceAlternatives, id)) {
      refuse(
        `choices.${printable(id.slice(0, 60))}`,
        `unknown choice (known: ${choiceIds.join(", ")})`,
      );
    }
    choices[id as ChoiceId] = choiceOf(id as ChoiceId, given);
  }
  return profile;
}

/** A profile's JSON text, bounded in size and depth, validated; errors name `origin`. */
export function parseBehaviourProfile(text: string, origin: string): BehaviourProfile {
  const at = (why: string) => new BehaviourProfileError(`behaviour profile ${origin}: ${why}`);
  if (text.length > profileLimits.bytes) throw at(`is larger than ${profileLimits.bytes} bytes`);
  let value: unknown;
  try {
    value = parseJson(text, profileLimits.depth);
  } catch (error) {
    throw at(
      error instanceof JsonDepthError
        ? `nests objects or arrays deeper than ${profileLimits.depth} levels`
        : `is not valid JSON (${jsonSyntaxError(text, error)})`,
    );
  }
  try {
    return validateBehaviourProfile(value);
  } catch (error) {
    throw at((error as Error).message);
  }
}

/** A profile as the core reads it; no profile (or undefined) is the default. */
export function resolveBehaviour(profile: BehaviourProfile | undefined, origin?: string) {
  if (profile === undefined) return defaultBehaviour;
  const choices: Record<string, string> = { ...defaultChoices };
  const values: Record<string, unknown> = {};
  for (const id of choiceIds) {
    const choice = profile.choices[id];
    if (choice === undefined) continue;
    choices[id] = choice.alternative ?? defaultAlternative(id);
    if (choice.value !== undefined) values[id] = choice.value;
  }
  const isDefault = choiceIds.every((id) => choices[id] === defaultAlternative(id));
  const resolved: ResolvedBehaviour = Object.freeze({
    name: profile.name ?? "unnamed",
    source: profile.source ?? origin ?? "a profile given in code",
    isDefault,
    choices: Object.freeze(choices) as ResolvedBehaviour["choices"],
    values: Object.freeze(values) as BehaviourValues,
  });
  resolvedOnes.add(resolved);
  return resolved;
}

/** A profile given as an object (validated here) or one resolved already, resolved. */
export const behaviourFrom = (value: unknown, origin: string): ResolvedBehaviour => {
  // A profile `resolveBehaviour` made is not one to validate.
  if (resolvedOnes.has(value as object)) return value as ResolvedBehaviour;
  try {
    return resolveBehaviour(validateBehaviourProfile(value), origin);
  } catch (error) {
    throw new BehaviourProfileError(`behaviour profile ${origin}: ${(error as Error).message}`);
  }
};
