/**
 * What `--learn` reads from records: the order of a list, and the fields
 * beyond the interface's, each kept with a stand-in of its value's shape.
 */
import { type JsonValue, profileLimits } from "../../mocks/interface/behaviours.js";
import { schemaFields } from "../../mocks/interface/operations.js";
import type { SchemaName } from "../../mocks/interface/schemas.js";
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import { isObject } from "../../mocks/util/json.js";
import { type Decision, type Item, items, noMatch, quoted, type Seen } from "./learn-readings.js";

/** An integer-ish comparison of ids (bigints beyond 2^53 included). */
const big = (id: Id) => BigInt(id);

export function orderOf(reading: Seen, what: string): Decision {
  const list = items(reading);
  if (!list) return noMatch(reading, "a 200 list");
  const ids = list.map((item) => idOf(item)).filter((id): id is Id => id !== undefined);
  if (ids.length < 2)
    return { why: `${reading.evidence.request} listed fewer than 2 ${what}: no order shows` };
  const pairs = ids.slice(1).map((id, index) => big(id) - big(ids[index] as Id));
  if (pairs.every((step) => step > 0n))
    return { alternative: "ascending", reason: `${ids.length} ${what} listed by ascending id` };
  if (pairs.every((step) => step < 0n))
    return { alternative: "descending", reason: `${ids.length} ${what} listed by descending id` };
  return {
    why: `${reading.evidence.request} listed ${what} in neither ascending nor descending id order`,
  };
}

/**
 * A stand-in of a deployment's value with its shape, never its data: a
 * date-time stays a date-time, a URL a URL, other text becomes `"text"`,
 * numbers 0 (or 0.5), arrays keep their first item's shape, objects their
 * field names. The mock draws each record's value by the stand-in's kind.
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
    if (/^https?:\/\/\S+$/i.test(value)) return "https://example.com/";
    return value === "" ? "" : "text";
  }
  if (depth === 0) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.length === 0 ? [] : [standIn(value[0], depth - 1)];
  if (isObject(value)) {
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(value).slice(0, profileLimits.fields)) {
      if (fieldName.test(key) && !unsafeNames.has(key)) out[key] = standIn(value[key], depth - 1);
    }
    return out;
  }
  return null;
}

/**
 * One stand-in covering two of a field's: the kind both share, else a
 * filled list over an empty one, a value over null, text over other text,
 * a fraction over an integer, the fields of both objects; otherwise the first.
 */
function covering(a: JsonValue, b: JsonValue): JsonValue {
  if (JSON.stringify(a) === JSON.stringify(b) || b === null) return a;
  if (a === null) return b;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length === 0 || b.length === 0) return a.length === 0 ? b : a;
    return [covering(a[0] as JsonValue, b[0] as JsonValue)];
  }
  if (typeof a === "string" && typeof b === "string") return "text";
  if (typeof a === "number" && typeof b === "number") return 0.5;
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return Object.fromEntries(
      keys.map((key) => [
        key,
        Object.hasOwn(a, key) && Object.hasOwn(b, key)
          ? covering(a[key] as JsonValue, b[key] as JsonValue)
          : ((Object.hasOwn(a, key) ? a[key] : b[key]) as JsonValue),
      ]),
    );
  }
  return a;
}

const fieldName = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const unsafeNames = new Set(["__proto__", "constructor", "prototype"]);

/** The fields records carry beyond their schema's, each with a stand-in covering every value read. */
export function extraFields(records: readonly Item[], schema: SchemaName, what: string): Decision {
  if (records.length === 0) return { why: `no ${what} came back to read their fields` };
  const own = schemaFields(schema);
  const extra: Record<string, JsonValue> = {};
  const refused: string[] = [];
  for (const record of records) {
    for (const name of Object.keys(record)) {
      if (own.includes(name) || refused.includes(name)) continue;
      if (!fieldName.test(name) || unsafeNames.has(name)) refused.push(name);
      else {
        const seen = standIn(record[name]);
        extra[name] = Object.hasOwn(extra, name) ? covering(extra[name] as JsonValue, seen) : seen;
      }
    }
  }
  const names = Object.keys(extra);
  if (refused.length > 0) {
    const names = refused.slice(0, 5).map((name) => quoted(name));
    return { why: `a field name the mock cannot carry (${names.join(", ")})` };
  }
  if (names.length > profileLimits.fields) {
    return {
      why: `${names.length} extra fields, more than a profile carries (${profileLimits.fields})`,
    };
  }
  if (names.length === 0)
    return {
      alternative: "none",
      reason: `${what} carry only the fields of ${schema}`,
    };
  return {
    alternative: "extra",
    value: extra,
    reason: `${what} also carry ${names.join(", ")} (the values are stand-ins of their shape, not the deployment's data)`,
  };
}
