/**
 * A behaviour profile's record shapes as the store applies them: the ids of
 * `idSequence`, the optional fields' presence of `optionalFields`, and the
 * extra fields of the records' `fields` choices (`petFields`,
 * `categoryFields`), each record's values drawn by faker from the seed and
 * the record's id, so a reset, a restore and every runtime give the same
 * records, and none holds a profile's sample. The kit's seed records are
 * shaped, never regenerated: the counts stay the seed's. The store loads
 * this module only for a profile, and faker only for one with shapes.
 *
 * @example
 * const shapes = await recordShapes(behaviour); // undefined: the profile shapes no record
 * const data = shapes?.shapeSeed(await loadSeedData({ seed: 7 }), 7);
 */
import type { Randomizer } from "@faker-js/faker";
import type { Faker } from "../../fixtures/generate-seed.js";
import type { SeedData } from "../../fixtures/seed.js";
import type { RecordCounts } from "../core/limits.js";
import {
  choiceIds,
  type ExtraFields,
  type IdSequence,
  type JsonValue,
  type ResolvedBehaviour,
  valueKindOf,
} from "../interface/behaviour-profile.js";
import {
  interfaceOperations,
  listedCollections,
  recordSchemaOf,
  referencedCollection,
} from "../interface/operations.js";
import type { SchemaName } from "../interface/schemas.js";

type Kind = keyof RecordCounts;
type StoredRecord = { readonly id: number } & Readonly<Record<string, unknown>>;

export interface RecordShapes {
  /** The id sequences of the collections the profile renumbers. */
  readonly sequences: Readonly<Partial<Record<Kind, IdSequence>>>;
  /**
   * The kit's seed records shaped: renumbered (references to a renumbered
   * collection too), optional fields kept on the share the profile says,
   * extra fields added. Throws a RangeError when the ids would pass 2^53 − 1.
   */
  shapeSeed(data: SeedData, seed: number): SeedData;
  /** Records (a snapshot's, a created one) with their extra fields for the seed. */
  withExtras(data: SeedData, seed: number): SeedData;
  withExtra<T extends StoredRecord>(kind: Kind, record: T, seed: number): T;
}

/** The collection whose records a schema is (Pet → pets), if any. */
const collectionOf = (schema: SchemaName): Kind | undefined =>
  interfaceOperations.find(
    (operation) => operation.lists && operation.success.body?.schema === schema,
  )?.collection as Kind | undefined;

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const date = /^\d{4}-\d{2}-\d{2}$/;
const url = /^https?:\/\//i;
/** The dates drawn, as milliseconds: parsed once, not on every record. */
const period = {
  min: Date.parse("2020-01-01T00:00:00.000Z"),
  max: Date.parse("2025-12-31T23:59:59.999Z"),
};

/** A value of the sample's kind: a list of 1 to 3 (1 when nested) items of its first item's kind. */
function valueLike(sample: JsonValue, faker: Faker, nested = false): JsonValue {
  if (sample === null) return null;
  if (typeof sample === "boolean") return faker.datatype.boolean();
  if (typeof sample === "number") {
    return Number.isInteger(sample)
      ? faker.number.int({ max: 10_000 })
      : faker.number.float({ max: 1_000, fractionDigits: 2 });
  }
  if (typeof sample === "string") {
    if (sample === "") return "";
    if (dateTime.test(sample)) {
      const iso = new Date(faker.number.int(period)).toISOString();
      return sample.includes(".") ? iso : iso.replace(/\.\d{3}/, "");
    }
    if (date.test(sample)) return new Date(faker.number.int(period)).toISOString().slice(0, 10);
    if (url.test(sample)) return faker.internet.url();
    return faker.word.words({ count: { min: 1, max: 3 } });
  }
  if (Array.isArray(sample)) {
    if (sample.length === 0) return [];
    const count = nested ? 1 : faker.number.int({ min: 1, max: 3 });
    return Array.from({ length: count }, () => valueLike(sample[0] as JsonValue, faker, true));
  }
  return Object.fromEntries(
    Object.entries(sample).map(([name, inner]) => [name, valueLike(inner, faker, true)]),
  );
}

/**
 * faker's randomizer for the records: mulberry32 from a hash of the seed's
 * words (each up to 2^53), cheap to seed once per record, which faker's own
 * Mersenne twister is not (some 50 µs a seed).
 */
