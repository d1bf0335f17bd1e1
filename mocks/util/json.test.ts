import { describe, expect, it } from "vitest";
import {
  JsonDepthError,
  jsonSyntaxError,
  maxJsonDepth,
  nestedDeeperThan,
  parseJson,
} from "./json.js";

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

describe("jsonSyntaxError", () => {
  const why = (text: string) => {
    try {
      JSON.parse(text);
    } catch (error) {
      return jsonSyntaxError(text, error);
    }
    throw new Error("the text parsed");
  };

  it.each([
    ["SHELL=/bin/bash\0HOME=/root\0", 0, "1 column 1"],
    ['{"version": 1, "choices": \u001b]0;title\u0007\u001b[2J}', 26, "1 column 27"],
    ['{\n  "a": [1, 2,\n    nulx]\n}', 20, "3 column 5"],
    ['{"a": "\\u00e9", "b": {"c": tru}}', 27, "1 column 28"],
    ["\uFEFF{}", 0, "1 column 1"],
  ])("names where %j goes wrong (%i) and quotes none of it", (text, position, line) => {
    expect(why(text)).toBe(`Unexpected character in JSON at position ${position} (line ${line})`);
  });

  it("keeps V8's words where they name the position, and quote nothing", () => {
    expect(why('{"a": 1,}')).toBe(
      "Expected double-quoted property name in JSON at position 8 (line 1 column 9)",
    );
    expect(why('{"a": 1}\u001b[2J')).toBe(
      "Unexpected non-whitespace character after JSON at position 8 (line 1 column 9)",
    );
    expect(why('["\u001b"]')).toMatch(
      /^Bad control character in string literal in JSON at position 2 /,
    );
    expect(why("[1,")).toBe("Unexpected end of JSON input");
  });
});
