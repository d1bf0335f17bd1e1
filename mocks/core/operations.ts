/**
 * The five operations of the interface, on the store. Each receives a request
 * that has already passed routing, the credential check and any scenario.
 */
import * as parameters from "../generated/parameter-validators.js";
import type { ChoiceId } from "../interface/behaviour-profile.js";
import type { OperationId } from "../interface/spec.js";
import type { NewCategory, NewPet, PetStatus } from "../interface/types.js";
import { int64 } from "../util/numbers.js";
import { readJsonBody, sentAsJson } from "./body.js";
import type { CoreRequest, JsonAnswer } from "./exchange.js";
import { errorResponse as failure, jsonTextResponse } from "./exchange.js";
import type { RecordCounts } from "./limits.js";
import { listsNone, type OperationBehaviour, type Shaped } from "./operation-behaviour.js";
import { shown } from "./shown.js";
import { IdsExhaustedError, type StorePort } from "./store-port.js";
import { bodyValidator, pathValidator, queryValidator, type Validated } from "./validate.js";
import { loadedRecordValidators, recordValidators } from "./validators-on-demand.js";

interface OperationContext {
  readonly request: CoreRequest;
  /** Path parameters as captured (still percent-encoded). */
  readonly params: Readonly<Record<string, string>>;
  readonly store: StorePort;
  /** The API base path for links, e.g. `/v1`. */
  readonly basePath: string;
  /** How many records of each kind may be stored. */
  readonly maxRecords: RecordCounts;
  /** The active behaviour profile, as the operations read it. */
  readonly behaviour: OperationBehaviour;
  /** Hears the profile's choices that shaped the answer (where an alternative not the kit's applies). */
  readonly shaped: Shaped;
}

type Operation = (context: OperationContext) => JsonAnswer | Promise<JsonAnswer>;

const listPetsQuery = queryValidator<{ limit: number; status?: PetStatus }>(
  "listPets",
  parameters.listPetsQuery,
);
const getPetPath = pathValidator<{ petId: number }>("getPet", parameters.getPetPath);

interface BodyChecks {
  readonly newPet: (body: unknown) => Validated<NewPet>;
  readonly newCategory: (body: unknown) => Validated<NewCategory>;
}
let bodyChecks: BodyChecks | undefined;

/** The creates' body checks, built once the component schemas' validators have loaded (after that, at once). */
async function loadBodyChecks(): Promise<BodyChecks> {
  const validators = loadedRecordValidators() ?? (await recordValidators());
  bodyChecks ??= {
    newPet: bodyValidator<NewPet>("createPet", validators.NewPet),
    newCategory: bodyValidator<NewCategory>("createCategory", validators.NewCategory),
  };
  return bodyChecks;
}

/** A create's body: there, as JSON, valid by its schema, its name not blank (unless the profile stores one); else the answer refusing it. */
async function createInput<T extends { readonly name: string }>(
  request: CoreRequest,
  behaviour: OperationBehaviour,
  check: (checks: BodyChecks) => (body: unknown) => Validated<T>,
  shaped: Shaped,
  prepare: (body: unknown) => unknown = (body) => body,
): Promise<{ ok: true; value: T } | { ok: false; response: JsonAnswer }> {
  // A body the kit would refuse for its media type (415) is answered otherwise.
  if (behaviour.readsBodyOf !== "json" && request.body?.trim() && !sentAsJson(request)) {
    shaped.note("bodyMediaType");
  }
  const body = readJsonBody(request, behaviour.readsBodyOf);
  if (!body.ok) return body;
  const prepared = prepare(body.value);
  if (prepared !== body.value) shaped.note("categoryDescription");
  const input = check(bodyChecks ?? (await loadBodyChecks()))(prepared);
  if (input.ok && input.value.name.trim() === "" && behaviour.acceptsBlankName) {
    shaped.note("blankName");
  }
  if (input.ok && (input.value.name.trim() !== "" || behaviour.acceptsBlankName)) return input;
  const message = input.ok ? "name must not be blank" : input.message;
  return { ok: false, response: failure("invalid_body", message) };
}

/** A NewCategory body with a `description` that is no string left out (`categoryDescription: dropped`). */
function withoutBadDescription(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const { description, ...rest } = body as Record<string, unknown>;
  return description === undefined || typeof description === "string" ? body : rest;
}

/** A `petId` the validator refused as an integer out of range (0, negative, beyond int64), not malformed. */
function outOfRange(raw: string): boolean {
  try {
    return /^[+-]?\d+$/.test(decodeURIComponent(raw));
  } catch {
    return false;
  }
}

/** The query as the profile reads it (as sent, without a rewrite), or its refusal. */
function queryOf(
  request: CoreRequest,
  rewrite: OperationBehaviour["query"][OperationId],
  shaped: Shaped,
): string | { readonly message: string } {
  if (!rewrite) return request.query;
  const read = rewrite(request.query);
  const { shapedBy } = read;
  if (shapedBy) {
    for (let index = 0; index < shapedBy.length; index++) {
      shaped.note(shapedBy[index] as ChoiceId);
    }
  }
  return read.ok ? read.value : read;
}

