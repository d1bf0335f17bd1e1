/**
 * Provider states: the data an interaction of a consumer contract needed
 * ("pet 7 exists with status sold"), both ways. The recorder names the
 * states an answer relied on (`providerStatesOf`); the mock's
 * `POST /__mock/provider-state` sets one up in its store
 * (`applyProviderState`). One table of name templates serves both, so every
 * state the kit writes is one it can set up. Runtime-neutral.
 *
 * @example
 * providerState("pet", { petId: 7, status: "sold" });
 * // { name: "pet 7 exists with status sold", params: { petId: 7, status: "sold" } }
 * parseProviderState("no pet 999 exists"); // { kind: "noPet", params: { petId: 999 } }
 */

import { petStatuses } from "../interface/spec.js";
import type { Category, Pet, PetStatus } from "../interface/types.js";
import type { StoreSnapshot } from "../store/state.js";
import { isObject } from "../util/json.js";
import { escapeRegExp } from "../util/text.js";

/**
 * Every state's name: `{…}` is a parameter, `[…]` a part present only with
 * its parameter. A name says everything; `params` repeat it for the tools
 * that read them (Pact's provider-state injection).
 */
export const providerStateTemplates = {
  pet: "pet {petId} exists[ with status {status}]",
  noPet: "no pet {petId} exists",
  category: "category {categoryId} exists",
  noCategory: "no category {categoryId} exists",
  pets: "pets exist[ with status {status}]",
  noPets: "no pets exist[ with status {status}]",
  categories: "categories exist",
  noCategories: "no categories exist",
} as const;

export type ProviderStateKind = keyof typeof providerStateTemplates;

export interface ProviderStateParams {
  readonly petId?: number;
  readonly categoryId?: number;
  readonly status?: PetStatus;
}

/** A provider state as Pact v4 writes it. */
export interface ProviderState {
  readonly name: string;
  readonly params: ProviderStateParams;
}

/** The longest state name `POST /__mock/provider-state` reads. */
export const maxStateNameLength = 200;

/** The parameters a provider state's name carries. */
export const paramNames = ["petId", "categoryId", "status"] as const;
const idPattern = "([1-9][0-9]{0,15})";
const statusPattern = `(${petStatuses.map(escapeRegExp).join("|")})`;

/** A state of a kind with its parameters (only those given, in a fixed order). */
export function providerState(kind: ProviderStateKind, values: ProviderStateParams): ProviderState {
  const params: Record<string, string | number> = {};
  for (const name of paramNames) {
    if (values[name] !== undefined) params[name] = values[name];
  }
  const name = providerStateTemplates[kind]
    .replace(/\[([^\]]*\{(\w+)\}[^\]]*)\]/g, (_, part: string, param: string) =>
      param in params ? part : "",
    )
    .replace(/\{(\w+)\}/g, (_, param: string) => String(params[param]));
  return { name, params };
}

/**
 * Each template as a RegExp over a whole name, with the parameter each group
 * captures (a template's text beside its `{…}` and `[…]` is words and spaces).
 */
const parsers = Object.entries(providerStateTemplates).map(([kind, template]) => {
  const groups: string[] = [];
  const source = template
    .replaceAll("[", "(?:")
    .replaceAll("]", ")?")
    .replace(/\{(\w+)\}/g, (_, param: string) => {
      groups.push(param);
      return param === "status" ? statusPattern : idPattern;
    });
  return { kind: kind as ProviderStateKind, pattern: new RegExp(`^${source}$`), groups };
});

/** The kind and parameters a state's name says, or undefined for a name the kit does not write. */
export function parseProviderState(
  name: string,
): { readonly kind: ProviderStateKind; readonly params: ProviderStateParams } | undefined {
  for (const { kind, pattern, groups } of parsers) {
    const found = pattern.exec(name);
    if (!found) continue;
    const params: Record<string, string | number> = {};
    for (const [index, param] of groups.entries()) {
      const value = found[index + 1];
      if (value !== undefined) params[param] = param === "status" ? value : Number(value);
    }
    if (!Object.values(params).every((v) => typeof v === "string" || Number.isSafeInteger(v))) {
      return undefined;
    }
    return { kind, params: params as ProviderStateParams };
  }
  return undefined;
}

/** What the recorder knows of an answered request when it names the states it relied on. */
export interface StateEvidence {
  readonly operationId: string;
  readonly status: number;
  readonly params: Readonly<Record<string, string>>;
  /** The request's query parameters, decoded. */
  readonly query: URLSearchParams;
  /** The parsed request body, when it was JSON. */
  readonly requestBody: unknown;
  /** The parsed answer body, when it was JSON. */
  readonly responseBody: unknown;
  /** Whether the store holds this category now. */
  readonly categoryExists: (id: number) => boolean;
}

const idOf = (value: unknown): number | undefined => {
  const id = typeof value === "string" && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};
