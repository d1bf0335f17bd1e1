/**
 * The record shapes `--learn` decides: an id sequence whose start and step
 * stay put as the deployment's data grows, undecided for ids that are not
 * one sequence; the optional fields' presence; the extra fields' kinds over
 * every record read; and every decision a profile the mock accepts.
 */
import { describe, expect, it } from "vitest";
import { validateBehaviourProfile } from "../../mocks/interface/behaviour-profile.js";
import { profileChoice } from "./learn-choices.js";
import type { Item } from "./learn-readings.js";
import {
  asLearned,
  combined,
  type Decision,
  fieldPresence,
  idSequenceOf,
  standIn,
} from "./learn-records.js";

const withIds = (ids: readonly number[]): Item[] => ids.map((id) => ({ id, name: "x" }));
const range = (start: number, count: number, step = 1) =>
  Array.from({ length: count }, (_, index) => start + index * step);

/** What a learn run reads of a collection: a list (at most 100), then the records it created. */
const read = (listed: readonly number[], created: readonly number[]) =>
  withIds([...listed.slice(0, 100), ...created]);

describe("idSequenceOf", () => {
  it.each([
    [
      "from 1000 by 1, oldest first",
      range(1000, 40),
      range(1000, 400),
      1,
      { start: 1000, step: 1 },
    ],
    [
      "from 10 by 10, oldest first",
      range(10, 30, 10),
      range(10, 900, 10),
      10,
      { start: 10, step: 10 },
    ],
    // Newest first, the smallest id read moves as records are added: the sequence's first positive id stays.
    [
      "from 1001 by 3, newest first",
      range(1001, 30, 3).reverse(),
      range(1001, 500, 3).reverse(),
      3,
      { start: 2, step: 3 },
    ],
  ])(
    "%s: the same start and step before and after the data grew",
    (_name, before, after, step, sequence) => {
      const next = (ids: readonly number[]) => [
        Math.max(...ids) + step,
        Math.max(...ids) + 2 * step,
      ];
      const small = idSequenceOf(read(before, next(before)), "pets");
      const grown = idSequenceOf(read(after, next(after)), "pets");
      expect(small).toEqual({
        alternative: "from",
        value: { pets: sequence },
        reason: `the ids of pets count from ${sequence.start} by ${sequence.step}`,
      });
      expect(grown).toEqual(small);
    },
  );

  it("counts the kit's own ids from 1 by 1, a record read twice once", () => {
    expect(idSequenceOf(withIds([...range(1, 50), 7, 51]), "categories")).toEqual({
      alternative: "fromOne",
      reason: "the ids of categories count from 1 by 1",
    });
  });

  it.each([
    ["two sequences one after the other", [1, 2, 3, 1000, 2000, 3000], /not one sequence/],
    ["steps of two sizes", [10, 20, 30, 35, 45], /not one sequence/],
    ["a step beyond 1000", [1, 5001, 10_001], /step by more than 1000/],
    ["one id", [4], /fewer than 2 ids of pets/],
    ["an id that is no positive integer", [1, 2, 0], /no positive safe integer/],
  ])("leaves %s undecided", (_name, ids, why) => {
    const decision = idSequenceOf(withIds(ids), "pets");
    expect(decision).toEqual({ why: expect.stringMatching(why) });
  });

  it("leaves ids that are not numbers undecided", () => {
    expect(idSequenceOf([{ id: "a1" }, { id: "b2" }], "pets")).toEqual({
      why: "a record of pets has an id that is no positive safe integer",
    });
  });
});

describe("fieldPresence", () => {
  const pets = (statuses: readonly (string | null | undefined)[]): Item[] =>
    statuses.map((status, id) => (status === undefined ? { id } : { id, status }));

  it.each([
    [["sold", "available"], "always", undefined],
    [[undefined, null], "learned", { Pet: { status: "never" } }],
    [["sold", undefined, "pending"], "learned", { Pet: { status: "sometimes" } }],
  ] as const)("%j: %s", (statuses, alternative, value) => {
    const decision = fieldPresence(pets(statuses), "Pet");
    expect(decision).toMatchObject({ alternative, ...(value ? { value } : {}) });
  });

  it("says the same of more records of the same shape: no count", () => {
    const few = fieldPresence(pets(["sold", undefined]), "Pet");
    expect(fieldPresence(pets(Array(60).fill(["sold", undefined]).flat()), "Pet")).toEqual(few);
    expect(few).toEqual({
      alternative: "learned",
      value: { Pet: { status: "sometimes" } },
      reason: "Pet records carry status sometimes",
    });
  });

  it("reads a Category's description, and nothing from no record", () => {
    expect(fieldPresence([{ id: 1, name: "dog" }], "Category")).toMatchObject({
      value: { Category: { description: "never" } },
    });
    expect(fieldPresence([], "Category")).toEqual({
      why: "no Category came back to read its optional fields",
    });
  });
});

describe("combined", () => {
  const from = idSequenceOf(withIds(range(100, 5)), "pets");
  const fromOne = idSequenceOf(withIds(range(1, 5)), "categories");
  const undecided: Decision = { why: "the run stopped" };

  it("merges the decided values, a default part adding none", () => {
    expect(combined([from, fromOne])).toEqual({
      alternative: "from",
      value: { pets: { start: 100, step: 1 } },
      reason: "the ids of pets count from 100 by 1; the ids of categories count from 1 by 1",
    });
    expect(combined([fromOne, undecided])).toEqual({
      alternative: "fromOne",
      reason: "the ids of categories count from 1 by 1; undecided: the run stopped",
    });
    expect(combined([undecided, undecided])).toEqual({ why: "the run stopped; the run stopped" });
  });

  it("keeps what it read as the profile's reason", () => {
    expect(profileChoice(asLearned("idSequence", combined([from, fromOne])))).toEqual({
      alternative: "from",
      value: { pets: { start: 100, step: 1 } },
      reason: "the ids of pets count from 100 by 1; the ids of categories count from 1 by 1",
    });
    expect(profileChoice(asLearned("idSequence", undecided))).toEqual({
      reason: "undecided: the run stopped",
    });
  });

  it("makes choices the profile reader accepts", () => {
    const presence = combined([
      fieldPresence([{ id: 1 }, { id: 2, status: "sold" }], "Pet"),
      fieldPresence([{ id: 1, name: "dog" }], "Category"),
    ]);
    const choices = { idSequence: combined([from, fromOne]), optionalFields: presence };
    const profile = validateBehaviourProfile({ version: 1, choices });
    expect(profile.choices.optionalFields?.value).toEqual({
      Pet: { status: "sometimes" },
      Category: { description: "never" },
    });
    expect(profile.choices.idSequence?.value).toEqual({ pets: { start: 100, step: 1 } });
  });
});

describe("the kinds of extra fields", () => {
  it("keeps a URL a URL, never the deployment's", () => {
    expect(standIn(["https://cdn.staging.example/p/1.jpg"])).toEqual(["https://example.com/"]);
  });
});
