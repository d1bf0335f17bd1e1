/**
 * The kit's one redactor: every text the kit writes down (the request log,
 * the journal and so the dashboard, Error messages, the proxy's answers,
 * recordings, replays and every contract report) goes through it, with one
 * set of secrets and one mark. Runtime-neutral. What it masks, and what no
 * redactor can know, is listed in docs/server.md ("Secrets in the log").
 *
 * It undoes the layers a text may carry, character by character and in any
 * mix, keeping where each decoded character came from: percent-encoding (as
 * deep as `%25` says), then twice over: JSON and JavaScript escapes and
 * markup references twice (a JSON string in a JSON string), percent-encoding
 * again. It looks for each secret in any letter case, in every reading (as
 * written, and as the layers read the secret itself), and masks what its
 * match came from; also `+` for a space, hex of its bytes, base64 at any
 * offset, a long secret's pieces, a cut one before `...` or `…`, values
 * inside JSON strings, and values of secret-named parameters, JSON fields
 * and header lines. Almost every request target takes the fast path: a few
 * searches, nothing decoded.
 *
 * @example
 * const redact = createRedactor(["my key/+é"]);
 * redact("/pets?x=my%20key%2F%2b%C3%A9"); // "/pets?x=[redacted]"
 * redact('{"m":"\\u006dy key\\/+\\u00e9"}'); // '{"m":"[redacted]"}'
 * redact("/pets?%6Bey=abc&limit=5"); // "/pets?%6Bey=[redacted]&limit=5"
 */

import { credentialVerdicts, redactedMark } from "./redacted-mark.js";

export { type CredentialVerdict, credentialVerdicts, redactedMark } from "./redacted-mark.js";

export type Redact = (text: string) => string;

/** Below this length a secret is masked only where it stands alone, so a key "k" leaves "skipped" alone. */
const shortSecretLength = 8;

/** A long secret's piece this long (or half the secret, if longer) is masked wherever it stands. */
export const shortestMaskedPiece = 12;

const encoder = new TextEncoder();
const utf8 = new TextDecoder();

/** A text with layers undone and, when mapped, the range `[start, end)` of the original each character came from. */
interface Decoded {
  readonly text: string;
  readonly start?: readonly number[];
  readonly end?: readonly number[];
}

