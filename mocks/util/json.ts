/**
 * JSON parsing with a nesting limit: every JSON text the mock parses (request
 * bodies, snapshots, the state file, saved browser state, `--fault` flags)
 * goes through `parseJson`, so a deeply nested value is a clear error instead
 * of a stack overflow in whatever walks it next. Runtime-neutral.
 */

/** The deepest nesting of objects and arrays accepted. */
export const maxJsonDepth = 64;

/** A JSON text nested deeper than the limit. */
export class JsonDepthError extends SyntaxError {
  override name = "JsonDepthError";
}

/** Whether `text` holds more than `max` of `{` and `[` together, anywhere (a native search per bracket). */
function moreOpeningsThan(text: string, max: number): boolean {
  let count = 0;
  for (const bracket of ["{", "["]) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      if (++count > max) return true;
    }
  }
  return false;
}

/**
 * Whether `text` opens more than `max` objects or arrays inside one another.
 * A text with at most `max` brackets in all cannot (the common case, a large
 * string value included, is settled by native searches); otherwise a linear scan.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  if (!moreOpeningsThan(text, max)) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/** `JSON.parse` that throws `JsonDepthError` for a text nested deeper than `maxDepth` (default 64). */
export function parseJson(text: string, maxDepth = maxJsonDepth): unknown {
  if (nestedDeeperThan(text, maxDepth)) {
    throw new JsonDepthError(`it nests objects or arrays deeper than ${maxDepth} levels`);
  }
  return JSON.parse(text);
}

const jsonString = String.raw`"[^"\\\u0000-\u001f]*(?:\\(?:["\\/bfnrt]|u[\dA-Fa-f]{4})[^"\\\u0000-\u001f]*)*"`;
const jsonSpace = /[ \t\n\r]*/y;
const jsonScalar = new RegExp(
  `${jsonString}|-?(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[Ee][+-]?\\d+)?|true|false|null`,
  "y",
);
const jsonKey = new RegExp(`${jsonString}[ \\t\\n\\r]*:`, "y");

/** Where the first value, key or bracket a JSON text cannot have there starts (nested at most `maxJsonDepth`). */
function unexpectedAt(text: string): number {
  let at = 0;
  const take = (pattern: RegExp) => {
    for (const next of [jsonSpace, pattern]) {
      next.lastIndex = at;
      if (!next.test(text)) throw at;
      at = next.lastIndex;
    }
  };
  const closing = (char: string) => {
    take(jsonSpace);
    if (text[at] !== char) return false;
    at++;
    return true;
  };
  const value = (): void => {
    take(jsonSpace);
    const close = { "{": "}", "[": "]" }[text[at] ?? ""];
    if (close === undefined) {
      take(jsonScalar);
      return;
    }
    at++;
    if (closing(close)) return;
    do {
      if (close === "}") take(jsonKey);
      value();
    } while (closing(","));
    if (!closing(close)) throw at;
  };
  try {
    value();
    take(jsonSpace);
    return at;
  } catch (offset) {
    if (typeof offset !== "number") throw offset;
    return offset;
  }
}

/**
 * Why `text` is no JSON, in words that quote nothing of it: V8's message
 * where it names the position, else (`Unexpected token 'S', "SHELL=/bin"...
 * is not valid JSON` quotes the text around the character) the position of
 * the value, key or bracket that cannot be there. A file's bytes (escape
 * sequences, another file's start) never reach a terminal through it.
 */
export function jsonSyntaxError(text: string, error: unknown): string {
  const { message } = error as Error;
  if (/^[\w ',:{}[\]-]{1,80} at position \d+ \(line \d+ column \d+\)$/.test(message)) {
    return message;
  }
  if (message === "Unexpected end of JSON input") return message;
  const at = unexpectedAt(text);
  const lines = text.slice(0, at).split("\n");
  return `Unexpected character in JSON at position ${at} (line ${lines.length} column ${(lines.at(-1)?.length ?? 0) + 1})`;
}

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
