/** What the kit reads of each operation, checked against openapi.yaml read apart. */
import { describe, expect, it } from "vitest";
import { derefSource, openapiSource } from "../test-support/openapi-source.js";
import {
  interfaceOperation,
  limitQuery,
  optionalFields,
  recordFields,
  recordSchemaOf,
  roleOf,
} from "./operations.js";
import type { OperationId } from "./spec.js";

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

describe("recordFields", () => {
  it("lists every field a stored record's schema gives, id first", () => {
    const schemas = (openapiSource.components as { schemas: Record<string, unknown> }).schemas;
    const fieldsOf = (node: unknown): string[] => {
      const schema = derefSource(node) as { allOf?: unknown[]; properties?: object };
      return [...(schema.allOf ?? []).flatMap(fieldsOf), ...Object.keys(schema.properties ?? {})];
    };
    for (const name of ["Pet", "Category"] as const) {
      expect(recordFields(name)[0]).toBe("id");
      expect([...recordFields(name)].sort()).toEqual(fieldsOf(schemas[name]).sort());
    }
  });
});

describe("optionalFields and recordSchemaOf", () => {
  it("read the fields a schema leaves optional, through allOf, and the schema a collection lists", () => {
    expect(optionalFields("Pet")).toEqual(["status"]);
    expect(optionalFields("NewCategory")).toEqual(["description"]);
    expect(optionalFields("Category")).toEqual(["description"]);
    expect(optionalFields("Error")).toEqual([]);
    expect([recordSchemaOf("pets"), recordSchemaOf("categories")]).toEqual(["Pet", "Category"]);
    expect(recordSchemaOf("store")).toBeUndefined();
  });
});

describe("roleOf", () => {
  const none = { creates: false, lists: false, reads: false };
  it.each([
    ["POST", "/pets", "one", { ...none, creates: true }],
    ["GET", "/pets", "array", { ...none, lists: true }],
    ["GET", "/pets/{petId}", "one", { ...none, reads: true }],
    ["GET", "/pets", "one", none],
    ["POST", "/pets", "array", none],
    ["POST", "/pets/{petId}", "one", none],
    ["GET", "/pets/{petId}", "array", none],
    ["GET", "/pets/{petId}/photos/{photoId}", "one", none],
    ["GET", "/pets", undefined, none],
  ] as const)("%s %s answering %s", (method, template, shape, role) => {
    expect(roleOf(method, template, shape)).toEqual(role);
  });
});

describe("interfaceOperation", () => {
  it("names an operation openapi.yaml does not have", () => {
    expect(() => interfaceOperation("deletePet" as OperationId)).toThrow(
      "openapi.yaml: no operation deletePet",
    );
  });
});
