/**
 * A generated request: its parts keep their role (a valid value, or the one
 * deliberate mistake) so that shrinking can simplify every valid part while
 * the mistake stays, and the checks that judge the answer are derived from
 * what is finally sent.
 */

import { interfaceOperation } from "../../mocks/interface/operations.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { toJson } from "../../mocks/util/exact-json.js";
import type { ContractRequest, CredentialVariant } from "../transport/http.js";

/**
 * What the interface lets a deployment answer:
 * - `valid`: a documented success (with the limit, filter and echo rules);
 * - `absent`: getPet of an id no pet has: 404;
 * - `credential`: a bad credential: 401 (a rejection on the category operations);
 * - `invalid-body`: a body that breaks the schema: rejected (createPet: 400);
 * - `broken-body`: not JSON at all or empty: rejected;
 * - `invalid-path`: a `petId` that is not a positive integer: rejected;
 * - `tolerated`: odd input the interface leaves open (an out-of-range
 *   `limit`, an odd encoding, another media type): no 5xx, an Error body
 *   when rejected, and the success rules when accepted.
 */
type Expectation =
  | "valid"
  | "absent"
  | "credential"
  | "invalid-body"
  | "broken-body"
  | "invalid-path"
  | "tolerated";

/** A query pair as sent (already encoded); `fixed` parts are the mistake and never shrink. */
export interface QueryPart {
  readonly name: string;
  readonly value: string;
  readonly fixed?: boolean;
}

export type Body =
  | { readonly kind: "json"; readonly value: unknown; readonly fixedFields?: readonly string[] }
  | { readonly kind: "raw"; readonly text: string };

export interface FuzzRequest {
  readonly operation: OperationId;
  readonly expect: Expectation;
  readonly credential: CredentialVariant;
  readonly query: readonly QueryPart[];
  /** Path parameters by name, as sent (encoded). */
  readonly path: Readonly<Record<string, string>>;
  readonly pathFixed?: boolean;
  readonly body?: Body;
  /** The body's media type instead of `application/json` (`""`: none). */
  readonly contentType?: string;
  /** After a successful create, read the record back (getPet / listCategories). */
  readonly thenRead?: boolean;
}

export function toContractRequest(request: FuzzRequest): ContractRequest {
  const operation = interfaceOperation(request.operation);
  const path = operation.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    String(request.path[name] ?? ""),
  );
  const rawQuery = request.query.map((part) => `${part.name}=${part.value}`).join("&");
  const body = request.body;
  return {
    method: operation.method,
    path,
    credential: request.credential,
    ...(rawQuery ? { rawQuery } : {}),
    ...(body?.kind === "json" ? { json: body.value } : {}),
    ...(body?.kind === "raw" ? { rawBody: body.text } : {}),
    ...(request.contentType !== undefined ? { contentType: request.contentType } : {}),
  };
}

/** A size to shrink by: the request's text length (smaller is simpler). */
export function requestSize(request: FuzzRequest): number {
  const sent = toContractRequest(request);
  const body = sent.rawBody ?? (sent.json === undefined ? "" : toJson(sent.json));
  return sent.path.length + (sent.rawQuery?.length ?? 0) + body.length;
}

/** Whether the request may create a record when the deployment accepts it. */
export const mayWrite = (request: FuzzRequest): boolean =>
  interfaceOperation(request.operation).method === "POST";
