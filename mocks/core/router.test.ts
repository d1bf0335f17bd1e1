/** Routing from openapi.yaml, and the one base-path rule every adapter uses. */
import { describe, expect, it } from "vitest";
import { apiPathOf, matchRoute } from "./router.js";

describe("apiPathOf", () => {
  it.each([
    ["/v1/pets", undefined, { basePath: "/v1", path: "/pets" }],
    ["/api/v1/pets/3", undefined, { basePath: "/api/v1", path: "/pets/3" }],
    ["/v10/v1/pets", undefined, { basePath: "/v10/v1", path: "/pets" }],
    ["/v1", undefined, { basePath: "/v1", path: "" }],
    ["/v1/pets", "/v1", { basePath: "/v1", path: "/pets" }],
    ["/api/pets", "/api", { basePath: "/api", path: "/pets" }],
  ])("splits %s (base %s)", (pathname, base, expected) => {
    expect(apiPathOf(pathname, base)).toEqual(expected);
  });

  it.each([
    ["/v10/pets", "/v1"],
    ["/pets", undefined],
    ["/x/pets", undefined],
    ["/x", undefined],
    ["/v1x/pets", undefined],
    ["/__mock/reset", "/v1"],
  ])("finds no API under %s (base %s)", (pathname, base) => {
    expect(apiPathOf(pathname, base)).toBeUndefined();
  });
});

describe("matchRoute", () => {
  it("names the operation and its captured parameters", () => {
    expect(matchRoute("GET", "/pets/7")).toEqual({
      kind: "operation",
      operationId: "getPet",
      params: { petId: "7" },
    });
  });

  it("tells a known path with another method from an unknown path", () => {
    expect(matchRoute("DELETE", "/pets/7")).toMatchObject({
      kind: "method_not_allowed",
      route: { allow: "GET" },
    });
    expect(matchRoute("GET", "/store/orders")).toEqual({ kind: "not_found" });
  });

  it("gives each method and path its own match, asked again or in turns, and none can be changed", () => {
    const asks: Array<[string, string, unknown]> = [
      ["GET", "/pets/7", { kind: "operation", operationId: "getPet", params: { petId: "7" } }],
      ["GET", "/pets/7", { kind: "operation", operationId: "getPet", params: { petId: "7" } }],
      ["GET", "/pets/8", { kind: "operation", operationId: "getPet", params: { petId: "8" } }],
      ["DELETE", "/pets/8", expect.objectContaining({ kind: "method_not_allowed" })],
      ["GET", "/pets", { kind: "operation", operationId: "listPets", params: {} }],
      ["POST", "/pets", { kind: "operation", operationId: "createPet", params: {} }],
      ["GET", "/pets/7", { kind: "operation", operationId: "getPet", params: { petId: "7" } }],
    ];
    for (const [method, path, expected] of asks) {
      const match = matchRoute(method, path);
      expect(match).toEqual(expected);
      expect(Object.isFrozen(match)).toBe(true);
      if (match.kind === "operation") expect(Object.isFrozen(match.params)).toBe(true);
    }
  });
});
