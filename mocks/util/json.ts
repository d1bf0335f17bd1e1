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

/** Whether `text` opens more than `max` objects or arrays inside one another (a linear scan). */
export function nestedDeeperThan(text: string, max: number): boolean {
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
  // Deeper nesting takes more opening brackets than a text this short holds.
  if (text.length > maxDepth && nestedDeeperThan(text, maxDepth)) {
    throw new JsonDepthError(`it nests objects or arrays deeper than ${maxDepth} levels`);
  }
  return JSON.parse(text);
}