/** A positive int64 id above `Number.MAX_SAFE_INTEGER`: no record has one (ids stay safe). */
function unassignable(raw: string | undefined): boolean {
  if (raw === undefined || !/^[1-9]\d{15,18}$/.test(raw)) return false;
  const id = BigInt(raw);
  return id > BigInt(Number.MAX_SAFE_INTEGER) && id <= int64.max;
}

/** Runs a create: its 409 `store_full` while the collection is full, `ids_exhausted` once no safe id is left. */
async function created<T>(
  kind: keyof RecordCounts,
  store: StorePort,
  maxRecords: RecordCounts,
  create: () => Promise<T>,
): Promise<{ record: T } | JsonAnswer> {
  const max = maxRecords[kind];
  if (store.count()[kind] >= max) {
    const message = `The mock stores at most ${max} ${kind}; reset it (POST /__mock/reset or reset()) or raise the limit.`;
    return failure("store_full", message);
  }
  try {
    return { record: await create() };
  } catch (error) {
    if (error instanceof IdsExhaustedError) return failure("ids_exhausted", `${error.message}.`);
    throw error;
  }
}

export const operations: Readonly<Record<OperationId, Operation>> = {
  listPets({ request, store, behaviour, shaped }) {
    const text = queryOf(request, behaviour.query.listPets, shaped);
    if (typeof text !== "string") return failure("invalid_query", text.message);
    const none = behaviour.query.listPets !== undefined && text.startsWith(listsNone);
    const query = listPetsQuery(none ? text.slice(listsNone.length) : text);
    if (!query.ok) return failure("invalid_query", query.message);
    if (none) return jsonTextResponse(200, "[]");
    const { pets } = behaviour;
    const listed = store.listPets(
      pets.newestFirst ? { ...query.value, newestFirst: true } : query.value,
    );
    return jsonTextResponse(200, pets.list(request.query, listed, shaped));
  },

  async createPet({ request, store, basePath, maxRecords, behaviour, shaped }) {
    const input = await createInput(request, behaviour, (checks) => checks.newPet, shaped);
    if (!input.ok) return input.response;
    if (!store.getCategory(input.value.categoryId)) {
      if (!behaviour.acceptsUnknownCategory) {
        const message = `categoryId ${shown(input.value.categoryId)} does not name an existing category`;
        return failure("invalid_body", message);
      }
      shaped.note("unknownCategory");
    }
    const { createdStatus } = behaviour;
    const defaulted = createdStatus !== undefined && input.value.status === undefined;
    const stored = defaulted ? { ...input.value, status: createdStatus } : input.value;
    const pet = await created("pets", store, maxRecords, () => store.createPet(stored));
    if (!("record" in pet)) return pet;
    if (defaulted) shaped.note("createdStatus");
    return jsonTextResponse(201, behaviour.pets.text(pet.record, false, shaped), {
      location: `${basePath}/pets/${pet.record.id}`,
    });
  },

  getPet({ params, store, behaviour, shaped }) {
    const path = getPetPath(params);
    const { petIdNotFound } = behaviour;
    if (!path.ok) {
      const raw = params.petId as string;
      // An int64 id above the safe range is well-formed, but the mock never assigns one.
      if (unassignable(raw)) return failure("not_found", `No pet with id ${raw}.`);
      const absent = outOfRange(raw)
        ? petIdNotFound.outOfRange || (petIdNotFound.zero && Number(raw) === 0)
        : petIdNotFound.malformed;
      if (!absent) return failure("invalid_path", path.message);
      shaped.note(outOfRange(raw) ? "petIdOutOfRange" : "petIdMalformed");
      return failure("not_found", `No pet with id ${shown(raw)}.`);
    }
    const { petId } = path.value;
    if (petId < 1) {
      if (!(petIdNotFound.outOfRange || (petIdNotFound.zero && petId === 0))) {
        return failure("invalid_path", `petId must be a positive integer (got ${petId})`);
      }
      shaped.note("petIdOutOfRange");
      return failure("not_found", `No pet with id ${petId}.`);
    }
    const pet = store.getPet(petId);
    return pet
      ? jsonTextResponse(200, behaviour.pets.text(pet, undefined, shaped))
      : failure("not_found", `No pet with id ${petId}.`);
  },

  listCategories({ request, store, behaviour, shaped }) {
    const text = queryOf(request, behaviour.query.listCategories, shaped);
    if (typeof text !== "string") return failure("invalid_query", text.message);
    const { categories } = behaviour;
    const listed = store.listCategories();
    if (categories.newestFirst) listed.reverse();
    return jsonTextResponse(200, categories.list(request.query, listed, shaped));
  },

  async createCategory({ request, store, maxRecords, behaviour, shaped }) {
    const input = await createInput(
      request,
      behaviour,
      (checks) => checks.newCategory,
      shaped,
      behaviour.dropsBadDescription ? withoutBadDescription : undefined,
    );
    if (!input.ok) return input.response;
    const category = await created("categories", store, maxRecords, () =>
      store.createCategory(input.value),
    );
    return "record" in category
      ? jsonTextResponse(201, behaviour.categories.text(category.record, false, shaped))
      : category;
  },
};
