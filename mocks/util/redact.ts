/**
 * The kit's one redactor: every text the kit writes down (the request log,
 * the journal and so the dashboard, Error messages, the proxy's answers,
 * recordings, replays and every contract report) goes through it, with one
 * set of secrets and one mark. Runtime-neutral.
 *
 * How it finds a secret: it undoes the encodings a text may carry, keeping
 * where each decoded character came from, and looks for the secret itself
 * in what it reads; the characters it came from are masked. The layers it
 * undoes, in any mix and character by character: percent-encoding (either
 * hex case, as many times over as `%25` says: `%25256B` is `k`), JSON
 * escapes (`\u006b`, `\/`, `\"`, …; twice, for a JSON string inside a JSON
 * string) and JavaScript's (`\x6b`, `\u{6b}`), markup references (numeric,
 * `&#107;`, `&#x6B;`, with any number of leading zeros and with or without
 * `;`; named, XML's five and HTML's `&AMP;`, `&LT;`, `&GT;`, `&QUOT;`), then
 * percent-encoding again (a JSON-escaped `%`). It compares in any letter
 * case: a key with its case changed is the key. So it masks:
 *
 * - each configured secret (API keys, the admin key, the proxy key, a
 *   contract run's key), and the token a request presents in
 *   `Authorization` even when it is wrong (`createRequestRedactor`), in any
 *   of those forms and any case, in hex (any case), `+` for a space, and in
 *   base64 at any offset (standard or URL-safe alphabet:
 *   `Basic base64(user:key)`; the whole word masked, up to a `/`); also
 *   where a message's length limit cut it: its first 4 characters or more
 *   right before `...` or `…`;
 * - values inside JSON strings after decoding them (nested JSON included);
 * - the values of query parameters named like secrets (`token`, `api_key`,
 *   `apiKey`, `%6Bey`, `ke%2579`: the name decoded first), and of
 *   `Authorization`, `Proxy-Authorization`, `Cookie` and hyphenated
 *   secret-named header lines (`X-Api-Key: …`); a shell variable (`$KEY`) or
 *   a placeholder (`<API_KEY>`, `<key>`, also as `&lt;key&gt;`) is left as
 *   it is.
 *
 * What it cannot know is not masked: a key reversed, spaced out, split into
 * pieces shorter than 12 characters, base64 of a case-changed key, base64
 * twice, encrypted or hashed, or in an encoding outside those layers
 * (HTML's other named references such as `&colon;`, UTF-16 bytes, hex with
 * separators).
 *
 * The fast path, taken by almost every request target: a text without `%`,
 * `+`, `\`, `&#`/`&name;` or a cut mark, without a raw secret or its base64
 * core, and without a secret word is returned as it is, after a few
 * substring searches and no decoding.
 *
 * @example
 * const redact = createRedactor(["my key/+é"]);
 * redact("/pets?x=my%20key%2F%2b%C3%A9"); // "/pets?x=[redacted]"
 * redact('{"m":"\\u006dy key\\/+\\u00e9"}'); // '{"m":"[redacted]"}'
 * redact("/pets?%6Bey=abc&limit=5"); // "/pets?%6Bey=[redacted]&limit=5"
 */

import { credentialVerdicts, redactedMark } from "./redacted-mark.js";

export { type CredentialVerdict, credentialVerdicts, redactedMark } from "./redacted-mark.js";

/** Below this length a secret is masked only where it stands alone, so a key "k" leaves "skipped" alone. */
export const shortSecretLength = 8;

export type Redact = (text: string) => string;

const encoder = new TextEncoder();

/**
 * A text with encodings undone: `text`, and for each of its characters the
 * range `[start, end)` of the original text it came from (absent: the
 * original itself, character for character).
 */
interface Decoded {
  readonly text: string;
  readonly start?: Int32Array;
  readonly end?: Int32Array;
}

/**
 * Collects one decoding pass's output, each piece mapped back to the
 * original through `from`. Decoding never lengthens a text, so the maps are
 * allocated once at the input's length.
 */
class Decoding {
  private readonly parts: string[] = [];
  private readonly start: Int32Array | undefined;
  private readonly end: Int32Array | undefined;
  private length = 0;

