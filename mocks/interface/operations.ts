/**
 * The interface's operations as openapi.yaml states them: method and path
 * template, parameters and body fields with their schemas, every response
 * it lists, which of those statuses are the interface's own (the others are
 * described as "Kit's choice"), the documented success and its body, and
 * what a success creates or lists. Everything is looked up in the document.
 *
 * @example
 * interfaceOperation("listPets").documentedStatuses; // [200, 401]
 * interfaceOperation("createCategory").collection;   // "categories"
 */
import { openapiDocument } from "../generated/openapi-document.js";
import type { paths } from "../generated/openapi-types.js";
import { isSchemaName, type SchemaName } from "./schema-names.js";
import {
  type Deprecation,
  deprecations,
  deref,
  interfaceStatuses,
  type Node,
  type OperationId,
  type OperationParameter,
  operationParameters,
  type ParameterSchema,
  requestBodySchema,
  resolvedSchema,
} from "./spec.js";

/** A body as listed: a component schema, one or an array of them. */
export interface ListedBody {
  readonly schema: SchemaName;
  readonly shape: "one" | "array";
}

export interface BodyField {
  readonly name: string;
  readonly required: boolean;
  readonly schema: ParameterSchema;
}

/** The records a path's operations create and list: its first segment (`/pets/{petId}` → `pets`). */
export type Collection = {
  [Path in keyof paths]: Path extends `/${infer First}/${string}`
    ? First
    : Path extends `/${infer Only}`
      ? Only
      : never;
}[keyof paths];

export interface InterfaceOperation {
  readonly id: OperationId;
  readonly method: "GET" | "POST";
  /** The path template below the base, e.g. `/pets/{petId}`. */
  readonly template: string;
  readonly query: readonly OperationParameter[];
  readonly path: readonly OperationParameter[];
  /** The JSON body's fields; undefined when the operation takes no body. */
  readonly body: readonly BodyField[] | undefined;
  /** The component schema of the request body (`NewPet`), when there is one. */
  readonly bodySchema: SchemaName | undefined;
  /** Every status the document lists (not `default`), with its body. */
  readonly responses: ReadonlyMap<number, ListedBody | undefined>;
  /** The body of the `default` response, when one is listed. */
  readonly otherwise: ListedBody | undefined;
  /** The statuses the interface itself documents (not the kit's choices), ascending. */
  readonly documentedStatuses: readonly number[];
  /** The documented success: its status and body. */
  readonly success: { readonly status: number; readonly body: ListedBody | undefined };
  /** The headers openapi.yaml lists on the success answer, lower case. */
  readonly successHeaders: readonly string[];
  /** Whether the interface shows any error answer of this operation (the category ones: no). */
  readonly documentsErrors: boolean;
  /** The records this operation's path holds. */
  readonly collection: Collection;
  /** The collection's create: a POST at its root (`/pets`) whose success is the stored record. */
  readonly creates: boolean;
  /** The collection's list: a GET at its root whose success is an array of records. */
  readonly lists: boolean;
  /** A record's read: a GET at the root and the record's id (`/pets/{petId}`) answering one record. */
  readonly reads: boolean;
  readonly deprecation: Deprecation | undefined;
}

const document = openapiDocument as unknown as Node;

const componentName = (ref: unknown): SchemaName | undefined => {
  const name = typeof ref === "string" ? ref.split("/").pop() : undefined;
  return name !== undefined && isSchemaName(name) ? name : undefined;
};

function listedBody(response: unknown): ListedBody | undefined {
  const content = deref(response).content as Node | undefined;
  const schema = (content?.["application/json"] as Node | undefined)?.schema as Node | undefined;
  if (!schema) return undefined;
  const array = schema.type === "array";
  const name = componentName(array ? (schema.items as Node | undefined)?.$ref : schema.$ref);
  return name ? { schema: name, shape: array ? "array" : "one" } : undefined;
}

/** A 2xx status. */
export const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

function describeOperation(template: string, method: string, operation: Node): InterfaceOperation {
  const id = operation.operationId as OperationId;
  const responses = new Map<number, ListedBody | undefined>();
  let otherwise: ListedBody | undefined;
  for (const [status, response] of Object.entries(operation.responses as Node)) {
    if (status === "default") otherwise = listedBody(response);
    else responses.set(Number(status), listedBody(response));
  }
  const documentedStatuses = interfaceStatuses(id);
  const successStatus = documentedStatuses.find(isSuccessStatus);
  if (successStatus === undefined) throw new Error(`openapi.yaml: ${id} documents no success`);
  const success = { status: successStatus, body: responses.get(successStatus) };
  const successResponse = deref((operation.responses as Node)[String(successStatus)]);
  const listedHeaders = Object.keys((successResponse.headers as Node | undefined) ?? {});
  const successHeaders = listedHeaders.map((name) => name.toLowerCase());
  let body: BodyField[] | undefined;
  let bodySchema: SchemaName | undefined;
  if (operation.requestBody !== undefined) {
    const { required, properties } = requestBodySchema(id);
    body = Object.entries(properties).map(([name, schema]) => ({
      name,
      required: required.includes(name),
      schema,
    }));
    const media = (deref(operation.requestBody).content as Node)["application/json"] as Node;
    bodySchema = componentName((media.schema as Node).$ref);
  }
  const upper = method.toUpperCase() as InterfaceOperation["method"];
  return {
    id,
    method: upper,
    template,
    query: operationParameters(id, "query"),
    path: operationParameters(id, "path"),
    body,
    bodySchema,
    responses,
    otherwise,
    documentedStatuses,
    success,
    successHeaders,
    documentsErrors: documentedStatuses.some((status) => status >= 400),
    collection: template.split("/")[1] as Collection,
    ...roleOf(upper, template, success.body?.shape),
    deprecation: deprecations.get(id),
  };
}

