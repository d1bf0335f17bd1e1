/**
 * The id-index cache over a `@msw/data` collection's records: a record by id,
 * the count, the highest id and every record by ascending id. Built from the
 * records on first read; the store tells it of each create, indexed at once,
 * and of each update and delete, after which the next read rebuilds it. Every record it takes in is frozen: stored records are
 * read-only (a change goes through the collection's `update`, which replaces
 * the object), so neither this index nor the record-text cache ever holds a
 * stale record. It only saves time: `id-index.test.ts` checks that every
 * answer is the one the collection's records give without it, and the
 * mutation run leaves this module out.
 */
interface Identified {
  readonly id: number;
}

export class IdIndex<T extends Identified> {
  readonly #records: () => readonly T[];
  #byId = new Map<number, T>();
  #maxId = 0;
  /** The collection's own array is in id order (it spares a sort). */
  #ascending = true;
  #stale = true;

  constructor(records: () => readonly T[]) {
    this.#records = records;
  }

  /** A record was updated or deleted. */
  changed(): void {
    this.#stale = true;
  }

  /** A record was created. */
  created(record: T): void {
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
      for (const record of this.#records()) this.created(record);
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