  /** Without `mapped`, only the text is decoded: the search for a secret needs no map. */
  constructor(
    private readonly from: Decoded,
    mapped: boolean,
  ) {
    this.start = mapped ? new Int32Array(from.text.length) : undefined;
    this.end = mapped ? new Int32Array(from.text.length) : undefined;
  }

  /** The input's characters `[first, next)` as they are. */
  copy(first: number, next: number): void {
    if (next <= first) return;
    this.parts.push(this.from.text.slice(first, next));
    if (!this.start || !this.end) return;
    for (let at = first; at < next; at++) {
      this.start[this.length] = this.from.start?.[at] ?? at;
      this.end[this.length] = this.from.end?.[at] ?? at + 1;
      this.length++;
    }
  }

  /** `text` (at most as long) stands for the input's characters `[first, next)`. */
  put(text: string, first: number, next: number): void {
    this.parts.push(text);
    if (!this.start || !this.end) return;
    const start = this.from.start?.[first] ?? first;
    const end = this.from.end?.[next - 1] ?? next;
    for (let unit = 0; unit < text.length; unit++) {
      this.start[this.length] = start;
      this.end[this.length] = end;
      this.length++;
    }
  }

  done(): Decoded {
    const text = this.parts.join("");
    if (!this.start || !this.end) return { text };
    return {
      text,
      start: this.start.subarray(0, this.length),
      end: this.end.subarray(0, this.length),
    };
  }
}

const utf8 = new TextDecoder();

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

/** Percent-encoding undone (UTF-8 sequences whole); what does not decode stays as it is. */
function percentDecoded(input: Decoded, mapped: boolean): Decoded {
  const { text } = input;
  if (!text.includes("%")) return input;
  const out = new Decoding(input, mapped);
  let copied = 0;
  for (let at = text.indexOf("%"); at >= 0; at = text.indexOf("%", Math.max(at + 1, copied))) {
    const first = percentByte(text, at);
    if (!first) continue;
    const length = utf8Length(first.byte);
    let next = first.next;
    const bytes = [first.byte];
    while (bytes.length < length) {
      const more = percentByte(text, next);
      if (!more || more.byte < 0x80 || more.byte > 0xbf) break;
      bytes.push(more.byte);
      next = more.next;
    }
    if (length === 0 || bytes.length < length) {
      // `%25…25` before hex digits that decode to nothing (`%2525aa`) is a `%` and those digits.
      if (first.next === at + 3) continue;
      out.copy(copied, at);
      out.put("%", at, first.next - 2);
      copied = first.next - 2;
      continue;
    }
    out.copy(copied, at);
    out.put(
      length === 1 ? String.fromCharCode(first.byte) : utf8.decode(Uint8Array.from(bytes)),
      at,
      next,
    );
    copied = next;
  }
  out.copy(copied, text.length);
  return out.done();
}

/** The named references of the characters markup escapes: XML's five, and HTML's upper-case four. */
const namedReferences: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&AMP;": "&",
  "&LT;": "<",
  "&GT;": ">",
  "&QUOT;": '"',
};

/**
 * One escape at `lastIndex`: JSON's (`\\u006b`, `\\/`), JavaScript's
 * (`\\x6b`, `\\u{6b}`) or a markup reference (`&#107;`, `&#x6B;`, `&amp;`;
 * a numeric one also without its `;`, as browsers read it). Leading zeros
 * are read as JavaScript and markup read them, any number of them
 * (`&#x0000053;`, `&#0000083;`, `\\u{0006b}`).
 */
