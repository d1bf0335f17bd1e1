/**
 * Pact v4 body matching as `--consumer` checks an answer: the matchers the
 * kit writes (type with min, integer, number, regex) and the others it
 * reads, rules found by JSON path, a type rule cascading below it, an
 * example without a rule matched exactly (more fields allowed, a list's
 * order not), and the walk bounded.
 */
import { describe, expect, it } from "vitest";
import { resolvedSchema, responseSchema } from "../interface/spec.js";
import {
  bodyMismatches,
  expectedNodes,
  maxMismatches,
  maxRegexSubject,
  parseRulePath,
  ruleProblem,
  shown,
} from "./matching.js";
import type { PactMatcher, PactRules } from "./matching-rules.js";
import { describeBody, rule } from "./matching-rules.js";

const rules = (
  entries: Record<string, PactMatcher | PactMatcher[]>,
  combine: "AND" | "OR" = "AND",
) =>
  Object.fromEntries(
    Object.entries(entries).map(([path, m]) => [
      path,
      { combine, matchers: Array.isArray(m) ? m : [m] },
    ]),
  ) as PactRules;

const messages = (expected: unknown, actual: unknown, given?: PactRules) =>
  bodyMismatches(expected, actual, given).map((m) => `${m.path}: ${m.message}`);

describe("a body without rules", () => {
  it("must equal the example: more fields are allowed, a missing one is not", () => {
    expect(messages({ id: 1, name: "Rex" }, { id: 1, name: "Rex", tags: [] })).toEqual([]);
    expect(messages({ id: 1, name: "Rex" }, { id: 1 })).toEqual([
      "$.name: expected this field; it is missing",
    ]);
    expect(messages({ id: 1 }, { id: 2 })).toEqual(["$.id: expected 1, got 2"]);
  });

  it("lets an object lack the fields named as such, and still matches one that is there", () => {
    const given = rules({ $: { match: "type", min: 1 } });
    const expected = [{ id: 1, description: "Dogs" }];
    const lack = (actual: unknown) =>
      bodyMismatches(expected, actual, given, new Set(["description"])).map(
        (m) => `${m.path}: ${m.message}`,
      );
    expect(lack([{ id: 2 }, { id: 3, description: "Cats" }])).toEqual([]);
    expect(lack([{ description: 5 }])).toEqual([
      "$[0].id: expected this field; it is missing",
      "$[0].description: expected a string, got 5",
    ]);
    expect(messages(expected, [{ id: 2 }], given)).toEqual([
      "$[0].description: expected this field; it is missing",
    ]);
  });

  it("pins a list's items and their order", () => {
    expect(messages([1, 2], [1, 2])).toEqual([]);
    expect(messages([1, 2], [2, 1])).toEqual([
      "$[0]: expected 1, got 2",
      "$[1]: expected 2, got 1",
    ]);
    expect(messages([1, 2], [1, 2, 3])).toEqual([
      "$: expected exactly 2 items (no rule allows another count), got 3",
    ]);
    expect(messages([], [{ id: 1 }])).toEqual([
      "$: expected exactly 0 items (no rule allows another count), got 1",
    ]);
  });
});

