/**
 * Keeping secrets out of what the kit writes down (the journal, the request
 * log, Error messages, contract reports): every configured key in every form a
 * URL or a JSON string can carry it (raw, percent-encoded with either case of
 * hex digits, `+` for a space, JSON-escaped), and the values of query
 * parameters named like secrets. One mark everywhere. Runtime-neutral.
 *
 * @example
 * const redact = createRedactor(["my key/+é"]);
 * redact("/pets?x=my%20key%2F%2b%C3%A9"); // "/pets?x=[redacted]"
 * redactTarget("/pets?token=abc&limit=5", redact); // "/pets?token=[redacted]&limit=5"
 */
import { escapeRegExp } from "./text.js";

/** What every redacted secret is replaced by, across the kit. */
export const redactedMark = "[redacted]";

/** Below this length a secret is masked only where it stands alone, so a key "k" leaves "skipped" alone. */
export const shortSecretLength = 8;

export type Redact = (text: string) => string;

const encoder = new TextEncoder();

/** A hex digit in either case. */
const hexDigit = (digit: string) =>
  /[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit;

/** One character of a secret in any of its forms: raw, percent-encoded (any hex case), `+`, JSON-escaped. */
function characterPattern(char: string): string {
  const encoded = [...encoder.encode(char)]
    .map((byte) => `%${[...byte.toString(16).padStart(2, "0")].map(hexDigit).join("")}`)
    .join("");
  // Longest first: `%25` must not match as a raw `%` followed by "25".
  const forms = [encoded];
  const json = JSON.stringify(char).slice(1, -1);
  if (json !== char) forms.push(escapeRegExp(json));
  if (char === " ") forms.push("\\+");
  forms.push(escapeRegExp(char));
  return `(?:${forms.join("|")})`;
}

/** The RegExp source matching a secret in every form; a short one only as a whole token. */
function secretPattern(secret: string): string {
  const body = Array.from(secret, characterPattern).join("");
  return secret.length >= shortSecretLength
    ? body
    : `(?<![A-Za-z0-9_~%-])${body}(?![A-Za-z0-9_~-])`;
}

/** A function replacing every form of every secret with the mark; identity when there are none. */
export function createRedactor(secrets: readonly string[]): Redact {
  const ordered = [...new Set(secrets)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  const pattern = new RegExp(ordered.map(secretPattern).join("|"), "g");
  return (text) => (mayHoldAny(text, ordered) ? text.replace(pattern, redactedMark) : text);
}

/** What every other form of a secret holds: `%` (percent-encoded), `+` (a space) or a backslash (JSON-escaped). */
const encodedForm = /[%+\\]/;

/**
 * False when no form of any secret can be in the text: without `%`, `+` or a
 * backslash only the raw form could be, and a substring search rules that
 * out (the common case, on every request, without running the RegExp).
 */
function mayHoldAny(text: string, secrets: readonly string[]): boolean {
  if (encodedForm.test(text)) return true;
  for (const secret of secrets) if (text.includes(secret)) return true;
  return false;
}

/** The token an `Authorization` header presents (any scheme), to mask it even when it is wrong. */
export function presentedToken(authorization: string | undefined): string | undefined {
  const credential = authorization?.trim();
  const gap = credential?.search(/\s/) ?? -1;
  return gap < 0 ? undefined : credential?.slice(gap).trim().slice(0, 4096);
}

/** A presented token shorter than this is not masked: it would mask ordinary characters of the text. */
const shortestPresentedToken = 4;

/** The literal forms a presented token takes in a URL: raw, percent-encoded (both hex cases), form-encoded. */
function literalForms(token: string): string[] {
  const encoded = encodeURIComponent(token);
  const forms = [
    token,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encoded.replace(/%20/g, "+"),
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/**
 * Per request: a redactor for the configured secrets (one RegExp, built once)
 * plus the token the request presents when it is none of them (its literal
 * forms, no RegExp per request: the token is the client's, of any length).
 */
export function createRequestRedactor(
  secrets: readonly string[],
): (authorization: string | undefined) => Redact {
  const configured = createRedactor(secrets);
  const forHeader = (authorization: string | undefined): Redact => {
    const token = presentedToken(authorization);
    if (token === undefined || token.length < shortestPresentedToken || secrets.includes(token)) {
      return configured;
    }
    const forms = literalForms(token);
    return (text) => {
      let out = configured(text);
      for (const form of forms) if (out.includes(form)) out = out.split(form).join(redactedMark);
      return out;
    };
  };
  // A client sends the same header on every request: its redactor is kept until another comes.
  let lastHeader: string | undefined;
  let lastRedact = configured;
  return (authorization) => {
    if (authorization !== lastHeader) {
      lastRedact = forHeader(authorization);
      lastHeader = authorization;
    }
    return lastRedact;
  };
}

const secretWords = new Set(["token", "key", "apikey", "secret", "password", "auth"]);
const anySecretWord = new RegExp([...secretWords].join("|"), "i");

/** Whether a query parameter's name says it holds a secret: `token`, `api_key`, `apiKey`, `X-Auth`… (any case). */
export function isSecretName(name: string): boolean {
  let decoded = name;
  if (/[%+]/.test(name)) {
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {}
  }
  // A name holding none of the words anywhere cannot hold one as a word: the common case, on every request.
  if (!anySecretWord.test(decoded)) return false;
  return decoded
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => secretWords.has(word));
}

/** A raw query string with the values of secret-named parameters replaced by the mark. */
export function maskSecretParams(query: string): string {
  // Without `%` every name is as written: one that holds no secret word anywhere needs no look.
  if (!query.includes("%") && !anySecretWord.test(query)) return query;
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      return equals >= 0 && isSecretName(pair.slice(0, equals))
        ? `${pair.slice(0, equals)}=${redactedMark}`
        : pair;
    })
    .join("&");
}

/** A request target (path and query) safe to write down: secret-named parameters masked, then `redact`. */
export function redactTarget(target: string, redact: Redact): string {
  const at = target.indexOf("?");
  const masked =
    at < 0 ? target : `${target.slice(0, at + 1)}${maskSecretParams(target.slice(at + 1))}`;
  return redact(masked);
}
