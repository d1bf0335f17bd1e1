/** Local JSON references (`#/components/schemas/Pet`) in a parsed openapi.yaml. */

/** The node a local `$ref` points at; throws naming the reference when there is none. */
export function resolveRef(document: unknown, ref: string): Readonly<Record<string, unknown>> {
  const target = ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>(
      (node, key) =>
        typeof node === "object" && node !== null
          ? (node as Record<string, unknown>)[key]
          : undefined,
      document,
    );
  if (typeof target !== "object" || target === null) {
    throw new Error(`openapi.yaml: unresolved reference ${ref}`);
  }
  return target as Record<string, unknown>;
}