/** The value of a hex digit's character code, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** The byte two hex digits at `at` stand for, or -1. */
function hexByte(text: string, at: number): number {
  const high = hexValue(text.charCodeAt(at));
  const low = hexValue(text.charCodeAt(at + 1));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

/** The byte a percent-escape at `at` stands for, however many times `%25` encoded it again, and where it ends. */
function percentByte(text: string, at: number): { byte: number; next: number } | undefined {
  if (text.charCodeAt(at) !== 37) return undefined;
  let digits = at + 1;
  while (hexByte(text, digits) === 0x25 && hexByte(text, digits + 2) >= 0) digits += 2;
  const byte = hexByte(text, digits);
  return byte < 0 ? undefined : { byte, next: digits + 2 };
}

/** How many bytes a UTF-8 sequence starting with `byte` holds; 0 for no valid start. */
const utf8Length = (byte: number) =>
  byte < 0x80 ? 1 : byte < 0xc2 ? 0 : byte < 0xe0 ? 2 : byte < 0xf0 ? 3 : byte < 0xf5 ? 4 : 0;

/** A layer's next reading from `from` on: where it starts, the text it stands for, where it ends. */
type Layer = (text: string, from: number, literal: boolean) => [number, string, number] | undefined;

/** Maps the input's characters `[first, next)` each to what it came from. */
function mapEach(input: Decoded, first: number, next: number, start: number[], end: number[]) {
  for (let index = first; index < next; index++) {
    start.push(input.start?.[index] ?? index);
    end.push(input.end?.[index] ?? index + 1);
  }
}

/**
 * The text with one layer undone (what does not decode stays as it is),
 * mapped back to the original when asked: the search for a secret needs no map.
 */
function undone(input: Decoded, mapped: boolean, layer: Layer, literal: boolean): Decoded {
  const { text } = input;
  let found = layer(text, 0, literal);
  if (found === undefined) return input;
  const parts: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  let copied = 0;
  for (; found !== undefined; found = layer(text, copied, literal)) {
    const [at, piece, next] = found;
    parts.push(text.slice(copied, at), piece);
    if (mapped) mapEach(input, copied, at, start, end);
    for (let unit = 0; mapped && unit < piece.length; unit++) {
      start.push(input.start?.[at] ?? at);
      end.push(input.end?.[next - 1] ?? next);
    }
    copied = next;
  }
  parts.push(text.slice(copied));
  if (mapped) mapEach(input, copied, text.length, start, end);
  const decoded = parts.join("");
  return mapped ? { text: decoded, start, end } : { text: decoded };
}

/** Percent-encoding: a character (a UTF-8 sequence whole), however many times `%25` encoded it again. */
const percentLayer: Layer = (text, from) => {
  for (let at = text.indexOf("%", from); at >= 0; at = text.indexOf("%", at + 1)) {
    const first = percentByte(text, at);
    if (!first) continue;
    const length = utf8Length(first.byte);
    const bytes = [first.byte];
    let next = first.next;
    while (bytes.length < length) {
      const more = percentByte(text, next);
      if (!more || more.byte < 0x80 || more.byte > 0xbf) break;
      bytes.push(more.byte);
      next = more.next;
    }
    if (length === 1) return [at, String.fromCharCode(first.byte), next];
    if (length > 0 && bytes.length === length) {
      return [at, utf8.decode(Uint8Array.from(bytes)), next];
    }
    // `%25…25` before hex digits that decode to nothing (`%2525aa`) is a `%` and those digits.
    if (first.next > at + 3) return [at, "%", first.next - 2];
  }
  return undefined;
};

/**
 * JSON's escapes (`\u006b`, `\/`), JavaScript's (`\x6b`, `\u{6b}`) and
 * markup references (`&#107;`, `&#x6B;`, `&amp;`; a numeric one also
 * without its `;`, as browsers read it), leading zeros read as JavaScript
 * and markup read them (`&#x0000053;`, `\u{0006b}`).
 */
const anEscape =
  /\\(?:u[0-9a-fA-F]{4}|u\{0*([0-9a-fA-F]{1,6})\}|x([0-9a-fA-F]{2})|(["\\/bfnrt]))|&#(?:0*([0-9]{1,7})|[xX]0*([0-9a-fA-F]{1,6}));?|&(amp|lt|gt|quot|apos|AMP|LT|GT|QUOT);/g;

/** The characters XML's five named references (and HTML's upper-case four) stand for. */
const namedReferences: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"' };

/**
 * Escapes and markup references. With `literal` a short escape (a
 * backslash before `\`, `"`, `/` or a letter as in `\n`) is not undone: a
 * secret's own raw backslash (`a\b`, or `k\` before `\u0065`) reads as written.
 */
const escapeLayer: Layer = (text, from, literal) => {
  anEscape.lastIndex = from;
  for (let found = anEscape.exec(text); found; found = anEscape.exec(text)) {
    const [whole, braced, byte, short, decimal, hex, named] = found;
    if (literal && short !== undefined) {
      anEscape.lastIndex = found.index + 1;
      continue;
    }
    const numbered = braced ?? byte ?? hex;
    const codePoint = decimal !== undefined ? Number(decimal) : Number.parseInt(numbered ?? "", 16);
    const decoded =
      named !== undefined
        ? (namedReferences[named.toLowerCase()] ?? "'")
        : decimal === undefined && numbered === undefined
          ? (JSON.parse(`"${whole}"`) as string)
          : codePoint > 0x10ffff
            ? whole
            : String.fromCodePoint(codePoint);
    return [found.index, decoded, found.index + whole.length];
  }
  return undefined;
};

/** The text at each layer (percent; escapes twice, then percent; twice over); a layer that changed nothing is left out. */
function decodedViews(text: string, mapped: boolean, literal = false): Decoded[] {
  const views: Decoded[] = [{ text }];
  let last = views[0] as Decoded;
  for (let step = 0; step <= 6; step++) {
    const next = undone(last, mapped, step % 3 === 0 ? percentLayer : escapeLayer, literal);
    if (next.text !== last.text) views.push(next);
    last = next;
  }
  return views;
}

/**
 * What a secret's base64 holds whatever stands before and after it: for each
 * of the three offsets in a base64 group, the characters its bytes alone
 * decide (`Basic base64("user:" + key)` holds one of them). Both alphabets;
 * none shorter than 8 characters (too likely by chance).
 */
export function base64Cores(secret: string): string[] {
  const bytes = encoder.encode(secret);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    let binary = "";
    for (const byte of shifted) binary += String.fromCharCode(byte);
    const core = btoa(binary).slice(
      Math.ceil((8 * offset) / 6),
      Math.floor((8 * (offset + bytes.length)) / 6),
    );
    if (core.length >= shortSecretLength) {
      cores.push(core, core.replace(/\+/g, "-").replace(/\//g, "_"));
    }
  }
  return [...new Set(cores)];
}

/** A base64 character, `/` left out: a base64 word is masked up to a slash, so a path keeps its other segments. */
const isBase64Char = (char: string | undefined) =>
  char !== undefined && /[A-Za-z0-9+_-]/.test(char);

/** A character that may stand right before or after a short secret in a word of its own. */
const isWordChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9_~-]/.test(char);

/** The marks a cut text ends with: `...` of a shown value, `…` of a clipped one. */
const cutMarks = ["...", "…"];

/**
 * One text (folded) a secret may read as; at least `least` of its
 * characters in a row are masked (all of a short one, else 12 or half of
 * it), and every such run holds one of its `blocks`.
 */
interface Needle {
  readonly text: string;
  readonly least: number;
  readonly blocks: readonly (readonly [number, string])[];
}

function needleOf(text: string, whole: boolean): Needle {
  const least =
    whole || text.length <= shortestMaskedPiece
      ? text.length
      : Math.max(shortestMaskedPiece, Math.ceil(text.length / 2));
  // Blocks of half `least` (rounded up) at multiples of their size: a run of `least` holds one whole.
  const size = least === text.length ? least : Math.ceil(least / 2);
  const blocks: [number, string][] = [];
  for (let at = 0; at + size <= text.length; at += size)
    blocks.push([at, text.slice(at, at + size)]);
  return { text, least, blocks };
}

/** The text's letters in lower case, character for character (a letter whose lower case is longer, `İ`, stays). */
function folded(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const char of text) {
    const lowerChar = char.toLowerCase();
    out += lowerChar.length === char.length ? lowerChar : char;
  }
  return out;
}

/**
 * What one redactor looks for: the secrets (a spaced one also with `+`) as
 * written and as the layers read them, and in hex (only whole), folded;
 * their base64 cores (case-sensitive); a probe telling a text that holds
 * none of their pieces in any case; whether a secret holds a backslash.
 */
interface Secrets {
  readonly needles: readonly Needle[];
  readonly cores: readonly string[];
  readonly probe: (text: string) => boolean;
  readonly backslash: boolean;
}

/**
 * Whether a text holds any of `literals` in any case: one RegExp for the
 * configured secrets (many times faster than a search each), plain
 * searches for a presented token (no RegExp compiled per request).
 */
function literalsProbe(literals: readonly string[], compiled: boolean): (text: string) => boolean {
  const distinct = [...new Set(literals.map(folded))];
  if (distinct.length === 0) return () => false;
  if (!compiled) {
    return (text) => {
      const lower = folded(text);
      return distinct.some((literal) => lower.includes(literal));
    };
  }
  const pattern = new RegExp(alternatives(distinct), "i");
  return (text) => pattern.test(text);
}

const escapedLiteral = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");

/** A RegExp's source matching any of `literals`, grouped by their first characters (`s(?:tag|ecr)`, 4 deep): fewer tries per character. */
function alternatives(literals: readonly string[], depth = 4): string {
  if (depth === 0) return literals.map(escapedLiteral).join("|");
  const byFirst = new Map<string, string[]>();
  for (const literal of literals) {
    const first = literal.slice(0, 1);
    byFirst.set(first, [...(byFirst.get(first) ?? []), literal.slice(1)]);
  }
  return [...byFirst]
    .map(([first, rests]) => {
      // A literal that is all of a longer one's start stands for both.
      if (rests.includes("")) return escapedLiteral(first);
      const rest =
        rests.length === 1
          ? escapedLiteral(rests[0] as string)
          : `(?:${alternatives(rests, depth - 1)})`;
      return escapedLiteral(first) + rest;
    })
    .join("|");
}

/** A secret's UTF-8 bytes as hex digits. */
const hexOf = (secret: string) =>
  Array.from(encoder.encode(secret), (byte) => byte.toString(16).padStart(2, "0")).join("");

function secretsOf(list: readonly string[], compiled = true): Secrets {
  const ordered = [...new Set(list)].filter(Boolean);
  const spaced = ordered.filter((secret) => secret.includes(" ")).map((s) => s.replace(/ /g, "+"));
  // Its case changed, a secret that reads like an escape (`\x41` → `\X41`) may read otherwise: each case read too.
  const cased = ordered.flatMap((secret) => [secret, secret.toUpperCase(), secret.toLowerCase()]);
  const read = [...new Set(cased)].flatMap((secret) =>
    [false, true].map((literal) => decodedViews(secret, false, literal).at(-1)?.text ?? secret),
  );
  const texts = [...new Set([...ordered, ...spaced, ...read].map(folded))].filter(Boolean);
  const hex = [...new Set(ordered.map(hexOf))];
  const needles = [
    ...texts.map((text) => needleOf(text, false)),
    ...hex.map((text) => needleOf(text, true)),
  ];
  const cores = ordered.flatMap(base64Cores);
  const blocks = needles
    .slice(0, texts.length)
    .flatMap((needle) => needle.blocks.map(([, b]) => b));
  // Two RegExps, the secrets' pieces and their hex and base64 forms: each stays selective, so a text is read faster than by one.
  const pieces = literalsProbe(blocks, compiled);
  const encoded = literalsProbe([...hex, ...cores], compiled);
  return {
    needles,
    cores,
    probe: (text) => pieces(text) || encoded(text),
    backslash: ordered.some((secret) => secret.includes("\\")),
  };
}

/** Another form than the raw one may be in the text (`%`, `+`, a backslash, a markup reference), or a cut one (`...`, `…`). */
const encodedHint = /[%+\\…]|&#|&(?:amp|lt|gt|quot|apos|AMP|LT|GT|QUOT);|\.\.\./;

/** The ranges of one reading of a text that hold a secret (or a long piece of one), in any form and case. */
function secretRanges(reading: string, secrets: Secrets): [number, number][] {
  const ranges: [number, number][] = [];
  const view = folded(reading);
  for (const { text, least, blocks } of secrets.needles) {
    for (const [offset, block] of blocks) {
      // The next search starts past what this one masked (a block of a repeating secret, `xxxx`, is found everywhere in a run).
      let next = 0;
      for (let at = view.indexOf(block); at >= 0; at = view.indexOf(block, next)) {
        // The piece of the needle around the block, as far as the text goes along with it.
        let start = at;
        let end = at + block.length;
        for (let from = offset; from > 0 && view[start - 1] === text[from - 1]; from--) start--;
        for (let to = offset + block.length; to < text.length && view[end] === text[to]; to++) {
          end++;
        }
        const alone = !isWordChar(view[start - 1]) && !isWordChar(view[end]);
        if (end - start >= least && (text.length >= shortSecretLength || alone)) {
          ranges.push([start, end]);
          next = Math.max(at + 1, end - block.length + 1);
        } else next = at + 1;
      }
    }
  }
  for (const core of secrets.cores) {
    for (let at = reading.indexOf(core); at >= 0; at = reading.indexOf(core, at + 1)) {
      // The whole base64 word goes: the rest of it also carries bits of the secret.
      let start = at;
      let end = at + core.length;
      while (isBase64Char(reading[start - 1])) start--;
      while (isBase64Char(reading[end])) end++;
      while (reading[end] === "=") end++;
      ranges.push([start, end]);
    }
  }
  for (const mark of cutMarks) {
    for (let at = view.indexOf(mark); at >= 0; at = view.indexOf(mark, at + 1)) {
      const cut = cutSecretBefore(view, at, secrets.needles);
      if (cut !== undefined) ranges.push([cut, at]);
    }
  }
  return ranges;
}

/** Where a secret's first characters (at least 4) start before a cut mark, up to 12 characters of a cut character's form (`&#10`) between them. */
function cutSecretBefore(view: string, mark: number, needles: readonly Needle[]) {
  for (let junk = 0; junk <= 12 && junk <= mark; junk++) {
    if (junk > 0 && /[\s"'()]/.test(view[mark - junk] as string)) break;
    const end = mark - junk;
    for (const { text } of needles) {
      if (text.length < shortSecretLength) continue;
      for (let length = text.length - 1; length >= 4; length--) {
        if (view.startsWith(text.slice(0, length), end - length)) return end - length;
      }
    }
  }
  return undefined;
}

/** Every form of every secret replaced with the mark (overlapping ranges merged). */
function maskSecrets(text: string, secrets: Secrets): string {
  if (!encodedHint.test(text) && !secrets.probe(text)) return text;
  // A secret with a backslash of its own may stand raw beside an escaped character: both readings.
  const ranges = rangesOf(text, secrets, false);
  if (secrets.backslash) ranges.push(...rangesOf(text, secrets, true));
  ranges.sort((a, b) => a[0] - b[0]);
  let out = "";
  let emitted = 0;
  for (const [start, end] of ranges) {
    if (end <= emitted) continue;
    if (start >= emitted) out += `${text.slice(emitted, start)}${redactedMark}`;
    emitted = end;
  }
  return ranges.length === 0 ? text : out + text.slice(emitted);
}

/** The ranges of the text that hold a secret in any of its readings (one way of reading backslashes). */
function rangesOf(text: string, secrets: Secrets, literal: boolean): [number, number][] {
  // Most texts hold no secret: the text alone is decoded to look (every reading at once), the maps only to mask.
  const readings = decodedViews(text, false, literal)
    .map((view) => view.text)
    .join("\u0000");
  if (!secrets.probe(readings) && !cutMarks.some((mark) => readings.includes(mark))) return [];
  return decodedViews(text, true, literal).flatMap((view) =>
    secretRanges(view.text, secrets).map(([start, end]): [number, number] => [
      view.start?.[start] ?? start,
      view.end?.[end - 1] ?? end,
    ]),
  );
}

/** A text that may name a secret: one of the secret words (below) anywhere, in any case. */
const secretWordHint =
  /key|token|secret|pass|pwd|auth|credential|session|sig|cookie|jwt|bearer|otp|pin/i;

/** …or, with `%` or `\` in it, a parameter's name with a percent-escape, or a JSON field's with an escape. */
const encodedNameHint =
  /(?:^|[?&;\s"'])[^=&?;/\s"'<>#]*%[0-9a-fA-F]{2}[^=&?;/\s"'<>#]*=|(?:\\u[0-9a-fA-F]{4}|%[0-9a-fA-F]{2})[^"\\\s]*"\s*:/;

const mayNameSecret = (text: string) =>
  secretWordHint.test(text) ||
  ((text.includes("%") || text.includes("\\")) && encodedNameHint.test(text));

/** The words that make a parameter, field or header name a secret's. */
const secretWords = new Set([
  ...["token", "key", "apikey", "secret", "password", "pass", "passwd", "pwd", "passphrase"],
  ...["auth", "authorization", "credential", "credentials", "session", "sessionid"],
  ...["signature", "sig", "cookie", "jwt", "bearer", "otp", "pin"],
]);

/** Whether a parameter's or header's name says it holds a secret: `token`, `api_key`, `apiKey`, `X-Auth-Token`, `%6Bey`… (any case). */
export function isSecretName(name: string): boolean {
  // Decoded: `+` as a space, percent-encoding undone up to three times.
  let decoded = name.replace(/\+/g, " ");
  for (let round = 0; round < 3 && /%[0-9a-fA-F]{2}/.test(decoded); round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  // A name holding none of the words anywhere cannot hold one as a word: the common case.
  if (!secretWordHint.test(decoded)) return false;
  // Words as written (`kEY`, `api_key`) and split at case changes (`accessToken`, `APIKey`).
  const camel = decoded
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return `${decoded} ${camel}`
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => secretWords.has(word));
}

/**
 * A placeholder a text shows instead of a value (`<API_KEY>`, `<key>`,
 * `<API key>`: letters, `_` and spaces, no digit as a token would have),
 * its angle brackets raw, markup-escaped or JSON-escaped: never a secret.
 */
const placeholder = String.raw`(?:<|&lt;|\\u003[cC])[A-Za-z][A-Za-z_ ]{0,30}(?:>|&gt;|\\u003[eE])`;

/**
 * Where a value ends before its own characters do: a quote closing what
 * holds it (a JSON string, a shell word, Markdown code), the `>` of a
 * `<URL>`, the `</` of markup; a quote or bracket followed by more of the
 * value is part of it (`?token=abc'def` is all masked).
 */
const valueEnd = String.raw`["'\`](?=[\s,;:)\]}>/"'\`<]|$)|>(?=[\s,;:)\]}"'\`<]|$)|<(?=/)`;

/**
 * The characters of a value up to `stops` (whitespace and those given), a
 * closing quote or bracket, or the backslash of a JSON string's closing `\"`
 * (so a masked JSON text stays JSON). A value does not start with a quote
 * (`Authorization: "Bearer …"` is code quoting a header). A placeholder is
 * a value of its own; where `;` stops a value, a markup reference
 * (`&lt;tok3n&gt;`) is one character of it.
 */
const valueChars = (stops: string) =>
  String.raw`${placeholder}[.,]?(?=[\s${stops}"'\`)\]}<]|$)|(?!["'\`])(?:(?!${valueEnd})(?:${stops.includes(";") ? "&(?:[A-Za-z]{2,8}|#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8});|" : ""}[^\s${stops}\\]|\\[^"\s]))+`;

/** `name=value` in a query, a form body or a text quoting one; the name may be percent-encoded. */
const parameterPattern = new RegExp(
  String.raw`(^|[?&;\s"'])([^=&?;\s"'<>#]{1,200})=(${valueChars("&")})`,
  "g",
);

/** A header line `Name: value [value]`; a value ends at `,` or `;` too. */
const headerPattern = new RegExp(
  String.raw`(^|[\s"'])([A-Za-z][A-Za-z0-9_-]{0,63}):[ \t]*(${valueChars(",;")})(?:([ \t]+)(${valueChars(",;")}))?`,
  "g",
);

/** A JSON field `"name": value` whose value is a string or a number. */
const jsonField = /("(?:[^"\\\n]|\\.){1,200}")(\s*:\s*)("(?:[^"\\\n]|\\.)*"|-?\d[\d.eE+-]*)/g;

/** Header names whose value is a credential whatever their words. */
const credentialHeaders = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
const authScheme = /^(?:bearer|basic|digest|token|negotiate|apikey|hoba|mutual)$/i;

const wholePlaceholder = new RegExp(`^${placeholder}[.,]?$`);

/** A value a text may show: a shell variable (`$KEY`, `$(…)`), a placeholder, or already the mark. */
const keptValue = (value: string) =>
  value.startsWith("$") || value === redactedMark || wholePlaceholder.test(value);

/** A JSON string literal's text, or undefined where it is none. */
function stringOf(literal: string): string | undefined {
  if (!literal.includes("\\")) return literal.slice(1, -1);
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
}

/** The values of secret-named parameters, JSON fields and header lines, masked. */
function maskSecretNamed(text: string): string {
  const parameters = text.replace(parameterPattern, (match, lead: string, name: string, value) =>
    keptValue(value) || !isSecretName(name) ? match : `${lead}${name}=${redactedMark}`,
  );
  if (!parameters.includes(":")) return parameters;
  const fields = parameters.replace(jsonField, (match, name: string, colon: string, value) => {
    const field = stringOf(name) ?? "";
    const verdict = field === "credential" && credentialVerdicts.some((v) => value === `"${v}"`);
    // A field named just `key` is the kit's own name for an identifier (a fuzz failure's, a Pact interaction's).
    const shown = verdict || field === "key" || value === '""' || value === `"${redactedMark}"`;
    return !shown && isSecretName(field) ? `${name}${colon}"${redactedMark}"` : match;
  });
  return fields.replace(
    headerPattern,
    (match, lead: string, name: string, first: string, gap = "", second?: string) => {
      const lower = name.toLowerCase();
      const credential = credentialHeaders.has(lower);
      if (!credential && !(lower.includes("-") && isSecretName(lower))) return match;
      if (credential && authScheme.test(first)) {
        if (second === undefined || keptValue(second)) return match;
        return `${lead}${name}: ${first}${gap}${redactedMark}`;
      }
      const rest = second === undefined ? "" : `${gap}${second}`;
      return keptValue(first) ? match : `${lead}${name}: ${redactedMark}${rest}`;
    },
  );
}

/** A JSON string literal; one holding a backslash is decoded and redacted, up to 4 deep. */
const jsonString = /"(?:[^"\\\n]|\\.)*"/g;

function redactWith(text: string, secrets: Secrets, depth: number): string {
  // The whole text first: a quote a secret holds (`a\"b`) may pair with another text's as a JSON string.
  let out = secrets.needles.length > 0 ? maskSecrets(text, secrets) : text;
  if (depth < 4 && out.includes("\\")) {
    out = out.replace(jsonString, (literal) => {
      const decoded = literal.includes("\\") ? stringOf(literal) : undefined;
      if (decoded === undefined) return literal;
      const redacted = redactWith(decoded, secrets, depth + 1);
      return redacted === decoded ? literal : JSON.stringify(redacted);
    });
  }
  return mayNameSecret(out) ? maskSecretNamed(out) : out;
}

/** A function replacing every form of every secret (and secret-named values) with the mark. */
export function createRedactor(secrets: readonly string[]): Redact {
  const found = secretsOf(secrets);
  return (text) => redactWith(text, found, 0);
}

/**
 * A redactor that answers the last two texts (up to 2,048 characters) it
 * masked again without searching: a client sends the same request target
 * over and over, and the server masks it for the log and for the journal.
 */
function remembering(redact: Redact): Redact {
  let first: string | undefined;
  let firstMasked = "";
  let second: string | undefined;
  let secondMasked = "";
  return (text) => {
    if (text === first) return firstMasked;
    if (text === second) return secondMasked;
    const masked = redact(text);
    if (text.length <= 2048) {
      [second, secondMasked, first, firstMasked] = [first, firstMasked, text, masked];
    }
    return masked;
  };
}

/**
 * Per request: the redactor of the configured secrets plus the token the
 * request's `Authorization` presents (any scheme, 4 characters or more)
 * when it is none of them, in every form too (no RegExp is built for it,
 * so a token costs little to add).
 */
export function createRequestRedactor(
  secrets: readonly string[],
): (authorization: string | undefined) => Redact {
  const configured = secretsOf(secrets);
  const configuredRedact = remembering((text) => redactWith(text, configured, 0));
  const forHeader = (authorization: string | undefined): Redact => {
    const credential = authorization?.trim() ?? "";
    const gap = credential.search(/\s/);
    const token = gap < 0 ? "" : credential.slice(gap).trim().slice(0, 4096);
    if (token.length < 4 || secrets.includes(token)) return configuredRedact;
    const added = secretsOf([token], false);
    const withToken: Secrets = {
      needles: [...configured.needles, ...added.needles],
      cores: [...configured.cores, ...added.cores],
      probe: (text) => configured.probe(text) || added.probe(text),
      backslash: configured.backslash || added.backslash,
    };
    return remembering((text) => redactWith(text, withToken, 0));
  };
  // A client sends the same header on every request: its redactor is kept until another comes.
  let lastHeader: string | undefined;
  let lastRedact = configuredRedact;
  return (authorization) => {
    if (authorization !== lastHeader) {
      lastRedact = forHeader(authorization);
      lastHeader = authorization;
    }
    return lastRedact;
  };
}
