/** The core's exchange: a core that answers at once when it can, and secrets masked in Error messages only. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coreRequest } from "../test-support/core-request.js";
import { redactedMark } from "../util/redact.js";
import {
  type CoreResponse,
  immediateHandlerOf,
  jsonResponse,
  jsonTextResponse,
  listJson,
  mergedHeaders,
  promisedCore,
  redactedError,
} from "./exchange.js";

const secret = "s3cret-key";
const redact = (text: string) => text.split(secret).join(redactedMark);

describe("listJson", () => {
  it("gives JSON.stringify's text for any list of records, a record repeated or not", () => {
    const record = fc.record(
      { id: fc.nat(), name: fc.string({ maxLength: 8 }), tags: fc.array(fc.string()) },
      { requiredKeys: ["id"] },
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), fc.array(fc.nat()), (records, picks) => {
        const repeated = picks.map((pick) => records[pick % records.length] ?? {});
        for (const list of [records, repeated, repeated]) {
          expect(listJson(list)).toBe(JSON.stringify(list));
        }
      }),
    );
    expect(listJson([])).toBe("[]");
  });
});

describe("mergedHeaders", () => {
  const json = Object.freeze({ "content-type": "application/json", vary: "Accept" });
  const vary = Object.freeze({ vary: "Origin" });
  const deprecated = Object.freeze({ deprecation: "@1", sunset: "soon" });

  it("merges two sets, the second's values winning", () => {
    expect(mergedHeaders(json, vary)).toEqual({
      "content-type": "application/json",
      vary: "Origin",
    });
    expect(mergedHeaders({ a: "1" }, { b: "2" })).toEqual({ a: "1", b: "2" });
  });

  it("shares one frozen merge per frozen pair, whichever pair came between", () => {
    const first = mergedHeaders(json, vary);
    expect(Object.isFrozen(first)).toBe(true);
    expect(mergedHeaders(json, vary)).toBe(first);
    const other = mergedHeaders(json, deprecated);
    expect(other).toEqual({ "content-type": "application/json", vary: "Accept", ...deprecated });
    expect(mergedHeaders(json, vary)).toBe(first);
    expect(mergedHeaders(json, deprecated)).toBe(other);
    expect(mergedHeaders(vary, deprecated)).toEqual({ vary: "Origin", ...deprecated });
  });

  it("gives a fresh, writable merge when a set is not frozen, even after the same frozen pair", () => {
    mergedHeaders(json, vary);
    const open = { ...json };
    const merged = mergedHeaders(open, vary);
    expect(merged).toEqual({ "content-type": "application/json", vary: "Origin" });
    expect(Object.isFrozen(merged)).toBe(false);
    expect(mergedHeaders(open, vary)).not.toBe(merged);
    expect(mergedHeaders(json, { vary: "Origin" })).not.toBe(mergedHeaders(json, vary));
  });
});

describe("promisedCore", () => {
  it("a handler that throws makes a rejected promise, not a throw at the call", async () => {
    const failure = new Error("the store broke");
    const core = promisedCore(() => {
      throw failure;
    });
    let answer: Promise<CoreResponse> | undefined;
    expect(() => {
      answer = core(coreRequest("GET", "/pets"));
    }).not.toThrow();
    await expect(answer).rejects.toBe(failure);
  });

  it("immediateHandlerOf finds the handler again, so an adapter answers without a promise", async () => {
    const ok = jsonResponse(200, []);
    const handler = () => ok;
    const core = promisedCore(handler);
    expect(immediateHandlerOf(core)).toBe(handler);
    await expect(core(coreRequest("GET", "/pets"))).resolves.toBe(ok);
  });

  it("immediateHandlerOf of any other core is that core", () => {
    const other = async () => jsonResponse(200, []);
    expect(immediateHandlerOf(other)).toBe(other);
  });
});

describe("redactedError", () => {
  const error = (status: number, text: string) => jsonTextResponse(status, text);

  it("masks the secret in an Error's message and keeps the other fields", () => {
    const answer = error(
      404,
      JSON.stringify({ code: "not_found", message: `No operation at /v1/${secret}.`, status: 404 }),
    );
    expect(redactedError(answer, redact)).toEqual({
      status: 404,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        code: "not_found",
        message: `No operation at /v1/${redactedMark}.`,
        status: 404,
      }),
    });
  });

  it.each([
    ["a success, even with a message field", 200, JSON.stringify({ message: secret })],
    ["a redirect", 302, JSON.stringify({ message: secret })],
    ["an Error that is not JSON", 502, `upstream said ${secret}`],
    ["a JSON number", 500, "5"],
    ["JSON null", 500, "null"],
    ["a JSON string", 500, JSON.stringify(secret)],
    ["an object without a message", 500, JSON.stringify({ detail: secret })],
    ["a message that is not a string", 500, JSON.stringify({ message: 5, detail: secret })],
  ])("leaves %s as it is", (_what, status, text) => {
    const answer = error(status, text);
    expect(redactedError(answer, redact)).toBe(answer);
  });

  it("leaves an Error without a secret byte for byte, whatever its layout", () => {
    const answer = error(503, '{ "code": "down",\n  "message": "Try later." }');
    expect(redactedError(answer, redact)).toBe(answer);
  });

  it("leaves an answer without a body as it is", () => {
    const answer: CoreResponse = { status: 500, headers: {}, body: undefined };
    expect(redactedError(answer, redact)).toBe(answer);
  });
});
