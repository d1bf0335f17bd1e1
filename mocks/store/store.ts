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
import type { Collection } from "@msw/data";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import {
  loadSeedData,
  resolveSeedOptions,
  type SeedData,
  type SeedOptions,
} from "../../fixtures/seed.js";
import { checkSeedWithinLimits, defaultMaxRecords, type RecordCounts } from "../core/limits.js";
import { IdsExhaustedError, type StorePort } from "../core/store-port.js";
import { recordValidators } from "../core/validators-on-demand.js";
import type { IdSequence, ResolvedBehaviour } from "../interface/behaviour-profile.js";
import { recordFields } from "../interface/operations.js";
import type { Category, Pet } from "../interface/types.js";
import { loadOnce } from "../util/load-once.js";
import type { IndexedCollection, StoreCollections } from "./collections.js";
import { IdIndex } from "./id-index.js";
import type { RecordShapes } from "./record-shapes.js";
import { cachedSeedData } from "./seed-cache.js";
import {
  currentInterface,
  maxNextId,
  type StoreSnapshot,
  snapshotFormat,
  snapshotFormatVersion,
} from "./snapshot-format.js";

/** The in-memory store: the core's port plus the collections, the seed, snapshots and resets. */
export interface PetstoreStore extends StorePort {
  /**
   * The live pets collection (`@msw/data`). Read it through the store:
   * `reset()` replaces it. In a page it throws `CollectionsNotLoadedError`
   * until `@msw/data`'s chunk has arrived (`await store.loaded()`).
   */
  readonly pets: Collection<StandardSchemaV1<Pet, Pet>>;
  /** The live categories collection (`@msw/data`), as `pets`. */
  readonly categories: Collection<StandardSchemaV1<Category, Category>>;
  /**
   * Resolves once the collections hold the records (at once in Node; in a
   * page once `@msw/data`'s chunk has arrived, which the answers do not
   * wait for, creates excepted); rejects if that chunk could not load.
   */
  loaded(): Promise<void>;
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

type CollectionsCode = typeof import("./collections.js");

const collectionsModule = loadOnce(() => import("./collections.js"));

/** The collections' code (`@msw/data`): at once when it is here, else its load (tried again after a failure). */
const collectionsCode = (): CollectionsCode | Promise<CollectionsCode> =>
  collectionsModule.loaded() ?? collectionsModule.load();

/** `store.pets` or `store.categories` asked for in a page before `@msw/data`'s chunk arrived, or after it failed to. */
export class CollectionsNotLoadedError extends Error {
  constructor(reason?: string) {
    super(
      reason === undefined
        ? "the store's @msw/data collections are still loading in this page: await store.loaded() before reading store.pets or store.categories"
        : `the store's @msw/data collections could not load (${reason}): creates fail, reads answer from the seeded records`,
    );
    this.name = "CollectionsNotLoadedError";
  }
}

/** Copies of the seed's records, for the id index to answer from before the collections hold them. */
const early = <T extends object>(records: readonly T[]): T[] =>
  records.map((record) => ({ ...record }));

class Collections {
  readonly petIndex: IdIndex<Pet>;
  readonly categoryIndex: IdIndex<Category>;
  /** The ids the next creates start from (each create takes the larger of this and the highest id + 1). */
  nextIds = { pets: 1, categories: 1 };
  /** Creates begun but not yet stored (`@msw/data` validates asynchronously). */
  readonly creating = { pets: 0, categories: 0 };
  /** Resolves with the collections once they hold the seed (rejects if their code could not load). */
  readonly made: Promise<StoreCollections>;
  #made: StoreCollections | undefined;
  #failure: Error | undefined;
  /** Copies of the seed's records the indexes answer from until the collections hold them. */
  #early: { readonly pets: Pet[]; readonly categories: Category[] } | undefined;

  private constructor(
    data: SeedData,
    code: CollectionsCode | Promise<CollectionsCode>,
    changed: () => void,
    /** A profile's id sequences (`idSequence`); a collection without one counts from 1 by 1. */
    readonly sequences?: RecordShapes["sequences"],
  ) {
    this.petIndex = new IdIndex<Pet>(() => this.#made?.pets.all() ?? this.#earlyOf(data).pets);
    this.categoryIndex = new IdIndex<Category>(
      () => this.#made?.categories.all() ?? this.#earlyOf(data).categories,
    );
    this.made = Promise.resolve(code)
      .then((loaded) => loaded.seedCollections(data))
      .then((made) => {
        this.#hook(made.pets, this.petIndex, changed);
        this.#hook(made.categories, this.categoryIndex, changed);
        this.#made = made;
        this.#early = undefined;
        // From now on the indexes read the collections' own records.
        this.petIndex.changed();
        this.categoryIndex.changed();
        return made;
      });
    this.made.catch((error: unknown) => {
      this.#failure = error instanceof Error ? error : new Error(String(error));
    });
  }

  /**
   * Seeds fresh collections with the seed's records; resolves once they hold
   * them, or at once when their code is still loading (`code` a promise): the
   * indexes answer from the seed until then, and creates wait.
   */
  static async seeded(
    data: SeedData,
    changed: () => void,
    code: CollectionsCode | Promise<CollectionsCode> = collectionsCode(),
    sequences?: RecordShapes["sequences"],
  ): Promise<Collections> {
    const collections = new Collections(data, code, changed, sequences);
    if (!(code instanceof Promise)) await collections.made;
    return collections;
  }

  #earlyOf(data: SeedData): { readonly pets: Pet[]; readonly categories: Category[] } {
    this.#early ??= { pets: early(data.pets), categories: early(data.categories) };
    return this.#early;
  }

