/**
 * Response-body schemas straight from openapi.yaml, validated with Ajv
 * (JSON Schema 2020-12, as OpenAPI 3.1 uses) and plugged into pactum with
 * `settings.setJsonSchemaAdapter`. `format: int64` accepts any integer: the
 * `type: integer` beside it does the checking.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import pactum from "pactum";
import { openapiDocument } from "../mocks/generated/openapi-document.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const schemaId = "petstore-openapi";
const componentRef = "#/components/schemas/";

/** Rewrites `#/components/schemas/X` to `petstore-openapi#/$defs/X`, recursively. */
function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== "object") return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === "$ref" && typeof value === "string" && value.startsWith(componentRef)
        ? `${schemaId}#/$defs/${value.slice(componentRef.length)}`
        : rewriteRefs(value);
  }
  return out;
}

export type SchemaName = keyof typeof openapiDocument.components.schemas;

const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addFormat("int64", true);
ajv.addSchema({
  $id: schemaId,
  $defs: rewriteRefs(openapiDocument.components.schemas as unknown as Json) as Json,
});

/** The schema pactum is given for a named component: a reference Ajv resolves. */
export function schemaOf(name: SchemaName): { $ref: string } {
  return { $ref: `${schemaId}#/$defs/${name}` };
}

/** An array of a named component. */
export function arrayOf(name: SchemaName): { type: "array"; items: { $ref: string } } {
  return { type: "array", items: schemaOf(name) };
}

const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Returns a readable list of violations, or undefined when the value conforms. */
export function validateAgainst(schema: object, value: unknown): string | undefined {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  if (validate(value)) return undefined;
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || "(body)"} ${error.message ?? "is invalid"}`)
    .join("; ");
}

let installed = false;

/** Makes pactum's `jsonSchema` expectations use these schemas and Ajv. */
export function installSchemaAdapter(): void {
  if (installed) return;
  installed = true;
  pactum.settings.setJsonSchemaAdapter({
    validate: (schema, target) => validateAgainst(schema, target),
  });
}
