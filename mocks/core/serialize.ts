/**
 * The record-text cache: the JSON text of stored records, kept per record
 * object. `@msw/data` replaces a record's object on every update and the
 * store freezes every record it indexes, so text kept for an object never goes
 * stale; list answers (the standalone server's hot path, `listJson` in
 * `exchange.ts`) then join kept text instead of serializing every record
 * again. The text is exactly `JSON.stringify`'s: `serialize.test.ts` checks
 * it, and the mutation run leaves this module out.
 */
const texts = new WeakMap<object, string>();

/**
 * `record`'s JSON text, kept for the next answer unless `keep` is false
 * (a record just created: most are never read again, and keeping a text
 * for each of them grows the heap every collection has to mark).
 */
export function recordJson(record: object, keep = true): string {
  let text = texts.get(record);
  if (text === undefined) {
    text = JSON.stringify(record);
    if (keep) texts.set(record, text);
  }
  return text;
}
