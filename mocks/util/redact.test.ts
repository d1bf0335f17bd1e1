import { describe, expect, it } from "vitest";
import {
  base64Cores,
  createRedactor,
  createRequestRedactor,
  isSecretName,
  redactedMark,
} from "./redact.js";

describe("createRedactor", () => {
  const key = "my key/+é";
  const redact = createRedactor([key, "k9"]);

  it("masks a key raw, percent-encoded in either hex case, with + for a space, and JSON-escaped", () => {
    const encoded = encodeURIComponent(key);
    for (const form of [
      key,
      encoded,
      encoded.toLowerCase(),
      encodeURI(key),
      new URLSearchParams({ k: key }).toString().slice(2),
      "my%20key%2F%2b%c3%A9",
    ]) {
      expect(redact(`/pets?q=${form}&limit=5`), form).toBe(`/pets?q=${redactedMark}&limit=5`);
    }
    const quoted = createRedactor(['a"b\\c']);
    expect(quoted(JSON.stringify(`x a"b\\c y`))).toBe(`"x ${redactedMark} y"`);
  });

  it("masks a short key wherever it stands alone, however short, and leaves longer words alone", () => {
    expect(redact("/v1/k9. x=k9&y=k99&z=ak9")).toBe(
      `/v1/${redactedMark}. x=${redactedMark}&y=k99&z=ak9`,
    );
    expect(createRedactor(["k"])("Bearer k skipped")).toBe(`Bearer ${redactedMark} skipped`);
  });

  it("is the identity without secrets", () => {
    expect(createRedactor([])("anything")).toBe("anything");
  });
});

describe("secret-named query parameters", () => {
  const redact = createRedactor([]);
  it.each([
    "token",
    "TOKEN",
    "api_key",
    "apiKey",
    "X-Api-Key",
    "key",
    "secret",
    "client_secret",
    "password",
    "auth",
    "access%5Ftoken",
    "%6Bey",
    "%6bey",
    "ke%2579",
    "api+key",
    "sessionId",
    "sig",
    "%6bEY",
    "KEY",
    "accessTOKEN",
    "APIKey",
    "x_auth",
  ])("%s is masked", (name) => {
    expect(isSecretName(name)).toBe(true);
    expect(redact(`/v1/pets?limit=5&${name}=s3cr3t`)).toBe(
      `/v1/pets?limit=5&${name}=${redactedMark}`,
    );
  });

  it.each(["limit", "status", "monkey", "keyboard", "author", "categoryId", "MONKEY", "Keyboard"])(
    "%s is kept",
    (name) => {
      expect(isSecretName(name)).toBe(false);
      expect(redact(`/v1/pets?${name}=5`)).toBe(`/v1/pets?${name}=5`);
    },
  );

  it("masks both the keys and secret-named values in a request target", () => {
    expect(createRedactor(["k9"])("/v1/pets?token=abc&q=k9")).toBe(
      `/v1/pets?token=${redactedMark}&q=${redactedMark}`,
    );
  });

  it("masks secret-named header lines and a credential's token, but not a shell variable or a placeholder", () => {
    expect(redact("X-Api-Key: abc123 seen")).toBe(`X-Api-Key: ${redactedMark} seen`);
    expect(redact(`-H 'Authorization: Bearer abc123'`)).toBe(
      `-H 'Authorization: Bearer ${redactedMark}'`,
    );
    expect(redact("Cookie: session=abc")).toBe(`Cookie: ${redactedMark}`);
    for (const kept of [
      `-H "Authorization: Bearer $PETSTORE_API_KEY"`,
      "send Authorization: Bearer <API_KEY>.",
      "Missing credential: send Authorization: Bearer <API_KEY>.",
      "-H 'Authorization: Bearer '",
      "Content-Type: application/json",
      "www-authenticate: Bearer",
    ]) {
      expect(redact(kept)).toBe(kept);
    }
  });
});

describe("values inside JSON strings, decoded", () => {
  const key = "s3cr3t-proxy-key";
  const redact = createRedactor([key]);

  it("sees a key through \\u escapes, nested JSON strings and escaped percent signs", () => {
    const escaped = [...key].map(
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    expect(redact(`{"message":"${escaped.join("")} rejected"}`)).toBe(
      `{"message":"${redactedMark} rejected"}`,
    );
    const nested = JSON.stringify({ body: JSON.stringify({ name: key }) });
    expect(redact(nested)).not.toContain(key);
    expect(JSON.parse(JSON.parse(redact(nested)).body)).toEqual({ name: redactedMark });
    const percentEscaped = `{"q":"\\u0025${key.charCodeAt(0).toString(16)}${key.slice(1)}"}`;
    expect(redact(percentEscaped)).toBe(`{"q":"${redactedMark}"}`);
  });

  it("reads a key's own backslash as written beside an escaped character", () => {
    const redact = createRedactor(["pr0xy\\k3y#z$staging"]);
    // The key's raw backslash, then its `k` as `\u006B`, all percent-encoded in a path.
    expect(redact("GET /v1/pets/pr0xy%5C%5Cu006B3y%23z%24st%5Cu0061ging 400")).toBe(
      "GET /v1/pets/[redacted] 400",
    );
    expect(redact("pr0xy\\\\u006b3y#z$staging")).toBe("[redacted]");
    // A raw backslash of the key reads as written inside a JSON string too.
    expect(createRedactor(["a\\b-long-key"])(JSON.stringify("a\\b-long-key"))).toBe('"[redacted]"');
  });

  it("leaves JSON without a secret as it was, escapes and all", () => {
    const text = '{"name":"caf\\u00e9 \\/ \\"quoted\\""}';
    expect(redact(text)).toBe(text);
  });
});

describe("base64", () => {
  it("masks a Basic credential's whole word at every offset, in both alphabets", () => {
    const key = "s3cr3t-proxy-key/with+odd?bytes";
    const redact = createRedactor([key]);
    for (const user of ["", "u", "us", "contract"]) {
      const standard = btoa(`${user}:${key}`);
      expect(redact(`Basic ${standard} end`)).toBe(`Basic ${redactedMark} end`);
      const urlSafe = standard.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      expect(redact(`token ${urlSafe}.`)).toBe(`token ${redactedMark}.`);
    }
  });

  it("has no core for a key too short to tell from chance", () => {
    expect(base64Cores("abc")).toEqual([]);
    expect(base64Cores("petstore-dev-key").length).toBeGreaterThanOrEqual(3);
  });
});

describe("createRequestRedactor", () => {
  it("masks the token each request presents, whichever request came before", () => {
    const redactorFor = createRequestRedactor(["configured-key"]);
    const text = "a=token-of-a b=token-of-b c=configured-key";
    const a = redactorFor("Bearer token-of-a");
    const b = redactorFor("Bearer token-of-b");
    expect(a(text)).toBe(`a=${redactedMark} b=token-of-b c=${redactedMark}`);
    expect(b(text)).toBe(`a=token-of-a b=${redactedMark} c=${redactedMark}`);
    expect(redactorFor("Bearer token-of-a")(text)).toBe(a(text));
    expect(redactorFor(undefined)(text)).toBe(`a=token-of-a b=token-of-b c=${redactedMark}`);
    expect(redactorFor("Bearer token-of-b")(text)).toBe(b(text));
  });
});
