/** Which URLs the intercepting adapters (msw, Playwright routing) answer, and where the API base ends in them. */
import { describe, expect, it, vi } from "vitest";
import { maxBodyBytes } from "../core/exchange.js";
import { apiBase, bodyFields } from "./intercept.js";

const matching = (baseUrl: string | undefined, urls: readonly string[]) =>
  urls.filter((url) => apiBase(baseUrl).pattern.test(url));

describe("apiBase", () => {
  it("without a base, answers a /v1 segment on any origin, and no /v10 or /v1x", () => {
    expect(
      matching(undefined, [
        "http://localhost:5173/v1",
        "https://api.example.com/prefix/v1/pets/3",
        "http://localhost/v10/pets",
        "http://localhost/v1x",
        "http://localhost/app.js",
      ]),
    ).toEqual(["http://localhost:5173/v1", "https://api.example.com/prefix/v1/pets/3"]);
  });

  it("with an absolute base, answers only below it, whatever slashes end it", () => {
    for (const base of ["http://api.test/v1", "http://api.test/v1/", "http://api.test/v1//"]) {
      expect(
        matching(base, [
          "http://api.test/v1/pets",
          "http://api.test/v1",
          "http://api.test/v10/pets",
          "http://app.test/v1/pets",
        ]),
      ).toEqual(["http://api.test/v1/pets", "http://api.test/v1"]);
    }
    expect(
      matching("http://api.test", ["http://api.test/pets", "http://api.testing/pets"]),
    ).toEqual(["http://api.test/pets"]);
  });

  it("with a relative base and no page (Node), answers it on any origin", () => {
    expect(
      matching("/api/v1", [
        "http://localhost:4000/api/v1/pets",
        "HTTPS://example.com/api/v1",
        "http://localhost/v1/pets",
        "http://localhost/api/v1x",
        "/api/v1/pets",
      ]),
    ).toEqual(["http://localhost:4000/api/v1/pets", "HTTPS://example.com/api/v1"]);
  });

  it("with a relative base in a page, answers it on the page's origin only", () => {
    vi.stubGlobal("location", { href: "http://app.test:5173/shop/index.html" });
    try {
      expect(
        matching("/api/v1", [
          "http://app.test:5173/api/v1/pets",
          "http://app.test:5173/api/v1",
          "http://other.test/api/v1/pets",
          "http://app.test:5173/shop/api/v1/pets",
        ]),
      ).toEqual(["http://app.test:5173/api/v1/pets", "http://app.test:5173/api/v1"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("locates the API path below the base it was given, even without /v1 in it", () => {
    expect(apiBase("http://api.test/mock").locate("/mock/pets/3")).toEqual({
      basePath: "/mock",
      path: "/pets/3",
    });
    expect(apiBase("http://api.test/mock").locate("/v1/pets")).toBeUndefined();
    expect(apiBase("http://api.test/v1//").locate("/v1/pets")).toEqual({
      basePath: "/v1",
      path: "/pets",
    });
    expect(apiBase(undefined).locate("/prefix/v1/pets")).toEqual({
      basePath: "/prefix/v1",
      path: "/pets",
    });
  });
});

describe("bodyFields", () => {
  it("decodes UTF-8 up to the limit, and only flags a body over it", () => {
    expect(bodyFields(null)).toEqual({ body: undefined, bodyTooLarge: false });
    expect(bodyFields(new TextEncoder().encode('"ключ"'))).toEqual({
      body: '"ключ"',
      bodyTooLarge: false,
    });
    expect(bodyFields(new Uint8Array(maxBodyBytes)).bodyTooLarge).toBe(false);
    expect(bodyFields(new Uint8Array(maxBodyBytes + 1))).toEqual({
      body: undefined,
      bodyTooLarge: true,
    });
  });
});
