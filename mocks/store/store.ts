/**
 * The in-memory store: two `@msw/data` collections whose records are validated
 * against the openapi.yaml schemas, an id index kept in step through the
 * collections' hooks, and a reset that restores the seeded records exactly.
 * Seeded records pass unchecked: the kit generated them (`fixtures/seed.test.ts`
 * checks every seed against the schemas) or a snapshot's checks passed them;
 * so the schemas' validators load beside the first answers, not before.
 *
 * @example
 * const store = await createPetstoreStore({ seed: 7, pets: 10 });
 * const pet = await store.createPet({ name: "Rex", categoryId: 1 });
 * store.getPet(pet.id); // the same record
 * const saved = store.snapshot(); // plain JSON, see mocks/store/state.ts
 * await store.reset(); // back to the 10 seeded pets
 * await store.restore(saved); // back to the saved records
 */
import { Collection } from "@msw/data";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ErrorObject, ValidateFunction } from "ajv";
import { resolveSeedOptions, type SeedData, type SeedOptions } from "../../fixtures/seed.js";
import { checkSeedWithinLimits, defaultMaxRecords, type RecordCounts } from "../core/limits.js";
import { IdsExhaustedError, type StorePort } from "../core/store-port.js";
import { loadedRecordValidators, recordValidators } from "../core/validators-on-demand.js";
import { recordFields } from "../interface/operations.js";
import type { Category, Pet } from "../interface/types.js";
import { IdIndex } from "./id-index.js";
import { cachedSeedData } from "./seed-cache.js";
import {
  currentInterface,
  maxNextId,
  type StoreSnapshot,
  snapshotFormat,
  snapshotFormatVersion,
} from "./snapshot-format.js";

/** A precompiled openapi.yaml validator's verdict on a value, as a Standard Schema result. */
function verdict<T>(
  name: string,
  validate: ValidateFunction,
  value: unknown,
): StandardSchemaV1.Result<T> {
  if (validate(value)) return { value: value as T };
  return {
    // A failing ajv validator always sets `errors`, and gives each a message.
    issues: (validate.errors as ErrorObject[]).map((error) => ({
      message: `${name}${error.instancePath} ${error.message}`,
      path: error.instancePath.split("/").filter(Boolean),
    })),
  };
}

/** Whether a store is seeding its fresh collections (records already checked: they pass as they are). */
interface Seeding {
  active: boolean;
}

/**
 * A Standard Schema backed by the record's precompiled openapi.yaml
 * validator, waiting for it on the first check if it has not loaded yet
 * (`@msw/data` awaits every check).
 */
function standardSchema<T>(name: "Pet" | "Category", seeding: Seeding): StandardSchemaV1<T, T> {
  return {
    "~standard": {
      version: 1,
      vendor: "petstore-mock-kit",
      validate(value) {
        if (seeding.active) return { value: value as T };
        const validators = loadedRecordValidators();
        if (validators) return verdict<T>(name, validators[name], value);
        return recordValidators().then((loaded) => verdict<T>(name, loaded[name], value));
      },
    },
  };
}

type PetCollection = Collection<StandardSchemaV1<Pet, Pet>>;
type CategoryCollection = Collection<StandardSchemaV1<Category, Category>>;

/** The in-memory store: the core's port plus the collections, the seed, snapshots and resets. */
export interface PetstoreStore extends StorePort {
  /** The live pets collection (`@msw/data`). Read it through the store: `reset()` replaces it. */
  readonly pets: PetCollection;
  /** The live categories collection (`@msw/data`). Read it through the store: `reset()` replaces it. */
  readonly categories: CategoryCollection;
  /** The seed options the store was last seeded with. */
  readonly seedOptions: Required<SeedOptions>;
  /** The whole state as plain JSON: every record by ascending id, the next ids, the seed options. */
  snapshot(): StoreSnapshot;
  /**
   * Replaces every record with a snapshot's (checked first: an invalid one
   * throws `SnapshotError` and changes nothing). `reset()` then returns to the
   * snapshot's seed options.
   */
  restore(snapshot: unknown): Promise<void>;
  /** Restores the seeded records exactly; with options, reseeds first. */
  reset(options?: SeedOptions): Promise<void>;
  /**
   * Calls `listener` after every change: a create, an update or delete through
   * the collections, a reset, a restore. Returns the unsubscribe function.
   */
  onChange(listener: () => void): () => void;
}

