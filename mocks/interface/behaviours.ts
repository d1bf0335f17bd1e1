/**
 * Every choice the mock makes where the interface is silent, in words: for
 * each alternative (named in `behaviour-profile.ts`, the kit's first) what
 * the mock answers under it and the INTERFACE.md statements it relies on to
 * conform, and the answers no profile may take, with the statement each
 * would break. docs/behaviour.md's table of choices is generated from it
 * (`behaviourTableMarkdown`), and the contract side reads it; the runtimes
 * carry only the names (`behaviour-profile.ts`, re-exported here).
 */

import {
  type AlternativeOf,
  type ChoiceId,
  choiceIds,
  defaultAlternative,
  valueKindOf,
} from "./behaviour-profile.js";
import { listedCollections, optionalFields, recordSchemaOf } from "./operations.js";
import type { SchemaName } from "./schemas.js";
import { petStatuses } from "./spec.js";
import type { RuleId } from "./statements.js";
import type { PetStatus } from "./types.js";

export * from "./behaviour-profile.js";

export interface Alternative {
  /** What the mock answers under it. */
  readonly answer: string;
  /** The statements it relies on to conform. */
  readonly rules: readonly RuleId[];
  /** Why it conforms, in words. */
  readonly because: string;
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
  readonly alternatives: Readonly<Record<string, Alternative>>;
  readonly excluded?: readonly Excluded[];
}

/** The table's shape: for each choice, words for exactly its alternatives. */
type Table = {
  readonly [C in ChoiceId]: Behaviour & {
    readonly alternatives: Readonly<Record<AlternativeOf<C>, Alternative>>;
  };
};

const storedStatuses = Object.fromEntries(
  petStatuses.map((status) => [status, `the stored pet gets \`status: "${status}"\``]),
) as Record<PetStatus, string>;

/** Alternatives resting on the same statements for the same reason, each with its answer, in order. */
const alike = <A extends string>(
  rules: readonly RuleId[],
  because: string,
  answers: Readonly<Record<A, string>>,
) =>
  Object.fromEntries(
    Object.entries<string>(answers).map(([name, answer]) => [name, { answer, rules, because }]),
  ) as Record<A, Alternative>;

/** Alternatives resting on the same statements, each with its answer and why it conforms, in order. */
const resting = <A extends string>(
  rules: readonly RuleId[],
  alternatives: Readonly<Record<A, Omit<Alternative, "rules">>>,
) =>
  Object.fromEntries(
    Object.entries<Omit<Alternative, "rules">>(alternatives).map(([name, { answer, because }]) => [
      name,
      { answer, rules, because },
    ]),
  ) as Record<A, Alternative>;

const noSuchPet: Alternative = {
  answer: "404 `not_found`",
  rules: ["§4.3.petId", "§4.3.404"],
  because: "no animal has such an id: 404 is getPet's documented answer for it",
};

const limitDefault: Alternative = {
  answer: "ignored: the default (20) applies",
  rules: ["§4.1.limit-range", "§4.1.limit-default"],
  because: "the default is within the range",
};

const refusedQuery = (what: string): Alternative => ({
  answer: `400 \`invalid_query\` naming ${what}`,
  rules: ["§4.1.limit-range"],
  because: "such a request lies outside the interface's domain: no answer is stated for it",
});

const limitOutside = (where: string, clamped: string, rules: readonly RuleId[]) => ({
  question: `\`limit\` an integer ${where}`,
  alternatives: {
    refused: refusedQuery("`limit`"),
    clamped: {
      answer: `clamped into 1–100: ${clamped}`,
      rules,
      because: "no answer holds more than 100 animals",
    },
    default: limitDefault,
  },
});

const belowMinimum = limitOutside("below 1 (`limit=0`, negative)", "`limit=0` lists 1", [
  "§4.1.limit-range",
  "§4.1.listPets",
]);

const extraFields = (schema: SchemaName, what: string, values = "name → sample value") => ({
  question: `fields beyond the interface's on ${what}`,
  alternatives: resting([`§2.${schema}` as RuleId], {
    none: { answer: `only the fields of ${schema}`, because: "the schema's fields" },
    extra: {
      answer: `every ${schema} also carries the profile's fields (${values})`,
      because: `§2 lists the fields ${schema} has, not that it has no others; a field of ${schema} itself cannot be replaced`,
    },
  }),
});

