/**
 * The one builder of the curl lines the kit prints (the contract reports,
 * the fuzz, the dashboard's "repeat it", the banner): pasted into bash or
 * zsh, a line sends exactly the request, body bytes included, and it holds
 * only characters every report carries unaltered (no control, format or
 * separator character, no space but U+0020), so the console, Markdown, HTML,
 * JSON and JUnit all show the same line. `-g` keeps curl from reading
 * `[1-9]` or `{a,b}` in the URL as many URLs.
 *
 * @example
 * curlLine({ options: ["-sS", "-i"], method: "POST", url: "http://127.0.0.1:4000/v1/pets",
 *   headers: ["Content-Type: application/json"], body: { data: '{"name":"a\r\nb"}' } });
 * // curl -g -sS -i -X POST 'http://127.0.0.1:4000/v1/pets' -H 'Content-Type: application/json' --data-raw $'{"name":"a\x0d\x0ab"}'
 */

/** A shell word: text to quote, or `{ shell }`, text already written for the shell (a `"$VARIABLE"` to expand). */
export type ShellWord = string | { readonly shell: string };

export interface CurlRequest {
  /** Options after `-g`, e.g. `-sS`, `-i`. */
  readonly options?: readonly string[];
  readonly method: string;
  readonly url: string;
  /** `-H` values, in order. */
  readonly headers?: readonly ShellWord[];
  /** The body: text sent byte for byte, or a file it is read from (`--data @file`; a plain name the kit chose, not quoted). */
  readonly body?: { readonly data: string } | { readonly file: string } | undefined;
}

/**
 * What a line may not hold as such: C0/C1 controls and DEL, format
 * characters (bidi controls, zero-width ones), separators other than the
 * space (line breaks, no-break spaces), surrogates, private-use and
 * unassigned code points. Inside `$'…'` they are written as `\xHH`.
 */
const unprintable = /\p{C}|[^\P{Z} ]/u;

const utf8 = new TextEncoder();

/** Every UTF-8 byte of `char` as `\xHH` (a lone surrogate as U+FFFD, as it is sent). */
const hexBytes = (char: string) =>
  [...utf8.encode(char)].map((byte) => `\\x${byte.toString(16).padStart(2, "0")}`).join("");

/**
 * Text as one shell word that bash and zsh read back byte for byte:
 * `'…'` (`'` as `'\''`) for printable text, else ANSI-C `$'…'` with every
 * unprintable character, `'`, `!` and `\` as escapes (`$'a\x0db'`). A NUL
 * cannot be in any shell word: `curlLine` pipes such a body from `printf`.
 */
export function shellWord(text: string): string {
  if (!unprintable.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  return `$'${escaped(text, "'!")}'`;
}

/** `text` with every unprintable character and those in `hex` as `\xHH`, `\` doubled, and `%` as `%%` when asked. */
const escaped = (text: string, hex: string, percent = "%") =>
  [...text]
    .map((char) =>
      unprintable.test(char) || hex.includes(char)
        ? hexBytes(char)
        : char === "\\"
          ? "\\\\"
          : char === "%"
            ? percent
            : char,
    )
    .join("");

/** A `printf` format printing `text` byte for byte (NUL included): escapes as in `$'…'` (`-` too: no option), `%` doubled. */
const printfFormat = (text: string) => `'${escaped(text, "'-", "%%")}'`;

/** The variable a curl line reads the API key from: the key itself is never in a line. */
export const apiKeyVariable = "PETSTORE_API_KEY";

/** `Authorization` headers carrying the key as the shell expands `$PETSTORE_API_KEY`. */
export const keyAuthorization = {
  bearer: { shell: `"Authorization: Bearer $${apiKeyVariable}"` },
  bare: { shell: `"Authorization: $${apiKeyVariable}"` },
  /** `Basic` of `contract:<key>`, as the contract suite's `basic` variant sends it. */
  basic: {
    shell: `"Authorization: Basic $(printf 'contract:%s' "$${apiKeyVariable}" | base64 | tr -d '\\n')"`,
  },
} as const satisfies Record<string, ShellWord>;

const word = (part: ShellWord) => (typeof part === "string" ? shellWord(part) : part.shell);

/** The curl command for `request`, one line; a body holding a NUL comes from `printf … |` before it. */
export function curlLine(request: CurlRequest): string {
  const parts = ["curl", "-g", ...(request.options ?? [])];
  const { method, body } = request;
  if (method === "HEAD") parts.push("-I");
  else if (method !== "GET")
    parts.push(`-X ${/^[A-Z][A-Z-]*$/.test(method) ? method : shellWord(method)}`);
  parts.push(
    shellWord(request.url),
    ...(request.headers ?? []).map((header) => `-H ${word(header)}`),
  );
  if (body === undefined) return parts.join(" ");
  if ("file" in body) return [...parts, `--data @${body.file}`].join(" ");
  if (!body.data.includes("\0")) return [...parts, `--data-raw ${shellWord(body.data)}`].join(" ");
  return `printf ${printfFormat(body.data)} | ${[...parts, "--data-binary @-"].join(" ")}`;
}
