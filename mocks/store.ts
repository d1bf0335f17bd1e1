/**
 * The in-memory store: two `@msw/data` collections whose records are validated
 * against the openapi.yaml schemas, an id index kept in step through the
 * collections' hooks, and a reset that restores the seeded records exactly.
 *
 * @example
 * const store = await createPetstoreStore({ seed: 7, pets: 10 });
 * const pet = await store.createPet({ name: "Rex", categoryId: 1 });
 * store.getPet(pet.id); // the same record
 * await store.reset(); // back to the 10 seeded pets
 */
import { Collection } from "@msw/data";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidateFunction } from "ajv";
import {
  defaultSeedOptions,
  generateSeedData,
  type SeedData,
  type SeedOptions,
} from "../fixtures/seed.js";
import * as validators from "./generated/validators.js";
import type { Category, NewCategory, NewPet, Pet, PetStatus } from "./types.js";

/** A Standard Schema backed by a precompiled openapi.yaml validator. */
function standardSchema<T>(name: string, validate: ValidateFunction): StandardSchemaV1<T, T> {
  return {
    "~standard": {
      version: 1,
      vendor: "petstore-mock-kit",
      validate(value) {
        if (validate(value)) return { value: value as T };
        return {
          issues: (validate.errors ?? []).map((error) => ({
            message: `${name}${error.instancePath || ""} ${error.message ?? "is invalid"}`,
            path: error.instancePath.split("/").filter(Boolean),
          })),
        };
      },
    },
  };
}

export const petSchema = standardSchema<Pet>("Pet", validators.Pet);
export const categorySchema = standardSchema<Category>("Category", validators.Category);

export type PetCollection = Collection<typeof petSchema>;
export type CategoryCollection = Collection<typeof categorySchema>;

interface Identified {
  readonly id: number;
}

/**
 * An id → record index over a collection, kept in step through its hooks.
 * Built from the records on first read; creates are indexed as they happen;
 * updates and deletes mark it stale and the next read rebuilds it.
 */
class IdIndex<T extends Identified> {
  readonly #records: () => readonly T[];
  #byId = new Map<number, T>();
  #maxId = 0;
  #ascending = true;
  #stale = true;

  constructor(collection: Collection<StandardSchemaV1<T, T>>) {
    this.#records = () => collection.all();
    collection.hooks.on("create", (event) => this.#add(event.data.record));
    collection.hooks.on("update", () => {
      this.#stale = true;
    });
    collection.hooks.on("delete", () => {
      this.#stale = true;
    });
  }

  #add(record: T): void {
    // Stored records are read-only: a change goes through the collection's
    // `update`, which replaces the object, so nothing caches a stale record.
    Object.freeze(record);
    if (record.id <= this.#maxId) this.#ascending = false;
    else this.#maxId = record.id;
    this.#byId.set(record.id, record);
  }

  #fresh(): this {
    if (this.#stale) {
      this.#stale = false;
      this.#byId = new Map();
      this.#maxId = 0;
      this.#ascending = true;
      for (const record of this.#records()) this.#add(record);
    }
    return this;
  }

  get(id: number): T | undefined {
    return this.#fresh().#byId.get(id);
  }

  get size(): number {
    return this.#fresh().#byId.size;
  }

  get maxId(): number {
    return this.#fresh().#maxId;
  }

  /** All records by ascending id; the collection's own array when it is already in order. */
  ordered(): readonly T[] {
    const records = this.#fresh().#records();
    return this.#ascending ? records : [...records].sort((a, b) => a.id - b.id);
  }
}

export interface ListPetsQuery {
  status?: PetStatus | undefined;
  limit: number;
}

/** How many records a store holds, creates in progress included. */
export interface RecordCounts {
  readonly pets: number;
  readonly categories: number;
}

export interface PetstoreStore {
  /** The live pets collection (`@msw/data`). Read it through the store: `reset()` replaces it. */
  readonly pets: PetCollection;
  /** The live categories collection (`@msw/data`). Read it through the store: `reset()` replaces it. */
  readonly categories: CategoryCollection;
  /** The seed options the store was last seeded with. */
  readonly seedOptions: Required<SeedOptions>;
  /** Stores a new pet under the next free id. */
  createPet(input: NewPet): Promise<Pet>;
  /** Stores a new category under the next free id. */
  createCategory(input: NewCategory): Promise<Category>;
  /** How many records are stored, creates in progress included. */
  count(): RecordCounts;
  getPet(id: number): Pet | undefined;
  getCategory(id: number): Category | undefined;
  /** The first `limit` pets by ascending id, with the given status if one is given. */
  listPets(query: ListPetsQuery): Pet[];
  /** All categories by ascending id. */
  listCategories(): Category[];
  /** Plain copies of every record, by ascending id. */
  snapshot(): SeedData;
  /** Restores the seeded records exactly; with options, reseeds first. */
  reset(options?: SeedOptions): Promise<void>;
}

/** Only the fields the schema declares, so unknown input fields never reach the store. */
function pick<T extends object>(input: T, keys: readonly (keyof T)[]): T {
  const out = {} as T;
  for (const key of keys) if (input[key] !== undefined) out[key] = input[key];
  return out;
}
const petKeys = ["id", "name", "categoryId", "status"] as const satisfies readonly (keyof Pet)[];
const categoryKeys = ["id", "name", "description"] as const satisfies readonly (keyof Category)[];

class Collections {
  readonly petIndex: IdIndex<Pet>;
  readonly categoryIndex: IdIndex<Category>;
  nextPetId: number;
  nextCategoryId: number;
  /** Creates begun but not yet stored (`@msw/data` validates asynchronously). */
  creating = { pets: 0, categories: 0 };

