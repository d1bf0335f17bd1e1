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
  // Stryker disable next-line ConditionalExpression: a cache: text made again is the same text.
  if (text === undefined) {
    text = JSON.stringify(record);
    // Stryker disable next-line CallExpression: a cache: text not kept is made again, the same.
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

// Stryker disable ArrowFunction,ConditionalExpression: reusing less often answers the same text.
const sameRecords = (a: readonly object[], b: readonly object[]): boolean =>
  a.length === b.length && a.every((record, index) => record === b[index]);
// Stryker restore ArrowFunction,ConditionalExpression

/**
 * The JSON text of lists asked for again and again: one text per key (e.g.
 * the query) is kept while the list holds the same record objects in the same
 * order (a change replaces a record's object, so the text cannot go stale);
 * at most `size` keys, and the memory starts over once full.
 */
export function rememberedLists(size = 64): (key: string, records: readonly object[]) => string {
  const kept = new Map<string, { readonly records: readonly object[]; readonly text: string }>();
  return (key, records) => {
    const last = kept.get(key);
    // Stryker disable next-line ConditionalExpression: never reusing answers the same text.
    if (last !== undefined && sameRecords(last.records, records)) return last.text;
    const text = listJson(records);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: clearing more often (any new key, a changed key, before `size`) answers the same text; the bound itself is tested.
    if (last === undefined && kept.size >= size) kept.clear();
    kept.set(key, { records, text });
    return text;
  };
}