/** Only the fields the schema declares, so unknown input fields never reach the store. */
function pick<T extends object>(input: T, keys: readonly (keyof T)[]): T {
  const out = {} as T;
  for (const key of keys) if (input[key] !== undefined) out[key] = input[key];
  return out;
}
const petKeys = recordFields("Pet") as readonly (keyof Pet)[];
const categoryKeys = recordFields("Category") as readonly (keyof Category)[];

/** `@msw/data`'s key of each record (a `crypto.randomUUID()`), once a record has shown it. */
let primaryKeySymbol: symbol | undefined;

/**
 * Node builds `crypto.randomUUID()` by concatenation: a tree of some 14
 * string pieces (about 450 bytes of heap) that `@msw/data` keeps as each
 * record's key for as long as the record lives. Reading one character makes
 * V8 flatten it in place into one 36-character string (the pieces are then
 * garbage): a stored pet keeps about half the memory, and a growing store
 * gives the collector half the work. The key's value is unchanged.
 */
function compactPrimaryKey(record: object): void {
  primaryKeySymbol ??= Object.getOwnPropertySymbols(record).find(
    (symbol) => symbol.description === "kPrimaryKey",
  );
  const key = primaryKeySymbol === undefined ? undefined : Reflect.get(record, primaryKeySymbol);
  // Kept, so the optimising compiler cannot drop the read as unused.
  if (typeof key === "string") _keyCharacterRead = key.charCodeAt(0);
}
let _keyCharacterRead = 0;

/**
 * A collection that hands each record it creates to `onCreate` (which the
 * store's id index sets), however the create was called: the store's own,
 * `createMany`, a test's `store.pets.create`. An override rather than a
 * `create` hook: for every hooked create `@msw/data` builds an event (an
 * undici `MessageEvent` behind a proxy) and awaits its listeners, more than
 * a tenth of a create's cost.
 */
class IndexedCollection<T extends object> extends Collection<StandardSchemaV1<T, T>> {
  /** Until the index is set (while seeding), only the record's key is compacted. */
  onCreate: (record: T) => void = compactPrimaryKey;

  override async create(initialValues: T) {
    const record = await super.create(initialValues);
    this.onCreate(record);
    return record;
  }
}

/** An id index kept in step with a collection; `changed` hears of each change once the index has. */
function indexed<T extends { readonly id: number }>(
  collection: IndexedCollection<T>,
  changed: () => void,
): IdIndex<T> {
  const index = new IdIndex<T>(() => collection.all());
  collection.onCreate = (record) => {
    compactPrimaryKey(record);
    index.created(record);
    changed();
  };
  const stale = () => {
    index.changed();
    changed();
  };
  collection.hooks.on("update", stale);
  collection.hooks.on("delete", stale);
  return index;
}

class Collections {
  readonly petIndex: IdIndex<Pet>;
  readonly categoryIndex: IdIndex<Category>;
  /** The ids the next creates start from (each create takes the larger of this and the highest id + 1). */
  nextIds = { pets: 1, categories: 1 };
  /** Creates begun but not yet stored (`@msw/data` validates asynchronously). */
  readonly creating = { pets: 0, categories: 0 };

  private constructor(
    readonly pets: IndexedCollection<Pet>,
    readonly categories: IndexedCollection<Category>,
    changed: () => void,
  ) {
    this.petIndex = indexed(pets, changed);
    this.categoryIndex = indexed(categories, changed);
  }

  /**
   * Seeds fresh collections with checked records (generated by the kit, or a
   * snapshot's that passed its checks), unchecked again, then indexes them in
   * one pass (nothing told of each seeded record).
   */
  static async seeded(data: SeedData, changed: () => void): Promise<Collections> {
    const seeding: Seeding = { active: true };
    const pets = new IndexedCollection<Pet>({ schema: standardSchema<Pet>("Pet", seeding) });
    const categories = new IndexedCollection<Category>({
      schema: standardSchema<Category>("Category", seeding),
    });
    try {
      for (const category of data.categories) await categories.create({ ...category });
      for (const pet of data.pets) await pets.create({ ...pet });
    } finally {
      seeding.active = false;
    }
    return new Collections(pets, categories, changed);
  }

