import { describe, expect, it } from "vitest";
import { createJournal, type JournalEntry, journalLimits } from "./journal.js";

const entry = (path: string): JournalEntry => ({
  method: "GET",
  path,
  operationId: path === "/nowhere" ? null : "listPets",
  status: 200,
  durationMs: 1,
  fault: null,
  problems: [],
});

describe("the journal", () => {
  it("keeps the last `size` entries, oldest first, across many wraps", () => {
    const journal = createJournal({ size: 3 });
    for (let index = 1; index <= 10; index++) journal.record(entry(`/pets?limit=${index}`));
    expect(journal.all().map((e) => e.path)).toEqual([
      "/pets?limit=8",
      "/pets?limit=9",
      "/pets?limit=10",
    ]);
    expect(journal.recorded).toBe(10);
    journal.clear();
    journal.record(entry("/nowhere"));
    expect(journal.recorded).toBe(11);
    expect(journal.all()).toHaveLength(1);
    expect(journal.forOperation(null)).toHaveLength(1);
    expect(journal.forOperation("listPets")).toHaveLength(0);
  });

  it(`keeps ${journalLimits.defaultSize} by default and refuses sizes outside 1–${journalLimits.maxSize}`, () => {
    expect(createJournal().size).toBe(journalLimits.defaultSize);
    for (const size of [0, -1, 1.5, journalLimits.maxSize + 1, Number.NaN]) {
      expect(() => createJournal({ size })).toThrow(RangeError);
    }
  });
});
