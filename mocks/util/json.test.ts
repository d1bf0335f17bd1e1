import { describe, expect, it } from "vitest";
import { JsonDepthError, maxJsonDepth, nestedDeeperThan, parseJson } from "./json.js";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("parseJson", () => {
  it(`parses ${maxJsonDepth} levels and refuses one more, whatever the brackets inside strings`, () => {
    expect(parseJson(nested(maxJsonDepth))).toBeDefined();
    expect(() => parseJson(nested(maxJsonDepth + 1))).toThrow(JsonDepthError);
    expect(() => parseJson(`{"a": ${nested(200_000)}}`)).toThrow(/deeper than 64/);
    const brackets = JSON.stringify({ text: `${"[{".repeat(100)}\\"]` });
    expect(parseJson(brackets)).toEqual(JSON.parse(brackets));
    expect(nestedDeeperThan(`["\\\\", ${nested(3)}]`, 3)).toBe(true);
  });

  it("counts objects and arrays together: half of each past the limit is still too deep", () => {
    const half = (maxJsonDepth + 2) / 2;
    const mixed = `${'[{"a":'.repeat(half)}1${"}]".repeat(half)}`;
    expect(() => parseJson(mixed)).toThrow(JsonDepthError);
    const wide = `[${Array.from({ length: 1_000 }, () => "[{}]").join(",")}]`;
    expect(parseJson(wide)).toHaveLength(1_000);
  });

  it("still throws SyntaxError for text that is not JSON", () => {
    expect(() => parseJson("{")).toThrow(SyntaxError);
  });
});