describe("the matchers", () => {
  it("type: the same JSON type, whatever the value", () => {
    const given = rules({ "$.name": { match: "type" } });
    expect(messages({ name: "Rex" }, { name: "Bella" }, given)).toEqual([]);
    expect(messages({ name: "Rex" }, { name: 7 }, given)).toEqual([
      "$.name: expected a string, got 7",
    ]);
    expect(messages({ name: "Rex" }, { name: null }, given)).toEqual([
      "$.name: expected a string, got null",
    ]);
  });

  it("type with min on a list: every item like the first example, at least min of them", () => {
    const given = rules({ $: { match: "type", min: 1 }, "$[*].id": { match: "integer" } });
    const example = [{ id: 1, name: "Rex" }];
    expect(
      messages(
        example,
        [
          { id: 4, name: "A" },
          { id: 5, name: "B", extra: true },
        ],
        given,
      ),
    ).toEqual([]);
    expect(messages(example, [], given)).toEqual(["$: expected at least 1 item, got 0"]);
    expect(
      messages(
        example,
        [
          { id: 4, name: "A" },
          { id: "5", name: 2 },
        ],
        given,
      ),
    ).toEqual(['$[1].id: expected an integer, got "5"', "$[1].name: expected a string, got 2"]);
    expect(messages(example, [{ id: 4 }], given)).toEqual([
      "$[0].name: expected this field; it is missing",
    ]);
    const bounded = rules({ $: { match: "type", max: 1 } as unknown as PactMatcher });
    expect(messages([1], [1, 2], bounded)).toEqual(["$: expected at most 1 item, got 2"]);
  });

  it("integer, number and decimal", () => {
    const given = rules({ "$.a": { match: "integer" }, "$.b": { match: "number" } });
    expect(messages({ a: 1, b: 1.5 }, { a: 7, b: 2 }, given)).toEqual([]);
    expect(messages({ a: 1, b: 1.5 }, { a: 7.5, b: "2" }, given)).toEqual([
      "$.a: expected an integer, got 7.5",
      '$.b: expected a number, got "2"',
    ]);
    const decimal = {
      $: { combine: "AND", matchers: [{ match: "decimal" }] },
    } as unknown as PactRules;
    expect(messages(1.5, 2.25, decimal)).toEqual([]);
    expect(messages(1.5, 2, decimal)).toEqual(["$: expected a decimal number, got 2"]);
  });

  it("regex: on the value's text, strings, numbers and booleans only", () => {
    const given = rules({ "$.status": { match: "regex", regex: "^(?:available|sold)$" } });
    expect(messages({ status: "sold" }, { status: "available" }, given)).toEqual([]);
    expect(messages({ status: "sold" }, { status: "pending" }, given)).toEqual([
      '$.status: expected a value matching /^(?:available|sold)$/, got "pending"',
    ]);
    expect(messages({ status: "sold" }, { status: ["sold"] }, given)).toHaveLength(1);
    const long = rules({ $: { match: "regex", regex: "^a+$" } });
    expect(messages("a", "a".repeat(maxRegexSubject), long)).toEqual([]);
    expect(messages("a", "a".repeat(maxRegexSubject + 1), long)).toEqual([
      `$: expected a value matching /^a+$/, got ${maxRegexSubject + 1} characters (at most ${maxRegexSubject} are tried)`,
    ]);
  });

  it("equality, include, boolean, null and notEmpty", () => {
    const m = (match: Record<string, unknown>) =>
      ({ $: { combine: "AND", matchers: [match] } }) as unknown as PactRules;
    expect(messages({ a: [1] }, { a: [1] }, m({ match: "equality" }))).toEqual([]);
    expect(messages({ a: [1] }, { a: [1], b: 2 }, m({ match: "equality" }))).toHaveLength(1);
    expect(messages("x", "a fox", m({ match: "include", value: "fox" }))).toEqual([]);
    expect(messages("x", "a cat", m({ match: "include", value: "fox" }))).toHaveLength(1);
    expect(messages(true, false, m({ match: "boolean" }))).toEqual([]);
    expect(messages(null, 0, m({ match: "null" }))).toEqual(["$: expected null, got 0"]);
    expect(messages(["a"], [], m({ match: "notEmpty" }))).toEqual([
      "$: expected at least 1 item, got 0",
    ]);
    expect(messages("a", "", m({ match: "notEmpty" }))).toEqual([
      "$: expected a value that is not empty",
    ]);
  });

  it("combines a rule's matchers with AND, or with OR when it says so", () => {
    const both = [{ match: "type" }, { match: "regex", regex: "^R" }] as PactMatcher[];
    expect(messages({ n: "Rex" }, { n: "Bo" }, rules({ "$.n": both }))).toHaveLength(1);
    expect(messages({ n: "Rex" }, { n: "Bo" }, rules({ "$.n": both }, "OR"))).toEqual([]);
    const neither = [{ match: "integer" }, { match: "regex", regex: "^R" }] as PactMatcher[];
    expect(messages({ n: "Rex" }, { n: "Bo" }, rules({ "$.n": neither }, "OR"))).toHaveLength(2);
  });
});

describe("rules by path", () => {
  it("takes the most specific rule: a key over *", () => {
    const given = rules({ "$[*].v": { match: "type" }, "$[1].v": { match: "integer" } });
    // $[0].v is matched by type (any number), $[1].v as an integer.
    expect(messages([{ v: 1 }, { v: 2 }], [{ v: 1.5 }, { v: 2.5 }], given)).toEqual([
      "$[1].v: expected an integer, got 2.5",
    ]);
  });

  it("lets a type rule cascade to the values below it that have none", () => {
    const given = rules({ $: { match: "type" } });
    expect(
      messages({ pet: { id: 1, name: "Rex" } }, { pet: { id: 9, name: "Bo" } }, given),
    ).toEqual([]);
    expect(messages({ pet: { id: 1 } }, { pet: { id: "9" } }, given)).toEqual([
      '$.pet.id: expected a number, got "9"',
    ]);
  });

  it("reads the paths Pact writes, and refuses others", () => {
    expect(parseRulePath("$")).toEqual([]);
    expect(parseRulePath("$[*].status")).toEqual([{ any: true }, { key: "status" }]);
    expect(parseRulePath("$.pets[2]['odd key']")).toEqual([
      { key: "pets" },
      { index: 2 },
      { key: "odd key" },
    ]);
    expect(parseRulePath(".id")).toBeUndefined();
    expect(parseRulePath("$..id")).toBeUndefined();
    expect(parseRulePath("$[?(@.id)]")).toBeUndefined();
  });
});