/**
 * What an operation is to its collection (the first segment of its path): its
 * create or list at the collection's root (`/pets`), a record's read at the
 * root and an id (`/pets/{petId}`), or none of them: a sub-resource such as
 * `/pets/{petId}/photos` belongs to the collection but neither lists nor reads its records.
 */
export function roleOf(method: string, template: string, shape: ListedBody["shape"] | undefined) {
  const root = /^\/[^/]+$/.test(template);
  const record = /^\/[^/]+\/\{[^/]+\}$/.test(template);
  return {
    creates: method === "POST" && root && shape === "one",
    lists: method === "GET" && root && shape === "array",
    reads: method === "GET" && record && shape === "one",
  };
}

const httpMethods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** Every operation of openapi.yaml, in document order. */
export const interfaceOperations: readonly InterfaceOperation[] = Object.entries(
  document.paths as Node,
).flatMap(([template, pathItem]) =>
  Object.entries(pathItem as Node)
    .filter(([method]) => httpMethods.has(method))
    .map(([method, operation]) => describeOperation(template, method, operation as Node)),
);

/** The operation's `limit` query parameter (a list's page size), if it takes one. */
export const limitParameter = (operation: InterfaceOperation): OperationParameter | undefined =>
  operation.query.find((parameter) => parameter.name === "limit");

/**
 * A list operation's query asking for its fewest or most records: its
 * `limit` at the schema's minimum or maximum; empty when it takes no limit.
 */
export function limitQuery(
  operation: InterfaceOperation,
  bound: "minimum" | "maximum",
): Readonly<Record<string, string>> {
  const value = limitParameter(operation)?.schema[bound];
  return value === undefined ? {} : { limit: String(value) };
}

const byId = new Map(interfaceOperations.map((operation) => [operation.id, operation]));

export function interfaceOperation(id: OperationId): InterfaceOperation {
  const found = byId.get(id);
  if (!found) throw new Error(`openapi.yaml: no operation ${id}`);
  return found;
}

function propertiesOf(schema: Node): string[] {
  const own = Object.keys((schema.properties as Node | undefined) ?? {});
  const parts = ((schema.allOf as unknown[] | undefined) ?? []).map(deref).flatMap(propertiesOf);
  return [...new Set([...parts, ...own])];
}

/** The property names a component schema gives, through `allOf`: `Pet` → name, categoryId, status, id. */
export function schemaFields(schema: SchemaName): readonly string[] {
  const schemas = (document.components as Node).schemas as Node;
  return propertiesOf(deref(schemas[schema]));
}

/**
 * A stored record's fields, in the order the mock writes them: `id` (every
 * record's key) first, then the schema's others in document order.
 *
 * @example
 * recordFields("Pet"); // ["id", "name", "categoryId", "status"]
 */
export function recordFields(schema: SchemaName): readonly string[] {
  return ["id", ...schemaFields(schema).filter((field) => field !== "id")];
}

/**
 * The fields a component schema may leave out: its properties that are not
 * required, through `allOf`.
 *
 * @example
 * optionalFields("Pet"); // ["status"]
 */
export function optionalFields(schema: SchemaName): readonly string[] {
  const { required } = resolvedSchema(((document.components as Node).schemas as Node)[schema]);
  return schemaFields(schema).filter((field) => !required.includes(field));
}

/** The collections whose records a list answers (the ones with ids to assign). */
export const listedCollections: readonly Collection[] = interfaceOperations
  .filter((operation) => operation.lists)
  .map(({ collection }) => collection);

/** The schema of the records a collection lists (`pets` → Pet), if it lists any. */
export const recordSchemaOf = (collection: string): SchemaName | undefined =>
  interfaceOperations.find((operation) => operation.lists && operation.collection === collection)
    ?.success.body?.schema;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Body fields that name a record of a collection: `categoryId` → categories (the lists' items). */
const references = new Map<string, Collection>();
for (const { lists, success, collection } of interfaceOperations) {
  if (lists && success.body) references.set(`${lowerFirst(success.body.schema)}Id`, collection);
}

/** The collection whose records a body field names by id, if it names any. */
export const referencedCollection = (field: string): Collection | undefined =>
  references.get(field);
