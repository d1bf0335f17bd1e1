/** Small text helpers shared by every runtime. */

/** Text as a literal inside a RegExp source. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A count and its noun, plural unless the count is 1: `2 checks`. */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** Orders texts by their UTF-16 code units, as `<` does. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * C0 and C1 control characters (tab and newline aside), DEL, and the Unicode
 * bidi and line-separator controls: what can clear a screen, set a window
 * title, fake colours or reorder a line. Shown as `\xNN` / `\uNNNN` instead.
 */
const unsafeOnTerminal = (code: number) =>
  (code < 0x20 && code !== 0x9 && code !== 0xa) ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x2028 ||
  code === 0x2029 ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

export function printable(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += !unsafeOnTerminal(code)
      ? char
      : code <= 0xff
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return out;
}