  /** The id the next record of a kind takes. */
  nextId(kind: keyof RecordCounts): number {
    const index = kind === "pets" ? this.petIndex : this.categoryIndex;
    return Math.max(this.nextIds[kind], index.maxId + 1);
  }

  /** Stores a record under the next id (IdsExhaustedError once ids would no longer be safe integers). */
  async create<T>(kind: keyof RecordCounts, store: (id: number) => Promise<T>): Promise<T> {
    const id = this.nextId(kind);
    if (id >= maxNextId) throw new IdsExhaustedError(kind);
    this.nextIds[kind] = id + 1;
    this.creating[kind]++;
    try {
      return await store(id);
    } finally {
      this.creating[kind]--;
    }
  }
}

/**
 * A seeded store. `limits` are the caps every way in is held to (seed options,
 * `reset` options, snapshots); default 10,000 pets and 1,000 categories.
 * Throws a RangeError for seed options beyond them, before building anything.
 */
export async function createPetstoreStore(
  options: SeedOptions = {},
  limits: RecordCounts = defaultMaxRecords,
): Promise<PetstoreStore> {
  let seedOptions = resolveSeedOptions(options);
  checkSeedWithinLimits(seedOptions, limits);
  // Loading beside the seeding and the first answers: ready by the first create, mostly.
  recordValidators().catch(() => undefined);
  const seedData = cachedSeedData();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  let current = await Collections.seeded(await seedData(seedOptions), changed);

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
    createPet: (input) =>
      current.create("pets", (id) => current.pets.create(pick({ ...input, id }, petKeys))),
    createCategory: (input) =>
      current.create("categories", (id) =>
        current.categories.create(pick({ ...input, id }, categoryKeys)),
      ),
    count: () => ({
      pets: current.petIndex.size + current.creating.pets,
      categories: current.categoryIndex.size + current.creating.categories,
    }),
    getPet: (id) => current.petIndex.get(id),
    getCategory: (id) => current.categoryIndex.get(id),
    listPets({ status, limit, newestFirst }) {
      if (limit <= 0) return [];
      const pets = current.petIndex.ordered();
      // Unfiltered and in id order, the page is the index's first records: one copy, no pushes.
      if (status === undefined && !newestFirst) return pets.slice(0, limit);
      const out: Pet[] = [];
      const step = newestFirst ? -1 : 1;
      for (let at = newestFirst ? pets.length - 1 : 0; at >= 0 && at < pets.length; at += step) {
        const pet = pets[at] as Pet;
        if (status !== undefined && pet.status !== status) continue;
        out.push(pet);
        if (out.length >= limit) break;
      }
      return out;
    },
    listCategories: () => [...current.categoryIndex.ordered()],
    snapshot: () => ({
      format: snapshotFormat,
      formatVersion: snapshotFormatVersion,
      openapi: currentInterface,
      seedOptions: { ...seedOptions },
      nextIds: {
        pets: current.nextId("pets"),
        categories: current.nextId("categories"),
      },
      categories: current.categoryIndex.ordered().map((record) => pick(record, categoryKeys)),
      pets: current.petIndex.ordered().map((record) => pick(record, petKeys)),
    }),
    async restore(value) {
      // The checks load on the first restore: a page answers without them.
      const { checkSnapshot } = await import("./state.js");
      const snapshot = checkSnapshot(value, limits);
      const restored = await Collections.seeded(snapshot, changed);
      restored.nextIds = { ...snapshot.nextIds };
      seedOptions = snapshot.seedOptions;
      current = restored;
      changed();
    },
    async reset(nextOptions) {
      // Checked and generated first, so invalid options leave the store as it was.
      const nextSeedOptions = resolveSeedOptions({ ...seedOptions, ...nextOptions });
      checkSeedWithinLimits(nextSeedOptions, limits);
      const data = await seedData(nextSeedOptions);
      seedOptions = nextSeedOptions;
      current = await Collections.seeded(data, changed);
      changed();
    },
    onChange(listener) {
      const subscribed = () => listener();
      listeners.add(subscribed);
      return () => listeners.delete(subscribed);
    },
  };
}

export type { RecordCounts } from "../core/limits.js";
export { IdsExhaustedError, type ListPetsQuery } from "../core/store-port.js";
export { SnapshotError, type StoreSnapshot } from "./snapshot-format.js";
export type { SeedData, SeedOptions };
