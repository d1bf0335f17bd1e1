/** What the kit reads of each operation, checked against openapi.yaml read apart. */
import { describe, expect, it } from "vitest";
import { derefSource, openapiSource } from "../test-support/openapi-source.js";
import { interfaceOperation, limitQuery } from "./operations.js";

describe("limitQuery", () => {
  it("asks a list for its fewest or most records, as the limit's schema bounds them", () => {
    const parameters = (openapiSource.paths["/pets"]?.get?.parameters ?? []) as unknown[];
    const limit = derefSource(
      parameters.find((parameter) => derefSource(parameter).name === "limit"),
    ).schema as { minimum: number; maximum: number };
    const listPets = interfaceOperation("listPets");
    expect(limitQuery(listPets, "minimum")).toEqual({ limit: String(limit.minimum) });
    expect(limitQuery(listPets, "maximum")).toEqual({ limit: String(limit.maximum) });
  });

  it("is empty for a list that takes no limit", () => {
    expect(limitQuery(interfaceOperation("listCategories"), "maximum")).toEqual({});
  });
});
