/**
 * The normative statements of the Pet Store Service Interface (INTERFACE.md),
 * as data. Every check names the statements it enforces; a statement no
 * check enforces says why it cannot be checked from outside. The table
 * `--list-checks` prints and docs/contract-rules.md are built from this.
 */
import type { OperationId } from "../mocks/spec.js";

export interface Rule {
  /** The interface section, as printed in INTERFACE.md. */
  readonly section: string;
  /** The statement, close to the interface's words. */
  readonly statement: string;
  /** Why no request from outside can observe it (only for statements no check enforces). */
  readonly notCheckable?: string;
}

export const rules = {
  "§2.PetStatus": {
    section: "2",
    statement: "PetStatus is one of `available`, `pending`, `sold`.",
  },
  "§2.NewPet": {
    section: "2",
    statement:
      "NewPet: `name` (string) and `categoryId` (integer) are required; `status` is an optional PetStatus.",
  },
  "§2.Pet": {
    section: "2",
    statement:
      "A Pet is a NewPet plus a required integer `id`; a list of animals is a JSON array of Pet.",
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
  },
  "§2.Category": {
    section: "2",
    statement: "A Category is a NewCategory plus a required integer `id`.",
  },
  "§2.Error": {
    section: "2, 7",
    statement:
      "An Error is a JSON object with `code` (string), `message` (string), `status` (integer), all required.",
  },
  "§3.status-on-creation": {
    section: "3",
    statement: "An animal's `status` is set by the client on creation and is kept as sent.",
  },
  "§1.deployments": {
    section: "1",
    statement: "There are two deployments, production and staging, whose addresses include `/v1`.",
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
  },
  "§4.1.limit-default": {
    section: "4.1, 8",
    statement: "Without `limit`, at most 20 animals are returned.",
  },
  "§4.1.limit": {
    section: "4.1, 8",
    statement: "`limit` (1 to 100) is the maximum number of animals returned.",
  },
  "§4.1.limit-range": {
    section: "4.1, 8",
    statement:
      "`limit` is an integer from 1 to 100: a value outside is not a valid request (never more than 100 animals, never a server error).",
  },
  "§4.1.status-filter": {
    section: "4.1",
    statement: "With `status`, only animals with that status are returned.",
  },
  "§4.1.401": {
    section: "4.1, 5.3, 7",
    statement: "listPets answers `401` with an Error body for a missing or invalid credential.",
  },
  "§4.2.createPet": {
    section: "4.2",
    statement:
      "`POST /pets` with a NewPet answers `201` with the stored Pet, including the assigned `id`.",
  },
  "§4.2.400": {
    section: "4.2, 7",
    statement:
      "createPet answers `400` with an Error body when the (required) body misses required fields or has invalid values.",
  },
  "§4.2.401": {
    section: "4.2, 5.3, 7",
    statement: "createPet answers `401` with an Error body for a missing or invalid credential.",
  },
  "§4.3.getPet": {
    section: "4.3",
    statement: "`GET /pets/{petId}` answers `200` with the Pet of that id.",
  },
  "§4.3.petId": {
    section: "4.3",
    statement: "`petId` is an integer (int64).",
  },
  "§4.3.401": {
    section: "4.3, 5.3, 7",
    statement: "getPet answers `401` with an Error body for a missing or invalid credential.",
  },
  "§4.3.404": {
    section: "4.3, 7",
    statement: "getPet answers `404` with an Error body when the animal cannot be found.",
  },
  "§4.3.deprecated": {
    section: "4.3, 9.3",
    statement:
      "getPet is deprecated and removed on 5 December 2030 (replacement: `GET /pets?status=`).",
  },
  "§4.4.listCategories": {
    section: "4.4",
    statement: "`GET /categories` answers `200` with a JSON array of all categories.",
  },
  "§4.5.createCategory": {
    section: "4.5",
    statement:
      "`POST /categories` with a NewCategory answers `201` with the Category, including the assigned `id`.",
  },
  "§5.bearer": {
    section: "5.1, 5.2",
    statement:
      "The credential is the API key as a bearer token: `Authorization: Bearer <API_KEY>` (no other scheme).",
  },
  "§5.401": {
    section: "5.3",
    statement: "A missing or invalid credential is answered `401` with an Error body.",
  },
  "§7.status-repeats": {
    section: "7",
    statement: "An Error's `status` repeats the HTTP status code.",
  },
  "§9.version": {
    section: "9.1",
    statement: "The interface description version is `1.0.0`.",
    notCheckable: "no endpoint reports the interface version",
  },
  "§9.v1-prefix": {
    section: "9.2",
    statement: "The version is part of the base address (`/v1`).",
    notCheckable:
      "the suite is given the base address; it cannot tell from the answers whether `/v1` routes to version 1 (a wrong base shows up as exit 3)",
  },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof rules;

export const ruleIds = Object.keys(rules) as RuleId[];

/** The statements on the status a documented answer has, per operation and status. */
export const statusRules: Readonly<Record<string, readonly RuleId[]>> = {
  "listPets 200": ["§4.1.listPets"],
  "listPets 401": ["§4.1.401", "§5.401"],
  "createPet 201": ["§4.2.createPet"],
  "createPet 400": ["§4.2.400"],
  "createPet 401": ["§4.2.401", "§5.401"],
  "getPet 200": ["§4.3.getPet"],
  "getPet 401": ["§4.3.401", "§5.401"],
  "getPet 404": ["§4.3.404"],
  "listCategories 200": ["§4.4.listCategories"],
  "listCategories 401": ["§5.401"],
  "createCategory 201": ["§4.5.createCategory"],
  "createCategory 400": ["§2.NewCategory"],
  "createCategory 401": ["§5.401"],
  "listPets 400": ["§4.1.limit-range"],
};

/** The documented statuses of each operation (INTERFACE.md §4, §7): the report's matrix. */
export const documentedStatuses = {
  listPets: [200, 401],
  createPet: [201, 400, 401],
  getPet: [200, 401, 404],
  listCategories: [200],
  createCategory: [201],
} as const satisfies Readonly<Record<OperationId, readonly number[]>>;
