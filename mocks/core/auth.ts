/** Bearer credential checks: scheme case-insensitive, keys compared in constant time. */

import { type CredentialVerdict, redactedMark } from "../util/redacted-mark.js";

export type Credential = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Compares two strings in time that depends only on the candidate's length. */
export function constantTimeEqual(candidate: string, expected: string): boolean {
  let difference = candidate.length ^ expected.length;
  for (let index = 0; index < candidate.length; index++) {
    difference |= candidate.charCodeAt(index) ^ expected.charCodeAt(index % (expected.length || 1));
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
 * The token of `Bearer <token>` as clients send it (that scheme's spelling,
 * one space, a token of visible ASCII), read without trimming or searching;
 * undefined for any other form, which `credentialParts` then reads. Both
 * give the same token wherever this one gives one.
 */
function plainBearerToken(authorization: string): string | undefined {
  const { length } = authorization;
  if (length <= bearerPrefix.length || !authorization.startsWith(bearerPrefix)) return undefined;
  for (let index = bearerPrefix.length; index < length; index++) {
    const code = authorization.charCodeAt(index);
    if (code <= 0x20 || code >= 0x7f) return undefined;
  }
  return authorization.slice(bearerPrefix.length);
}

/** Whether `token` is one of the keys; every key compared in constant time, whichever matches. */
function isKey(token: string, apiKeys: readonly string[]): boolean {
  let accepted = false;
  for (const key of apiKeys) accepted = constantTimeEqual(token, key) || accepted;
  return accepted;
}

const invalidKey: Credential = Object.freeze({ ok: false, reason: "Invalid API key." });

export function checkCredential(
  authorization: string | undefined,
  apiKeys: readonly string[],
): Credential {
  const plain = authorization === undefined ? undefined : plainBearerToken(authorization);
  if (plain !== undefined) return isKey(plain, apiKeys) ? acceptedCredential : invalidKey;
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
  return isKey(token, apiKeys) ? acceptedCredential : invalidKey;
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
