/**
 * Every encoding the redactor (mocks/util/redact.ts) knows, as encoders: the
 * tests throw a secret at an output in each of them and look for every form
 * in what comes out. Per character where the redactor works per character,
 * so a test can also mix them.
 */
import fc from "fast-check";

const encoder = new TextEncoder();
const hex = (value: number, width: number) => value.toString(16).padStart(width, "0");

/** One character in one of the forms the redactor matches character by character. */
export const characterEncodings = {
  raw: (char: string) => char,
  "percent (upper hex)": (char: string) =>
    [...encoder.encode(char)].map((byte) => `%${hex(byte, 2).toUpperCase()}`).join(""),
  "percent (lower hex)": (char: string) =>
    [...encoder.encode(char)].map((byte) => `%${hex(byte, 2)}`).join(""),
  "percent, twice": (char: string) =>
    [...encoder.encode(char)].map((byte) => `%25${hex(byte, 2).toUpperCase()}`).join(""),
  "JSON \\u (lower hex)": (char: string) =>
    Array.from({ length: char.length }, (_, at) => `\\u${hex(char.charCodeAt(at), 4)}`).join(""),
  "JSON \\u (upper hex)": (char: string) =>
    Array.from(
      { length: char.length },
      (_, at) => `\\u${hex(char.charCodeAt(at), 4).toUpperCase()}`,
    ).join(""),
  "HTML decimal reference": (char: string) => `&#${char.codePointAt(0)};`,
  "HTML hex reference": (char: string) => `&#x${hex(char.codePointAt(0) ?? 0, 1).toUpperCase()};`,
  "HTML decimal reference, zero-padded": (char: string) => `&#0000${char.codePointAt(0)};`,
  "HTML hex reference, zero-padded": (char: string) =>
    `&#x${hex(char.codePointAt(0) ?? 0, 7).toUpperCase()};`,
  "JavaScript \\u{} zero-padded": (char: string) => `\\u{${hex(char.codePointAt(0) ?? 0, 8)}}`,
  "case swapped": (char: string) =>
    char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase(),
} as const;

export type CharacterEncoding = keyof typeof characterEncodings;

const perCharacter =
  (encoding: CharacterEncoding) =>
  (secret: string): string =>
    Array.from(secret, characterEncodings[encoding]).join("");

const base64Of = (text: string) => Buffer.from(text).toString("base64");

/** Markup-escaped, with `apostrophe` for `'`. */
export const markupEscaped = (text: string, apostrophe: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, apostrophe);

/** Every whole-secret encoding: the per-character ones, and those a library or a protocol produces. */
export const secretEncodings: Readonly<Record<string, (secret: string) => string>> = {
  ...Object.fromEntries(
    (Object.keys(characterEncodings) as CharacterEncoding[]).map((name) => [
      name,
      perCharacter(name),
    ]),
  ),
  encodeURIComponent: (secret) => encodeURIComponent(secret),
  encodeURI: (secret) => encodeURI(secret),
  "form-encoded (+ for a space)": (secret) =>
    new URLSearchParams({ k: secret }).toString().slice(2),
  "JSON string (JSON.stringify)": (secret) => JSON.stringify(secret).slice(1, -1),
  "JSON string with \\/": (secret) => JSON.stringify(secret).slice(1, -1).replace(/\//g, "\\/"),
  "JSON string inside a JSON string (quotes and all)": (secret) =>
    JSON.stringify(JSON.stringify(secret)),
  "HTML named references": (secret) => markupEscaped(secret, "&apos;"),
  "XML with &#39;": (secret) => markupEscaped(secret, "&#39;"),
  "Basic credential (base64 of contract:secret)": (secret) => base64Of(`contract:${secret}`),
  "base64, one byte before": (secret) => base64Of(`u${secret}`),
  "base64, two bytes before": (secret) => base64Of(`us${secret}`),
  "base64url (no padding)": (secret) =>
    base64Of(`x:${secret}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
  "base64 with \\/ in a JSON string": (secret) =>
    base64Of(`contract:${secret}`).replace(/\//g, "\\/"),
  hex: (secret) => Buffer.from(secret).toString("hex"),
  "HEX (upper case)": (secret) => Buffer.from(secret).toString("hex").toUpperCase(),
  "hex in mixed case": (secret) =>
    Buffer.from(secret)
      .toString("hex")
      .replace(/[a-f]/g, (digit, at: number) => (at % 3 === 0 ? digit.toUpperCase() : digit)),
  "upper case": (secret) => secret.toUpperCase(),
  "lower case": (secret) => secret.toLowerCase(),
  "JavaScript \\x": (secret) =>
    [...encoder.encode(secret)].map((byte) => `\\x${hex(byte, 2)}`).join(""),
  "JavaScript \\u{}": (secret) =>
    Array.from(secret, (char) => `\\u{${hex(char.codePointAt(0) ?? 0, 1)}}`).join(""),
  "HTML decimal references without ;": (secret) =>
    Array.from(secret, (char) => `&#${char.codePointAt(0)}`).join(""),
};

/**
 * Keys as a deployment's or a developer's may be: printable ASCII without
 * spaces, often with text that itself reads like an escape (`%41`, `%25`,
 * `&lt;`, `\\u0041`), quotes, `+`, `;` and backslashes.
 */
export const oddKeys = (minLength = 12) =>
  fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(..."abcXYZ0189-_.~") },
        fc.constantFrom(..."%&;<>\\+\"'`#$=/?"),
        fc.constantFrom(
          "%41",
          "%25",
          "%2B",
          "%3C",
          "%2541",
          "&lt;",
          "&amp;",
          "&#65;",
          "\\u0041",
          "\\x41",
          "\\",
        ),
      ),
      { minLength: minLength, maxLength: 24 },
    )
    .map((parts) => parts.join(""));

/** Each form of a secret that must not survive redaction, by encoding. */
export function encodedForms(secret: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secretEncodings).map(([name, encode]) => [name, encode(secret)]),
  );
}

/**
 * Every piece of `length` characters of every form of `secret`: none may
 * appear in an output, so a redaction that leaves half a key fails too.
 */
export function secretPieces(secret: string, length = 10): string[] {
  const pieces = new Set<string>();
  for (const form of Object.values(encodedForms(secret))) {
    if (form.length <= length) pieces.add(form);
    for (let at = 0; at + length <= form.length; at++) pieces.add(form.slice(at, at + length));
  }
  return [...pieces];
}

/** Requests that carry `key`, right or wrong, whole or in part: none may bring it back in a log or an answer. */
export function keyAttempts(key: string): Record<string, string>[] {
  return [
    { authorization: `Bearer ${key}` },
    { authorization: `Bearer ${key}x` },
    { authorization: `Bearer ${key.slice(0, -1)}` },
    { authorization: key },
    { authorization: `Basic ${key}` },
    { authorization: `${key} ${key}` },
    { authorization: `Bearer ${key}`, prefer: "code=500" },
  ];
}
