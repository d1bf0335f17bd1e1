/**
 * The normative statements of the Pet Store Service Interface (INTERFACE.md)
 * that openapi.yaml cannot carry, as data: each with its section and words,
 * the documented answers it backs (operation and status), or why no request
 * from outside can observe it. Every check of the judge names the
 * statements it rests on; `--list-checks` and docs/contract-rules.md are
 * built from this table. Data, whose numbers, dates, values and operation
 * lists are read from openapi.yaml (the dashboard's page bundles it; a test
 * checks the routes and statuses the words quote against the document).
 */

import type { SchemaName } from "./schemas.js";
import {
  apiBasePath,
  deprecations,
  interfaceStatuses,
  interfaceVersion,
  limitRule,
  type OperationId,
  operationIds,
  petStatuses,
} from "./spec.js";

const code = (text: string | number) => `\`${text}\``;

/** A list in words: `a, b and c`. */
const inWords = (items: readonly string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

const { minimum, maximum } = limitRule;

const englishMonths = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** getPet's removal date and replacement, as openapi.yaml gives them. */
const getPetDeprecation = (() => {
  const { sunset, replacement } = deprecations.get("getPet") ?? {};
  if (sunset === undefined || replacement === undefined) {
    throw new Error("openapi.yaml: getPet needs deprecated, x-sunset and x-replacement");
  }
  // Not toLocaleDateString: loading the locale data costs every import of the kit ~14 ms.
  const month = englishMonths[sunset.getUTCMonth()];
  const date = `${sunset.getUTCDate()} ${month} ${sunset.getUTCFullYear()}`;
  return { date, replacement };
})();

/** The operations whose 401 answer the interface documents (INTERFACE.md §5.3, §7). */
const unauthorizedAnswers = operationIds
  .filter((operation) => interfaceStatuses(operation).includes(401))
  .map((operation) => ({ operation, status: 401 }));

/** The statement documenting an operation's 401 (its own section, §5.3, §7). */
const unauthorized = (operation: OperationId, section: string) => ({
  section: `${section}, 5.3, 7`,
  statement: `${operation} answers \`401\` with an Error body for a missing or invalid credential.`,
  answers: [{ operation, status: 401 }],
});

export interface Rule {
  /** The interface section, as printed in INTERFACE.md. */
  readonly section: string;
  /** The statement, close to the interface's words. */
  readonly statement: string;
  /**
   * The documented answers this statement backs. Together they are the
   * statuses openapi.yaml lists without "Kit's choice" (a test keeps the two
   * in step).
   */
  readonly answers?: readonly { readonly operation: OperationId; readonly status: number }[];
  /** The component schemas whose shape this statement gives. */
  readonly schemas?: readonly SchemaName[];
  /** The parameters and body fields (`operation.name`) whose values this statement governs. */
  readonly parameters?: readonly string[];
  /** Why no request from outside can observe it (only for statements no check enforces). */
  readonly notCheckable?: string;
}

export const rules = {
  "§2.PetStatus": {
    section: "2",
    statement: `PetStatus is one of ${petStatuses.map(code).join(", ")}.`,
    schemas: ["Pet"],
    parameters: ["listPets.status", "createPet.status"],
  },
  "§2.NewPet": {
    section: "2",
    statement:
      "NewPet: `name` (string) and `categoryId` (integer) are required; `status` is an optional PetStatus.",
    schemas: ["NewPet"],
  },
  "§2.Pet": {
    section: "2",
    statement:
      "A Pet is a NewPet plus a required integer `id`; a list of animals is a JSON array of Pet.",
    schemas: ["Pet"],
  },
  "§2.Pet.id-unique": {
    section: "2",
    statement: "A Pet's `id` is unique, assigned by the service on creation.",
    notCheckable:
      "uniqueness across all records is invisible from outside (pages beyond the first are not shown); the suite checks that the assigned id reads back the created pet",
  },
  "§2.NewCategory": {
    section: "2",
    statement: "NewCategory: `name` (string) is required; `description` (string) is optional.",
    schemas: ["NewCategory"],
  },
  "§2.Category": {
    section: "2",
    statement: "A Category is a NewCategory plus a required integer `id`.",
    schemas: ["Category"],
  },
  "§2.Error": {
    section: "2, 7",
    statement:
      "An Error is a JSON object with `code` (string), `message` (string), `status` (integer), all required.",
    schemas: ["Error"],
  },
  "§3.status-on-creation": {
    section: "3",
    statement: "An animal's `status` is set by the client on creation and is kept as sent.",
    parameters: ["createPet.status"],
  },
  "§1.deployments": {
    section: "1",
    statement: `There are two deployments, production and staging, whose addresses include ${code(apiBasePath)}.`,
    notCheckable:
      "a run checks the one base URL it is given; which deployment that is cannot be seen from its answers",
  },
  "§4.auth-required": {
    section: "4, 5.1",
    statement: "Every endpoint requires the bearer credential.",
  },
  "§4.media-type": {
    section: "4",
    statement: "Request and response bodies are `application/json`.",
  },
  "§4.1.listPets": {
    section: "4.1",
    statement: "`GET /pets` answers `200` with a JSON array of Pet.",
    answers: [{ operation: "listPets", status: 200 }],
  },
  "§4.1.limit-default": {
    section: "4.1, 8",
    statement: `Without \`limit\`, at most ${limitRule.default} animals are returned.`,
  },
  "§4.1.limit": {
    section: "4.1, 8",
    statement: `\`limit\` (${minimum} to ${maximum}) is the maximum number of animals returned.`,
  },
  "§4.1.limit-range": {
    section: "4.1, 8",
    statement: `\`limit\` is an integer from ${minimum} to ${maximum}: whatever a request asks, no answer holds more than ${maximum} animals.`,
    parameters: ["listPets.limit"],
  },
  "§4.1.status-filter": {
    section: "4.1",
    statement: "With `status`, only animals with that status are returned.",
    parameters: ["listPets.status"],
  },
  "§4.1.401": unauthorized("listPets", "4.1"),
  "§4.2.createPet": {
    section: "4.2",
    statement:
      "`POST /pets` with a NewPet answers `201` with the stored Pet, including the assigned `id`.",
    answers: [{ operation: "createPet", status: 201 }],
  },
  "§4.2.400": {
    section: "4.2, 7",
    statement:
      "createPet answers `400` with an Error body when the (required) body misses required fields or has invalid values.",
    answers: [{ operation: "createPet", status: 400 }],
  },
  "§4.2.401": unauthorized("createPet", "4.2"),
  "§4.3.getPet": {
    section: "4.3",
    statement: "`GET /pets/{petId}` answers `200` with the Pet of that id.",
    answers: [{ operation: "getPet", status: 200 }],
  },
  "§4.3.petId": {
    section: "4.3",
    statement: "`petId` is an integer (int64).",
    parameters: ["getPet.petId"],
  },
  "§4.3.401": unauthorized("getPet", "4.3"),
  "§4.3.404": {
    section: "4.3, 7",
    statement: "getPet answers `404` with an Error body when the animal cannot be found.",
    answers: [{ operation: "getPet", status: 404 }],
  },
  "§4.3.deprecated": {
    section: "4.3, 9.3",
    statement: `getPet is deprecated and removed on ${getPetDeprecation.date} (replacement: \`${getPetDeprecation.replacement}?status=\`).`,
  },
  "§4.4.listCategories": {
    section: "4.4",
    statement: "`GET /categories` answers `200` with a JSON array of all categories.",
    answers: [{ operation: "listCategories", status: 200 }],
  },
  "§4.5.createCategory": {
    section: "4.5",
    statement:
      "`POST /categories` with a NewCategory answers `201` with the Category, including the assigned `id`.",
    answers: [{ operation: "createCategory", status: 201 }],
  },
  "§5.bearer": {
    section: "5.1, 5.2",
    statement:
      "The credential is the API key as a bearer token: `Authorization: Bearer <API_KEY>` (no other scheme).",
  },
  "§5.401": {
    section: "5.3",
    statement: `A missing or invalid credential is answered \`401\` with an Error body (documented for ${inWords(unauthorizedAnswers.map((answer) => answer.operation))}).`,
    answers: unauthorizedAnswers,
  },
  "§7.no-server-error": {
    section: "4, 7",
    statement:
      "Every status the interface lists for an operation (§4) or an error (§7) is a 2xx or a 4xx: no request is answered with a 5xx.",
  },
  "§7.status-repeats": {
    section: "7",
    statement: "An Error's `status` repeats the HTTP status code.",
  },
  "§8.rate-limits": {
    section: "8",
    statement:
      "Rate limits are not shown: an answer that says the client is rate-limited (HTTP 429, Too Many Requests) tells nothing of the request's conformance.",
  },
  "§8.size-limits": {
    section: "8",
    statement:
      "Size limits on bodies or fields are not shown: an answer too large for the kit to read whole (a body over `--max-answer-bytes`, headers over Node's 16 KiB) is no failure in itself; only its status is judged.",
  },
  "§9.version": {
    section: "9.1",
    statement: `The interface description version is ${code(interfaceVersion)}.`,
    notCheckable: "no endpoint reports the interface version",
  },
  "§9.v1-prefix": {
    section: "9.2",
    statement: `The version is part of the base address (${code(apiBasePath)}).`,
    notCheckable:
      "the suite is given the base address; it cannot tell from the answers whether `/v1` routes to version 1 (a wrong base shows up as exit 3)",
  },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof rules;

export const ruleIds = Object.keys(rules) as RuleId[];

const linked = (test: (rule: Rule) => boolean): RuleId[] =>
  ruleIds.filter((id) => test(rules[id] as Rule));

/** The statements backing an operation's documented answer with this status. */
export const answerRules = (operation: OperationId, status: number): RuleId[] =>
  linked(
    (rule) =>
      rule.answers?.some((answer) => answer.operation === operation && answer.status === status) ??
      false,
  );

/** The statements giving a component schema's shape. */
export const schemaRules = (schema: SchemaName): RuleId[] =>
  linked((rule) => rule.schemas?.includes(schema) ?? false);

/** The statements governing a request parameter's values. */
export const parameterRules = (operation: OperationId, name: string): RuleId[] =>
  linked((rule) => rule.parameters?.includes(`${operation}.${name}`) ?? false);