  /** Tells `index` (then `changed`) of every create, update and delete through `collection`. */
  #hook<T extends { readonly id: number }>(
    collection: IndexedCollection<T>,
    index: IdIndex<T>,
    changed: () => void,
  ): void {
    collection.onCreate = (record) => {
      index.created(record);
      changed();
    };
    const stale = () => {
      index.changed();
      changed();
    };
    collection.hooks.on("update", stale);
    collection.hooks.on("delete", stale);
  }

  /** The collections; throws `CollectionsNotLoadedError` while they are not there. */
  collections(): StoreCollections {
    if (this.#made) return this.#made;
    throw new CollectionsNotLoadedError(this.#failure?.message);
  }

  nextId(kind: keyof RecordCounts): number {
    const index = kind === "pets" ? this.petIndex : this.categoryIndex;
    const sequence = this.sequences?.[kind];
    if (sequence === undefined) return Math.max(this.nextIds[kind], index.maxId + 1);
    return Math.min(maxNextId, Math.max(this.nextIds[kind], idAfter(index.maxId, sequence)));
  }

  /**
   * Stores a record under the next id (IdsExhaustedError once ids would no
   * longer be safe integers), once the collections are there.
   */
  async create<T>(
    kind: keyof RecordCounts,
    store: (collections: StoreCollections, id: number) => Promise<T>,
  ): Promise<T> {
    const id = this.nextId(kind);
    if (id >= maxNextId) throw new IdsExhaustedError(kind);
    this.nextIds[kind] = id + (this.sequences?.[kind]?.step ?? 1);
    this.creating[kind]++;
    try {
      return await store(this.#made ?? (await this.made), id);
    } finally {
      this.creating[kind]--;
    }
  }
}

/** A profile's record shapes (undefined: it shapes no record), their code loaded for a profile only. */
const shapesOf = async (behaviour: ResolvedBehaviour) =>
  (await import("./record-shapes.js")).recordShapes(behaviour);

/** The first id of the sequence above `id`. */
const idAfter = (id: number, { start, step }: IdSequence) =>
  id < start ? start : start + (Math.floor((id - start) / step) + 1) * step;

/**
 * A seeded store. `limits` are the caps every way in is held to (seed options,
 * `reset` options, snapshots); default 10,000 pets and 1,000 categories.
 * Throws a RangeError for seed options beyond them, before building anything.
 */
export async function createPetstoreStore(
  options: SeedOptions = {},
  limits: RecordCounts = defaultMaxRecords,
  {
    collectionsOnDemand = false,
    behaviour,
  }: {
    /**
     * A page's: `@msw/data` loads through `import()` beside the first
     * answers, which the id index gives from the seed; creates wait for it.
     */
    collectionsOnDemand?: boolean | undefined;
    /**
     * The behaviour profile whose record shapes the records take
     * (`idSequence`, `optionalFields`, `petFields`, `categoryFields`);
     * default the kit's.
     */
    behaviour?: ResolvedBehaviour | undefined;
  } = {},
): Promise<PetstoreStore> {
  let seedOptions = resolveSeedOptions(options);
  checkSeedWithinLimits(seedOptions, limits);
  // A page's load beside the seeding and the first answers (ready by its first create, mostly); Node's on the first create.
  if (collectionsOnDemand) recordValidators().catch(() => undefined);
  const shapes = behaviour?.isDefault === false ? await shapesOf(behaviour) : undefined;
  const seedData =
    shapes === undefined
      ? cachedSeedData()
      : cachedSeedData(async (options) =>
          shapes.shapeSeed(await loadSeedData(options), options.seed),
        );
  const sequences = shapes?.sequences;
  /** A created record, with the profile's extra fields. */
  const created = <T extends Pet | Category>(kind: keyof RecordCounts, record: T): T =>
    shapes === undefined ? record : shapes.withExtra(kind, record, seedOptions.seed);
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const code = collectionsOnDemand ? collectionsCode() : await collectionsCode();
  if (code instanceof Promise) {
    code.catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`petstore-mock-kit: ${new CollectionsNotLoadedError(reason).message}`);
    });
  }
  let current = await Collections.seeded(await seedData(seedOptions), changed, code, sequences);

  return {
    get pets() {
      return current.collections().pets;
    },
    get categories() {
      return current.collections().categories;
    },
    loaded: () => current.made.then(() => undefined),
    get seedOptions() {
      return seedOptions;
    },
    createPet: (input) =>
      current.create("pets", ({ pets }, id) =>
        pets.create(created("pets", pick({ ...input, id }, petKeys))),
      ),
    createCategory: (input) =>
      current.create("categories", ({ categories }, id) =>
        categories.create(created("categories", pick({ ...input, id }, categoryKeys))),
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
      const records =
        shapes === undefined ? snapshot : shapes.withExtras(snapshot, snapshot.seedOptions.seed);
      const restored = await Collections.seeded(records, changed, collectionsCode(), sequences);
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
      current = await Collections.seeded(data, changed, collectionsCode(), sequences);
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
