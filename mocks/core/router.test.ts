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
});
