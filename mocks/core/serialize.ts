/**
 * The JSON text of stored records, kept per record object. `@msw/data`
 * replaces a record's object on every update, so text cached for an object
 * never goes stale through the store or its collections; list answers (the
 * standalone server's hot path) then join cached text instead of serializing
 * every record again. The text is exactly `JSON.stringify(record)`.
 */
const texts = new WeakMap<object, string>();

export function recordJson(record: object): string {
  let text = texts.get(record);
  if (text === undefined) {
    text = JSON.stringify(record);
    texts.set(record, text);
  }
  return text;
}

export function listJson(records: readonly object[]): string {
  let text = "[";
  for (let index = 0; index < records.length; index++) {
    if (index > 0) text += ",";
    text += recordJson(records[index] as object);
  }
  return `${text}]`;
}
