/**
 * What the request generator and the document check read from openapi.yaml:
 * each operation's method and path, its parameters and body fields with
 * their schemas, and the responses it lists (status → body schema).
 */

import { routes } from "../../mocks/core/router.js";
import { openapiDocument } from "../../mocks/generated/openapi-document.js";
import {
  type OperationId,
  type OperationParameter,
  operationParameters,
  type ParameterSchema,
  requestBodySchema,
} from "../../mocks/spec.js";
import { resolveRef } from "../../mocks/util/json-ref.js";
import type { SchemaName } from "../schemas.js";

/** A response body as listed: a component schema, one or an array of them. */
export interface ListedBody {
  readonly schema: SchemaName;
  readonly shape: "one" | "array";
}

export interface BodyField {
  readonly name: string;
  readonly required: boolean;
  readonly schema: ParameterSchema;
}

export interface DocumentedOperation {
  readonly id: OperationId;
  readonly method: "GET" | "POST";
  /** The path template below the base, e.g. `/pets/{petId}`. */
  readonly template: string;
  readonly query: readonly OperationParameter[];
  readonly path: readonly OperationParameter[];
  /** The JSON body's fields; undefined when the operation takes no body. */
  readonly body: readonly BodyField[] | undefined;
  /** Every status the document lists (not `default`), with its body. */
  readonly responses: ReadonlyMap<number, ListedBody | undefined>;
  /** The body of the `default` response, when one is listed. */
  readonly otherwise: ListedBody | undefined;
}

type Node = Readonly<Record<string, unknown>>;
const document = openapiDocument as unknown as Node;

function deref(node: unknown): Node {
  const value = node as Node;
  return typeof value.$ref === "string" ? deref(resolveRef(document, value.$ref)) : value;
}

const componentName = (ref: unknown): SchemaName | undefined =>
  typeof ref === "string" ? (ref.split("/").pop() as SchemaName) : undefined;

function listedBody(response: unknown): ListedBody | undefined {
  const content = deref(response).content as Node | undefined;
  const schema = (content?.["application/json"] as Node | undefined)?.schema as Node | undefined;
  if (!schema) return undefined;
  if (schema.type === "array") {
    const name = componentName((schema.items as Node | undefined)?.$ref);
    return name ? { schema: name, shape: "array" } : undefined;
  }
  const name = componentName(schema.$ref);
  return name ? { schema: name, shape: "one" } : undefined;
}

function operationObject(template: string, method: string): Node {
  const paths = document.paths as Node;
  return (paths[template] as Node)[method.toLowerCase()] as Node;
}

function describeOperation(template: string, method: string, id: OperationId) {
  const operation = operationObject(template, method);
  const responses = new Map<number, ListedBody | undefined>();
  let otherwise: ListedBody | undefined;
  for (const [status, response] of Object.entries(operation.responses as Node)) {
    if (status === "default") otherwise = listedBody(response);
    else responses.set(Number(status), listedBody(response));
  }
  let body: BodyField[] | undefined;
  if (operation.requestBody !== undefined) {
    const { required, properties } = requestBodySchema(id);
    body = Object.entries(properties).map(([name, schema]) => ({
      name,
      required: required.includes(name),
      schema,
    }));
  }
  return {
    id,
    method: method as "GET" | "POST",
    template,
    query: operationParameters(id, "query"),
    path: operationParameters(id, "path"),
    body,
    responses,
    otherwise,
  };
}

/** Every operation of openapi.yaml, in document order. */
export const documentedOperations: readonly DocumentedOperation[] = routes.flatMap((route) =>
  [...route.operations].map(([method, id]) => describeOperation(route.template, method, id)),
);

export function documentedOperation(id: OperationId): DocumentedOperation {
  const found = documentedOperations.find((operation) => operation.id === id);
  if (!found) throw new Error(`openapi.yaml: no operation ${id}`);
  return found;
}

/** A schema with its `$ref` resolved (parameter and field schemas may point at components). */
export const resolvedSchema = (schema: ParameterSchema): ParameterSchema =>
  deref(schema) as ParameterSchema;
