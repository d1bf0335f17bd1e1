/**
 * Security properties a user relies on when the mock runs beside real code:
 * no prototype pollution through bodies or query strings (core, msw and the
 * standalone server), keys compared in constant time, loopback by default,
 * and keys never written to a log or echoed in an Error body (the CLI's
 * banner and log: server/cli.node.test.ts).
 */
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkCredential, constantTimeEqual } from "../core/auth.js";
import { createPetstoreCore } from "../core/create-core.js";
import { setupPetstore } from "../node.js";
import { startPetstoreServer } from "../server/server.js";
import { createPetstoreStore, type PetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { keyAttempts } from "../test-support/secret-encodings.js";

const key = "s3cret-key-0f9a";
const auth = { authorization: `Bearer ${key}` };
const json = { ...auth, "content-type": "application/json" };

const pollutingBodies = [
  '{"name": "Rex", "categoryId": 1, "__proto__": {"polluted": "yes", "status": "sold"}}',
  '{"name": "Rex", "categoryId": 1, "constructor": {"prototype": {"polluted": "yes"}}}',
  '{"name": "Rex", "categoryId": 1, "prototype": {"polluted": "yes"}}',
  '{"__proto__": {"name": "Rex", "categoryId": 1, "polluted": "yes"}}',
  '{"name": {"__proto__": {"polluted": "yes"}}, "categoryId": 1}',
];
const pollutingQueries = [
  "__proto__[polluted]=yes",
  "__proto__.polluted=yes",
  "__proto__=yes",
  "constructor[prototype][polluted]=yes",
  "constructor.prototype.polluted=yes",
  "prototype[polluted]=yes&limit=5",
  "limit=5&__proto__=5&constructor=1",
];

function expectNoPollution(store: PetstoreStore): void {
  const plain: Record<string, unknown> = {};
  expect(plain.polluted).toBeUndefined();
  expect(Object.hasOwn(Object.prototype, "polluted")).toBe(false);
  const declared = {
    pets: ["id", "name", "categoryId", "status"],
    categories: ["id", "name", "description"],
  } as const;
  for (const kind of ["pets", "categories"] as const) {
    for (const record of store[kind].all()) {
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      expect(Object.keys(record).filter((k) => !declared[kind].includes(k as never))).toEqual([]);
      expect((record as Record<string, unknown>).polluted).toBeUndefined();
    }
  }
}

afterEach(() => {
  // Never leave a polluted prototype behind for other tests, even on failure.
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe("no prototype pollution", () => {
  it("through bodies and query strings on the core handler", async () => {
    const store = await createPetstoreStore();
    const handle = createPetstoreCore({ store, apiKeys: [key] });
    for (const body of pollutingBodies) {
      for (const path of ["/pets", "/categories"]) {
        const response = await handle(coreRequest("POST", path, { headers: json, body }));
        expect(response.status, `${path} ${body} → ${response.body}`).toBeLessThan(500);
      }
    }
    for (const query of pollutingQueries) {
      const response = await handle(coreRequest("GET", `/pets?${query}`, { headers: auth }));
      expect(response.status, `${query} → ${response.body}`).toBe(200);
    }
    expectNoPollution(store);
    // The "__proto__" member of a body is data, never the record's fields.
    const created = store.pets.all().filter((pet) => pet.id > 50);
    expect(created.every((pet) => pet.status === undefined && pet.name === "Rex")).toBe(true);
  });

  it("through msw/node and fetch", async () => {
    const petstore = await setupPetstore({ apiKeys: [key] });
    petstore.listen();
    try {
      for (const body of pollutingBodies) {
        await fetch("http://petstore.test/v1/pets", { method: "POST", headers: json, body });
      }
      for (const query of pollutingQueries) {
        const response = await fetch(`http://petstore.test/v1/pets?${query}`, { headers: auth });
        expect(response.status).toBe(200);
      }
      expectNoPollution(petstore.store);
    } finally {
      petstore.close();
    }
  });

  it("through the standalone server, its reset endpoint included", async () => {
    const server = await startPetstoreServer({ port: 0, apiKeys: [key] });
    try {
      for (const body of pollutingBodies) {
        const response = await fetch(`${server.url}/pets`, { method: "POST", headers: json, body });
        expect(response.status).toBeLessThan(500);
      }
      for (const query of pollutingQueries) {
        expect((await fetch(`${server.url}/pets?${query}`, { headers: auth })).status).toBe(200);
      }
      const reset = await fetch(`${server.origin}/__mock/reset`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"pets": 3, "__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}',
      });
      expect(reset.status).toBeLessThan(500);
      expectNoPollution(server.store);
    } finally {
      await server.close();
    }
  });
});

/**
 * A string stand-in that counts how many characters are read from it, through
 * any of the ways code reads one character (an index, `charCodeAt`,
 * `codePointAt`, `charAt`, `at`), so a rewrite of the comparison in another of
 * those styles is still measured. Anything that would read the whole string
 * unseen (a conversion to a primitive, `slice`, …) fails with a clear message.
 */
function countingString(text: string): { value: string; reads: () => number } {
  let reads = 0;
  const reading =
    (method: "charCodeAt" | "codePointAt" | "charAt" | "at") =>
    (index: number): unknown => {
      reads++;
      return text[method](index);
    };
  const fake = new Proxy(new String(text), {
    get(_target, property) {
      if (property === "length") return text.length;
      if (typeof property === "string" && /^\d+$/.test(property)) {
        reads++;
        return text[Number(property)];
      }
      if (
        property === "charCodeAt" ||
        property === "codePointAt" ||
        property === "charAt" ||
        property === "at"
      ) {
        return reading(property);
      }
      throw new Error(
        `countingString: the comparison used ${String(property)}, which reads characters unseen; ` +
          "compare character by character so this test can count the reads",
      );
    },
  });
  return { value: fake as unknown as string, reads: () => reads };
}

describe("constantTimeEqual", () => {
  it("is string equality, for any strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(a === b);
        expect(constantTimeEqual(a, a)).toBe(true);
        expect(constantTimeEqual(`${a}x`, `${a}y`)).toBe(false);
      }),
    );
  });

  it("reads the same characters wherever the first difference is: no early exit", () => {
    const expected = "abcdefghijklmnop";
    const work = (candidate: string) => {
      const counted = countingString(candidate);
      const reference = countingString(expected);
      constantTimeEqual(counted.value, reference.value);
      return [counted.reads(), reference.reads()];
    };
    const equal = work(expected);
    expect(work("Xbcdefghijklmnop")).toEqual(equal);
    expect(work("abcdefghijklmnoX")).toEqual(equal);
    expect(equal).toEqual([expected.length, expected.length]);
    // A shorter or longer guess still reads the key, and only as many characters as the guess has.
    expect(work("abc")).toEqual([3, 3]);
    expect(work(`${expected}extra`)).toEqual([21, 21]);
  });

  it("checks a token against every accepted key, even after a match", () => {
    const keys = ["first-key", "second-key", "third-key"].map(countingString);
    const result = checkCredential(
      "Bearer first-key",
      keys.map((k) => k.value),
    );
    expect(result.ok).toBe(true);
    expect(keys.map((k) => k.reads())).toEqual([9, 9, 9]);
  });
});

