import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openapiDocument } from "../generated/openapi-document.js";
import { oddKeys, secretEncodings } from "../test-support/secret-encodings.js";
import {
  base64Cores,
  createRedactor,
  createRequestRedactor,
  isSecretName,
  redactedMark,
  shortestMaskedPiece,
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

describe("the forms a deployment echoes a key in (issue 48)", () => {
  const key = "STAGINGsecretKEY-9f3a7c1e";
  const redact = createRedactor([key]);
  const references = (pad: string, hex: boolean) =>
    Array.from(key, (char) =>
      hex
        ? `&#x${pad}${(char.codePointAt(0) ?? 0).toString(16)};`
        : `&#${pad}${char.codePointAt(0)};`,
    ).join("");
  const hexOfKey = Buffer.from(key).toString("hex");

  it.each([
    ["zero-padded hex references", references("00000", true)],
    ["zero-padded decimal references", references("00000", false)],
    ["references padded beyond any width", references("0".repeat(30), true)],
    [
      "JavaScript \\u{} zero-padded",
      Array.from(key, (c) => `\\u{0000${c.charCodeAt(0).toString(16)}}`).join(""),
    ],
    ["the key in upper case", key.toUpperCase()],
    ["the key in lower case", key.toLowerCase()],
    [
      "the key with its case swapped",
      key.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())),
    ],
    [
      "hex in mixed case",
      hexOfKey.replace(/[a-f]/g, (d, at: number) => (at % 2 ? d.toUpperCase() : d)),
    ],
  ])("masks %s", (_name, form) => {
    expect(redact(`echo: ${form} (end)`)).toBe(`echo: ${redactedMark} (end)`);
  });

  it("masks a key escaped with HTML's upper-case named references", () => {
    const markup = createRedactor(['a<b&c>d"e-long-key']);
    expect(markup("echo: a&LT;b&AMP;c&GT;d&QUOT;e-long-key (end)")).toBe(
      `echo: ${redactedMark} (end)`,
    );
  });

  it("still keeps a text that only shares letters with a key, in any case", () => {
    expect(redact("/v1/pets?status=available&limit=20")).toBe("/v1/pets?status=available&limit=20");
    expect(redact("STAGING secret")).toBe("STAGING secret");
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
      "It is sent as Authorization: Bearer <key>.",
      "It is sent as Authorization: Bearer &lt;key&gt;.</li>",
      '{"hint":"It is sent as Authorization: Bearer \\u003ckey\\u003e."}',
      "Every operation needs Authorization: Bearer <API key>.",
    ]) {
      expect(redact(kept)).toBe(kept);
    }
    // In markup, a parameter's value still ends at its `&amp;`.
    expect(redact("/v1/pets?token=abc&amp;limit=5")).toBe(
      `/v1/pets?token=${redactedMark}&amp;limit=5`,
    );
    // A token in angle brackets is no placeholder: it has digits.
    for (const token of ["sk-live-4f9a", "tok3n"]) {
      for (const shown of [`<${token}>`, `&lt;${token}&gt;`]) {
        expect(redact(`Authorization: Bearer ${shown}`)).not.toContain(token);
      }
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

describe("keys that read like escapes themselves (issue 35 audit)", () => {
  const keys = ["Stg%41key%2Bsecret-42", "App%25key-7777", "Adm%3Ckey-8888", "p%41ss%word-1234"];
  const odd = [...keys, "amp&lt;semi;-9999", 'quo"te\\back-5678'];
  const redact = createRedactor(odd);
  it.each(odd)("%s is masked as written, JSON-quoted and percent-encoded", (key) => {
    for (const text of [
      `x ${key} y`,
      JSON.stringify({ m: key }),
      `/p?q=${encodeURIComponent(key)}`,
    ]) {
      expect(redact(text), text).not.toContain(key.slice(4, 12));
      expect(redact(text), text).toContain(redactedMark);
    }
  });
});

describe("encodings of a whole key beyond the per-character layers", () => {
  const key = "STAGINGsecretKEY-9f3a7c1e";
  const redact = createRedactor([key]);
  const bytes = [...new TextEncoder().encode(key)];
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");
  it.each([
    ["hex", hex],
    ["HEX", hex.toUpperCase()],
    ["\\x escapes", bytes.map((byte) => `\\x${byte.toString(16)}`).join("")],
    ["\\u{} escapes", bytes.map((byte) => `\\u{${byte.toString(16)}}`).join("")],
    ["numeric references without ;", bytes.map((byte) => `&#${byte}`).join("")],
  ])("%s", (_name, form) => {
    expect(redact(`{"hex":"${form}"}`)).toBe(`{"hex":"${redactedMark}"}`);
  });

  it("masks a piece of at least 12 characters (or half the key), so a key cut in two leaves at most the shorter part", () => {
    expect(redact(`{"split":"${key.slice(0, 9)}" + "${key.slice(9)}"}`)).toBe(
      `{"split":"${key.slice(0, 9)}" + "${redactedMark}"}`,
    );
    expect(redact(key.replace("-", "+"))).toBe(`${redactedMark}+9f3a7c1e`);
    // Below the piece's length nothing is masked: ordinary words that share a few characters stay.
    expect(redact("STAGINGsecre and KEY-9f3a7c1")).toBe("STAGINGsecre and KEY-9f3a7c1");
  });
});

describe("a secret-named value runs to its end", () => {
  const redact = createRedactor([]);
  it.each(["'", '"', "<", ">", "#", "`", "|", "\\"])("past %s inside it", (char) => {
    const query = `token=AAAA${char}tailsecret1`;
    expect(redact(`GET /v1/pets?limit=1&${query} 200`)).toBe(
      `GET /v1/pets?limit=1&token=${redactedMark} 200`,
    );
    expect(JSON.parse(redact(JSON.stringify({ path: `/v1/pets?${query}&limit=1` })))).toEqual({
      path: `/v1/pets?token=${redactedMark}&limit=1`,
    });
    expect(redact(`password=AAAA${char}tail&name=Rex`)).toBe(`password=${redactedMark}&name=Rex`);
    expect(redact(`X-Api-Key: AAAA${char}tail next`)).toBe(`X-Api-Key: ${redactedMark} next`);
  });

  it("and stops where what holds it closes: a shell word, a JSON string, a <URL>, markup, Markdown code", () => {
    for (const [text, shown] of [
      [
        "curl -g 'http://h/v1/pets?token=abc' -H x",
        `curl -g 'http://h/v1/pets?token=${redactedMark}' -H x`,
      ],
      ['{"m":"?token=abc","n":1}', `{"m":"?token=${redactedMark}","n":1}`],
      [
        "<http://h/v1/pets?token=abc>; rel=next",
        `<http://h/v1/pets?token=${redactedMark}>; rel=next`,
      ],
      ['<a href="/v1/pets?token=abc">x</a>', `<a href="/v1/pets?token=${redactedMark}">x</a>`],
      ["<td>?token=abc</td>", `<td>?token=${redactedMark}</td>`],
      ["`?token=abc` sent", `\`?token=${redactedMark}\` sent`],
    ]) {
      expect(redact(text as string)).toBe(shown);
    }
  });
});

describe("secret-named fields of a JSON body, like a form body's", () => {
  const redact = createRedactor([]);
  it("masks a string or number under a secret name, however the name is spelled, and keeps the rest", () => {
    const body =
      '{"name":"Rex","password":"hunter2","apiKey":"k-1","pin":1234,"pass\\u0077ord": "x","otp":"","id":7}';
    expect(redact(body)).toBe(
      `{"name":"Rex","password":"${redactedMark}","apiKey":"${redactedMark}","pin":"${redactedMark}","pass\\u0077ord": "${redactedMark}","otp":"","id":7}`,
    );
  });

  it("masks them in a recording's body (a JSON string in a JSON line) and in a curl line's -d", () => {
    const line = JSON.stringify({
      request: { body: JSON.stringify({ name: "Rex", password: "hunter2" }) },
    });
    expect(redact(line)).not.toContain("hunter2");
    expect(redact(`curl -d '{"token": "abc123"}'`)).toBe(`curl -d '{"token": "${redactedMark}"}'`);
  });

  it("keeps the kit's own credential verdict and identifiers", () => {
    const line = '{"credential":"valid","x":{"credential":"wrong"}}';
    expect(redact(line)).toBe(line);
    expect(redact('{"credential":"s3cret"}')).toBe(`{"credential":"${redactedMark}"}`);
    // `key` alone names the kit's own identifiers; `apiKey`, `api_key`, `secretKey` are masked.
    const report = '{"key":"createPet no-5xx","secretKey":"x1"}';
    expect(redact(report)).toBe(`{"key":"createPet no-5xx","secretKey":"${redactedMark}"}`);
  });
});

describe("the secret words and the interface", () => {
  /** Every property and query or path parameter name openapi.yaml gives. */
  function interfaceNames(node: unknown, names = new Set<string>()): Set<string> {
    if (Array.isArray(node)) for (const item of node) interfaceNames(item, names);
    else if (node !== null && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (record.properties && typeof record.properties === "object") {
        for (const name of Object.keys(record.properties)) names.add(name);
      }
      if (typeof record.name === "string" && (record.in === "query" || record.in === "path")) {
        names.add(record.name);
      }
      for (const value of Object.values(record)) interfaceNames(value, names);
    }
    return names;
  }

  it("no field or parameter of the interface is masked as a secret", () => {
    const names = [...interfaceNames(openapiDocument)];
    expect(names).toEqual(expect.arrayContaining(["name", "categoryId", "limit", "status"]));
    expect(names.filter(isSecretName)).toEqual([]);
  });
});

describe("generated keys (fast-check)", () => {
  /** The quotes around a JSON string in a JSON string are no part of the key. */
  const unquoted = (form: string) => form.replace(/^"\\"(.*)\\""$/, "$1");
  const places = [
    [(form: string) => `GET /v1/pets/${form} 404`, (form: string) => form],
    [
      (form: string) => JSON.stringify({ message: `you sent ${form}` }),
      (form: string) => JSON.stringify(form).slice(1, -1),
    ],
    [
      (form: string) => `/v1/pets?name=${encodeURIComponent(form)}`,
      (form: string) => encodeURIComponent(form),
    ],
  ] as const;

  it("a key with %XX, &lt;, quotes, backslashes or + in it: no piece of 12 characters or half of it shows, in any encoding, in a log line, a JSON string or a URL", () => {
    fc.assert(
      fc.property(oddKeys(), (key) => {
        const redact = createRedactor([key]);
        const least = Math.max(shortestMaskedPiece, Math.ceil(key.length / 2));
        const keyPieces = Array.from({ length: key.length - least + 1 }, (_, at) =>
          key.slice(at, at + least),
        );
        for (const [name, encode] of Object.entries(secretEncodings)) {
          const form = unquoted(encode(key));
          for (const [text, placed] of places) {
            // Each piece as it stands in the text, where the encoding keeps pieces apart (not base64).
            const sent = placed(form);
            const pieces = [key, ...keyPieces.map((piece) => placed(unquoted(encode(piece))))];
            const shown = redact(text(form));
            expect(
              pieces.filter((piece) => sent.includes(piece) && shown.includes(piece)),
              `${name}: ${shown}`,
            ).toEqual([]);
          }
        }
      }),
      { numRuns: 150, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  });
});