  private constructor(
    readonly pets: PetCollection,
    readonly categories: CategoryCollection,
  ) {
    this.petIndex = new IdIndex<Pet>(pets);
    this.categoryIndex = new IdIndex<Category>(categories);
    this.nextPetId = this.petIndex.maxId + 1;
    this.nextCategoryId = this.categoryIndex.maxId + 1;
  }

  /** Seeds fresh collections, then indexes them in one pass (no hook event per seeded record). */
  static async seeded(data: SeedData): Promise<Collections> {
    const pets = new Collection({ schema: petSchema });
    const categories = new Collection({ schema: categorySchema });
    for (const category of data.categories) await categories.create({ ...category });
    for (const pet of data.pets) await pets.create({ ...pet });
    return new Collections(pets, categories);
  }
}

export async function createPetstoreStore(options: SeedOptions = {}): Promise<PetstoreStore> {
  let seedOptions = { ...defaultSeedOptions, ...options };
  let seed = generateSeedData(seedOptions);
  let current = await Collections.seeded(seed);

  return {
    get pets() {
      return current.pets;
    },
    get categories() {
      return current.categories;
    },
    get seedOptions() {
      return seedOptions;
    },
    async createPet(input) {
      const collections = current;
      const id = Math.max(collections.nextPetId, collections.petIndex.maxId + 1);
      collections.nextPetId = id + 1;
      const record = pick({ ...input, id }, petKeys);
      collections.creating.pets++;
      try {
        return await collections.pets.create(record);
      } finally {
        collections.creating.pets--;
      }
    },
    async createCategory(input) {
      const collections = current;
      const id = Math.max(collections.nextCategoryId, collections.categoryIndex.maxId + 1);
      collections.nextCategoryId = id + 1;
      collections.creating.categories++;
      try {
        return await collections.categories.create(pick({ ...input, id }, categoryKeys));
      } finally {
        collections.creating.categories--;
      }
    },
    count: () => ({
      pets: current.petIndex.size + current.creating.pets,
      categories: current.categoryIndex.size + current.creating.categories,
    }),
    getPet: (id) => current.petIndex.get(id),
    getCategory: (id) => current.categoryIndex.get(id),
    listPets({ status, limit }) {
      const out: Pet[] = [];
      if (limit <= 0) return out;
      for (const pet of current.petIndex.ordered()) {
        if (status !== undefined && pet.status !== status) continue;
        out.push(pet);
        if (out.length >= limit) break;
      }
      return out;
    },
    listCategories: () => [...current.categoryIndex.ordered()],
    snapshot: () => ({
      categories: current.categoryIndex.ordered().map((record) => pick(record, categoryKeys)),
      pets: current.petIndex.ordered().map((record) => pick(record, petKeys)),
    }),
    async reset(nextOptions) {
      if (nextOptions) {
        // Generated first, so invalid options leave the store as it was.
        const nextSeedOptions = { ...seedOptions, ...nextOptions };
        seed = generateSeedData(nextSeedOptions);
        seedOptions = nextSeedOptions;
      }
      current = await Collections.seeded(seed);
    },
  };
}

export type { SeedData, SeedOptions };
