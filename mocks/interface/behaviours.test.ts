import { describe, expect, it } from "vitest";
import { docSection } from "../test-support/docs.js";
import {
  type Behaviour,
  BehaviourProfileError,
  behaviourFrom,
  behaviours,
  behaviourTableMarkdown,
  choiceAlternatives,
  choiceIds,
  defaultBehaviour,
  parseBehaviourProfile,
  profileLimits,
  resolveBehaviour,
  validateBehaviourProfile,
} from "./behaviours.js";
import { ruleIds } from "./statements.js";

const parse = (value: unknown) => parseBehaviourProfile(JSON.stringify(value), "test.json");
const refusal = (value: unknown) => {
  try {
    parse(value);
  } catch (error) {
    expect(error).toBeInstanceOf(BehaviourProfileError);
    return (error as Error).message;
  }
  throw new Error("the profile was accepted");
};

describe("the table of choices", () => {
  it("names a default among each choice's alternatives, and only statements that exist", () => {
    for (const id of choiceIds) {
      const behaviour: Behaviour = behaviours[id];
      // Words for exactly the alternatives the profile names, the kit's first.
      expect(Object.keys(behaviour.alternatives)).toEqual([...choiceAlternatives[id]]);
      expect(Object.keys(behaviour.alternatives).length).toBeGreaterThan(1);
      const cited = [
        ...Object.values(behaviour.alternatives).flatMap((alternative) => alternative.rules),
        ...(behaviour.excluded ?? []).flatMap((entry) => entry.breaks),
      ];
      expect(cited.length).toBeGreaterThan(0);
      for (const rule of cited) expect(ruleIds).toContain(rule);
    }
  });

  it("is docs/behaviour.md's table of choices", () => {
    // The formatter pads the doc's cells: compared with runs of spaces and dashes made one.
    const normal = (text: string) =>
      text
        .split("\n")
        .filter((line) => line.startsWith("|"))
        .map((line) => line.replace(/\s+/g, " ").replace(/-{3,}/g, "---"));
    expect(normal(docSection("behaviour.md", "choices"))).toEqual(normal(behaviourTableMarkdown()));
  });

  it("says that a 401 without WWW-Authenticate breaks HTTP, not the interface", () => {
    expect(behaviours.wwwAuthenticate.alternatives.absent.answer).toMatch(
      /conforms to the interface, but breaks HTTP \(RFC 9110 §11\.6\.1/,
    );
  });

  it("never offers 422 for a refused createPet body (§4.2 documents 400)", () => {
    expect(Object.keys(behaviours.unknownCategory.alternatives)).not.toContain("422");
    expect(behaviours.categoryRefusalStatus.excluded[0].breaks).toEqual(["§4.2.400"]);
  });
});

describe("the default profile", () => {
  it("is every choice's default, and no profile resolves to it", () => {
    for (const id of choiceIds)
      expect(defaultBehaviour.choices[id]).toBe(choiceAlternatives[id][0]);
    expect(defaultBehaviour.isDefault).toBe(true);
    expect(resolveBehaviour(undefined)).toBe(defaultBehaviour);
  });

  it("an empty profile, or one naming only defaults, behaves as the default", () => {
    const resolved = resolveBehaviour(parse({ version: 1, choices: { petsOrder: "ascending" } }));
    expect(resolved.choices).toEqual(defaultBehaviour.choices);
    expect(resolved.isDefault).toBe(true);
  });
});

describe("a profile", () => {
  it("resolves its alternatives and values, the rest left at the default", () => {
    const resolved = resolveBehaviour(
      parse({
        version: 1,
        name: "staging",
        source: "learned from https://staging.example/v1",
        choices: {
          limitOutOfRange: "clamped",
          petIdMalformed: {
            alternative: "notFound",
            evidence: [{ request: "GET /pets/abc", status: 404, shape: "{code: string}" }],
          },
          petFields: { alternative: "extra", value: { createdAt: "2024-01-01T00:00:00Z" } },
          deprecationDate: { alternative: "date", value: "@1700000000" },
          statusCase: { reason: "no answer told the two apart" },
        },
      }),
    );
    expect(resolved.name).toBe("staging");
    expect(resolved.source).toBe("learned from https://staging.example/v1");
    expect(resolved.isDefault).toBe(false);
    // The earlier table's limitOutOfRange is both limits' choice.
    expect(resolved.choices.limitBelowMinimum).toBe("clamped");
    expect(resolved.choices.limitAboveMaximum).toBe("clamped");
    expect(resolved.choices.petIdMalformed).toBe("notFound");
    expect(resolved.choices.statusCase).toBe("exact");
    expect(resolved.choices.limitNotInteger).toBe("refused");
    expect(resolved.values.petFields).toEqual({ createdAt: "2024-01-01T00:00:00Z" });
    expect(resolved.values.deprecationDate).toBe("@1700000000");
  });

  it("without a source is named by where it came from", () => {
    const resolved = resolveBehaviour(
      validateBehaviourProfile({ version: 1, choices: {} }),
      "x.json",
    );
    expect(resolved.source).toBe("x.json");
  });

  it.each([
    [
      { version: 1, choices: { limitOutOfRnge: "clamped" } },
      /choices\.limitOutOfRnge: unknown choice/,
    ],
    [
      { version: 1, choices: { limitAboveMaximum: "clampd" } },
      /choices\.limitAboveMaximum\.alternative: "clampd" is not an alternative of limitAboveMaximum \(refused, clamped, default\)/,
    ],
    [{ version: 2, choices: {} }, /version: must be 1/],
    [{ version: 1 }, /choices: must be an object/],
    [{ version: 1, choices: {}, extra: true }, /profile: unknown field "extra"/],
    [
      { version: 1, choices: { petsOrder: 3 } },
      /choices\.petsOrder: must be an alternative's name/,
    ],
    [
      { version: 1, choices: { petsOrder: { alternative: "descending", value: 1 } } },
      /choices\.petsOrder\.value: descending takes no value/,
    ],
    [
      { version: 1, choices: { petFields: "extra" } },
      /choices\.petFields\.value: extra needs a value/,
    ],
    [
      { version: 1, choices: { petFields: { alternative: "extra", value: { name: "x" } } } },
      /"name" is a field of Pet itself/,
    ],
    [
      { version: 1, choices: { errorFields: { alternative: "extra", value: { "a b": 1 } } } },
      /"a b" is not a field name/,
    ],
    [
      {
        version: 1,
        choices: { wwwAuthenticate: { alternative: "custom", value: "Bearer\r\nX: y" } },
      },
      /choices\.wwwAuthenticate\.value: must not hold control characters/,
    ],
    [
      { version: 1, choices: { deprecationDate: { alternative: "date", value: "2025-01-01" } } },
      /RFC 9745 date/,
    ],
    [
      { version: 1, choices: { errorCodes: { alternative: "custom", value: { oops: "E" } } } },
      /"oops" is not one of the kit's codes/,
    ],
    [
      {
        version: 1,
        choices: { statusCase: { alternative: "exact", evidence: [{ status: 200 }] } },
      },
      /evidence\[0\]\.request: must be a string/,
    ],
    [
      {
        version: 1,
        choices: {
          statusCase: { evidence: Array.from({ length: 17 }, () => ({ request: "GET /pets" })) },
        },
      },
      /must hold at most 16 entries/,
    ],
    ...(
      [
        [{ dogs: { start: 1, step: 1 } }, /"dogs" is not a collection \(pets, categories\)/],
        [
          { pets: { start: 0, step: 1 } },
          /idSequence\.value\.pets\.start: must be an integer from 1/,
        ],
        [{ pets: { start: 1, step: 1001 } }, /pets\.step: must be an integer from 1 to 1000/],
        [{ pets: { start: 1, step: 1.5 } }, /pets\.step: must be an integer/],
        [
          { categories: { start: Number.MAX_SAFE_INTEGER, step: 1 } },
          /categories\.start: must be an integer from 1 to 9007194959773695/,
        ],
        [{ pets: { start: 1, step: 1, end: 9 } }, /pets: unknown field "end"/],
        [{}, /idSequence\.value: must name at least one collection/],
      ] as const
    ).map(([value, message]): [unknown, RegExp] => [
      { version: 1, choices: { idSequence: { alternative: "from", value } } },
      message,
    ]),
    ...(
      [
        [{ Error: { code: "never" } }, /"Error" is not a record schema \(Pet, Category\)/],
        [{ Pet: { name: "never" } }, /"name" is not an optional field of Pet \(status\)/],
        [{ Pet: { status: "often" } }, /Pet\.status: must be one of always, sometimes, never/],
        [{ Category: {} }, /optionalFields\.value: must name at least one optional field/],
        [{ Pet: "never" }, /Pet: must be an object of optional fields \(status\)/],
      ] as const
    ).map(([value, message]): [unknown, RegExp] => [
      { version: 1, choices: { optionalFields: { alternative: "learned", value } } },
      message,
    ]),
  ])("is refused by name: %j", (profile, message) => {
    expect(refusal(profile)).toMatch(message);
  });

  it("takes an id sequence per collection and a presence per optional field", () => {
    const resolved = behaviourFrom(
      {
        version: 1,
        choices: {
          idSequence: { alternative: "from", value: { pets: { start: 1000, step: 2 } } },
          optionalFields: {
            alternative: "learned",
            value: { Pet: { status: "sometimes" }, Category: { description: "never" } },
          },
        },
      },
      "test",
    );
    expect(resolved.values.idSequence).toEqual({ pets: { start: 1000, step: 2 } });
    expect(resolved.values.optionalFields).toEqual({
      Pet: { status: "sometimes" },
      Category: { description: "never" },
    });
  });

  it("is refused when larger or deeper than its caps, or not JSON", () => {
    const big = `{"version":1,"name":"${"x".repeat(profileLimits.bytes)}","choices":{}}`;
    expect(() => parseBehaviourProfile(big, "big.json")).toThrow(
      /behaviour profile big\.json: is larger than 262144 bytes/,
    );
    const deep = `${"[".repeat(20)}${"]".repeat(20)}`;
    expect(() => parseBehaviourProfile(deep, "deep.json")).toThrow(/deeper than 8 levels/);
    expect(() => parseBehaviourProfile("{", "broken.json")).toThrow(
      /broken\.json: is not valid JSON/,
    );
  });

  it("refuses an object given in code that nests without end, by its depth", () => {
    const cyclic: Record<string, unknown> = { version: 1, choices: {} };
    cyclic.choices = { statusCase: { alternative: "exact", evidence: [cyclic] } };
    expect(() => validateBehaviourProfile(cyclic)).toThrow(/deeper than 8 levels/);
  });

  it("keeps a field named like an object's own property as data", () => {
    const text =
      '{"version":1,"choices":{"petFields":{"alternative":"extra","value":{"__proto__":1}}}}';
    expect(() => parseBehaviourProfile(text, "proto.json")).toThrow(
      /"__proto__" is not a field name/,
    );
  });
});