describe("credential parsing", () => {
  // The header is attacker-sized through msw (no header limit): a quadratic parse of
  // 200,000 spaces takes minutes, a linear one a millisecond; the timeout tells them apart.
  it("reads a header with a huge run of whitespace in linear time", () => {
    const header = `Bearer a${" ".repeat(200_000)}b`;
    expect(checkCredential(header, [key])).toEqual({ ok: false, reason: "Invalid API key." });
    expect(
      checkCredential(`${" ".repeat(200_000)}Bearer ${key}${" ".repeat(200_000)}`, [key]).ok,
    ).toBe(true);
  }, 5_000);
});

describe("binding", () => {
  it("startPetstoreServer listens on loopback unless told otherwise", async () => {
    const server = await startPetstoreServer({ port: 0 });
    try {
      expect(server.server.address()).toMatchObject({ address: "127.0.0.1" });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    } finally {
      await server.close();
    }
  });
});

describe("keys are never logged or echoed", () => {
  const attempts = keyAttempts(key);

  let lines: string[] = [];
  let server: Awaited<ReturnType<typeof startPetstoreServer>>;
  beforeAll(async () => {
    lines = [];
    server = await startPetstoreServer({
      port: 0,
      apiKeys: [key],
      quiet: false,
      log: (line) => lines.push(line),
    });
  });
  afterAll(() => server.close());

  it("in the server's request log, console output or any Error body", async () => {
    const consoleOutput: string[] = [];
    const capture = (...args: unknown[]) => {
      consoleOutput.push(args.map(String).join(" "));
    };
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(capture),
    );
    const bodies: string[] = [];
    try {
      for (const headers of attempts) {
        for (const [method, path] of [
          ["GET", "/pets"],
          ["POST", "/pets"],
          ["GET", "/pets/1"],
          ["DELETE", "/pets"],
        ] as const) {
          const response = await fetch(`${server.url}${path}`, {
            method,
            headers: { ...headers, "content-type": "application/json" },
            ...(method === "POST" ? { body: '{"name": "Rex", "categoryId": 1}' } : {}),
          });
          bodies.push(await response.text());
        }
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.length).toBeGreaterThanOrEqual(attempts.length * 4);
    const secretPart = key.slice(0, 8);
    for (const text of [...lines, ...consoleOutput, ...bodies]) {
      expect(text).not.toContain(secretPart);
    }
  });
});
