import { describe, expect, it } from "vitest";
import {
  createRedactor,
  createRequestRedactor,
  isSecretName,
  maskSecretParams,
  redactedMark,
  redactTarget,
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
  ])("%s is masked", (name) => {
    expect(isSecretName(name)).toBe(true);
    expect(maskSecretParams(`limit=5&${name}=s3cr3t`)).toBe(`limit=5&${name}=${redactedMark}`);
  });

  it.each(["limit", "status", "monkey", "keyboard", "author"])("%s is kept", (name) => {
    expect(isSecretName(name)).toBe(false);
  });

  it("redactTarget masks both in a request target", () => {
    expect(redactTarget("/v1/pets?token=abc&q=k9", createRedactor(["k9"]))).toBe(
      `/v1/pets?token=${redactedMark}&q=${redactedMark}`,
    );
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
