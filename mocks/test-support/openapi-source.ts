/**
 * openapi.yaml as written, prose and examples included (the kit's runtime
 * copy, `mocks/generated/openapi-document.ts`, leaves them out, and the
 * servers, security and tags nothing reads at run time): for tests
 * that check what the kit reads against the document read apart.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { resolveRef } from "../util/json-ref.js";

type Node = Readonly<Record<string, unknown>>;

export const openapiSource = parse(
  readFileSync(new URL("../../openapi.yaml", import.meta.url), "utf8"),
) as Node & {
  readonly info: { readonly version: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, Node>>>>;
};

/** A node of openapi.yaml with its `$ref` followed (again, while the target is one). */
export const derefSource = (node: unknown): Node => {
  const value = node as Node;
  return typeof value.$ref === "string"
    ? derefSource(resolveRef(openapiSource, value.$ref))
    : value;
};
