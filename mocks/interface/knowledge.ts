/**
 * What a run knows of a deployment's data, learnt from the answers it got:
 * the records its creates stored (as sent, with the id assigned) and the
 * records lists showed, plus ids the caller declares absent. The judge
 * reads it to demand read-after-create, filters that find what exists and
 * lists that hold what was created. Bounded: a deployment's answers cannot
 * grow it past `maxKnownPerCollection` records a collection.
 */
import { type Id, idOf, memberOf } from "../util/exact-json.js";
import { isObject } from "../util/json.js";
import { type Answer, isSuccess } from "./checks.js";
import type { Absence, JudgeContext, KnownRecord } from "./judge.js";
import { type Collection, schemaFields } from "./operations.js";
import { readRequest, type SentRequest } from "./request.js";

const maxKnownPerCollection = 10_000;

/**
 * How many ids below the highest the kit also takes for absent (the fuzz
 * picks among them).
 */
export const absentIdSpread = 1000;

/**
 * The kit's pick of an id no record has: the largest integer JSON carries
 * exactly, less `below` (0 to `absentIdSpread`). The interface only says ids
 * are int64s the service assigns, so a deployment may hold one: the judge
 * then takes a 200 with that very record as well as a 404.
 */
export const absentId = (below = 0): number => Number.MAX_SAFE_INTEGER - below;

type Fields = Readonly<Record<string, unknown>>;

/** The fields of a parsed record, integers exactly as written. */
const pick = (value: Fields, fields: readonly string[]): Fields =>
  Object.fromEntries(
    fields.filter((field) => field in value).map((field) => [field, memberOf(value, field)]),
  );

export class Knowledge implements JudgeContext {
  private readonly records = new Map<Collection, Map<Id, KnownRecord>>();
  private readonly absentIds = new Map<Collection, Set<Id>>();

  known(collection: Collection): ReadonlyMap<Id, KnownRecord> {
    return this.records.get(collection) ?? new Map();
  }

  absent(collection: Collection, id: Id): Absence | undefined {
    return this.absentIds.get(collection)?.has(id) ? "picked" : undefined;
  }

  /** Declares an id the kit picked as one no record has (`absentId`); the deployment may hold it. */
  declareAbsent(collection: Collection, id: Id): void {
    const ids = this.absentIds.get(collection) ?? new Set();
    ids.add(id);
    this.absentIds.set(collection, ids);
  }

  private remember(collection: Collection, id: Id, known: KnownRecord): void {
    const records = this.records.get(collection) ?? new Map<Id, KnownRecord>();
    this.records.set(collection, records);
    if (records.get(id)?.source === "created") return;
    // The cap bounds what lists show; the run's own creates (bounded by its writes) always count.
    if (known.source === "listed" && records.size >= maxKnownPerCollection) return;
    records.set(id, known);
  }

  /** Learns from an answer with the key: the record a create stored, the records a list showed. */
  learn(request: SentRequest, answer: Answer | undefined): void {
    if (!answer || request.credential !== "valid" || !isSuccess(answer)) return;
    const { operation, json, ordinary } = readRequest(request);
    const schema = operation.success.body?.schema;
    if (!schema) return;
    const fields = schemaFields(schema);
    if (operation.creates && isObject(json) && isObject(answer.json)) {
      const id = idOf(answer.json);
      if (id === undefined) return;
      // Only what the judge demanded be stored as sent: an odd body's fields are the deployment's to shape.
      const record = ordinary ? { ...pick(json, fields), id } : { id };
      this.remember(operation.collection, id, { record, source: "created" });
    }
    if (operation.lists && Array.isArray(answer.json)) {
      for (const item of answer.json) {
        const id = idOf(item);
        if (!isObject(item) || id === undefined) continue;
        this.remember(operation.collection, id, { record: pick(item, fields), source: "listed" });
      }
    }
  }
}
