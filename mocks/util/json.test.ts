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

  it("still throws SyntaxError for text that is not JSON", () => {
    expect(() => parseJson("{")).toThrow(SyntaxError);
  });
});