function recordRandomizer(): Randomizer {
  let state = 0;
  const mix = (hash: number, word: number) => Math.imul(hash ^ word, 0x01000193);
  return {
    seed(seed) {
      let hash = 0x811c9dc5;
      for (const word of typeof seed === "number" ? [seed] : seed) {
        hash = mix(mix(hash, word >>> 0), Math.floor(word / 2 ** 32) >>> 0);
      }
      hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
      state = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) ^ (hash >>> 16);
    },
    next() {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    },
  };
}

/** A number per collection name, so two collections' records of one id draw apart. */
const salt = (kind: string) =>
  [...kind].reduce((hash, character) => (hash * 31 + character.charCodeAt(0)) >>> 0, 7);

/** The collections whose records a list answers: the seed's. */
const kinds = listedCollections as readonly Kind[];

/** The seed's collections, each record mapped. */
const eachRecord = (data: SeedData, map: (kind: Kind, record: StoredRecord) => StoredRecord) =>
  Object.fromEntries(
    kinds.map((kind) => [kind, data[kind].map((record) => map(kind, record))]),
  ) as unknown as SeedData;

/** A profile's record shapes; undefined when it shapes no record (faker then never loads). */
export async function recordShapes(
  behaviour: ResolvedBehaviour,
): Promise<RecordShapes | undefined> {
  const { idSequence, optionalFields } = behaviour.values;
  const samples = new Map<string, ExtraFields>();
  for (const id of choiceIds) {
    const takes = valueKindOf(id, behaviour.choices[id]);
    const collection = takes?.kind === "fields" ? collectionOf(takes.schema) : undefined;
    const value = behaviour.values[id as keyof typeof behaviour.values] as ExtraFields;
    if (collection !== undefined) samples.set(collection, value);
  }
  if (idSequence === undefined && optionalFields === undefined && samples.size === 0) {
    return undefined;
  }
  const { newFaker } = await import("../../fixtures/generate-seed.js");
  const faker = newFaker(recordRandomizer());
  const sequences: Partial<Record<Kind, IdSequence>> = { ...idSequence };

  function withExtra<T extends StoredRecord>(kind: Kind, record: T, seed: number): T {
    const fields = samples.get(kind);
    if (fields === undefined) return record;
    faker.seed([seed, salt(kind), record.id]);
    const extra: Record<string, JsonValue> = {};
    for (const [name, sample] of Object.entries(fields)) extra[name] = valueLike(sample, faker);
    return { ...record, ...extra };
  }
  const withExtras = (data: SeedData, seed: number) =>
    eachRecord(data, (kind, record) => withExtra(kind, record, seed));

  /** Each renumbered collection's ids, old to new, in the records' order. */
  function renumbered(data: SeedData): Map<string, Map<number, number>> {
    const maps = new Map<string, Map<number, number>>();
    for (const [kind, { start, step }] of Object.entries(sequences) as [Kind, IdSequence][]) {
      const records = data[kind];
      if (start + Math.max(0, records.length - 1) * step > Number.MAX_SAFE_INTEGER) {
        throw new RangeError(
          `idSequence: ${records.length} ${kind} from ${start} by ${step} pass 2^53 - 1 (Number.MAX_SAFE_INTEGER)`,
        );
      }
      maps.set(kind, new Map(records.map((record, index) => [record.id, start + index * step])));
    }
    return maps;
  }

  function shapeSeed(data: SeedData, seed: number): SeedData {
    const maps = renumbered(data);
    faker.seed([seed, salt("optionalFields")]);
    const shaped = eachRecord(data, (kind, record) => {
      const presence = optionalFields?.[recordSchemaOf(kind) as SchemaName] ?? {};
      const out: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(record)) {
        const how = presence[field];
        if (how === "never" || (how === "sometimes" && faker.datatype.boolean())) continue;
        const ids = maps.get(field === "id" ? kind : (referencedCollection(field) ?? ""));
        out[field] = typeof value === "number" && ids?.has(value) ? ids.get(value) : value;
      }
      return out as StoredRecord;
    });
    return withExtras(shaped, seed);
  }

  return { sequences, shapeSeed, withExtras, withExtra };
}
