/**
 * Facts the mock reads from openapi.yaml at run time: operations, parameter
 * schemas and defaults, enums, body fields, deprecations (`deprecated`, `x-sunset`, `x-replacement`).
 * Nothing here restates the document; it only looks things up in it.
 */
import { openapiDocument } from "../generated/openapi-document.js";
import type { operations } from "../generated/openapi-types.js";
import { resolveRef } from "../util/json-ref.js";
import type { PetStatus } from "./types.js";

/** The interface version openapi.yaml describes (its `info.version`). */
export const interfaceVersion: string = openapiDocument.info.version;

/** The version segment every deployment's base address ends with. */
export const apiBasePath = "/v1";

/** Every operationId of openapi.yaml (from the generated types: a new operation shows up here). */
export type OperationId = keyof operations & string;

export interface ParameterSchema {
  readonly type?: string;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
  readonly $ref?: string;
}

export interface OperationParameter {
  readonly name: string;
  readonly in: "query" | "path";
  readonly required: boolean;
  readonly schema: ParameterSchema;
}

/** A JSON object of openapi.yaml. */
export type Node = Readonly<Record<string, unknown>>;
const document = openapiDocument as unknown as Node;

/** The node a `$ref` names (followed through), or the node itself. */
export function deref(node: unknown): Node {
  const value = node as Node;
  return typeof value.$ref === "string" ? deref(resolveRef(document, value.$ref)) : value;
}

/** Every operationId of openapi.yaml, in document order. */
export const operationIds: readonly OperationId[] = Object.values(openapiDocument.paths).flatMap(
  (pathItem) =>
    Object.values(pathItem as Node)
      .map((operation) => (operation as Node | undefined)?.operationId)
      .filter((id): id is OperationId => typeof id === "string"),
);

/** An operation of openapi.yaml, with its method (upper-case) and path template. */
function located(operationId: OperationId) {
  for (const [path, pathItem] of Object.entries(openapiDocument.paths)) {
    for (const [method, operation] of Object.entries(pathItem)) {
      if ((operation as Node).operationId === operationId) {
        return { method: method.toUpperCase(), path, operation: operation as Node };
      }
    }
  }
  throw new Error(`openapi.yaml: no operation ${operationId}`);
}

const operationObject = (operationId: OperationId): Node => located(operationId).operation;

/** The operation's parameters in one location, references resolved. */
export function operationParameters(
  operationId: OperationId,
  location: "query" | "path",
): OperationParameter[] {
  const parameters = (operationObject(operationId).parameters ?? []) as unknown[];
  return parameters
    .map((raw) => deref(raw))
    .filter((parameter) => parameter.in === location)
    .map((parameter) => ({
      name: String(parameter.name),
      in: location,
      required: parameter.required === true,
      schema: deref(parameter.schema ?? {}) as ParameterSchema,
    }));
}

/**
 * Whether a listed response is the kit's own choice: its description (the
 * one beside a `$ref` first, else the referenced response's) starts so.
 */
function kitsChoice(response: unknown): boolean {
  const own = (response as Node).description;
  const description = typeof own === "string" ? own : deref(response).description;
  return typeof description === "string" && description.startsWith("Kit's choice");
}

/** The statuses the interface itself documents for an operation (not the kit's choices), ascending. */
export function interfaceStatuses(operationId: OperationId): number[] {
  return Object.entries((operationObject(operationId).responses ?? {}) as Node)
    .filter(([status, response]) => status !== "default" && !kitsChoice(response))
    .map(([status]) => Number(status))
    .sort((a, b) => a - b);
}

/** The method (upper-case) and path template of an operation, e.g. `GET /pets/{petId}`. */
export function operationRoute(operationId: OperationId): {
  readonly method: string;
  readonly path: string;
} {
  const { method, path } = located(operationId);
  return { method, path };
}

/** A JSON schema of openapi.yaml as the kit walks it: `$ref` followed, `allOf` parts merged. */
export interface ResolvedSchema {
  readonly type?: string | undefined;
  readonly enum?: readonly unknown[] | undefined;
  readonly required: readonly string[];
  /** The properties' schemas, unresolved: resolve each with `resolvedSchema`. */
  readonly properties: Readonly<Record<string, unknown>>;
  /** An array's item schema, unresolved. */
  readonly items?: unknown;
}

