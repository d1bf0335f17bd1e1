/** Deprecation headers come from openapi.yaml: `deprecated`, `x-sunset`, `x-replacement`. */
import { describe, expect, it, vi } from "vitest";
import { openapiDocument } from "../generated/openapi-document.js";
import { deprecations, operationIds } from "../interface/spec.js";
import { createPetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { derefSource, openapiSource } from "../test-support/openapi-source.js";
import { createPetstoreCore } from "./create-core.js";
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

describe("openapi.yaml lists them on every answer of a deprecated operation", () => {
  /** Each response of the operation at `path`, by status, with its headers as written. */
  const responsesOf = (path: string) =>
    Object.entries(derefSource(openapiSource.paths[path]?.get).responses as object).map(
      ([status, response]) => {
        const headers = (derefSource(response).headers ?? {}) as Record<string, unknown>;
        return {
          status,
          headers: Object.entries(headers).map(([name, header]) => ({
            name,
            header: derefSource(header),
          })),
        };
      },
    );

  it("optional, with a schema whose pattern every answer of the mock meets", async () => {
    const core = createPetstoreCore({ store: await createPetstoreStore({ pets: 3 }) });
    const key = { authorization: "Bearer petstore-dev-key" };
    const answers = await Promise.all(
      [
        coreRequest("GET", "/pets/1", { headers: key }),
        coreRequest("GET", "/pets/999", { headers: key }),
        coreRequest("GET", "/pets/abc", { headers: key }),
        coreRequest("GET", "/pets/1"),
        coreRequest("GET", "/pets/1", { headers: { ...key, prefer: "code=503" } }),
        coreRequest("GET", "/pets/1", { headers: { ...key, prefer: "code=500" } }),
      ].map((request) => core(request)),
    );
    const responses = responsesOf("/pets/{petId}");
    expect(answers.map((answer) => String(answer.status)).sort()).toEqual(
      responses
        .map((response) => response.status)
        .filter((status) => status !== "default")
        .concat("500")
        .sort(),
    );
    for (const { headers } of responses) {
      const listed = headers.filter(({ name }) => name !== "WWW-Authenticate");
      expect(listed.map(({ name }) => name)).toEqual(["Deprecation", "Sunset", "Link"]);
      for (const { name, header } of listed) {
        expect(header.required).toBeUndefined();
        const pattern = new RegExp((header.schema as { pattern: string }).pattern);
        for (const answer of answers) {
          expect({ name, value: answer.headers[name.toLowerCase()] }).toEqual({
            name,
            value: expect.stringMatching(pattern),
          });
        }
        expect(header.example).toEqual(expect.stringMatching(pattern));
      }
    }
  });
});