/** How a record's extra fields get their values. */
const perRecord =
  "name → sample; each record gets its own value of the sample's kind, drawn from the seed: a date-time, a URL, words, a number, a list of them, an empty list";

/** The records' optional fields in words, from openapi.yaml: Pet `status`, Category `description`. */
const optionalInWords = listedCollections
  .map((collection) => recordSchemaOf(collection) as SchemaName)
  .flatMap((schema) => optionalFields(schema).map((field) => `${schema} \`${field}\``))
  .join(", ");

const idRules: RuleId[] = ["§2.Pet.id-unique", "§2.Category"];
const categoryErrorsUnshown = "§7: error responses of the category operations are not shown";
const codesUnshown = "§7: the set of values `code` can take is not shown";
const noHeaderOn201 = "the interface names no header on a 201";
const absoluteOrigin =
  "the request URL's origin, or a `Host` the server's loopback rule checked; else relative";
/** A request to any path. */
const anyPath: RuleId[] = ["§4.auth-required", "§7.no-server-error"];

const orderOf = (what: string, rule: RuleId) => ({
  question: `the order of ${what}`,
  alternatives: alike([rule], "the interface states no order", {
    ascending: "ascending `id`, oldest first",
    descending: "descending `id`, newest first",
  }),
});

export const behaviours = {
  limitBelowMinimum: {
    ...belowMinimum,
    alternatives: {
      ...belowMinimum.alternatives,
      zeroDefault: {
        answer:
          "`limit=0` takes the default (20), a negative one is clamped to 1 (`Number(limit) || 20`, then clamped)",
        rules: ["§4.1.limit-range", "§4.1.limit-default"],
        because: "the default and 1 are within the range",
      },
    },
  },
  limitAboveMaximum: {
    ...limitOutside("above 100 (or beyond int64)", "`limit=500` lists 100", [
      "§4.1.limit-range",
      "§4.1.listPets",
    ]),
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
    alternatives: {
      refused: refusedQuery("`limit`"),
      rounded: {
        answer:
          "a decimal number is rounded down (`1.5` lists 1), then held to `limitBelowMinimum` and `limitAboveMaximum`; text that is no number takes the default (20)",
        rules: ["§4.1.limit-range", "§4.1.limit-default"],
        because: "`limit` outside its type lies outside the domain; no answer holds more than 100",
      },
      default: limitDefault,
    },
  },
  emptyQuery: {
    question: "a query parameter given empty (`limit=`, `status=`)",
    alternatives: {
      asGiven: {
        answer:
          "read like any other value: `limit=` as `limitNotInteger`, `status=` as `statusUnknown` say",
        rules: ["§4.1.limit-range", "§4.1.status-filter"],
        because: "an empty value is no integer and no PetStatus: it lies outside the domain",
      },
      ignored: {
        answer: "as if the parameter were not there (`limit=` lists 20)",
        rules: ["§4.1.limit-default", "§4.1.status-filter"],
        because: "an empty value lies outside the domain; the default is within the range",
      },
    },
  },
  repeatedQuery: {
    question: "a query parameter given more than once (`limit=5&limit=7`)",
    alternatives: {
      refused: refusedQuery("the parameter given twice"),
      ...alike(
        ["§4.1.limit-range", "§4.1.status-filter"],
        "each parameter is described once: a repeated one lies outside the domain",
        { first: "the first value is used", last: "the last value is used" },
      ),
    },
  },
  unknownQuery: {
    question: "a query parameter a list does not take (`utm_source=x`)",
    alternatives: resting(["§4.1.listPets", "§4.4.listCategories"], {
      ignored: {
        answer: "ignored: the request is answered as without it",
        because: "the documented request is answered as documented",
      },
      refused: {
        answer: "400 `invalid_query` naming the parameter",
        because: "a parameter the interface does not describe lies outside its domain",
      },
    }),
  },
  statusCase: {
    question: "the case of the `status` filter (`status=AVAILABLE`)",
    alternatives: resting(["§2.PetStatus", "§4.1.status-filter"], {
      exact: {
        answer:
          "only `available`, `pending`, `sold`; another spelling is no PetStatus, answered as `statusUnknown` says",
        because: "PetStatus's values are these three",
      },
      caseInsensitive: {
        answer: "any case of a PetStatus filters by it (`AVAILABLE` lists available pets)",
        because: "another spelling is no PetStatus, so it lies outside the domain",
      },
    }),
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
    alternatives: {
      refused: refusedQuery("`status`"),
      ignored: {
        answer: "ignored: the list is not filtered",
        rules: ["§2.PetStatus", "§4.1.status-filter"],
        because: "a value that is no PetStatus lies outside the domain",
      },
      empty: {
        answer: "200 `[]`: no animal has such a status",
        rules: ["§2.PetStatus", "§4.1.status-filter"],
        because: "only animals with the status asked for are listed, and none has it",
      },
    },
  },
  trailingSlash: {
    question: "a path with a slash at its end (`/pets/`, `/categories/`)",
    alternatives: resting(anyPath, {
      notFound: {
        answer: "404 `not_found`: no operation has that path",
        because: "the interface's paths have no slash at their end",
      },
      same: {
        answer: "answered as the path without it (`/pets/` lists pets)",
        because: "a path the interface does not describe lies outside it",
      },
    }),
  },
  otherMethod: {
    question: "a method a path does not take (`POST /pets/{id}`)",
    alternatives: alike(anyPath, "the interface names no other method", {
      methodNotAllowed: "405 `method_not_allowed` with `Allow`",
      notFound: "404 `not_found`, as a path no operation has",
    }),
  },
  headMethod: {
    question: "a `HEAD` request to a path that takes `GET`",
    alternatives: alike(anyPath, "the interface names no `HEAD`", {
      answered: "the `GET` answer without its body (RFC 9110 §9.3.2)",
      refused: "405 `method_not_allowed` with `Allow`",
    }),
  },
  petIdMalformed: {
    question: "a `petId` that is not an integer (`/pets/abc`, `/pets/1.5`)",
    alternatives: {
      refused: {
        answer: "400 `invalid_path`",
        rules: ["§4.3.petId"],
        because: "`petId` is an integer: another value lies outside the domain",
      },
      notFound: noSuchPet,
    },
  },
  petIdOutOfRange: {
    question: "an integer `petId` no record can have: 0, negative, or beyond int64",
    alternatives: {
      refused: {
        answer: "400 `invalid_path` (a positive int64 beyond 2^53 − 1 is a 404 either way)",
        rules: ["§4.3.petId", "§2.Pet.id-unique"],
        because: "ids are assigned by the service: such an id names no record",
      },
      notFound: noSuchPet,
      zeroNotFound: {
        ...noSuchPet,
        answer: "404 `not_found` for `/pets/0`, 400 `invalid_path` for a negative id",
      },
    },
  },
  unknownCategory: {
    question: "createPet with a `categoryId` naming no category",
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
  blankName: {
    question: "a create whose `name` is empty or only spaces",
    alternatives: {
      refused: {
        answer:
          "400 `invalid_body` naming `name` (422 for a category under `categoryRefusalStatus: 422`)",
        rules: ["§4.2.400"],
        because: "a blank name is an invalid value in the body",
      },
      accepted: {
        answer: "201: the record is stored with that name",
        rules: ["§2.NewPet", "§2.NewCategory"],
        because: "`name` is a string; the interface sets no length",
      },
    },
  },
  bodyMediaType: {
    question: "a create whose body is JSON sent as another media type (`text/plain`)",
    alternatives: {
      refused: {
        answer: "415 `unsupported_media_type`",
        rules: ["§4.media-type"],
        because: "bodies are `application/json`: another media type lies outside the interface",
      },
      accepted: {
        answer: "the body is read as JSON whatever its `Content-Type`",
        rules: ["§4.media-type"],
        because: "the request's media type is the client's to get right; the answer is still JSON",
      },
      unread: {
        answer:
          "a body of another media type is not read: the create goes on as with `{}`, refused for the fields it lacks (400 `invalid_body`)",
        rules: ["§4.media-type", "§4.2.400"],
        because: "bodies are `application/json`: another media type lies outside the interface",
      },
    },
  },
  categoryDescription: {
    question: "createCategory with a `description` that is not a string",
    alternatives: {
      refused: {
        answer: "400 `invalid_body` naming `description` (422 under `categoryRefusalStatus: 422`)",
        rules: ["§4.5.createCategory"],
        because: categoryErrorsUnshown,
      },
      dropped: {
        answer: "201: the category is stored without a `description`",
        rules: ["§4.5.createCategory", "§2.NewCategory"],
        because: "`description` is optional; a value outside its type lies outside the domain",
      },
    },
  },
  categoryRefusalStatus: {
    question: "the status of a refused createCategory body (missing, not JSON, not a NewCategory)",
    alternatives: alike(["§4.5.createCategory"], categoryErrorsUnshown, {
      "400": "400 `invalid_body`",
      "422": "422 `invalid_body`",
    }),
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
    alternatives: resting(["§4.auth-required", "§5.401"], {
      "401": {
        answer: "401 `unauthorized` (with `WWW-Authenticate`, see `wwwAuthenticate`)",
        because: "§5.3 documents the 401 for listPets, createPet and getPet only",
      },
      "403": {
        answer: "403 `forbidden`, no `WWW-Authenticate`",
        because:
          "every endpoint requires the credential, but §5.3 documents the 401 for listPets, createPet and getPet only",
      },
    }),
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
    alternatives: {
      error: {
        answer: "an Error, like every other operation's",
        rules: ["§2.Error"],
        because: categoryErrorsUnshown,
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
    alternatives: alike(
      ["§2.NewPet", "§3.status-on-creation"],
      "§2: `status` is optional and no default is stated",
      { none: "none: the stored pet has no `status`", ...storedStatuses },
    ),
  },
  petsOrder: orderOf("listPets' answer (the first `limit` in that order)", "§4.1.listPets"),
  categoriesOrder: orderOf("listCategories' answer", "§4.4.listCategories"),
  errorCodes: {
    question: "the words of an Error's `code`",
    alternatives: alike(["§2.Error"], codesUnshown, {
      kit: "the kit's codes (`invalid_query`, `not_found`, …; docs/behaviour.md)",
      upperCase: "the kit's codes in capitals (`INVALID_QUERY`)",
      httpStatus: "the status's name (`BAD_REQUEST`, `NOT_FOUND`)",
      custom: "the profile's word for each of the kit's codes (others stay the kit's)",
    }),
  },
  errorMessages: {
    question: "the style of an Error's `message`",
    alternatives: alike(["§2.Error"], "`message` is any human-readable string", {
      detailed: "names the offending field and why",
      reasonPhrase: "the status's reason phrase only (`Bad Request`)",
    }),
  },
  petFields: extraFields("Pet", "pets", perRecord),
  categoryFields: extraFields("Category", "categories", perRecord),
  errorFields: extraFields("Error", "Error bodies"),
  idSequence: {
    question: "where each collection's ids start and how they step",
    alternatives: resting(idRules, {
      fromOne: {
        answer: "1, 2, 3, … per collection, for seeded and created records alike",
        because:
          "§2: an `id` is an integer the service assigns, unique; no start or step is stated",
      },
      from: {
        answer:
          "the collections the profile names count from their `start` by their `step` (seeded records, the pets' `categoryId`s and created records alike); the others from 1",
        because:
          "§2: no start or step is stated; the ids stay unique, positive and safe integers (`ids_exhausted` beyond)",
      },
    }),
  },
  optionalFields: {
    question: `which seeded records carry the interface's optional fields (${optionalInWords})`,
    alternatives: resting(["§2.NewPet", "§2.NewCategory"], {
      always: {
        answer: "every seeded record carries each of them (the kit's seed)",
        because: "§2: the fields are optional, so a record may carry them",
      },
      learned: {
        answer:
          "per field the profile names: `always`, `sometimes` (a share of the seeded records the seed picks) or `never`; a created record keeps what its request sent",
        because: "§2: the fields are optional, so a record may leave them out",
      },
    }),
  },
  errorClasses: {
    question:
      "an Error that differs by the class of failure (a missing or a wrong key, a bad query, path or body, …)",
    alternatives: {
      kit: {
        answer: "every class answers as `errorCodes`, `errorFields` and `wwwAuthenticate` say",
        rules: ["§2.Error"],
        because: codesUnshown,
      },
      perClass: {
        answer:
          "the profile's `code` word, extra fields and headers for each class it names (others as `errorCodes`, `errorFields` and `wwwAuthenticate` say)",
        rules: ["§2.Error", "§5.401"],
        because:
          "§7: the set of values `code` can take is not shown; the interface names no header on an Error",
      },
    },
  },
  commonHeaders: {
    question:
      "headers on every answer the interface does not name (`Cache-Control`, a request id, `ETag`)",
    alternatives: resting(["§4.media-type"], {
      none: {
        answer: "none beyond the interface's and HTTP's own",
        because: "the interface names no such header",
      },
      headers: {
        answer:
          "the profile's headers on every answer (or on successes or errors only): a fixed text, or a fresh value per answer",
        because: "the interface names no such header, nor forbids one",
      },
    }),
  },
  wwwAuthenticate: {
    question: "the `WWW-Authenticate` header of a 401",
    alternatives: resting(["§5.401"], {
      bearer: {
        answer: "`WWW-Authenticate: Bearer`",
        because: "the interface names no header on a 401",
      },
      absent: {
        answer:
          "no `WWW-Authenticate`, as some deployments: conforms to the interface, but breaks HTTP (RFC 9110 §11.6.1: a 401 has one)",
        because: "the interface names no header on a 401; HTTP does",
      },
      custom: {
        answer: 'the profile\'s text (e.g. `Bearer realm="petstore"`)',
        because: "the interface names no header on a 401",
      },
    }),
  },
  createLocation: {
    question: "the `Location` header of createPet's 201",
    alternatives: alike(["§4.2.createPet"], noHeaderOn201, {
      relative: "`Location: /v1/pets/{id}`",
      absolute: `\`Location: {origin}/v1/pets/{id}\`: ${absoluteOrigin}`,
      absent: "no `Location`",
    }),
  },
  categoryLocation: {
    question: "the `Location` header of createCategory's 201",
    alternatives: alike(["§4.5.createCategory"], noHeaderOn201, {
      absent: "no `Location`",
      relative: "`Location: /v1/categories/{id}`",
      absolute: `\`Location: {origin}/v1/categories/{id}\`: ${absoluteOrigin}`,
    }),
  },
  deprecationOn: {
    question: "which of getPet's answers carry its deprecation headers",
    alternatives: alike(
      ["§4.3.deprecated"],
      "the interface says getPet is deprecated, not which answers say so",
      { every: "every getPet answer, a 404 or 401 too", success: "its 200 only" },
    ),
  },
  deprecationDate: {
    question: "getPet's `Deprecation` header (when it was deprecated)",
    alternatives: {
      ...alike(
        ["§4.3.deprecated"],
        "the interface states the removal date, not when getPet was deprecated",
        {
          kit: "`Deprecation: @1735689600` (2025-01-01)",
          date: "`Deprecation: @{seconds}`, the profile's date",
          true: "`Deprecation: true` (the form of RFC 9745's drafts)",
        },
      ),
      absent: {
        answer: "no `Deprecation`",
        rules: ["§4.3.deprecated"],
        because: "the interface names no header for the deprecation (`Sunset` stays)",
      },
    },
  },
  sunsetHeader: {
    question: "getPet's `Sunset` header (its removal date)",
    alternatives: resting(["§4.3.deprecated"], {
      kit: {
        answer: "`Sunset: Thu, 05 Dec 2030 00:00:00 GMT`, the date §9.3 states",
        because: "the interface states the removal date",
      },
      absent: {
        answer: "no `Sunset`",
        because: "the interface states the date, not a header carrying it",
      },
    }),
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
    alternatives: alike(
      ["§4.3.deprecated"],
      "the interface names the replacement, not a header for it",
      {
        kit: '`Link: </v1/pets>; rel="successor-version"`',
        custom: "the profile's text",
        absent: "no `Link`",
      },
    ),
  },
} as const satisfies Table;

/** docs/behaviour.md's table of choices: one row per alternative, then those no profile may take. */
export function behaviourTableMarkdown(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const rows = choiceIds.flatMap((id) => {
    const behaviour: Behaviour = behaviours[id];
    const first = `\`${id}\`: ${cell(behaviour.question)}`;
    const kit = defaultAlternative(id);
    const alternatives = Object.entries(behaviour.alternatives).map(
      ([name, alternative], index) => {
        const takes = valueKindOf(id, name) === undefined ? "" : " (takes a value)";
        const label = name === kit ? `**\`${name}\`** (default)` : `\`${name}\`${takes}`;
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
