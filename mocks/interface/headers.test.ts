/** The interface's headers, named once, are the ones openapi.yaml lists and the mock sends. */
import { describe, expect, it } from "vitest";
import { deprecationHeaders } from "../core/deprecation.js";
import { derefSource, openapiSource } from "../test-support/openapi-source.js";
import { clientHeaders, deprecationHeaderNames, interfaceHeaders } from "./headers.js";

/** Every header openapi.yaml lists on an answer, read apart from the kit's runtime copy. */
const listed = Object.values(openapiSource.paths).flatMap((pathItem) =>
  Object.values(pathItem).flatMap((operation) =>
    Object.values((operation.responses ?? {}) as Record<string, unknown>).flatMap((response) =>
      Object.keys((derefSource(response).headers ?? {}) as Record<string, unknown>),
    ),
  ),
);

describe("the interface's headers", () => {
  it("are the media type, every header openapi.yaml lists, and the deprecation headers", () => {
    expect(listed).toEqual(expect.arrayContaining(["Location", "WWW-Authenticate"]));
    expect(new Set(interfaceHeaders)).toEqual(
      new Set(["Content-Type", ...listed, ...Object.values(deprecationHeaderNames)]),
    );
  });

  it("name exactly the headers the mock puts on a deprecated operation's answers", () => {
    const sent = Object.keys(deprecationHeaders("getPet", "/v1") ?? {});
    expect(sent.sort()).toEqual(
      Object.values(deprecationHeaderNames)
        .map((name) => name.toLowerCase())
        .sort(),
    );
  });

  it("come first among the headers a client reads, lower case, each once", () => {
    expect(clientHeaders.slice(0, interfaceHeaders.length)).toEqual(
      interfaceHeaders.map((name) => name.toLowerCase()),
    );
    expect(new Set(clientHeaders).size).toBe(clientHeaders.length);
    expect(clientHeaders).toContain("retry-after");
  });
});
