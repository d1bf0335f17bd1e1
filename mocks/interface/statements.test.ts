/**
 * The statements table and openapi.yaml state each fact once and agree: the
 * answers the statements back are exactly the statuses the document lists
 * without "Kit's choice", and every link names something the document has.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
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

/** openapi.yaml as written (its prose included), read apart from the kit's runtime copy. */
const written = parse(readFileSync(new URL("../../openapi.yaml", import.meta.url), "utf8"));
const limit = written.components.parameters.Limit.schema;
const getPet = written.paths["/pets/{petId}"].get;

interface Written {
  readonly type?: string;
  readonly $ref?: string;
  readonly allOf?: readonly Written[];
  readonly properties?: Readonly<Record<string, Written>>;
}

/** A component schema's fields and their types, as written (through `allOf` and `$ref`). */
function fieldsOf(schema: string): [string, string | undefined][] {
  const walk = (node: Written): [string, string | undefined][] => {
    if (node.$ref !== undefined) return fieldsOf(node.$ref.split("/").pop() ?? "");
    const own = Object.entries(node.properties ?? {}).map(
      ([name, property]): [string, string | undefined] => [name, property.type],
    );
    return [...(node.allOf ?? []).flatMap(walk), ...own];
  };
  return walk(written.components.schemas[schema] as Written);
}

type Answers = Record<string, { description?: string; $ref?: string } | undefined>;

/** The words a statement quotes between backticks. */
const quoted = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");

describe("the statements' words", () => {
  it("give the numbers, values, dates and lists openapi.yaml gives", () => {
    const text = (id: keyof typeof rules) => rules[id].statement;
    expect(quoted(text("§2.PetStatus"))).toEqual(written.components.schemas.PetStatus.enum);
    expect(text("§4.1.limit-default")).toContain(`at most ${limit.default} animals`);
    expect(text("§4.1.limit")).toContain(`(${limit.minimum} to ${limit.maximum})`);
    expect(text("§4.1.limit-range")).toContain(`from ${limit.minimum} to ${limit.maximum}:`);
    expect(text("§4.1.limit-range")).toContain(`more than ${limit.maximum} animals`);
    const sunset = new Date(getPet["x-sunset"]);
    expect(text("§4.3.deprecated")).toContain(
      `removed on ${sunset.getUTCDate()} ${sunset.toLocaleString("en", { month: "long", timeZone: "UTC" })} ${sunset.getUTCFullYear()}`,
    );
    expect(quoted(text("§4.3.deprecated"))[0]).toMatch(
      new RegExp(`^${getPet["x-replacement"]}\\?`),
    );
    expect(quoted(text("§9.version"))).toEqual([written.info.version]);
    // A 401 the interface documents: listed without "Kit's choice" (beside its $ref, or in it).
    const unauthorized = Object.values(written.paths).flatMap((pathItem) =>
      Object.values(pathItem as Record<string, { operationId: string; responses: Answers }>)
        .filter((operation) => {
          const answer = operation.responses["401"];
          const description =
            answer?.description ??
            written.components.responses[String(answer?.$ref).split("/").pop() ?? ""]?.description;
          return answer !== undefined && !String(description).startsWith("Kit's choice");
        })
        .map((operation) => operation.operationId),
    );
    expect(unauthorized.length).toBeGreaterThan(1);
    expect(text("§5.401")).toContain(
      `(documented for ${unauthorized.slice(0, -1).join(", ")} and ${unauthorized.at(-1)})`,
    );
  });

  it("quote only routes, parameters and statuses the document has, and the fields of their schemas", () => {
    for (const [id, rule] of table) {
      for (const words of quoted(rule.statement)) {
        const route = /^(GET|POST|PUT|PATCH|DELETE) (\/[^?\s]*)(?:\?(\w+)=)?$/.exec(words);
        if (route) {
          const [, method, template, parameter] = route;
          const operation = interfaceOperations.find(
            (candidate) => candidate.method === method && candidate.template === template,
          );
          expect(operation, `${id}: ${words}`).toBeDefined();
          if (parameter !== undefined)
            expect(
              operation?.query.map((part) => part.name),
              `${id}: ${words}`,
            ).toContain(parameter);
          if (rule.answers?.length)
            expect(rule.answers.map((answer) => answer.operation)).toContain(operation?.id);
        }
        if (/^\d{3}$/.test(words)) {
          expect(
            rule.answers?.map((answer) => answer.status),
            `${id}: ${words}`,
          ).toContain(Number(words));
        }
      }
      if (rule.schemas === undefined) continue;
      const fields = new Map(rule.schemas.flatMap(fieldsOf));
      for (const words of quoted(rule.statement).filter((text) => /^\w+$/.test(text))) {
        const known =
          fields.has(words) || written.components.schemas.PetStatus.enum.includes(words);
        expect(known, `${id}: \`${words}\``).toBe(true);
      }
      for (const [, field = "", type] of rule.statement.matchAll(/`(\w+)` \((\w+)\)/g)) {
        expect(fields.get(field), `${id}: ${field}`).toBe(type);
      }
    }
  });
});
