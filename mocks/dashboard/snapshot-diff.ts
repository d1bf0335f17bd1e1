/** What restoring a snapshot would change: record counts, and which ids come, go or change. */

interface Identified {
  readonly id: number;
}

interface SnapshotLike {
  readonly pets: readonly Identified[];
  readonly categories: readonly Identified[];
  readonly seedOptions?: { readonly seed?: number } | undefined;
}

export type SnapshotDiff = ReturnType<typeof diffSnapshots>;

function diffCollection(current: readonly Identified[], next: readonly Identified[]) {
  const now = new Map(current.map((record) => [record.id, JSON.stringify(record)]));
  const then = new Map(next.map((record) => [record.id, JSON.stringify(record)]));
  const ids = (from: Map<number, string>, keep: (id: number, json: string) => boolean) =>
    [...from]
      .filter(([id, json]) => keep(id, json))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  return {
    before: current.length,
    after: next.length,
    added: ids(then, (id) => !now.has(id)),
    removed: ids(now, (id) => !then.has(id)),
    changed: ids(then, (id, json) => now.has(id) && now.get(id) !== json),
  };
}

/** Whether a parsed upload has the shape of a snapshot (the server checks the rest). */
export function isSnapshotLike(value: unknown): value is SnapshotLike {
  if (typeof value !== "object" || value === null) return false;
  const { pets, categories } = value as Record<string, unknown>;
  const records = (list: unknown) =>
    Array.isArray(list) &&
    list.every((item) => typeof item === "object" && item !== null && typeof item.id === "number");
  return records(pets) && records(categories);
}

export function diffSnapshots(current: SnapshotLike, next: SnapshotLike) {
  return {
    pets: diffCollection(current.pets, next.pets),
    categories: diffCollection(current.categories, next.categories),
    seed: { before: current.seedOptions?.seed, after: next.seedOptions?.seed },
  };
}

/** Ids as short ranges: `[1, 2, 3, 7]` → `1–3, 7`; past `max` ranges, a count of the rest. */
export function idRanges(ids: readonly number[], max = 12): string {
  const ranges: string[] = [];
  let index = 0;
  while (index < ids.length && ranges.length < max) {
    const first = ids[index] as number;
    let last = first;
    while (ids[index + 1] === last + 1) last = ids[++index] as number;
    ranges.push(first === last ? String(first) : `${first}–${last}`);
    index++;
  }
  const rest = ids.length - index;
  return rest > 0 ? `${ranges.join(", ")} and ${rest} more` : ranges.join(", ");
}
