/** Making server-supplied text safe for each report: the terminal, Markdown, HTML, XML. */

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

/** `&`, `<`, `>`, `"` and `'` as entities (`'` as `apostrophe`): the one markup escape of every report. */
export function escapeMarkup(text: string, apostrophe = "&#39;"): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, apostrophe);
}

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

/** Text for XML (the JUnit report): characters XML cannot carry dropped, markup escaped (`'` kept). */
export const escapeXml = (text: string): string =>
  escapeMarkup([...text].filter((char) => allowedInXml(char.codePointAt(0) ?? 0)).join(""), "'");
