/** Making server-supplied text safe for each report: the terminal, Markdown, HTML, XML. */
import { printable } from "../../mocks/util/text.js";

export { printable };

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** `&`, `<`, `>`, `"` and `'` as entities (`'` as `apostrophe`): the one markup escape of every report. */
export const escapeMarkup = (text: string, apostrophe = "&#39;"): string =>
  text.replace(/[&<>"']/g, (char) => entities[char] ?? apostrophe);

/** Text for HTML (the HTML and Markdown reports): terminal controls shown, markup escaped. */
export const escapeHtml = (text: string): string => escapeMarkup(printable(text));

/** Server text in Markdown: HTML escaped (no `</details>`, no `<img>`), one line, no table breaks. */
export const markdownCell = (text: string): string =>
  escapeHtml(text)
    .replace(/\|/g, "\\|")
    .replace(/[`*_[\]]/g, (char) => `\\${char}`)
    .replace(/\s+/g, " ");

/** Characters XML 1.0 allows (control characters other than tab and line breaks are not). */
const allowedInXml = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

/**
 * Text for XML (the JUnit report): terminal controls shown as every report
 * shows them (`printable`), characters XML cannot carry (a lone surrogate,
 * U+FFFE) shown as `\uXXXX`, markup escaped (`'` kept).
 */
export const escapeXml = (text: string): string =>
  escapeMarkup(
    Array.from(printable(text), (char) => {
      const code = char.codePointAt(0) ?? 0;
      return allowedInXml(code) ? char : `\\u${code.toString(16).padStart(4, "0")}`;
    }).join(""),
    "'",
  );

/**
 * A report's data for JSON (the JSON report): every string in it, member
 * names too, shown as every report shows text (`printable`), so a parsed
 * report holds no terminal control either; numbers, bigints and the rest as
 * they are.
 */
export function printableData(value: unknown): unknown {
  if (typeof value === "string") return printable(value);
  if (Array.isArray(value)) return value.map(printableData);
  if (value === null || typeof value !== "object") return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, member]) => [printable(name), printableData(member)]),
  );
}

/** Milliseconds as the seconds JUnit's `time` attributes want (`0.153`). */
export const junitSeconds = (ms: number): string => (ms / 1000).toFixed(3);
