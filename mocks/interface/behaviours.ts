/**
 * Every choice the mock makes where the interface is silent, named once,
 * with the alternatives a conforming deployment may take instead. Each
 * alternative names the INTERFACE.md statements it relies on (and the table
 * names the alternatives it leaves out, with the statement they would
 * break). A profile picks one alternative per choice; the kit's own choices
 * are the default profile (docs/behaviour.md). The mock's core reads a
 * resolved profile, `petstore-contract --learn` writes one, and
 * docs/behaviour.md's table of choices is generated from this one.
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
 *     "limitOutOfRange": "clamped",
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
 * behaviour.choices.limitOutOfRange; // "clamped"
 */

import { isObject, JsonDepthError, parseJson } from "../util/json.js";
import { printable } from "../util/text.js";
import { schemaFields } from "./operations.js";
import type { SchemaName } from "./schemas.js";
import { petStatuses } from "./spec.js";
import type { RuleId } from "./statements.js";
import type { PetStatus } from "./types.js";

/** What an alternative that takes a value expects in the profile's `value`. */
export type ValueKind =
  /** Fields added to every record or Error body: name → a JSON sample value. */
  | { readonly kind: "fields"; readonly schema: SchemaName }
  /** A header's text (visible ASCII). */
  | { readonly kind: "header" }
  /** An RFC 9745 date, `@` and Unix seconds. */
  | { readonly kind: "date" }
  /** Error `code` words by the kit's code (`invalid_query` → `E_VALIDATION`). */
  | { readonly kind: "codes" };

export interface Alternative {
  /** What the mock answers under it. */
  readonly answer: string;
  /** The statements it relies on to conform. */
  readonly rules: readonly RuleId[];
  /** Why it conforms, in words. */
  readonly because: string;
  /** The value it takes from the profile, when it takes one. */
  readonly value?: ValueKind;
}

/** An answer a deployment might give that no profile may choose: it breaks a statement. */
export interface Excluded {
  readonly answer: string;
  readonly breaks: readonly RuleId[];
  readonly because: string;
}

export interface Behaviour {
  /** The silent point, in words. */
  readonly question: string;
  /** The alternative of the default profile (the kit's choice). */
  readonly default: string;
  readonly alternatives: Readonly<Record<string, Alternative>>;
  readonly excluded?: readonly Excluded[];
}

const petStatusAlternatives = Object.fromEntries(
  petStatuses.map((status) => [
    status,
    {
      answer: `the stored pet gets \`status: "${status}"\``,
      rules: ["§2.NewPet", "§3.status-on-creation"],
      because: "§2: `status` is optional and no default is stated",
    },
  ]),
) as unknown as Readonly<Record<PetStatus, Alternative>>;

const refusedQuery = (what: string): Alternative => ({
  answer: `400 \`invalid_query\` naming ${what}`,
  rules: ["§4.1.limit-range"],
  because: "such a request lies outside the interface's domain: no answer is stated for it",
});

const extraFields = (schema: SchemaName, what: string): Behaviour => ({
  question: `fields beyond the interface's on ${what}`,
  default: "none",
  alternatives: {
    none: {
      answer: `only the fields of ${schema}`,
      rules: [`§2.${schema}` as RuleId],
      because: "the schema's fields",
    },
    extra: {
      answer: `every ${schema} also carries the profile's fields (name → sample value)`,
      rules: [`§2.${schema}` as RuleId],
      because: `§2 lists the fields ${schema} has, not that it has no others; a field of ${schema} itself cannot be replaced`,
      value: { kind: "fields", schema },
    },
  },
});

const orderOf = (what: string, rule: RuleId): Behaviour => ({
  question: `the order of ${what}`,
  default: "ascending",
  alternatives: {
    ascending: {
      answer: "ascending `id`, oldest first",
      rules: [rule],
      because: "the interface states no order",
    },
    descending: {
      answer: "descending `id`, newest first",
      rules: [rule],
      because: "the interface states no order",
    },
  },
});

