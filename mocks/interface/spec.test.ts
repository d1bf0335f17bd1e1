/** What the kit looks up in openapi.yaml is what the document says, read here on its own. */
import { describe, expect, it } from "vitest";
import { derefSource as deref, openapiSource as document } from "../test-support/openapi-source.js";
import { resolveRef } from "../util/json-ref.js";
import { interfaceOperations, roleOf } from "./operations.js";
import {
  limitRule,
  type OperationId,
  operationIds,
  operationParameters,
  operationRoute,
  petStatuses,
  requestBodySchema,
  requestSchema,
  resolvedSchema,
  responseSchema,
} from "./spec.js";

type Node = Readonly<Record<string, unknown>>;
const componentOf = (ref: string) => resolveRef(document, ref);

const written = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    id: operation.operationId as OperationId,
    method: method.toUpperCase(),
    path,
    operation,
  })),
);

describe("operations", () => {
  it("are every operationId, in document order, each at its method and path", () => {
    expect(operationIds).toEqual(written.map(({ id }) => id));
    for (const { id, method, path } of written) {
      expect(operationRoute(id)).toEqual({ method, path });
    }
  });

  it("are their collection's list, create or record read only at its root and a record's path", () => {
    const none = { creates: false, lists: false, reads: false };
    expect(roleOf("GET", "/pets", "array")).toEqual({ ...none, lists: true });
    expect(roleOf("POST", "/categories", "one")).toEqual({ ...none, creates: true });
    expect(roleOf("GET", "/pets/{petId}", "one")).toEqual({ ...none, reads: true });
    // A sub-resource of a record: neither the pet list, nor a pet, nor a create of one.
    expect(roleOf("GET", "/pets/{petId}/photos", "array")).toEqual(none);
    expect(roleOf("GET", "/pets/{petId}/owner", "one")).toEqual(none);
    expect(roleOf("POST", "/pets/{petId}/photos", "one")).toEqual(none);
    expect(interfaceOperations.filter((operation) => operation.lists).map(({ id }) => id)).toEqual(
      written
        .filter(({ method, path }) => method === "GET" && !path.includes("{"))
        .map(({ id }) => id),
    );
  });

  it("throw on an operation the document does not have", () => {
    expect(() => operationRoute("nope" as OperationId)).toThrow("openapi.yaml: no operation nope");
  });
});

describe("parameters", () => {
  it("are the document's, by location, references followed, required as written", () => {
    for (const { id, operation } of written) {
      const parameters = ((operation.parameters ?? []) as Node[]).map(deref);
      for (const location of ["query", "path"] as const) {
        const expected = parameters
          .filter((parameter) => parameter.in === location)
          .map((parameter) => ({
            name: parameter.name,
            in: location,
            required: parameter.required === true,
            schema: deref(parameter.schema as Node),
          }));
        const found = operationParameters(id, location);
        expect(found.map(({ schema, ...rest }) => rest)).toEqual(
          expected.map(({ schema, ...rest }) => rest),
        );
        for (const [index, parameter] of found.entries()) {
          expect(parameter.schema).toMatchObject(
            Object.fromEntries(
              Object.entries(expected[index]?.schema ?? {}).filter(
                ([key]) => key !== "description" && key !== "example",
              ),
            ),
          );
        }
      }
    }
    expect(operationParameters("getPet", "path").map((p) => [p.name, p.required])).toEqual([
      ["petId", true],
    ]);
    expect(operationParameters("listPets", "query").every((p) => !p.required)).toBe(true);
  });

  it("give the list's limit rule and the pet statuses", () => {
    const limit = deref(
      ((document.paths["/pets"]?.get?.parameters ?? []) as Node[])
        .map(deref)
        .find((parameter) => parameter.name === "limit")?.schema as Node,
    );
    expect(limitRule).toEqual({
      minimum: limit.minimum,
      maximum: limit.maximum,
      default: limit.default,
    });
    expect(petStatuses).toEqual(componentOf("#/components/schemas/PetStatus").enum);
  });
});

describe("schemas", () => {
  it("merge allOf parts: a Pet is a NewPet's fields plus its id", () => {
    const pet = resolvedSchema({ $ref: "#/components/schemas/Pet" });
    const newPet = deref(componentOf("#/components/schemas/NewPet"));
    expect(pet.type).toBe("object");
    expect([...pet.required].sort()).toEqual([...(newPet.required as string[]), "id"].sort());
    expect(Object.keys(pet.properties).sort()).toEqual(
      [...Object.keys(newPet.properties as Node), "id"].sort(),
    );
    expect(pet.enum).toBeUndefined();
    expect(pet.items).toBeUndefined();
  });

  it("an enum and an array's items are kept; nothing given is an empty schema", () => {
    expect(resolvedSchema({ $ref: "#/components/schemas/PetStatus" }).enum).toEqual(petStatuses);
    const list = responseSchema("listPets", 200);
    expect(list?.type).toBe("array");
    expect(list?.items).toEqual({ $ref: "#/components/schemas/Pet" });
    expect(resolvedSchema(undefined)).toEqual({
      type: undefined,
      enum: undefined,
      required: [],
      properties: {},
      items: undefined,
    });
    // OpenAPI 3.1's list of types (`[integer, "null"]`) is no one type.
    expect(resolvedSchema({ type: ["integer", "null"] }).type).toBeUndefined();
  });

  it("a merged part fills what the schema leaves out, the schema's own winning", () => {
    const merged = resolvedSchema({
      required: ["a"],
      properties: { a: { type: "string" } },
      allOf: [
        {
          type: "object",
          enum: [1],
          required: ["b"],
          properties: { a: { type: "number" }, b: {} },
          items: { type: "string" },
        },
      ],
    });
    expect(merged).toEqual({
      type: "object",
      enum: [1],
      required: ["a", "b"],
      properties: { a: { type: "string" }, b: {} },
      items: { type: "string" },
    });
  });

  it("request and response bodies: the JSON schema, or none", () => {
    expect(requestSchema("listPets")).toBeUndefined();
    expect(requestBodySchema("listPets")).toEqual({ required: [], properties: {} });
    expect(Object.keys(requestSchema("createPet")?.properties ?? {}).sort()).toEqual(
      Object.keys(requestBodySchema("createPet").properties).sort(),
    );
    expect(requestBodySchema("createPet").required).toEqual(
      deref(componentOf("#/components/schemas/NewPet")).required,
    );
    expect(responseSchema("getPet", 200)?.required).toContain("id");
    const error = deref(componentOf("#/components/schemas/Error"));
    expect(responseSchema("getPet", 599)?.required).toEqual(error.required);
    expect(responseSchema("getPet", 404)?.required).toEqual(error.required);
  });
});