describe("a rule the kit cannot check is named", () => {
  it.each([
    [
      { combine: "AND", matchers: [{ match: "date", format: "yyyy" }] },
      /matcher "date" is not one/,
    ],
    [{ combine: "XOR", matchers: [{ match: "type" }] }, /combine must be AND or OR/],
    [{ combine: "AND", matchers: [] }, /matchers must be a list of 1 to 10/],
    [{ matchers: [{ match: "regex", regex: "(" }] }, /does not compile/],
    [{ matchers: [{ match: "regex", regex: "a".repeat(1001) }] }, /at most 1000 characters/],
    [
      { matchers: [{ match: "regex", regex: "^(a+)\\1$" }] },
      /regex "\^\(a\+\)\\\\1\$" uses a feature the kit's linear-time engine lacks \(RE2 syntax: no backreferences, lookahead or lookbehind\)/,
    ],
    [{ matchers: [{ match: "regex", regex: "^(?=a)a" }] }, /linear-time engine lacks/],
    [{ matchers: [{ match: "regex", regex: "(?<!a)b" }] }, /linear-time engine lacks/],
    [
      { matchers: [{ match: "regex", regex: ".{999}$|.{998}$|.{997}$" }] },
      /is too costly to run: it compiles to \d{4} instructions, at most 2000 \(x\{999\} is 1001\)/,
    ],
    [{ matchers: [{ match: "type", min: -1 }] }, /min and max must be counts/],
    [{ matchers: [{ match: "include" }] }, /needs a string value/],
    ["type", /is not an object/],
  ])("%j", (given, message) => {
    expect(ruleProblem(given)).toMatch(message);
  });

  it("and accepts every rule the kit writes", () => {
    const schema = responseSchema("listPets", 200) ?? resolvedSchema({});
    const { rules: written } = describeBody(
      [{ id: 1, name: "Rex", status: "sold" }],
      schema,
      (t) => t,
    );
    for (const value of Object.values(written)) expect(ruleProblem(value)).toBeUndefined();
    expect(ruleProblem(rule({ match: "type", min: 1 }))).toBeUndefined();
  });
});

describe("a bounded walk", () => {
  it("tries a hostile regex in linear time: (a+)+$ on 4,095 a's and a '!' fails at once", () => {
    // On JavaScript's backtracking engine 25 a's take seconds (the first length fails, the loop ends), 40 take days.
    const hostile = rules({ "$.name": { match: "regex", regex: "(a+)+$" } });
    for (const length of [25, maxRegexSubject - 1]) {
      const name = `${"a".repeat(length)}!`;
      const started = performance.now();
      expect(messages({ name: "a" }, { name }, hostile)).toEqual([
        `$.name: expected a value matching /(a+)+$/, got ${shown(name)}`,
      ]);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    expect(messages({ name: "a" }, { name: "aaa" }, hostile)).toEqual([]);
  });

  it("reads a pattern in JavaScript's syntax, matching anywhere in the value as RegExp.test does", () => {
    const given = (regex: string) => rules({ $: { match: "regex", regex } });
    expect(messages("x", "cafe", given("\\u00e9$"))).toHaveLength(1);
    expect(messages("x", "café", given("\\u00e9$"))).toEqual([]);
    expect(messages("x", "id-42", given("(?<n>\\d+)"))).toEqual([]);
    expect(messages("x", "a/b", given("^a\\/b$"))).toEqual([]);
    expect(messages("x", "A\nb", given("^a.b$"))).toHaveLength(1);
  });

  it("asks before each regex whether to go on: what it throws ends the walk", () => {
    const given = rules({ $: { match: "type", min: 1 }, "$[*]": { match: "regex", regex: "^a" } });
    let asked = 0;
    const stop = () => {
      if (++asked === 3) throw new RangeError("deadline");
    };
    expect(() => bodyMismatches(["a"], ["a", "a", "a", "a"], given, new Set(), stop)).toThrow(
      "deadline",
    );
    expect(asked).toBe(3);
    expect(bodyMismatches(["a"], ["a", "b"], given, new Set(), () => undefined)).toHaveLength(1);
  });

  it("stops after the most mismatches it reports, however long the answer's list", () => {
    const given = rules({ $: { match: "type", min: 1 }, "$[*]": { match: "integer" } });
    const found = bodyMismatches(
      [1],
      Array.from({ length: 100_000 }, () => "x"),
      given,
    );
    expect(found).toHaveLength(maxMismatches);
  });
});

describe("the values of an expected body and how each is matched", () => {
  it("shows a list matched by type by its first item, under [*]", () => {
    const given = rules({ $: { match: "type", min: 1 }, "$[*].id": { match: "integer" } });
    const nodes = expectedNodes(
      [
        { id: 1, name: "Rex" },
        { id: 2, name: "Bo" },
      ],
      given,
    );
    expect(nodes.map((n) => `${n.shown} ${n.match.by}`)).toEqual([
      "$ rule",
      "$[*] type",
      "$[*].id rule",
      "$[*].name type",
    ]);
  });

  it("shows every item of a list matched by value, and nothing below an equality rule", () => {
    const nodes = expectedNodes(
      { tags: ["a", "b"], pet: { id: 1 } },
      rules({ "$.pet": { match: "equality" } as unknown as PactMatcher }),
    );
    expect(nodes.map((n) => `${n.shown} ${n.match.by}`)).toEqual([
      "$ value",
      "$.tags value",
      "$.tags[0] value",
      "$.tags[1] value",
      "$.pet rule",
    ]);
  });
});
