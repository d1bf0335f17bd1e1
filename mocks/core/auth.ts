/** Bearer credential checks: scheme case-insensitive, keys compared in constant time. */

import { type CredentialVerdict, redactedMark } from "../util/redacted-mark.js";

export type Credential = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Compares two strings in time that depends only on the candidate's length. */
export function constantTimeEqual(candidate: string, expected: string): boolean {
  return constantTimeEqualFrom(candidate, 0, expected);
}

/**
 * `constantTimeEqual` of `text` from `offset` on (a token inside a header,
 * not cut out of it). The key is read once a character of the candidate,
 * from its start again past its end: whatever the lengths, the same reads.
 */
function constantTimeEqualFrom(text: string, offset: number, expected: string): boolean {
  const keyLength = expected.length || 1;
  let difference = (text.length - offset) ^ expected.length;
  let at = 0;
  for (let index = offset; index < text.length; index++) {
    difference |= text.charCodeAt(index) ^ expected.charCodeAt(at);
    at = at + 1 === keyLength ? 0 : at + 1;
  }
  return difference === 0;
}

const knownSchemes = new Set(["basic", "digest", "negotiate", "ntlm", "oauth", "token", "dpop"]);

/** An accepted credential: one object for every request, nothing allocated per request. */
const acceptedCredential: Credential = Object.freeze({ ok: true });

/**
 * An `Authorization` header's scheme and token, split at the first whitespace
 * and trimmed ("" for what is missing): `Bearer my key` is `Bearer` and `my key`.
 */
export function credentialParts(authorization: string): { scheme: string; token: string } {
  // Split by hand: a backtracking pattern is quadratic in a long run of whitespace.
  const credential = authorization.trim();
  const gap = credential.search(/\s/);
  if (gap === -1) return { scheme: credential, token: "" };
  return { scheme: credential.slice(0, gap), token: credential.slice(gap).trim() };
}

const bearerPrefix = "Bearer ";

/**
 * Whether the header is `Bearer <token>` as clients send it (that scheme's
 * spelling, one space, a token of visible ASCII), read without trimming,
 * searching or cutting; any other form `credentialParts` reads. Both find
 * the same token wherever this one finds one: all after the space.
 */
function isPlainBearer(authorization: string): boolean {
  const { length } = authorization;
  if (length <= bearerPrefix.length) return false;
  for (let index = 0; index < bearerPrefix.length; index++) {
    if (authorization.charCodeAt(index) !== bearerPrefix.charCodeAt(index)) return false;
  }
  for (let index = bearerPrefix.length; index < length; index++) {
    const code = authorization.charCodeAt(index);
    if (code <= 0x20 || code >= 0x7f) return false;
  }
  return true;
}

/**
 * Whether `text` from `offset` on is one of the keys; every key compared
 * in constant time, whichever matches.
 */
function isKey(text: string, offset: number, apiKeys: readonly string[]): boolean {
  let accepted = false;
  for (const key of apiKeys) accepted = constantTimeEqualFrom(text, offset, key) || accepted;
  return accepted;
}

const invalidKey: Credential = Object.freeze({ ok: false, reason: "Invalid API key." });

export function checkCredential(
  authorization: string | undefined,
  apiKeys: readonly string[],
): Credential {
  if (authorization !== undefined && isPlainBearer(authorization)) {
    return isKey(authorization, bearerPrefix.length, apiKeys) ? acceptedCredential : invalidKey;
  }
  if (authorization === undefined || authorization.trim() === "") {
    return { ok: false, reason: "Missing credential: send Authorization: Bearer <API_KEY>." };
  }
  const { scheme, token } = credentialParts(authorization);
  if (scheme.toLowerCase() !== "bearer") {
    // Only a well-known scheme name is echoed: a bare key in the scheme's place must not be.
    const named = knownSchemes.has(scheme.toLowerCase()) ? ` "${scheme}"` : "";
    return { ok: false, reason: `Unsupported authorization scheme${named}: use Bearer <API_KEY>.` };
  }
  if (token === "") {
    return { ok: false, reason: "Empty bearer token: send Authorization: Bearer <API_KEY>." };
  }
  return isKey(token, 0, apiKeys) ? acceptedCredential : invalidKey;
}

/**
 * The credential a request sent, as the journal keeps it (never a token):
 * `valid`, `missing` (no Authorization header, or a blank one) or `wrong`,
 * then with `sentAs`, the header's value with every token masked: `Bearer`
 * (no token), `Bearer [redacted]`, `Basic [redacted]` (a well-known scheme),
 * `[redacted]` (a scheme no tool names: maybe a key in its place). Sent
 * again, `sentAs` is refused for the same reason.
 */
export interface SentCredential {
  readonly credential: CredentialVerdict;
  readonly sentAs?: string;
}

/** A valid credential as sent: one object for every request. */
const validSent: SentCredential = Object.freeze({ credential: "valid" });

export function sentCredential(
  authorization: string | undefined,
  checked: Credential,
): SentCredential {
  if (checked.ok) return validSent;
  if (authorization === undefined || authorization.trim() === "") return { credential: "missing" };
  const { scheme, token } = credentialParts(authorization);
  const lower = scheme.toLowerCase();
  const named = lower === "bearer" ? "Bearer" : knownSchemes.has(lower) ? scheme : undefined;
  if (named === undefined) return { credential: "wrong", sentAs: redactedMark };
  return { credential: "wrong", sentAs: token === "" ? named : `${named} ${redactedMark}` };
}
