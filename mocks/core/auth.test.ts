import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCredential, constantTimeEqual, credentialParts } from "./auth.js";

describe("constantTimeEqual", () => {
  it.each([
    ["key", "key", true],
    ["key", "kez", false],
    ["ke", "key", false],
    ["keyy", "key", false],
    ["", "key", false],
    ["", "", true],
    ["ключ", "ключ", true],
  ])("%j vs %j → %s", (candidate, expected, equal) => {
    expect(constantTimeEqual(candidate, expected)).toBe(equal);
  });
});

describe("checkCredential", () => {
  const keys = ["alpha", "beta"];
  it("accepts any configured key, with the scheme in any case and extra spaces", () => {
    expect(checkCredential("Bearer alpha", keys).ok).toBe(true);
    expect(checkCredential("bearer   beta ", keys).ok).toBe(true);
    expect(checkCredential("BEARER alpha", keys).ok).toBe(true);
  });

  it.each([
    [undefined, /Missing/],
    ["", /Missing/],
    [" \t ", /Missing/],
    ["Bearer", /Empty/],
    ["Bearer gamma", /Invalid/],
    ["Basic YWxwaGE=", /scheme/],
    ["alpha", /scheme/],
    ["Bearer alpha beta", /Invalid/],
  ])("rejects %j with a reason", (header, reason) => {
    const result = checkCredential(header, keys);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toMatch(reason);
  });

  it.each([
    ["Basic YWxwaGE=", 'Unsupported authorization scheme "Basic": use Bearer <API_KEY>.'],
    ["DPoP alpha", 'Unsupported authorization scheme "DPoP": use Bearer <API_KEY>.'],
    ["alpha", "Unsupported authorization scheme: use Bearer <API_KEY>."],
    ["s3cr3t-key extra", "Unsupported authorization scheme: use Bearer <API_KEY>."],
  ])("names a well-known scheme, never a bare key in its place: %j", (header, reason) => {
    expect(checkCredential(header, keys)).toEqual({ ok: false, reason });
  });

  /** The verdict as the general path reads any header: trimmed, split at the first whitespace. */
  function generalVerdict(header: string, apiKeys: readonly string[]): boolean {
    const { scheme, token } = credentialParts(header);
    return scheme.toLowerCase() === "bearer" && token !== "" && apiKeys.includes(token);
  }

  it("reads a plain `Bearer <token>` as the general path would, whatever the token holds", () => {
    const token = fc.string({
      unit: fc.constantFrom("a", "Z", "0", "-", " ", "\t", "\u00a0", "é", "\u2028", "~"),
    });
    fc.assert(
      fc.property(
        fc.constantFrom("Bearer ", "bearer ", "Bearer  ", " Bearer ", "Bearer\t"),
        token,
        (prefix, body) => {
          const header = `${prefix}${body}`;
          const keys = [body, body.trim(), "alpha"];
          expect(checkCredential(header, keys).ok).toBe(generalVerdict(header, keys));
          expect(checkCredential(header, ["alpha"]).ok).toBe(generalVerdict(header, ["alpha"]));
        },
      ),
      { numRuns: 2_000 },
    );
    expect(checkCredential("Bearer alpha\u00a0", ["alpha"]).ok).toBe(true);
    expect(checkCredential("Bearer alpha\u00a0", ["alpha\u00a0"]).ok).toBe(false);
    expect(checkCredential("Bearer gamma", ["alpha"])).toEqual({
      ok: false,
      reason: "Invalid API key.",
    });
  });
});