/** A schema node with its reference followed and its `allOf` parts merged into one. */
export function resolvedSchema(node: unknown): ResolvedSchema {
  const schema = deref(node ?? {});
  const parts = Array.isArray(schema.allOf) ? schema.allOf.map(resolvedSchema) : [];
  const own = {
    type: typeof schema.type === "string" ? schema.type : undefined,
    enum: Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined,
    required: Array.isArray(schema.required) ? (schema.required as string[]) : [],
    properties: (schema.properties ?? {}) as Record<string, unknown>,
    items: schema.items,
  };
  return parts.reduce<ResolvedSchema>(
    (merged, part) => ({
      type: merged.type ?? part.type,
      enum: merged.enum ?? part.enum,
      required: [...merged.required, ...part.required],
      properties: { ...part.properties, ...merged.properties },
      items: merged.items ?? part.items,
    }),
    own,
  );
}

/** The `application/json` schema of a request body or response object, if it has one. */
function jsonSchemaOf(node: unknown): ResolvedSchema | undefined {
  if (node === undefined) return undefined;
  const media = (deref(node).content as Node | undefined)?.["application/json"] as Node | undefined;
  return media?.schema === undefined ? undefined : resolvedSchema(media.schema);
}

/** The JSON schema of an operation's request body, or undefined when it takes none. */
export const requestSchema = (operationId: OperationId): ResolvedSchema | undefined =>
  jsonSchemaOf(operationObject(operationId).requestBody);

/**
 * The JSON schema of an operation's answer with this status (the `default`
 * answer's when the document lists none), or undefined when it has no JSON body.
 */
export function responseSchema(operationId: OperationId, status: number) {
  const responses = (operationObject(operationId).responses ?? {}) as Node;
  return jsonSchemaOf(responses[String(status)] ?? responses.default);
}

/** The JSON schema of an operation's request body (resolved). */
export function requestBodySchema(operationId: OperationId): {
  readonly required: readonly string[];
  readonly properties: Readonly<Record<string, ParameterSchema>>;
} {
  const schema = requestSchema(operationId);
  const properties = Object.entries(schema?.properties ?? {}).map(
    ([name, property]) => [name, deref(property) as ParameterSchema] as const,
  );
  return { required: schema?.required ?? [], properties: Object.fromEntries(properties) };
}

export const petStatuses = openapiDocument.components.schemas.PetStatus
  .enum as readonly PetStatus[];

/** The `limit` rule of listPets: minimum, maximum, default. */
export const limitRule = (() => {
  const limit = operationParameters("listPets", "query").find((p) => p.name === "limit");
  const { minimum, maximum } = limit?.schema ?? {};
  const fallback = limit?.schema.default;
  if (typeof minimum !== "number" || typeof maximum !== "number" || typeof fallback !== "number") {
    throw new Error("openapi.yaml: listPets limit needs minimum, maximum and default");
  }
  return { minimum, maximum, default: fallback };
})();

export interface Deprecation {
  /** When the operation goes away (`x-sunset`), if the document says. */
  readonly sunset: Date | undefined;
  /** The successor's path below the base (from `x-replacement`, e.g. `GET /pets`), if any. */
  readonly successorPath: string | undefined;
  /** The successor as `x-replacement` names it (`GET /pets`), if the document says. */
  readonly replacement?: string | undefined;
}

/** The operations openapi.yaml marks `deprecated: true`, with their sunset and successor. */
export const deprecations: ReadonlyMap<OperationId, Deprecation> = new Map(
  operationIds.flatMap((operationId): [OperationId, Deprecation][] => {
    const operation = operationObject(operationId);
    if (operation.deprecated !== true) return [];
    const { "x-sunset": sunset, "x-replacement": given } = operation;
    const replacement = typeof given === "string" ? given.trim() : undefined;
    const successorPath = /^(?:[A-Z]+\s+)?(\/\S*)$/.exec(replacement ?? "")?.[1];
    const date = typeof sunset === "string" ? new Date(sunset) : undefined;
    return [[operationId, { sunset: date, successorPath, replacement }]];
  }),
);