export const behaviours = {
  limitOutOfRange: {
    question: "`limit` an integer below 1 or above 100 (or beyond int64)",
    default: "refused",
    alternatives: {
      refused: refusedQuery("`limit`"),
      clamped: {
        answer: "clamped into 1–100: `limit=0` lists 1, `limit=500` lists 100",
        rules: ["§4.1.limit-range", "§4.1.listPets"],
        because: "no answer holds more than 100 animals",
      },
      default: {
        answer: "ignored: the default (20) applies",
        rules: ["§4.1.limit-range", "§4.1.limit-default"],
        because: "the default is within the range",
      },
    },
    excluded: [
      {
        answer: "honoured above 100 (`limit=500` lists 500)",
        breaks: ["§4.1.limit-range"],
        because: "no answer holds more than 100 animals, whatever a request asks",
      },
    ],
  },
  limitNotInteger: {
    question: "`limit` that is not an integer (`1.5`, `abc`, empty)",
    default: "refused",
    alternatives: {
      refused: refusedQuery("`limit`"),
      rounded: {
        answer:
          "a decimal number is rounded down (`1.5` lists 1), then held to `limitOutOfRange`; text that is no number takes the default (20)",
        rules: ["§4.1.limit-range", "§4.1.limit-default"],
        because: "`limit` outside its type lies outside the domain; no answer holds more than 100",
      },
      default: {
        answer: "ignored: the default (20) applies",
        rules: ["§4.1.limit-range", "§4.1.limit-default"],
        because: "the default is within the range",
      },
    },
  },
  repeatedQuery: {
    question: "a query parameter given more than once (`limit=5&limit=7`)",
    default: "refused",
    alternatives: {
      refused: refusedQuery("the parameter given twice"),
      first: {
        answer: "the first value is used",
        rules: ["§4.1.limit-range", "§4.1.status-filter"],
        because: "each parameter is described once: a repeated one lies outside the domain",
      },
      last: {
        answer: "the last value is used",
        rules: ["§4.1.limit-range", "§4.1.status-filter"],
        because: "each parameter is described once: a repeated one lies outside the domain",
      },
    },
  },
  unknownQuery: {
    question: "a query parameter a list does not take (`utm_source=x`)",
    default: "ignored",
    alternatives: {
      ignored: {
        answer: "ignored: the request is answered as without it",
        rules: ["§4.1.listPets", "§4.4.listCategories"],
        because: "the documented request is answered as documented",
      },
      refused: {
        answer: "400 `invalid_query` naming the parameter",
        rules: ["§4.1.listPets", "§4.4.listCategories"],
        because: "a parameter the interface does not describe lies outside its domain",
      },
    },
  },
  statusCase: {
    question: "the case of the `status` filter (`status=AVAILABLE`)",
    default: "exact",
    alternatives: {
      exact: {
        answer: "only `available`, `pending`, `sold`; any other spelling is a 400 `invalid_query`",
        rules: ["§2.PetStatus", "§4.1.status-filter"],
        because: "PetStatus's values are these three",
      },
      caseInsensitive: {
        answer: "any case of a PetStatus filters by it (`AVAILABLE` lists available pets)",
        rules: ["§2.PetStatus", "§4.1.status-filter"],
        because: "another spelling is no PetStatus, so it lies outside the domain",
      },
    },
    excluded: [
      {
        answer: "a status other than the one asked for in the list",
        breaks: ["§4.1.status-filter"],
        because: "with `status`, only animals with that status are returned",
      },
    ],
  },
  statusUnknown: {
    question: "a `status` filter that is no PetStatus in any case (`status=flying`, empty)",
    default: "refused",
    alternatives: {
      refused: refusedQuery("`status`"),
      ignored: {
        answer: "ignored: the list is not filtered",
        rules: ["§2.PetStatus", "§4.1.status-filter"],
        because: "a value that is no PetStatus lies outside the domain",
      },
    },
  },
  petIdMalformed: {
    question: "a `petId` that is not an integer (`/pets/abc`, `/pets/1.5`)",
    default: "refused",
    alternatives: {
      refused: {
        answer: "400 `invalid_path`",
        rules: ["§4.3.petId"],
        because: "`petId` is an integer: another value lies outside the domain",
      },
      notFound: {
        answer: "404 `not_found`",
        rules: ["§4.3.petId", "§4.3.404"],
        because: "no animal has such an id: 404 is getPet's documented answer for it",
      },
    },
  },
  petIdOutOfRange: {
    question: "an integer `petId` no record can have: 0, negative, or beyond int64",
    default: "refused",
    alternatives: {
      refused: {
        answer: "400 `invalid_path` (a positive int64 beyond 2^53 − 1 is a 404 either way)",
        rules: ["§4.3.petId", "§2.Pet.id-unique"],
        because: "ids are assigned by the service: such an id names no record",
      },
      notFound: {
        answer: "404 `not_found`",
        rules: ["§4.3.petId", "§4.3.404"],
        because: "no animal has such an id: 404 is getPet's documented answer for it",
      },
    },
  },
  unknownCategory: {
    question: "createPet with a `categoryId` naming no category",
    default: "refused",
    alternatives: {
      refused: {
        answer: "400 `invalid_body` naming `categoryId`",
        rules: ["§4.2.400"],
        because: "an unknown category is an invalid value in the body",
      },
      accepted: {
        answer: "201: the pet is stored with that `categoryId`",
        rules: ["§2.NewPet", "§4.2.createPet"],
        because: "`categoryId` is an integer; the interface does not say it must name a category",
      },
    },
    excluded: [
      {
        answer: "422, 404 or 409",
        breaks: ["§4.2.400"],
        because: "createPet documents 201, 400 and 401 only: an invalid value in its body is a 400",
      },
    ],
  },
  categoryRefusalStatus: {
    question: "the status of a refused createCategory body (missing, not JSON, not a NewCategory)",
    default: "400",
    alternatives: {
      "400": {
        answer: "400 `invalid_body`",
        rules: ["§4.5.createCategory"],
        because: "§7: error responses of the category operations are not shown",
      },
      "422": {
        answer: "422 `invalid_body`",
        rules: ["§4.5.createCategory"],
        because: "§7: error responses of the category operations are not shown",
      },
    },
    excluded: [
      {
        answer: "422 for a refused createPet body",
        breaks: ["§4.2.400"],
        because: "createPet's refused body is documented as 400",
      },
    ],
  },
  categoryCredentialStatus: {
    question: "the status of a missing or invalid credential on the category operations",
    default: "401",
    alternatives: {
      "401": {
        answer: "401 `unauthorized` (with `WWW-Authenticate`, see `wwwAuthenticate`)",
        rules: ["§4.auth-required", "§5.401"],
        because: "§5.3 documents the 401 for listPets, createPet and getPet only",
      },
      "403": {
        answer: "403 `forbidden`, no `WWW-Authenticate`",
        rules: ["§4.auth-required", "§5.401"],
        because:
          "every endpoint requires the credential, but §5.3 documents the 401 for listPets, createPet and getPet only",
      },
    },
    excluded: [
      {
        answer: "anything but a 401 for listPets, createPet or getPet",
        breaks: ["§5.401"],
        because: "their 401 is documented",
      },
    ],
  },
  categoryErrorShape: {
    question: "the body of the category operations' error answers",
    default: "error",
    alternatives: {
      error: {
        answer: "an Error, like every other operation's",
        rules: ["§2.Error"],
        because: "§7: error responses of the category operations are not shown",
      },
      errorField: {
        answer: '`{ "error": "<message>" }` (plus `errorFields`)',
        rules: ["§4.media-type"],
        because:
          "§7: error responses of the category operations are not shown; the body is still JSON",
      },
    },
  },
  createdStatus: {
    question: "the `status` of a pet created without one",
    default: "none",
    alternatives: {
      none: {
        answer: "none: the stored pet has no `status`",
        rules: ["§2.NewPet", "§3.status-on-creation"],
        because: "§2: `status` is optional and no default is stated",
      },
      ...petStatusAlternatives,
    },
  },
  petsOrder: orderOf("listPets' answer (the first `limit` in that order)", "§4.1.listPets"),
  categoriesOrder: orderOf("listCategories' answer", "§4.4.listCategories"),
  errorCodes: {
    question: "the words of an Error's `code`",
    default: "kit",
    alternatives: {
      kit: {
        answer: "the kit's codes (`invalid_query`, `not_found`, …; docs/behaviour.md)",
        rules: ["§2.Error"],
        because: "§7: the set of values `code` can take is not shown",
      },
      upperCase: {
        answer: "the kit's codes in capitals (`INVALID_QUERY`)",
        rules: ["§2.Error"],
        because: "§7: the set of values `code` can take is not shown",
      },
      httpStatus: {
        answer: "the status's name (`BAD_REQUEST`, `NOT_FOUND`)",
        rules: ["§2.Error"],
        because: "§7: the set of values `code` can take is not shown",
      },
      custom: {
        answer: "the profile's word for each of the kit's codes (others stay the kit's)",
        rules: ["§2.Error"],
        because: "§7: the set of values `code` can take is not shown",
        value: { kind: "codes" },
      },
    },
  },
  errorMessages: {
    question: "the style of an Error's `message`",
    default: "detailed",
    alternatives: {
      detailed: {
        answer: "names the offending field and why",
        rules: ["§2.Error"],
        because: "`message` is any human-readable string",
      },
      reasonPhrase: {
        answer: "the status's reason phrase only (`Bad Request`)",
        rules: ["§2.Error"],
        because: "`message` is any human-readable string",
      },
    },
  },
  petFields: extraFields("Pet", "pets"),
  categoryFields: extraFields("Category", "categories"),
  errorFields: extraFields("Error", "Error bodies"),
  wwwAuthenticate: {
    question: "the `WWW-Authenticate` header of a 401",
    default: "bearer",
    alternatives: {
      bearer: {
        answer: "`WWW-Authenticate: Bearer`",
        rules: ["§5.401"],
        because: "the interface names no header on a 401",
      },
      absent: {
        answer: "no `WWW-Authenticate`",
        rules: ["§5.401"],
        because: "the interface names no header on a 401",
      },
      custom: {
        answer: 'the profile\'s text (e.g. `Bearer realm="petstore"`)',
        rules: ["§5.401"],
        because: "the interface names no header on a 401",
        value: { kind: "header" },
      },
    },
  },
  createLocation: {
    question: "the `Location` header of createPet's 201",
    default: "relative",
    alternatives: {
      relative: {
        answer: "`Location: /v1/pets/{id}`",
        rules: ["§4.2.createPet"],
        because: "the interface names no header on a 201",
      },
      absolute: {
        answer:
          "`Location: http://{host}/v1/pets/{id}` (the request's `Host`; relative without one)",
        rules: ["§4.2.createPet"],
        because: "the interface names no header on a 201",
      },
      absent: {
        answer: "no `Location`",
        rules: ["§4.2.createPet"],
        because: "the interface names no header on a 201",
      },
    },
  },
  deprecationDate: {
    question: "getPet's `Deprecation` header (when it was deprecated)",
    default: "kit",
    alternatives: {
      kit: {
        answer: "`Deprecation: @1735689600` (2025-01-01)",
        rules: ["§4.3.deprecated"],
        because: "the interface states the removal date, not when getPet was deprecated",
      },
      date: {
        answer: "`Deprecation: @{seconds}`, the profile's date",
        rules: ["§4.3.deprecated"],
        because: "the interface states the removal date, not when getPet was deprecated",
        value: { kind: "date" },
      },
      absent: {
        answer: "no `Deprecation`",
        rules: ["§4.3.deprecated"],
        because: "the interface names no header for the deprecation (`Sunset` stays)",
      },
    },
  },
  sunsetHeader: {
    question: "getPet's `Sunset` header (its removal date)",
    default: "kit",
    alternatives: {
      kit: {
        answer: "`Sunset: Thu, 05 Dec 2030 00:00:00 GMT`, the date §9.3 states",
        rules: ["§4.3.deprecated"],
        because: "the interface states the removal date",
      },
      absent: {
        answer: "no `Sunset`",
        rules: ["§4.3.deprecated"],
        because: "the interface states the date, not a header carrying it",
      },
    },
    excluded: [
      {
        answer: "a `Sunset` with another date",
        breaks: ["§4.3.deprecated"],
        because: "getPet is removed on 5 December 2030",
      },
    ],
  },
  successorLink: {
    question: "getPet's `Link` to its replacement",
    default: "kit",
    alternatives: {
      kit: {
        answer: '`Link: </v1/pets>; rel="successor-version"`',
        rules: ["§4.3.deprecated"],
        because: "the interface names the replacement, not a header for it",
      },
      custom: {
        answer: "the profile's text",
        rules: ["§4.3.deprecated"],
        because: "the interface names the replacement, not a header for it",
        value: { kind: "header" },
      },
      absent: {
        answer: "no `Link`",
        rules: ["§4.3.deprecated"],
        because: "the interface names the replacement, not a header for it",
      },
    },
  },
} as const satisfies Readonly<Record<string, Behaviour>>;

