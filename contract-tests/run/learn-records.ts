/**
 * What `--learn` reads from records: the order of a list, and the fields
 * beyond the interface's, each kept with a stand-in of its value's shape,
 * the same whichever records the deployment holds.
 */
import { type Evidence, type JsonValue, profileLimits } from "../../mocks/interface/behaviours.js";
import { schemaFields } from "../../mocks/interface/operations.js";
import type { SchemaName } from "../../mocks/interface/schemas.js";
import { isObject } from "../../mocks/util/json.js";
import { compareText } from "../../mocks/util/text.js";
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
