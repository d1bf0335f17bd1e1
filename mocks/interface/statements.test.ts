/**
 * The statements table and openapi.yaml state each fact once and agree: the
 * answers the statements back are exactly the statuses the document lists
 * without "Kit's choice", and every link names something the document has.
 */
import { describe, expect, it } from "vitest";
import { interfaceOperation, interfaceOperations } from "./operations.js";
import { isSchemaName } from "./schemas.js";
import { answerRules, parameterRules, type Rule, ruleIds, rules } from "./statements.js";

const table = ruleIds.map((id) => [id, rules[id] as Rule] as const);

describe("the statements table and openapi.yaml", () => {
  it("back exactly the statuses the document lists as the interface's own", () => {
    const documented = interfaceOperations.flatMap((operation) =>
      operation.documentedStatuses.map((status) => `${operation.id} ${status}`),
    );
    const backed = table.flatMap(([, rule]) =>
      (rule.answers ?? []).map((answer) => `${answer.operation} ${answer.status}`),
    );
    expect(new Set(backed)).toEqual(new Set(documented));
    for (const operation of interfaceOperations) {
      for (const status of operation.documentedStatuses) {
        expect(
          answerRules(operation.id, status).length,
          `${operation.id} ${status}`,
        ).toBeGreaterThan(0);
      }
    }
  });

  it("derive the documented statuses from the document, the kit's choices left out", () => {
    expect(interfaceOperation("listPets").documentedStatuses).toEqual([200, 401]);
    expect(interfaceOperation("createPet").documentedStatuses).toEqual([201, 400, 401]);
    expect(interfaceOperation("getPet").documentedStatuses).toEqual([200, 401, 404]);
    expect(interfaceOperation("listCategories").documentedStatuses).toEqual([200]);
    expect(interfaceOperation("createCategory").documentedStatuses).toEqual([201]);
    expect([...interfaceOperation("listPets").responses.keys()]).toContain(400);
  });

  it("link only parameters, fields and schemas the document has", () => {
    for (const [id, rule] of table) {
      for (const link of rule.parameters ?? []) {
        const [operationId = "", name] = link.split(".");
        const operation = interfaceOperations.find((candidate) => candidate.id === operationId);
        const names = [
          ...(operation?.query ?? []),
          ...(operation?.path ?? []),
          ...(operation?.body ?? []),
        ].map((part) => part.name);
        expect(names, `${id}: ${link}`).toContain(name);
      }
      for (const schema of rule.schemas ?? [])
        expect(isSchemaName(schema), `${id}: ${schema}`).toBe(true);
    }
    expect(parameterRules("listPets", "limit")).toEqual(["§4.1.limit-range"]);
  });
});