export type ChoiceId = keyof typeof behaviours;
export type AlternativeOf<C extends ChoiceId> = keyof (typeof behaviours)[C]["alternatives"] &
  string;

export const choiceIds = Object.keys(behaviours) as ChoiceId[];

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
export interface BehaviourProfileInput {
  readonly version: 1;
  readonly name?: string;
  readonly source?: string;
  readonly choices: {
    readonly [C in ChoiceId]?:
      | AlternativeOf<C>
      | (ProfileChoice & { readonly alternative?: AlternativeOf<C> });
  };
}

export type ExtraFields = Readonly<Record<string, JsonValue>>;

/** The values the alternatives that take one carry, by choice. */
export interface BehaviourValues {
  readonly petFields?: ExtraFields;
  readonly categoryFields?: ExtraFields;
  readonly errorFields?: ExtraFields;
  readonly errorCodes?: Readonly<Partial<Record<(typeof apiErrorCodes)[number], string>>>;
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
  choiceIds.map((id) => [id, behaviours[id].default]),
) as ResolvedBehaviour["choices"];

/** Every profile `resolveBehaviour` made: an object that only looks like one is no resolved profile. */
const resolvedOnes = new WeakSet<object>();

/** Whether a value is a profile `resolveBehaviour` made (not one to validate). */
export const isResolvedBehaviour = (value: unknown): value is ResolvedBehaviour =>
  typeof value === "object" && value !== null && resolvedOnes.has(value);

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
  /** A name, a source, a reason, an evidence text. */
  text: 1_000,
  /** A header's text, a code word. */
  headerText: 200,
  /** A sample value's JSON text. */
  sampleBytes: 1_000,
} as const;

