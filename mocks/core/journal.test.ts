import { describe, expect, it } from "vitest";
import { journalEntry as entry } from "../test-support/journal-entry.js";
import { clip, createJournal, type JournalRecord, journalLimits } from "./journal.js";

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

  it("hands out copies: a list taken earlier stays as it was, and changing it changes nothing", () => {
    const journal = createJournal({ size: 3 });
    journal.record(entry("/pets?limit=1"));
    const before = journal.all();
    journal.record(entry("/pets?limit=2"));
    expect(before.map((e) => e.seq)).toEqual([1]);
    before.length = 0;
    expect(journal.all().map((e) => e.seq)).toEqual([1, 2]);
  });

  it("copies what it is handed: the object may be changed and handed over again", () => {
    const journal = createJournal({ size: 3 });
    const record = { ...entry("/pets?limit=1"), status: 200 };
    journal.record(record);
    record.path = "/pets?limit=2";
    record.status = 400;
    journal.record(record);
    expect(journal.all().map((e) => [e.seq, e.path, e.status])).toEqual([
      [1, "/pets?limit=1", 200],
      [2, "/pets?limit=2", 400],
    ]);
  });

  it("gives back every field it was handed, and an optional one only where it was given", () => {
    const journal = createJournal({ size: 2 });
    const full: JournalRecord = {
      ...entry("/pets"),
      status: 401,
      durationMs: 12.3,
      fault: { id: "f1", operation: "listPets", status: 503 },
      problems: [{ code: "unauthorized", message: "Invalid API key." }],
      answeredBy: "fallback",
      credential: "wrong",
      sentAs: "Bearer [redacted]",
      scenario: 401,
    };
    journal.record(full);
    journal.record(entry("/nowhere"));
    const [first, second] = journal.all();
    expect(first).toStrictEqual({ ...full, seq: 1 });
    expect(second).toStrictEqual({ ...entry("/nowhere"), seq: 2 });
    expect(Object.keys(second ?? {})).not.toContain("sentAs");
  });

  it("pages by seq: after a number, or the newest page; numbers go on across a clear", () => {
    const journal = createJournal({ size: 5 });
    for (let index = 1; index <= 8; index++) journal.record(entry(`/pets?limit=${index}`));
    const seqs = (page: { seq: number }[]) => page.map((e) => e.seq);
    expect(seqs(journal.all())).toEqual([4, 5, 6, 7, 8]);
    expect(seqs(journal.since(0, 2))).toEqual([4, 5]);
    expect(seqs(journal.since(5, 2))).toEqual([6, 7]);
    expect(seqs(journal.since(7, 100))).toEqual([8]);
    expect(seqs(journal.since(8, 100))).toEqual([]);
    expect(seqs(journal.since(undefined, 2))).toEqual([7, 8]);
    expect(journal.since(5, 1)[0]?.path).toBe("/pets?limit=6");
    journal.clear();
    journal.record(entry("/nowhere"));
    expect(seqs(journal.since(8, 10))).toEqual([9]);
  });

  it(`keeps ${journalLimits.defaultSize} by default and refuses sizes outside 1–${journalLimits.maxSize}`, () => {
    expect(createJournal().size).toBe(journalLimits.defaultSize);
    for (const size of [0, -1, 1.5, journalLimits.maxSize + 1, Number.NaN]) {
      expect(() => createJournal({ size })).toThrow(RangeError);
    }
  });
});

describe("the profile's choices in the journal", () => {
  it("are kept where an entry names them, and absent where it does not", () => {
    const journal = createJournal({ size: 2 });
    const choices = Object.freeze({ limitBelowMinimum: "clamped" });
    journal.record({ ...entry("/pets?limit=0"), choices });
    journal.record(entry("/pets?limit=5"));
    const [shaped, plain] = journal.all();
    expect(shaped?.choices).toBe(choices);
    expect(plain).not.toHaveProperty("choices");
    journal.record(entry("/pets?limit=6")); // overwrites the entry that named them
    expect(journal.all().map((e) => e.choices)).toEqual([undefined, undefined]);
  });
});

describe("journal pages by size", () => {
  const long = (path: string, message: string): JournalRecord => ({
    ...entry(path),
    problems: [{ code: "invalid_query", message }],
  });

  it("end once the entries hold about maxChars characters, but always hold one", () => {
    const journal = createJournal({ size: 10 });
    for (let index = 0; index < 4; index++) journal.record(long("/p", "x".repeat(100)));
    // Each entry counts 200 + its path + its problem messages: 302 characters.
    expect(journal.since(0, 10, 604)).toHaveLength(2);
    expect(journal.since(0, 10, 603)).toHaveLength(1);
    expect(journal.since(0, 10, 1)).toHaveLength(1);
    expect(journal.since(0, 10)).toHaveLength(4);
  });

  it("count the choices an entry names", () => {
    const journal = createJournal({ size: 10 });
    const choices = { limitBelowMinimum: "clamped", petsOrder: "descending" };
    for (let index = 0; index < 2; index++) journal.record({ ...entry("/p"), choices });
    // 200 + 2 + (17 + 7 + 6) + (9 + 10 + 6): 257 characters each.
    expect(journal.since(0, 10, 514)).toHaveLength(2);
    expect(journal.since(0, 10, 513)).toHaveLength(1);
  });

  it("accept the largest size and one entry", () => {
    expect(createJournal({ size: journalLimits.maxSize }).size).toBe(journalLimits.maxSize);
    const one = createJournal({ size: 1 });
    one.record(entry("/a"));
    one.record(entry("/b"));
    expect(one.all().map((e) => e.path)).toEqual(["/b"]);
    expect(() => createJournal({ size: 0 })).toThrow(
      `journal size must be an integer from 1 to ${journalLimits.maxSize}, got 0`,
    );
  });
});

describe("clip", () => {
  it("keeps text up to max, and cuts longer text to max with an ellipsis", () => {
    expect(clip("abc", 3)).toBe("abc");
    expect(clip("abcd", 3)).toBe("ab…");
  });
});
