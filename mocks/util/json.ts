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

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