/** A profile that is not a valid one: the message names the place and why. */
export class BehaviourProfileError extends Error {
  override name = "BehaviourProfileError";
}

const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

function refuse(where: string, why: string): never {
  throw new BehaviourProfileError(`${where}: ${why}`);
}

function text(value: unknown, where: string, max: number = profileLimits.text): string {
  if (typeof value !== "string") refuse(where, "must be a string");
  if (value.length > max) refuse(where, `must be at most ${max} characters (got ${value.length})`);
  if (printable(value) !== value) {
    refuse(where, "must not hold control characters");
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
    if (!(apiErrorCodes as readonly string[]).includes(code)) {
      refuse(where, `${quoted(code)} is not one of the kit's codes (${apiErrorCodes.join(", ")})`);
    }
    if (typeof word !== "string" || !codeWord.test(word)) {
      refuse(`${where}.${code}`, "must be a word of letters, digits, _ . : or - (at most 64)");
    }
    codes[code] = word;
  }
  return Object.freeze(codes);
}

function profileValue(kind: ValueKind, value: unknown, where: string): unknown {
  switch (kind.kind) {
    case "fields":
      return fieldsValue(value, kind.schema, where);
    case "codes":
      return codesValue(value, where);
    case "header": {
      const header = text(value, where, profileLimits.headerText);
      if (!headerText.test(header)) refuse(where, "must be visible ASCII text, spaces inside only");
      return header;
    }
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
    if (entry.status !== undefined) {
      const { status } = entry;
      if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599) {
        refuse(`${at}.status`, "must be an HTTP status (100–599)");
      }
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

function choiceOf(id: ChoiceId, given: unknown): ProfileChoice {
  const where = `choices.${id}`;
  if (typeof given !== "string" && !isObject(given)) {
    refuse(where, "must be an alternative's name or an object");
  }
  const entry = typeof given === "string" ? { alternative: given } : given;
  onlyKeys(entry, ["alternative", "value", "evidence", "reason"], where);
  const behaviour: Behaviour = behaviours[id];
  const names = Object.keys(behaviour.alternatives);
  const alternative = entry.alternative ?? behaviour.default;
  if (typeof alternative !== "string" || !Object.hasOwn(behaviour.alternatives, alternative)) {
    refuse(
      `${where}.alternative`,
      `${typeof alternative === "string" ? quoted(alternative) : "a non-string"} is not an alternative of ${id} (${names.join(", ")})`,
    );
  }
  const kind = (behaviour.alternatives[alternative] as Alternative).value;
  const choice: { -readonly [K in keyof ProfileChoice]: ProfileChoice[K] } = { alternative };
  if (kind === undefined && entry.value !== undefined) {
    refuse(`${where}.value`, `${alternative} takes no value`);
  }
  if (kind !== undefined) {
    if (entry.value === undefined) refuse(`${where}.value`, `${alternative} needs a value`);
    choice.value = profileValue(kind, entry.value, `${where}.value`) as JsonValue;
  }
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

/** A parsed profile, validated: unknown fields, choices and alternatives are refused by name. */
export function validateBehaviourProfile(value: unknown): BehaviourProfile {
  if (!isObject(value)) refuse("profile", "must be a JSON object");
  if (deeperThan(value, profileLimits.depth)) {
    refuse("profile", `nests objects or arrays deeper than ${profileLimits.depth} levels`);
  }
  onlyKeys(value, ["version", "name", "source", "choices"], "profile");
  if (value.version !== 1) refuse("version", "must be 1");
  const profile: { -readonly [K in keyof BehaviourProfile]: BehaviourProfile[K] } = {
    version: 1,
    choices: {},
  };
  if (value.name !== undefined) profile.name = text(value.name, "name", 100);
  if (value.source !== undefined) profile.source = text(value.source, "source");
  if (!isObject(value.choices)) refuse("choices", "must be an object of choices");
  const choices: Partial<Record<ChoiceId, ProfileChoice>> = {};
  for (const [id, given] of Object.entries(value.choices)) {
    if (!Object.hasOwn(behaviours, id)) {
      refuse(`choices.${id.slice(0, 60)}`, `unknown choice (known: ${choiceIds.join(", ")})`);
    }
    choices[id as ChoiceId] = choiceOf(id as ChoiceId, given);
  }
  profile.choices = choices;
  return profile;
}

/** A profile's JSON text, bounded in size and depth, validated; errors name `origin`. */
export function parseBehaviourProfile(text: string, origin: string): BehaviourProfile {
  const at = (why: string) => new BehaviourProfileError(`behaviour profile ${origin}: ${why}`);
  if (text.length > profileLimits.bytes) {
    throw at(`is larger than ${profileLimits.bytes} bytes`);
  }
  let value: unknown;
  try {
    value = parseJson(text, profileLimits.depth);
  } catch (error) {
    throw at(
      error instanceof JsonDepthError
        ? `nests objects or arrays deeper than ${profileLimits.depth} levels`
        : `is not valid JSON (${(error as Error).message})`,
    );
  }
  try {
    return validateBehaviourProfile(value);
  } catch (error) {
    throw at((error as Error).message);
  }
}

/** A profile as the core reads it; no profile (or undefined) is the default. */
export function resolveBehaviour(
  profile: BehaviourProfile | undefined,
  origin?: string,
): ResolvedBehaviour {
  if (profile === undefined) return defaultBehaviour;
  const choices: Record<string, string> = { ...defaultChoices };
  const values: Record<string, unknown> = {};
  for (const id of choiceIds) {
    const choice = profile.choices[id];
    if (choice === undefined) continue;
    choices[id] = choice.alternative ?? behaviours[id].default;
    if (choice.value !== undefined) values[id] = choice.value;
  }
  const isDefault = choiceIds.every((id) => choices[id] === behaviours[id].default);
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
  if (isResolvedBehaviour(value)) return value;
  try {
    return resolveBehaviour(validateBehaviourProfile(value), origin);
  } catch (error) {
    throw new BehaviourProfileError(`behaviour profile ${origin}: ${(error as Error).message}`);
  }
};

/** docs/behaviour.md's table of choices: one row per alternative, then those no profile may take. */
export function behaviourTableMarkdown(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const rows = choiceIds.flatMap((id) => {
    const behaviour: Behaviour = behaviours[id];
    const first = `\`${id}\`: ${cell(behaviour.question)}`;
    const alternatives = Object.entries(behaviour.alternatives).map(
      ([name, alternative], index) => {
        const label = name === behaviour.default ? `**\`${name}\`** (default)` : `\`${name}\``;
        const rules = alternative.rules.join(", ");
        return `| ${index === 0 ? first : ""} | ${label} | ${cell(alternative.answer)} | ${rules} |`;
      },
    );
    const excluded = (behaviour.excluded ?? []).map(
      (entry) => `| | never | ${cell(entry.answer)} | breaks ${entry.breaks.join(", ")} |`,
    );
    return [...alternatives, ...excluded];
  });
  return [
    "| choice | alternative | the mock answers | relies on |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}
