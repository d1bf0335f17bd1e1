/** Making server-supplied text safe for each report: the terminal, Markdown, HTML, XML. */

/**
 * C0 and C1 control characters (tab and newline aside), DEL, and the Unicode
 * bidi and line-separator controls: what can clear a screen, set a window
 * title, fake colours or reorder a line. Shown as `\xNN` / `\uNNNN` instead.
 */
const unsafeOnTerminal =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(unsafeOnTerminal, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

export function escapeHtml(text: string): string {
  return printable(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
