/**
 * The list-text cache: the JSON text of lists asked for again and again. One
 * text per key (e.g. the query) is kept while the list holds the same record
 * objects in the same order (a change replaces a record's object, so the text
 * cannot go stale); at most `size` keys of at most 256 characters, and the
 * cache starts over once full.
 * It only saves time: `list-cache.test.ts` checks that every text is
 * `JSON.stringify`'s, and the mutation run leaves this module out.
 */
import { listJson } from "./exchange.js";

const sameRecords = (a: readonly object[], b: readonly object[]): boolean =>
  a.length === b.length && a.every((record, index) => record === b[index]);

const maxKeyLength = 256;

/** `listJson` behind a cache of the texts by key. */
export function cachedLists(size = 64): (key: string, records: readonly object[]) => string {
  const kept = new Map<string, { readonly records: readonly object[]; readonly text: string }>();
  return (key, records) => {
    if (key.length > maxKeyLength) return listJson(records);
    const last = kept.get(key);
    if (last !== undefined && sameRecords(last.records, records)) return last.text;
    const text = listJson(records);
    if (last === undefined && kept.size >= size) kept.clear();
    kept.set(key, { records, text });
    return text;
  };
}