const statusOf = (value: unknown): PetStatus | undefined =>
  (petStatuses as readonly unknown[]).includes(value) ? (value as PetStatus) : undefined;

/**
 * The data an answer relied on: the pet a `getPet` found (or did not), the
 * category a `createPet` named, whether a list had items. Requests refused
 * before the data mattered (a bad query, a missing credential) need none.
 */
export function providerStatesOf(evidence: StateEvidence): ProviderState[] {
  const { operationId, status, responseBody } = evidence;
  if (operationId === "getPet") {
    const petId = idOf(evidence.params.petId);
    if (petId === undefined) return [];
    if (status === 404) return [providerState("noPet", { petId })];
    if (status !== 200 || !isObject(responseBody)) return [];
    return [providerState("pet", { petId, status: statusOf(responseBody.status) })];
  }
  if (operationId === "createPet") {
    const categoryId = isObject(evidence.requestBody)
      ? idOf(evidence.requestBody.categoryId)
      : undefined;
    if (categoryId === undefined || (status !== 201 && status !== 400)) return [];
    const exists = status === 201 || evidence.categoryExists(categoryId);
    return [providerState(exists ? "category" : "noCategory", { categoryId })];
  }
  if (status !== 200 || !Array.isArray(responseBody)) return [];
  if (operationId === "listPets") {
    const filter = { status: statusOf(evidence.query.get("status")) };
    return [providerState(responseBody.length > 0 ? "pets" : "noPets", filter)];
  }
  if (operationId === "listCategories") {
    return [providerState(responseBody.length > 0 ? "categories" : "noCategories", {})];
  }
  return [];
}

type Records = { pets: Pet[]; categories: Category[] };

/** How each kind changes the records so that its state holds (and changes nothing when it does). */
const setUp: Record<ProviderStateKind, (records: Records, params: ProviderStateParams) => void> = {
  pet(records, { petId = 0, status }) {
    const at = records.pets.findIndex((pet) => pet.id === petId);
    const found = records.pets[at];
    if (!found) addPet(records, petId, status);
    else if (status !== undefined) records.pets[at] = { ...found, status };
  },
  noPet(records, { petId }) {
    records.pets = records.pets.filter((pet) => pet.id !== petId);
  },
  category(records, { categoryId = 0 }) {
    if (records.categories.some((category) => category.id === categoryId)) return;
    records.categories.push({ id: categoryId, name: `Category ${categoryId}` });
  },
  noCategory(records, { categoryId }) {
    records.categories = records.categories.filter((category) => category.id !== categoryId);
    records.pets = records.pets.filter((pet) => pet.categoryId !== categoryId);
  },
  pets(records, { status }) {
    if (records.pets.some((pet) => status === undefined || pet.status === status)) return;
    addPet(records, nextId(records.pets), status);
  },
  noPets(records, { status }) {
    records.pets = records.pets.filter((pet) => status !== undefined && pet.status !== status);
  },
  categories(records) {
    if (records.categories.length === 0) someCategory(records);
  },
  noCategories(records) {
    records.categories = [];
    records.pets = [];
  },
};

const nextId = (list: readonly { id: number }[]) =>
  list.reduce((max, record) => Math.max(max, record.id), 0) + 1;

function addPet(records: Records, id: number, status: PetStatus | undefined): void {
  records.pets.push({
    id,
    name: `Pet ${id}`,
    categoryId: someCategory(records),
    ...(status === undefined ? {} : { status }),
  });
}

/** The first category's id, after creating one when there is none. */
function someCategory(records: Records): number {
  const first = records.categories[0];
  if (first) return first.id;
  const id = nextId(records.categories);
  records.categories.push({ id, name: `Category ${id}` });
  return id;
}

/**
 * The snapshot changed so that the state holds, and the state's parameters
 * (what Pact injects into a request: `${petId}`). Throws a RangeError for a
 * name the kit does not write. The result is unchecked: restore it through
 * the store, which checks it against the caps.
 */
export function applyProviderState(
  snapshot: StoreSnapshot,
  name: string,
): { readonly snapshot: StoreSnapshot; readonly params: ProviderStateParams } {
  const parsed = parseProviderState(name);
  if (!parsed) {
    const known = Object.values(providerStateTemplates).join("; ");
    throw new RangeError(
      `Unknown provider state ${JSON.stringify(name.slice(0, maxStateNameLength))}; the mock sets up: ${known}`,
    );
  }
  const records: Records = { pets: [...snapshot.pets], categories: [...snapshot.categories] };
  setUp[parsed.kind](records, parsed.params);
  const nextIds = {
    pets: Math.max(snapshot.nextIds.pets, nextId(records.pets)),
    categories: Math.max(snapshot.nextIds.categories, nextId(records.categories)),
  };
  return { snapshot: { ...snapshot, ...records, nextIds }, params: parsed.params };
}
