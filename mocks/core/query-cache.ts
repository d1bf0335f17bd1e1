/**
 * The query-verdict cache. A query's verdict is a pure function of its text,
 * and clients repeat the same few queries: the verdicts of up to 64 short
 * queries are kept, frozen (every caller shares them), and the cache starts
 * over once full, so a client sending endless distinct queries costs a
 * bounded map. It only saves time: `query-cache.test.ts` checks that every
 * answer is the one the parser gives without it, and the mutation run leaves
 * this module out.
 */

/** How many distinct query strings a cache keeps the verdict of, and up to what length. */
export const cachedQueries = { count: 64, maxLength: 256 } as const;

/** `parse` behind a cache of its verdicts by query text. */
export function cachedVerdicts<V extends { readonly ok: boolean; readonly value?: unknown }>(
  parse: (query: string) => V,
): (query: string) => V {
  const verdicts = new Map<string, V>();
  return (query) => {
    if (query.length > cachedQueries.maxLength) return parse(query);
    let verdict = verdicts.get(query);
    if (verdict === undefined) {
      verdict = parse(query);
      Object.freeze(verdict.value);
      if (verdicts.size >= cachedQueries.count) verdicts.clear();
      verdicts.set(query, Object.freeze(verdict));
    }
    return verdict;
  };
}
