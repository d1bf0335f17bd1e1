import { describe, expect, it } from "vitest";
import { maxJsonDepth } from "../util/json.js";
import { type JsonBody, parseJsonBody, readJsonBody } from "./body.js";
import { type CoreRequest, type CoreResponse, maxBodyBytes } from "./exchange.js";

function request(body: string | undefined, contentType?: string): CoreRequest {
  return {
    method: "POST",
    path: "/pets",
    query: "",
    body,
    header: (name) => (name === "content-type" ? contentType : undefined),
  };
}

function errorOf(result: JsonBody): { status: number; code: string; message: string } {
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.value)}`);
  const response: CoreResponse = result.response;
  return { status: response.status, ...JSON.parse(response.body ?? "null") };
}

const deep = `${"[".repeat(maxJsonDepth + 1)}${"]".repeat(maxJsonDepth + 1)}`;

describe("parseJsonBody", () => {
  it.each([undefined, "", "  \n\t "])("takes %j as no body", (body) => {
    expect(parseJsonBody(request(body))).toEqual({ ok: true, value: undefined });
  });

  it("says a body nested too deep is too deep, not that it is not JSON", () => {
    expect(errorOf(parseJsonBody(request(deep)))).toEqual({
      status: 400,
      code: "invalid_body",
      message: `The request body it nests objects or arrays deeper than ${maxJsonDepth} levels.`,
    });
  });

  it("names the syntax error of a body that is not JSON", () => {
    const error = errorOf(parseJsonBody(request("{name:")));
    expect(error.code).toBe("invalid_body");
    expect(error.message).toMatch(/^The request body is not valid JSON: \S/);
  });

  it("answers 413 for a body over the limit", () => {
    const error = errorOf(parseJsonBody({ body: undefined, bodyTooLarge: true }));
    expect(error).toMatchObject({ status: 413, code: "payload_too_large" });
    expect(error.message).toContain(String(maxBodyBytes));
  });
});

describe("readJsonBody", () => {
  it.each([undefined, "", " \r\n "])("requires a body: %j is a 400", (body) => {
    expect(errorOf(readJsonBody(request(body, "application/json")))).toEqual({
      status: 400,
      code: "invalid_body",
      message: "A request body is required: a JSON object.",
    });
  });

  it("says which media type it got, or none", () => {
    expect(errorOf(readJsonBody(request("{}")))).toEqual({
      status: 415,
      code: "unsupported_media_type",
      message: "Content-Type must be application/json (got none).",
    });
    expect(errorOf(readJsonBody(request("{}", "text/plain"))).message).toBe(
      'Content-Type must be application/json (got "text/plain").',
    );
  });

  it("shows at most 60 characters of a long Content-Type, the cut marked", () => {
    const long = `text/${"x".repeat(100)}`;
    expect(errorOf(readJsonBody(request("{}", long))).message).toBe(
      `Content-Type must be application/json (got ${JSON.stringify(`${long.slice(0, 59)}…`)}).`,
    );
  });

  it.each(["application/json", "Application/JSON; charset=utf-8", "application/merge-patch+json"])(
    "reads a JSON body sent as %s",
    (contentType) => {
      expect(readJsonBody(request('{"name":"Rex"}', contentType))).toEqual({
        ok: true,
        value: { name: "Rex" },
      });
    },
  );
});
