/** Deprecation headers come from openapi.yaml: `deprecated`, `x-sunset`, `x-replacement`. */
import { describe, expect, it, vi } from "vitest";
import { openapiDocument } from "../generated/openapi-document.js";
import { deprecations, operationIds } from "../interface/spec.js";
import { deprecationHeaders } from "./deprecation.js";

describe("deprecation headers", () => {
  it("are sent for exactly the operations the document marks deprecated", () => {
    const marked = Object.values(openapiDocument.paths)
      .flatMap((item) => Object.values(item) as { operationId?: string; deprecated?: boolean }[])
      .filter((operation) => operation.deprecated === true)
      .map((operation) => operation.operationId);
    expect([...deprecations.keys()]).toEqual(marked);
    for (const operationId of operationIds) {
      expect(deprecationHeaders(operationId, "/v1") !== undefined).toBe(
        marked.includes(operationId),
      );
    }
  });

  it("carry the document's sunset and a successor link under the request's base", () => {
    const getPet = openapiDocument.paths["/pets/{petId}"].get as { "x-sunset": string };
    expect(deprecationHeaders("getPet", "/api/v1")).toEqual({
      deprecation: "@1735689600",
      sunset: new Date(getPet["x-sunset"]).toUTCString(),
      link: '</api/v1/pets>; rel="successor-version"',
    });
  });

  it("leave out Sunset and Link for an operation deprecated without x-sunset or x-replacement", () => {
    const lookup = vi
      .spyOn(deprecations, "get")
      .mockReturnValue({ sunset: undefined, successorPath: undefined });
    try {
      expect(deprecationHeaders("getPet", "/v1")).toEqual({ deprecation: "@1735689600" });
    } finally {
      lookup.mockRestore();
    }
  });
});
