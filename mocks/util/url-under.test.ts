/** `urlUnder`: the proxy and `--replay` reach only paths below the configured base. */
import { describe, expect, it } from "vitest";
import { urlUnder } from "./url-under.js";

const base = "https://staging.example.com/api/v1";

describe("urlUnder", () => {
  it.each([
    ["/pets", "", "https://staging.example.com/api/v1/pets"],
    [
      "/pets/3",
      "limit=5&status=sold",
      "https://staging.example.com/api/v1/pets/3?limit=5&status=sold",
    ],
    ["", "", "https://staging.example.com/api/v1"],
    ["//evil.example.com/x", "", "https://staging.example.com/api/v1//evil.example.com/x"],
    ["/pets/@evil.example.com", "", "https://staging.example.com/api/v1/pets/@evil.example.com"],
    ["/pets/...", "", "https://staging.example.com/api/v1/pets/..."],
    ["/pets/.well", "", "https://staging.example.com/api/v1/pets/.well"],
    ["/pets/caf%C3%A9", "", "https://staging.example.com/api/v1/pets/caf%C3%A9"],
  ])("keeps %s?%s below the base", (path, query, expected) => {
    expect(urlUnder(base, path, query)?.href).toBe(expected);
  });

  it.each([
    "/../admin",
    "/pets/../../admin",
    "/%2e%2e/admin",
    "/%2E%2e/admin",
    "/.%2e/admin",
    "/pets/%2f..%2fadmin",
    "/pets/..%5cadmin",
    "/pets\\..\\admin",
    "/pets/%zz",
    "/pets/..;/admin",
    "/pets/..;jsessionid=1",
    "/pets/%252e%252e/admin",
    "/pets/%25252e%25252e",
    "/pets/%252f",
    "/pets/%25252F",
    "/pets/%2e%2e%20",
    "/pets/..%00",
    "/pets/%E2%80%A5",
    "/pets/%EF%BC%8E%EF%BC%8E",
    "/pets/%c0%ae%c0%ae",
    "/pets/%u002e%u002e",
    "/pets/%2525252525",
    "pets",
    "@evil.example.com/pets",
  ])("refuses %s", (path) => {
    expect(urlUnder(base, path, "")).toBeUndefined();
  });

  it("keeps a query from becoming a fragment or a path", () => {
    expect(urlUnder(base, "/pets", "a=1#frag")).toBeUndefined();
    expect(urlUnder(base, "/pets", "next=/../../admin")?.pathname).toBe("/api/v1/pets");
  });
});
