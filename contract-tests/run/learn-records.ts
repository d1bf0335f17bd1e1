/**
 * What `--learn` reads from records, never their values: the order of a
 * list; the fields beyond the interface's, each kept with a stand-in of its
 * value's shape; where a collection's ids start and how they step
 * (`idSequence`), and how often the records carry each optional field of
 * their schema (`optionalFields`). Each holds only what does not move as the
 * deployment's data grows (no count, no id but the start), so the same
 * deployment writes the same profile. `combined` makes one choice of the
 * decisions per collection or schema.
 *
 * @example
 * combined([idSequenceOf(pets, "pets"), idSequenceOf(categories, "categories")]);
 * // { alternative: "from", value: { pets: { start: 1000, step: 1 } }, reason: "…" }
 */
import {
  type ChoiceId,
  type Evidence,
  type JsonValue,
  type Presence,
  profileLimits,
} from "../../mocks/interface/behaviours.js";
import { type Collection, optionalFields, schemaFields } from "../../mocks/interface/operations.js";
import type { SchemaName } from "../../mocks/interface/schemas.js";
import { isObject } from "../../mocks/util/json.js";
import { compareText } from "../../mocks/util/text.js";
import { isRunTagged } from "../transport/run-tag.js";
import { idOrder } from "./compare-answers.js";
import {
  canonical,
  decided,
  type Fit,
  type Item,
  items,
  type LearnedChoice,
  quotedWhole,
  type Reading,
  type Seen,
  seen,
  undecided,
} from "./learn-readings.js";

/** The order a list answer shows: by ascending or descending id; all alternatives when it shows none. */
export function orderFit(reading: Seen): Fit {
  const list = items(reading);
  if (!list) return { fits: [] };
  const order = idOrder(list);
  if (order === undefined) return { fits: ["ascending", "descending"] };
  if (order === "neither") return { fits: [], note: "ids in neither order" };
  return { fits: [order], note: `ids ${order}` };
}

const fieldName = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const unsafeNames = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A stand-in of a deployment's value with its shape, never its data: a
 * date-time stays a date-time, other text becomes `"text"`, numbers 0 (or
 * 0.5), arrays keep their first item's shape, objects their field names
 * (sorted).
 */
export function standIn(value: unknown, depth = 3): JsonValue {
  if (value === null) return null;
  if (typeof value === "boolean") return false;
  if (typeof value === "number" || typeof value === "bigint") {
    return Number.isInteger(Number(value)) ? 0 : 0.5;
  }
  if (typeof value === "string") {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return "2024-01-01T00:00:00.000Z";
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return "2024-01-01";
    if (/^https?:\/\//i.test(value)) return "https://example.com/";
    return value === "" ? "" : "text";
  }
  if (depth === 0) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.length === 0 ? [] : [standIn(value[0], depth - 1)];
  if (isObject(value)) {
    const out: Record<string, JsonValue> = {};
    const keys = Object.keys(value).filter((key) => fieldName.test(key) && !unsafeNames.has(key));
    for (const key of keys.sort().slice(0, profileLimits.fields)) {
      out[key] = standIn(value[key], depth - 1);
    }
    return out;
  }
  return null;
}

/**
 * Two stand-ins as one, the same in any order: null gives way, an empty
 * array to a full one, objects join their fields; otherwise the larger JSON
 * text stays.
 */
export function mergeStandIns(a: JsonValue, b: JsonValue): JsonValue {
  if (a === null) return b;
  if (b === null) return a;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length === 0 || b.length === 0) return a.length === 0 ? b : a;
    return [mergeStandIns(a[0] as JsonValue, b[0] as JsonValue)];
  }
  if (isObject(a) && isObject(b) && !Array.isArray(a) && !Array.isArray(b)) {
    const out: Record<string, JsonValue> = {};
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const [x, y] = [(a as Record<string, JsonValue>)[key], (b as Record<string, JsonValue>)[key]];
      out[key] = x === undefined ? (y as JsonValue) : y === undefined ? x : mergeStandIns(x, y);
    }
    return out;
  }
  return compareText(canonical(a), canonical(b)) >= 0 ? a : b;
}

/** The fields records carry beyond `own`, each with a stand-in of every value it took; or why not. */
export function fieldsBeyond(
  records: readonly Item[],
  own: readonly string[],
): Record<string, JsonValue> | string {
  const extra: Record<string, JsonValue> = {};
  for (const record of records) {
    for (const name of Object.keys(record)) {
      if (own.includes(name)) continue;
      if (!fieldName.test(name) || unsafeNames.has(name)) {
        return `a field name the mock cannot carry (${quotedWhole(name)})`;
      }
      const value = standIn(record[name]);
      extra[name] = Object.hasOwn(extra, name)
        ? mergeStandIns(extra[name] as JsonValue, value)
        : value;
    }
  }
  const names = Object.keys(extra).sort();
  if (names.length > profileLimits.fields) {
    return `${names.length} extra fields, more than a profile carries (${profileLimits.fields})`;
  }
  return Object.fromEntries(names.map((name) => [name, extra[name] as JsonValue]));
}

/** The records of a success answer: a list's items, or the one record. */
const recordsOf = (reading: Seen): readonly Item[] =>
  Array.isArray(reading.json)
    ? reading.json.filter(isObject)
    : isObject(reading.json)
      ? [reading.json]
      : [];

