/**
 * The kit's one redactor: every text the kit writes down (the request log,
 * the journal and so the dashboard, Error messages, the proxy's answers,
 * recordings, replays and every contract report) goes through it, with one
 * set of secrets and one mark. Runtime-neutral.
 *
 * What it masks:
 *
 * - each configured secret (API keys, the admin key, the proxy key, a
 *   contract run's key) in every form a URL, a JSON string, markup or a
 *   Basic credential carries it, character by character in any mix: raw,
 *   JSON escapes (`\u006b` in either case, `\/`, `\"`, …), HTML/XML
 *   references (`&#107;`, `&#x6b;`, `&#x6B;`, `&amp;`, …), each of these
 *   also percent-encoded (either hex case, up to five times over: `%256B`,
 *   `%5Cu006b`),
 *   `+` for a space, and base64 at any offset (standard or URL-safe
 *   alphabet, `+` and `/` also percent- or JSON-escaped: `Basic
 *   base64(user:key)`), the whole base64 word masked;
 * - values inside JSON strings after decoding them (nested JSON included), so
 *   any escaping, and any of the forms above under it, is seen through;
 * - the token a request presents in `Authorization`, raw, percent-, form-,
 *   JSON- and markup-encoded, even when it is wrong (`createRequestRedactor`);
 * - the values of query parameters named like secrets (`token`, `api_key`,
 *   `apiKey`, `%6Bey`, `ke%2579`: the name decoded first), and of
 *   `Authorization`, `Proxy-Authorization`, `Cookie` and hyphenated
 *   secret-named header lines (`X-Api-Key: …`); a shell variable (`$KEY`) or
 *   a placeholder (`<API_KEY>`) is left as it is.
 *
 * The fast path, taken by almost every request target: a text without `%`,
 * `+`, `\`, `&#`/`&name;`, without a raw secret or its base64 and without a
 * secret word or `%` before a `=` is returned as it is, no RegExp of the
 * secrets run.
 *
 * @example
 * const redact = createRedactor(["my key/+é"]);
 * redact("/pets?x=my%20key%2F%2b%C3%A9"); // "/pets?x=[redacted]"
 * redact('{"m":"\\u006dy key\\/+\\u00e9"}'); // '{"m":"[redacted]"}'
 * redact("/pets?%6Bey=abc&limit=5"); // "/pets?%6Bey=[redacted]&limit=5"
 */
import { escapeRegExp } from "./text.js";

/** What every redacted secret is replaced by, across the kit. */
export const redactedMark = "[redacted]";

/** Below this length a secret is masked only where it stands alone, so a key "k" leaves "skipped" alone. */
export const shortSecretLength = 8;

export type Redact = (text: string) => string;

const encoder = new TextEncoder();

/** A number in hex, each letter digit matching either case: 0x6b → `6[bB]`. */
function hexPattern(value: number, width: number): string {
  return [...value.toString(16).padStart(width, "0")]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join("");
}

