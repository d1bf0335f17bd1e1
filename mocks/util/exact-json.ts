/**
 * Integers as a JSON text wrote them. `JSON.parse` rounds an integer beyond
 * 2^53 to the nearest double (4611686018427387905 reads as
 * 4611686018427387904), and the interface's ids are int64s: a deployment may
 * hand out any of them. `parseJsonExact` returns what `JSON.parse` does and
 * remembers, beside it, every integer it rounded; `memberOf` reads a member
 * back exactly (a bigint where the number was rounded). Ids are `Id`s: a
 * number when it is a safe integer, else a bigint, so each integer has one
 * form (Map keys, equality) and prints as the deployment wrote it.
 * Runtime-neutral, and the same on Node 20 (whose `JSON.parse` reviver gets
 * no source text) as on later ones: a scan finds the long integer literals.
 *
 * @example
 * const pet = parseJsonExact('{"id":4611686018427387905}');
 * idOf(pet); // 4611686018427387905n
 * toJson({ id: idOf(pet) }); // '{"id":4611686018427387905}'
 */
import { parseJson } from "./json.js";
import { int64 } from "./numbers.js";

/** An integer id: a number when it is a safe integer, else a bigint. */
export type Id = number | bigint;

/** The exact integers `parseJsonExact` rounded, by the object or array holding them and key. */
const rounded = new WeakMap<object, Map<string, bigint>>();

/** The one form of an int64 (the interface's ids, §2): a number when it is safe, else a bigint; undefined outside int64. */
export function idFrom(value: unknown): Id | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== "bigint" || value < int64.min || value > int64.max) return undefined;
  return Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

/** An integer written in decimal (a path parameter), exactly; undefined for anything else. */
export function idOfText(text: string): Id | undefined {
  return /^-?\d{1,40}$/.test(text) ? idFrom(BigInt(text)) : undefined;
}

/** A member of a parsed object or array as the text wrote it: an integer it rounded as a bigint. */
export function memberOf(holder: unknown, key: string | number): unknown {
  if (typeof holder !== "object" || holder === null) return undefined;
  return rounded.get(holder)?.get(String(key)) ?? (holder as Record<string, unknown>)[String(key)];
}

/** The integer `id` (or another member) of a parsed record, exactly; undefined when not an integer. */
export const idOf = (holder: unknown, key = "id"): Id | undefined => idFrom(memberOf(holder, key));

const integerLiteral = /^-?(0|[1-9]\d*)$/;
/** Digits enough for an integer beyond 2^53 (16): a text without such a run parses as `JSON.parse` does. */
const longDigits = /\d{16}/;

/**
 * `JSON.parse`, remembering each integer literal it rounded (read them with
 * `memberOf` / `idOf`). Throws what `parseJson` throws: a `SyntaxError`, or a
 * `JsonDepthError` for a text nested deeper than `maxJsonDepth` (never parsed).
 */
export function parseJsonExact(text: string): unknown {
  const value = parseJson(text);
  if (!longDigits.test(text)) return value;
  // Each rounded literal becomes a string with a per-parse marker; the reviver turns it back into
  // the number JSON.parse makes of it and notes the exact value against its holder and key.
  const marker = `\u0000exact-${Math.random().toString(36).slice(2)}-${Date.now()}:`;
  const quoted = JSON.stringify(marker).slice(1, -1);
  let changed = false;
  let out = "";
  let from = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '"') {
      for (index++; index < text.length && text[index] !== '"'; index++) {
        if (text[index] === "\\") index++;
      }
    } else if (char === "-" || (char >= "0" && char <= "9")) {
      let end = index + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end] as string)) end++;
      const literal = text.slice(index, end);
      if (integerLiteral.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(from, index)}"${quoted}${literal}"`;
        from = end;
        changed = true;
      }
      index = end - 1;
    }
  }
  if (!changed) return value;
  return JSON.parse(out + text.slice(from), function (this: object, key, member: unknown) {
    if (typeof member !== "string" || !member.startsWith(marker)) return member;
    const literal = member.slice(marker.length);
    const exact = rounded.get(this) ?? new Map<string, bigint>();
    exact.set(key, BigInt(literal));
    rounded.set(this, exact);
    return Number(literal);
  });
}

/** `JSON.stringify` that writes a bigint as its digits (an exact JSON number). */
export function toJson(value: unknown, space?: number): string {
  const marker = `\u0000bigint-${Math.random().toString(36).slice(2)}-${Date.now()}:`;
  let bigints = false;
  const text = JSON.stringify(
    value,
    (_key, member: unknown) => {
      if (typeof member !== "bigint") return member;
      bigints = true;
      return `${marker}${member}`;
    },
    space,
  );
  if (!bigints) return text;
  const quoted = JSON.stringify(marker).slice(1, -1).replace(/\\/g, "\\\\");
  return text.replace(new RegExp(`"${quoted}(-?\\d+)"`, "g"), (_whole, digits: string) => digits);
}
