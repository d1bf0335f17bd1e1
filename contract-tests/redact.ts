/**
 * Keeps the API key out of every output: a redactor for report text.
 */
import { redactedMark } from "../mocks/util/redact.js";
import { escapeRegExp } from "../mocks/util/text.js";
import { escapeMarkup } from "./report/text.js";

export { redactedMark };

/** The forms a string takes inside a JSON string: escaped, also with `\/` or `\uXXXX` for non-ASCII. */
function jsonForms(text: string): string[] {
  const json = JSON.stringify(text).slice(1, -1);
  return [
    json,
    json.replace(/\//g, "\\/"),
    json.replace(
      /[^\x20-\x7e]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
    ),
  ];
}

/**
 * Every form in which a report can show the key: as is, URL-encoded, inside
 * a Basic credential (base64), XML/HTML-escaped, and each of those again
 * JSON-escaped (a JSON body echoing it).
 */
export function secretForms(key: string): string[] {
  if (key === "") return [];
  const forms = [
    key,
    encodeURIComponent(key),
    encodeURI(key),
    new URLSearchParams({ k: key }).toString().slice(2),
    Buffer.from(`contract:${key}`).toString("base64"),
    escapeMarkup(key, "&apos;"),
    escapeMarkup(key, "&#39;"),
    escapeMarkup(key, "'"),
  ].flatMap((form) => [form, ...jsonForms(form)]);
  return [...new Set(forms)].filter((form) => form.length > 0);
}

export type Redact = (text: string) => string;

/** Below this length a secret is redacted only as a whole token, so "k" leaves "skipped" alone. */
const shortSecretLength = 8;

export function createRedactor(secrets: readonly string[]): Redact {
  const ordered = [...new Set(secrets)].filter(Boolean).sort((a, b) => b.length - a.length);
  const patterns = ordered.map((secret) =>
    secret.length >= shortSecretLength
      ? new RegExp(escapeRegExp(secret), "g")
      : new RegExp(`(?<![\\w.~+/=-])${escapeRegExp(secret)}(?![\\w.~+/=-])`, "g"),
  );
  return (text) => patterns.reduce((out, pattern) => out.replace(pattern, redactedMark), text);
}