/** JSON's short escapes (a secret's `/` may come as `\/`). */
const jsonShortEscapes: Readonly<Record<string, string>> = {
  '"': '\\"',
  "\\": "\\\\",
  "/": "\\/",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/** The named references of the characters markup escapes. */
const namedReferences: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** How many times over a character may be percent-encoded (`%6B`, `%256B`, `%25256B`, …). */
const percentLayers = 5;

/** One character of a form as a URL may carry it: raw, percent-encoded (either hex case, up to five times over), `+` for a space. */
function urlCharacter(char: string): string {
  const bytes = [...encoder.encode(char)];
  const forms = [
    bytes.map((byte) => `%(?:25){0,${percentLayers - 1}}${hexPattern(byte, 2)}`).join(""),
  ];
  if (char === " ") forms.push("\\+");
  forms.push(escapeRegExp(char));
  return `(?:${forms.join("|")})`;
}

/** A literal form, each of its characters raw or percent-encoded (a JSON-escaped key in a URL). */
const inUrl = (form: string) => Array.from(form, urlCharacter).join("");

/**
 * One character of a secret in each of its forms: raw, JSON-escaped (`\u006b`
 * or `\u006B`, a short escape such as `\/`), a markup reference (`&#107;`,
 * `&#x6b;`, `&#x6B;`, `&amp;`…), each of them also percent-encoded character
 * by character; the longest first, so a whole form wins over its first
 * character.
 */
function characterPattern(char: string): string {
  const codePoint = char.codePointAt(0) ?? 0;
  const hex = codePoint.toString(16);
  const units = Array.from({ length: char.length }, (_, index) =>
    char.charCodeAt(index).toString(16).padStart(4, "0"),
  );
  const forms = [
    units.map((unit) => `\\u${unit}`).join(""),
    units.map((unit) => `\\u${unit.toUpperCase()}`).join(""),
    `&#${codePoint};`,
    `&#x${hex};`,
    `&#x${hex.toUpperCase()};`,
    jsonShortEscapes[char],
    namedReferences[char],
    char,
  ].filter((form): form is string => form !== undefined);
  // A JSON string inside a JSON string escapes each form once more: `"` → `\\\"`.
  const again = forms.map((form) => JSON.stringify(form).slice(1, -1));
  const ordered = [...new Set([...forms, ...again])].sort((a, b) => b.length - a.length);
  return `(?:${ordered.map(inUrl).join("|")})`;
}

/** The marks a cut text ends with (`...` of a shown value, `…` of a clipped one). */
const cutMark = "(?=\\.\\.\\.|…|\\\\u2026)";

/** How much of a long secret, cut off by a message's length limit, is masked before the cut mark. */
const shortestCutPrefix = 4;

/**
 * The RegExp source matching a secret in every form; a short one only as a
 * whole token. A long one also where a message's length limit cut it: at
 * least its first 4 characters (and what follows of the next one's form)
 * right before a cut mark.
 */
function secretPattern(secret: string): string {
  const characters = Array.from(secret, characterPattern);
  const body = characters.join("");
  if (secret.length < shortSecretLength) return `(?<![A-Za-z0-9_~%-])${body}(?![A-Za-z0-9_~-])`;
  const rest = characters
    .slice(shortestCutPrefix)
    .reduceRight((inner, character) => `(?:${character}${inner})?`, "");
  // The cut may fall inside one character's form (`&#10…`): a few more characters go with it.
  const partial = `[^\\s"'()]{0,12}`;
  return `${body}|${characters.slice(0, shortestCutPrefix).join("")}${rest}${partial}${cutMark}`;
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

/** A base64 core as a URL or a JSON string may carry it: `+` and `/` also percent-encoded, `/` also `\\/`. */
const base64Pattern = (core: string) =>
  Array.from(core, (char) => {
    if (char === "+") return "(?:\\+|%2[bB]|%252[bB])";
    if (char === "/") return "(?:/|\\\\/|%2[fF]|%252[fF])";
    return char;
  }).join("");

/**
 * One base64 character at the end (`before`) or the start (`after`) of a
 * text, in any of those spellings, but `/`: the word is masked up to a
 * slash, so a path holding a base64 secret keeps its other segments.
 */
const base64Before = /(?:[A-Za-z0-9+_-]|%2[bB]|%252[bB])$/;
const base64After = /^(?:[A-Za-z0-9+_-]|%2[bB]|%252[bB]|=|%3[dD]|%253[dD])/;

/** Another form than the raw one may be in the text (`%`, `+`, a backslash, a markup reference), or a cut one (`...`, `…`). */
const encodedHint = /[%+\\…]|&#|&(?:amp|lt|gt|quot|apos);|\.\.\./;

/** A text that may hold a secret-named parameter or header: a secret word, or a name that may be encoded. */
const secretNameHint =
  /key|token|secret|passw|pwd|auth|credential|session|sig|cookie|jwt|bearer|passphrase|%/i;

/** The words that make a parameter or header name a secret's. */
const secretWords = new Set([
  "token",
  "key",
  "apikey",
  "secret",
  "password",
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
 * `name=value` in a query (or a text quoting one); the name may be
 * percent-encoded. A value (and a header's below) never takes the backslash
 * of a JSON string's closing `\"`, so a masked JSON text stays JSON.
 */
const parameterPattern = /(^|[?&;\s"'])([^=&?;\s"'<>#]{1,200})=((?:[^&\s"'<>#\\]|\\[^"\s])+)/g;

/** A header line `Name: value [value]`. */
const headerPattern =
  /(^|[\s"'])([A-Za-z][A-Za-z0-9_-]{0,63}):[ \t]*((?:[^\s"'<>,;\\]|\\[^"\s])+)(?:([ \t]+)((?:[^\s"'<>,;\\]|\\[^"\s])+))?/g;

/** Header names whose value is a credential whatever their words. */
const credentialHeaders = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
const authScheme = /^(?:bearer|basic|digest|token|negotiate|apikey|hoba|mutual)$/i;

/** A value a text may show: a shell variable (`$KEY`, `$(…)`), or already the mark. */
const keptValue = (value: string) => value.startsWith("$") || value === redactedMark;

/** The values of secret-named parameters and header lines, masked. */
function maskSecretNamed(text: string): string {
  const parameters = text.replace(parameterPattern, (match, lead: string, name: string, value) =>
    keptValue(value) || !isSecretName(name) ? match : `${lead}${name}=${redactedMark}`,
  );
  if (!parameters.includes(":")) return parameters;
  return parameters.replace(
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

/** What one redactor looks for. */
interface Secrets {
  /** Every form of every configured secret, or undefined without secrets. */
  readonly pattern: RegExp | undefined;
  /** Texts whose presence means a secret may be there without `%`, `+`, `\` or `&#`: raw secrets and their base64. */
  readonly plain: readonly string[];
  /** Literal forms replaced without a RegExp (the token a request presents). */
  readonly literals: readonly string[];
}

/** How deep JSON strings inside JSON strings are decoded. */
const maxJsonDepth = 4;

/** A JSON string literal; one holding a backslash is decoded and redacted. */
const jsonString = /"(?:[^"\\\n]|\\.)*"/g;

/** Every form of every secret replaced with the mark; a base64 one with its whole word. */
function replaceSecrets(text: string, pattern: RegExp): string {
  pattern.lastIndex = 0;
  let out = "";
  let emitted = 0;
  for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
    let start = found.index;
    let end = start + found[0].length;
    if (found.groups?.base64 !== undefined) {
      // The whole base64 word goes: the rest of it also carries bits of the secret.
      for (let unit = base64Before.exec(text.slice(Math.max(emitted, start - 5), start)); unit; ) {
        start -= unit[0].length;
        unit = base64Before.exec(text.slice(Math.max(emitted, start - 5), start));
      }
      for (let unit = base64After.exec(text.slice(end, end + 5)); unit; ) {
        end += unit[0].length;
        unit = base64After.exec(text.slice(end, end + 5));
      }
      pattern.lastIndex = end;
    }
    out += `${text.slice(emitted, start)}${redactedMark}`;
    emitted = end;
  }
  return emitted === 0 ? text : out + text.slice(emitted);
}

function redactWith(text: string, secrets: Secrets, depth: number): string {
  let out = text;
  if (depth < maxJsonDepth && out.includes("\\")) {
    out = out.replace(jsonString, (literal) => {
      if (!literal.includes("\\")) return literal;
      let decoded: unknown;
      try {
        decoded = JSON.parse(literal);
      } catch {
        return literal;
      }
      if (typeof decoded !== "string") return literal;
      const masked = redactWith(decoded, secrets, depth + 1);
      return masked === decoded ? literal : JSON.stringify(masked);
    });
  }
  const { pattern, plain, literals } = secrets;
  if (pattern && (encodedHint.test(out) || plain.some((form) => out.includes(form)))) {
    out = replaceSecrets(out, pattern);
  }
  for (const form of literals) if (out.includes(form)) out = out.split(form).join(redactedMark);
  if (secretNameHint.test(out)) out = maskSecretNamed(out);
  return out;
}

function secretsOf(list: readonly string[], literals: readonly string[] = []): Secrets {
  const ordered = [...new Set(list)].filter(Boolean).sort((a, b) => b.length - a.length);
  const cores = ordered.flatMap(base64Cores);
  const sources = ordered.map(secretPattern);
  if (cores.length > 0) sources.push(`(?<base64>${cores.map(base64Pattern).join("|")})`);
  return {
    pattern: sources.length === 0 ? undefined : new RegExp(sources.join("|"), "g"),
    plain: [...ordered, ...cores],
    literals,
  };
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

/** The literal forms a presented token takes: raw, percent-encoded (both hex cases), form-encoded, JSON- and markup-escaped. */
function literalForms(token: string): string[] {
  const encoded = encodeURIComponent(token);
  const forms = [
    token,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encoded.replace(/%20/g, "+"),
    JSON.stringify(token).slice(1, -1),
    token.replace(/[&<>"']/g, (char) => namedReferences[char] ?? char),
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/**
 * Per request: the redactor of the configured secrets (one RegExp, built
 * once) plus the token the request presents when it is none of them (its
 * literal forms, no RegExp per request: the token is the client's, of any
 * length). JSON strings are decoded first, so an escaped token is seen too.
 */
export function createRequestRedactor(
  secrets: readonly string[],
): (authorization: string | undefined) => Redact {
  const configured = secretsOf(secrets);
  const configuredRedact: Redact = (text) => redactWith(text, configured, 0);
  const forHeader = (authorization: string | undefined): Redact => {
    const token = presentedToken(authorization);
    if (token === undefined || token.length < shortestPresentedToken || secrets.includes(token)) {
      return configuredRedact;
    }
    const withToken: Secrets = { ...configured, literals: literalForms(token) };
    return (text) => redactWith(text, withToken, 0);
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

/** Secrets of every contract run in this process: pactum's logger is global, so it redacts them all. */
const registeredSecrets = new Set<string>();
let redactAll: Redact = (text) => text;

/** Adds a secret to those `redactRegistered` masks. */
export function registerSecret(secret: string): void {
  if (secret === "" || registeredSecrets.has(secret)) return;
  registeredSecrets.add(secret);
  redactAll = createRedactor([...registeredSecrets]);
}

/** Redacts every secret registered so far. */
export const redactRegistered: Redact = (text) => redactAll(text);