const escapeAt =
  /\\(?:u[0-9a-fA-F]{4}|u\{0*([0-9a-fA-F]{1,6})\}|x([0-9a-fA-F]{2})|(["\\/bfnrt]))|&#(?:0*([0-9]{1,7})|[xX]0*([0-9a-fA-F]{1,6}));?|&(?:amp|lt|gt|quot|apos|AMP|LT|GT|QUOT);/y;

/** A text that may hold an escape or a markup reference. */
const escapeHint = /\\|&(?:#|amp;|lt;|gt;|quot;|apos;|AMP;|LT;|GT;|QUOT;)/;

/**
 * JSON escapes and markup references undone, one layer; what does not decode
 * stays as it is. With `literalBackslashes` only `\uXXXX` escapes are
 * undone: a secret's own raw backslash (`a\b`, or one beside an escaped
 * character, `k\` then `\u0065`) reads as written, not as an escape.
 */
function escapesDecoded(input: Decoded, mapped: boolean, literalBackslashes = false): Decoded {
  const { text } = input;
  if (!escapeHint.test(text)) return input;
  const out = new Decoding(input, mapped);
  let copied = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char !== "\\" && char !== "&") continue;
    escapeAt.lastIndex = at;
    const found = escapeAt.exec(text);
    if (!found) continue;
    const [whole, braced, byte, short, decimal, hex] = found;
    if (literalBackslashes && short !== undefined) continue;
    const numbered = braced ?? byte ?? hex;
    const codePoint = decimal !== undefined ? Number(decimal) : Number.parseInt(numbered ?? "", 16);
    const decoded =
      decimal !== undefined || numbered !== undefined
        ? codePoint > 0x10ffff
          ? whole
          : String.fromCodePoint(codePoint)
        : whole.startsWith("\\")
          ? (JSON.parse(`"${whole}"`) as string)
          : (namedReferences[whole] as string);
    out.copy(copied, at);
    out.put(decoded, at, at + whole.length);
    copied = at + whole.length;
    at = copied - 1;
  }
  out.copy(copied, text.length);
  return out.done();
}

/** How many times escapes are undone twice, then percent-encoding: a JSON string in a JSON string, and a key's own escapes (`\\\\x41`, `%2541`) in that. */
const escapeRounds = 2;

/**
 * The text as it reads at each layer: as written, percent-encoding undone,
 * then twice over: JSON and JavaScript escapes and markup references undone
 * twice (a JSON string inside a JSON string, a reference to a backslash),
 * then percent-encoding again (a JSON-escaped `%`). Each layer a secret is
 * looked for in, so a secret that itself reads like an escape (`a%41b`,
 * `x&lt;y`) is found as written too; a layer that changed nothing is left
 * out.
 */
function decodedViews(text: string, mapped: boolean, literalBackslashes = false): Decoded[] {
  const views: Decoded[] = [{ text }];
  let last = views[0] as Decoded;
  for (let step = 0; step <= 3 * escapeRounds; step++) {
    const next =
      step % 3 === 0
        ? percentDecoded(last, mapped)
        : escapesDecoded(last, mapped, literalBackslashes);
    if (next.text !== last.text) views.push(next);
    last = next;
  }
  return views;
}

/** Bytes as base64 (standard alphabet, padded), in any runtime. */
function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * What a secret's base64 holds whatever stands before and after it: for each
 * of the three offsets in a base64 group, the characters its bytes alone
 * decide (`Basic base64("user:" + key)` holds one of them). Both alphabets;
 * none shorter than `shortSecretLength` (too likely by chance).
 */
export function base64Cores(secret: string): string[] {
  const bytes = encoder.encode(secret);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    const core = base64(shifted).slice(
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

/** How much of a long secret, cut off by a message's length limit, is masked before the cut mark. */
const shortestCutPrefix = 4;

/** How many characters of a cut character's form (`&#10`) may stand between a cut secret and its mark. */
const cutFormChars = 12;

/** A long secret's piece this long (or half the secret, if longer) is masked wherever it stands: one cut in two, or with a character changed. */
export const shortestMaskedPiece = 12;

/** One text a secret may read as. */
interface Needle {
  readonly text: string;
  /** The fewest of its characters in a row that are masked: all of a shorter needle, else 12 or half of it. */
  readonly least: number;
  /** Pieces of it at their offsets: every `least` characters in a row of it hold one of them. */
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

/** A secret's UTF-8 bytes as hex digits (any case: needles are compared folded). */
const hexForm = (secret: string) =>
  Array.from(encoder.encode(secret), (byte) => byte.toString(16).padStart(2, "0")).join("");

/**
 * The text with its letters in lower case, character for character (a
 * letter whose lower case is longer, `İ`, stays): a secret is looked for in
 * any case, as a key with its case changed is still the key, and the hex of
 * its bytes in any mix of cases is still its hex.
 */
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

/** What one redactor looks for. */
interface Secrets {
  /**
   * The secrets as written (a spaced one also with `+`), as the layers read
   * each one (`a%41b` as `aAb`), and in hex (only whole); all folded, to be
   * looked for in a folded text.
   */
  readonly needles: readonly Needle[];
  /** Their base64 cores (not folded: base64 is case-sensitive). */
  readonly cores: readonly string[];
  /**
   * Whether a text holds one of the needles' blocks or the cores in any
   * case, which a text holding none of the forms lacks: one RegExp of
   * literals for the configured secrets (many times faster than a search
   * each), plain searches for a presented token (no RegExp compiled per
   * request).
   */
  readonly probe: (text: string) => boolean;
  /** Whether a secret holds a backslash of its own. */
  readonly backslash: boolean;
}

/** Whether a text holds any of `literals` in any case: one RegExp for all of them, or a search each. */
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

/**
 * A RegExp's source matching any of `literals`, those with first characters
 * in common grouped (`s(?:tag|ecr)`, `depth` characters deep): fewer tries
 * per character read.
 */
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

function secretsOf(list: readonly string[], compiled = true): Secrets {
  const ordered = [...new Set(list)].filter(Boolean);
  const spaced = ordered.filter((secret) => secret.includes(" ")).map((s) => s.replace(/ /g, "+"));
  // Its case changed, a secret that reads like an escape (`\\x41` → `\\X41`) may read otherwise: each case read too.
  const cased = ordered.flatMap((secret) => [secret, secret.toUpperCase(), secret.toLowerCase()]);
  const read = [...new Set(cased)].flatMap((secret) =>
    [false, true].map((literal) => decodedViews(secret, false, literal).at(-1)?.text ?? secret),
  );
  const texts = [...new Set([...ordered, ...spaced, ...read].map(folded))].filter(Boolean);
  const hex = [...new Set(ordered.map(hexForm))];
  const needles = [
    ...texts.map((text) => needleOf(text, false)),
    ...hex.map((text) => needleOf(text, true)),
  ];
  const cores = ordered.flatMap(base64Cores);
  const blocksOf = (list: readonly Needle[]) =>
    list.flatMap(({ blocks }) => blocks.map(([, b]) => b));
  // Two RegExps, the secrets' pieces and their hex and base64 forms: each stays selective, so a text is read faster than by one.
  const pieces = literalsProbe(blocksOf(needles.slice(0, texts.length)), compiled);
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

/** Where a secret's first characters (at least 4) start right before a cut mark at `mark`, if they do. */
function cutSecretBefore(
  decoded: string,
  mark: number,
  needles: readonly Needle[],
): number | undefined {
  for (let junk = 0; junk <= cutFormChars && junk <= mark; junk++) {
    if (junk > 0 && /[\s"'()]/.test(decoded[mark - junk] as string)) break;
    const end = mark - junk;
    for (const { text } of needles) {
      if (text.length < shortSecretLength) continue;
      for (let length = text.length - 1; length >= shortestCutPrefix; length--) {
        if (decoded.startsWith(text.slice(0, length), end - length)) return end - length;
      }
    }
  }
  return undefined;
}

/** The text with each range of it (overlaps merged) replaced by the mark. */
function masked(text: string, ranges: [number, number][]): string {
  ranges.sort((a, b) => a[0] - b[0]);
  let out = "";
  let emitted = 0;
  for (const [start, end] of ranges) {
    if (end <= emitted) continue;
    if (start >= emitted) out += `${text.slice(emitted, start)}${redactedMark}`;
    emitted = end;
  }
  return out + text.slice(emitted);
}

/** Every form of every secret replaced with the mark. */
function maskSecrets(text: string, secrets: Secrets): string {
  const mayHold = encodedHint.test(text) || secrets.probe(text);
  if (!mayHold) return text;
  // A secret with a backslash of its own may stand raw beside an escaped character: both readings.
  const ranges = secrets.backslash
    ? [...rangesOf(text, secrets, false), ...rangesOf(text, secrets, true)]
    : rangesOf(text, secrets, false);
  return ranges.length === 0 ? text : masked(text, ranges);
}

/** The ranges of the text that hold a secret in any of its readings (one way of reading backslashes). */
function rangesOf(text: string, secrets: Secrets, literalBackslashes: boolean): [number, number][] {
  // Most texts hold no secret: the text alone is decoded to look (every reading at once), the maps only to mask.
  const readings = decodedViews(text, false, literalBackslashes)
    .map((view) => view.text)
    .join("\u0000");
  const mayHold = secrets.probe(readings) || cutMarks.some((mark) => readings.includes(mark));
  if (!mayHold) return [];
  return decodedViews(text, true, literalBackslashes).flatMap((view) =>
    secretRanges(view.text, secrets).map(([start, end]): [number, number] => [
      view.start?.[start] ?? start,
      view.end?.[end - 1] ?? end,
    ]),
  );
}

/** A text that may hold a secret-named parameter, header or JSON field: a secret word… */
const secretWordHint =
  /key|token|secret|pass|pwd|auth|credential|session|sig|cookie|jwt|bearer|otp|pin/i;

/** …or, with `%` or `\\` in it, a parameter's name with a percent-escape, or a JSON field's with an escape. */
const encodedNameHint =
  /(?:^|[?&;\s"'])[^=&?;/\s"'<>#]*%[0-9a-fA-F]{2}[^=&?;/\s"'<>#]*=|(?:\\u[0-9a-fA-F]{4}|%[0-9a-fA-F]{2})[^"\\\s]*"\s*:/;

const mayNameSecret = (text: string) =>
  secretWordHint.test(text) ||
  ((text.includes("%") || text.includes("\\")) && encodedNameHint.test(text));

/** The words that make a parameter or header name a secret's. */
const secretWords = new Set([
  "token",
  "key",
  "apikey",
  "secret",
  "password",
  "pass",
  "passwd",
  "pwd",
  "passphrase",
  "auth",
  "authorization",
  "credential",
  "credentials",
  "session",
  "sessionid",
  "signature",
  "sig",
  "cookie",
  "jwt",
  "bearer",
  "otp",
  "pin",
]);
const anySecretWord = new RegExp([...secretWords].join("|"), "i");

/** A name as it reads decoded: percent-encoding undone up to three times, `+` as a space. */
function decodedName(name: string): string {
  let decoded = name.replace(/\+/g, " ");
  for (let round = 0; round < 3 && /%[0-9a-fA-F]{2}/.test(decoded); round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  return decoded;
}

/** Whether a parameter's or header's name says it holds a secret: `token`, `api_key`, `apiKey`, `X-Auth-Token`, `%6Bey`… (any case). */
export function isSecretName(name: string): boolean {
  const decoded = decodedName(name);
  // A name holding none of the words anywhere cannot hold one as a word: the common case.
  if (!anySecretWord.test(decoded)) return false;
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
 * its angle brackets raw, markup-escaped (`&lt;key&gt;`) or JSON-escaped
 * (`\\u003ckey\\u003e`): a hint's words, never a secret.
 */
const placeholder = String.raw`(?:<|&lt;|\\u003[cC])[A-Za-z][A-Za-z_ ]{0,30}(?:>|&gt;|\\u003[eE])`;

/**
 * Where a value ends before its own characters do: a quote closing what
 * holds it (a JSON string, a shell word, Markdown code), the `>` of a
 * `<URL>`, the `</` of markup; a quote or bracket followed by more of the
 * value is part of it (`?token=abc'def` is all masked).
 */
const valueEnd = String.raw`["'\`](?=[\s,;:)\]}>/"'\`<]|$)|>(?=[\s,;:)\]}"'\`<]|$)|<(?=/)`;

/** A markup reference, one character of a value that `;` ends (a header's: `&lt;tok3n&gt;`). */
const markupReference = "&(?:[A-Za-z]{2,8}|#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8});";

/**
 * The characters of a value up to `stops` (whitespace and those given), a
 * closing quote or bracket, or the backslash of a JSON string's closing `\"`
 * (so a masked JSON text stays JSON). A value does not start with a quote:
 * `Authorization: "Bearer …"` is code quoting a header, not a header line.
 * A placeholder is a value of its own (`keptValue` keeps it); where `;`
 * stops a value, a markup reference is one character of it.
 */
const valueChars = (stops: string) =>
  String.raw`${placeholder}[.,]?(?=[\s${stops}"'\`)\]}<]|$)|(?!["'\`])(?:(?!${valueEnd})(?:${stops.includes(";") ? `${markupReference}|` : ""}[^\s${stops}\\]|\\[^"\s]))+`;

/**
 * `name=value` in a query, a form body or a text quoting one; the name may
 * be percent-encoded. The value runs to the next `&`, whitespace or the end
 * of what holds it (a JSON string holding a URL is read decoded, up to its
 * own end).
 */
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

/** A value a text may show: a shell variable (`$KEY`, `$(…)`), a placeholder (`<API_KEY>`, `&lt;key&gt;`), or already the mark. */
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

/** The values of secret-named parameters and header lines, masked. */
function maskSecretNamed(text: string): string {
  const parameters = text.replace(parameterPattern, (match, lead: string, name: string, value) =>
    keptValue(value) || !isSecretName(name) ? match : `${lead}${name}=${redactedMark}`,
  );
  if (!parameters.includes(":")) return parameters;
  // A JSON body's secret-named field, like a form body's `password=`.
  const fields = parameters.replace(jsonField, (match, name: string, colon: string, value) => {
    const field = stringOf(name) ?? "";
    const verdict = field === "credential" && credentialVerdicts.some((v) => value === `"${v}"`);
    // A field named just `key` is the kit's own name for an identifier (a fuzz failure's, a Pact interaction's).
    const shown = verdict || field === "key" || value === '""' || value === `"${redactedMark}"`;
    const secret = !shown && isSecretName(field);
    return secret ? `${name}${colon}"${redactedMark}"` : match;
  });
  return fields.replace(
    headerPattern,
    (match, lead: string, name: string, first: string, gap = "", second?: string) => {
      const lower = name.toLowerCase();
      const credential = credentialHeaders.has(lower);
      if (!credential && !(lower.includes("-") && isSecretName(lower))) return match;
      const rest = second === undefined ? "" : `${gap}${second}`;
      if (credential && authScheme.test(first)) {
        if (second === undefined || keptValue(second)) return match;
        return `${lead}${name}: ${first}${gap}${redactedMark}`;
      }
      return keptValue(first) ? match : `${lead}${name}: ${redactedMark}${rest}`;
    },
  );
}

/** How deep JSON strings inside JSON strings are decoded. */
const maxJsonDepth = 4;

/** A JSON string literal; one holding a backslash is decoded and redacted. */
const jsonString = /"(?:[^"\\\n]|\\.)*"/g;

function redactWith(text: string, secrets: Secrets, depth: number): string {
  // The whole text first: a quote a secret holds (`a\"b`) may pair with another text's as a JSON string.
  let out = secrets.needles.length > 0 ? maskSecrets(text, secrets) : text;
  if (depth < maxJsonDepth && out.includes("\\")) {
    out = out.replace(jsonString, (literal) => {
      if (!literal.includes("\\")) return literal;
      const decoded = stringOf(literal);
      if (decoded === undefined) return literal;
      const redacted = redactWith(decoded, secrets, depth + 1);
      return redacted === decoded ? literal : JSON.stringify(redacted);
    });
  }
  if (mayNameSecret(out)) out = maskSecretNamed(out);
  return out;
}

/** A function replacing every form of every secret (and secret-named values) with the mark. */
export function createRedactor(secrets: readonly string[]): Redact {
  const found = secretsOf(secrets);
  return (text) => redactWith(text, found, 0);
}

/** The token an `Authorization` header presents (any scheme), to mask it even when it is wrong. */
export function presentedToken(authorization: string | undefined): string | undefined {
  const credential = authorization?.trim();
  const gap = credential?.search(/\s/) ?? -1;
  return gap < 0 ? undefined : credential?.slice(gap).trim().slice(0, 4096);
}

/** A presented token shorter than this is not masked: it would mask ordinary characters of the text. */
const shortestPresentedToken = 4;

/**
 * Per request: the redactor of the configured secrets plus the token the
 * request presents when it is none of them, in every form too (no RegExp is
 * built for it, so a token costs little to add).
 */
/** Texts up to this length are remembered by `remembering`. */
const rememberedChars = 2048;

/**
 * A redactor that answers the last two texts it masked again without
 * searching: a client sends the same request target over and over, and the
 * server masks it for the log and for the journal.
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
    if (text.length <= rememberedChars) {
      second = first;
      secondMasked = firstMasked;
      first = text;
      firstMasked = masked;
    }
    return masked;
  };
}

export function createRequestRedactor(
  secrets: readonly string[],
): (authorization: string | undefined) => Redact {
  const configured = secretsOf(secrets);
  const configuredRedact = remembering((text) => redactWith(text, configured, 0));
  const forHeader = (authorization: string | undefined): Redact => {
    const token = presentedToken(authorization);
    if (token === undefined || token.length < shortestPresentedToken || secrets.includes(token)) {
      return configuredRedact;
    }
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
