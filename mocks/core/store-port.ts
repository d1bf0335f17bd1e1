/**
 * The store as the core uses it: the reads and creates of the five
 * operations, and the error a create throws once no safe id is left.
 * `PetstoreStore` (mocks/store/store.ts) is the store that fills this port.
 */
import type { Category, NewCategory, NewPet, Pet, PetStatus } from "../interface/types.js";
import type { RecordCounts } from "./limits.js";

export interface ListPetsQuery {
  status?: PetStatus | undefined;
  limit: number;
  /** Descending ids: the last `limit` matches, newest first. */
  newestFirst?: boolean | undefined;
}

export interface StorePort {
  /** Stores a new pet under the next free id; `IdsExhaustedError` once no safe id is left. */
  createPet(input: NewPet): Promise<Pet>;
  /** Stores a new category under the next free id; `IdsExhaustedError` once no safe id is left. */
  createCategory(input: NewCategory): Promise<Category>;
  /** How many records are stored, creates in progress included. */
  count(): RecordCounts;
  getPet(id: number): Pet | undefined;
  getCategory(id: number): Category | undefined;
  /** The first `limit` pets by ascending id (or descending, `newestFirst`), with the given status if one is given. */
  listPets(query: ListPetsQuery): Pet[];
  /** All categories by ascending id. */
  listCategories(): Category[];
}

/** A create when the next id would pass `Number.MAX_SAFE_INTEGER`: ids stay exact and unique. */
export class IdsExhaustedError extends RangeError {
  override name = "IdsExhaustedError";
  constructor(kind: keyof RecordCounts) {
    super(
      `No ${kind} id is left: the next would pass ${Number.MAX_SAFE_INTEGER} (Number.MAX_SAFE_INTEGER); reset the store or load a snapshot with lower ids`,
    );
  }
}