/** petFields or categoryFields: the fields beyond the schema's, read from at least two answers. */
export function extraFields(
  id: "petFields" | "categoryFields",
  readings: readonly Reading[],
  schema: SchemaName,
): LearnedChoice {
  const answers = readings
    .filter(seen)
    .filter((reading) => reading.response.status < 300 && recordsOf(reading).length > 0);
  const blocked = readings.find((reading) => !seen(reading));
  if (answers.length < 2) {
    if (blocked && !seen(blocked)) return undecided(blocked.why, [], blocked.unsent);
    return undecided(`fewer than two answers held a ${schema} to read its fields`);
  }
  const fields = fieldsBeyond(answers.flatMap(recordsOf), schemaFields(schema));
  if (typeof fields === "string") return undecided(fields);
  const names = Object.keys(fields);
  const evidence: Evidence[] = answers.slice(0, 2).map((reading) => ({
    ...reading.evidence,
    note: names.length === 0 ? `only the fields of ${schema}` : `also ${names.join(", ")}`,
  }));
  return names.length === 0
    ? decided(id, "none", evidence)
    : decided(id, "extra", evidence, fields);
}

/** A shape's decision: an alternative (with its value) and why, or why none. */
export type Decision =
  | { readonly alternative: string; readonly value?: JsonValue; readonly reason: string }
  | { readonly why: string };

/** A decision as the profile holds it, with the reason that names what was read. */
export const asLearned = (id: ChoiceId, decision: Decision): LearnedChoice =>
  "why" in decision
    ? undecided(decision.why)
    : { ...decided(id, decision.alternative, [], decision.value), reason: decision.reason };

/**
 * The deployment's own records of those read: the ones earlier runs of the
 * kit created (named with their run tag) are left out, so a learn's own
 * creates never move the next learn's shapes.
 */
export const deploymentsOwn = (records: readonly Item[]): Item[] =>
  records.filter((record) => typeof record.name !== "string" || !isRunTagged(record.name));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A collection's id sequence from its records in the order read (a list
 * first, then a read or created record): the step is the greatest common
 * divisor of the gaps between the sorted ids, undecided unless at least
 * half the gaps are one step (the ids are one sequence, not several). The
 * start is the smallest id when the records read begin with it (a list
 * oldest first, whose first page keeps it as records are added); read
 * newest first, the smallest id seen moves with the data, so the start is
 * the sequence's first positive id instead.
 */
export function idSequenceOf(records: readonly Item[], collection: Collection): Decision {
  const ids: number[] = [];
  for (const { id } of records) {
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) {
      return { why: `a record of ${collection} has an id that is no positive safe integer` };
    }
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length < 2) return { why: `fewer than 2 ids of ${collection} came back: no step shows` };
  const sorted = [...ids].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((id, index) => id - (sorted[index] as number));
  const step = gaps.reduce(gcd);
  if (step > profileLimits.idStep) {
    return { why: `the ids of ${collection} step by more than ${profileLimits.idStep}` };
  }
  if (gaps.filter((gap) => gap === step).length * 2 < gaps.length) {
    return {
      why: `the ids of ${collection} are not one sequence: most gaps are wider than a step`,
    };
  }
  const smallest = sorted[0] as number;
  const start = ids[0] === smallest ? smallest : ((smallest - 1) % step) + 1;
  if (start > profileLimits.idStart) {
    return { why: `the ids of ${collection} start too near 2^53 - 1 to leave room` };
  }
  const reason = `the ids of ${collection} count from ${start} by ${step}`;
  if (start === 1 && step === 1) return { alternative: "fromOne", reason };
  return { alternative: "from", value: { [collection]: { start, step } }, reason };
}

/**
 * How often records (as stored: lists and reads; a created record's
 * optional fields are its request's) carry each optional field of their
 * schema, a field given as `null` counted as left out.
 */
export function fieldPresence(records: readonly Item[], schema: SchemaName): Decision {
  if (records.length === 0) return { why: `no ${schema} came back to read its optional fields` };
  const presence: Record<string, Presence> = {};
  for (const field of optionalFields(schema)) {
    const carrying = records.filter((record) => record[field] != null).length;
    presence[field] =
      carrying === records.length ? "always" : carrying === 0 ? "never" : "sometimes";
  }
  const said = Object.entries(presence).map(([field, how]) => `${field} ${how}`);
  const reason = `${schema} records carry ${said.join(", ")}`;
  if (Object.values(presence).every((how) => how === "always")) {
    return { alternative: "always", reason };
  }
  return { alternative: "learned", value: { [schema]: presence }, reason };
}

/**
 * One choice of its decisions per collection or schema: the values of the
 * decided ones merged (a part left undecided stays at the default), the
 * reasons joined; undecided when none is decided.
 */
export function combined(decisions: readonly Decision[]): Decision {
  const decided = decisions.flatMap((decision) => ("why" in decision ? [] : [decision]));
  if (decided.length === 0) {
    return { why: decisions.map((decision) => ("why" in decision ? decision.why : "")).join("; ") };
  }
  const reasons = decisions.map((decision) =>
    "why" in decision ? `undecided: ${decision.why}` : decision.reason,
  );
  const valued = decided.filter((decision) => decision.value !== undefined);
  const [first] = valued.length > 0 ? valued : decided;
  const value: Record<string, JsonValue> = {};
  for (const decision of valued) Object.assign(value, decision.value);
  return {
    alternative: (first as { alternative: string }).alternative,
    ...(valued.length > 0 ? { value } : {}),
    reason: reasons.join("; "),
  };
}
