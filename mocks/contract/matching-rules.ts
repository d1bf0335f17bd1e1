/**
 * Pact v4 matching rules from openapi.yaml: what a consumer contract expects
 * of a value is its type in the document (`integer`, `type` for a string,
 * `regex` for an enum, `type` with `min` for a list), not the fake value the
 * mock happened to send. The examples beside the rules are the mock's values,
 * cut to size and with secrets masked. Runtime-neutral.
 *
 * @example
 * const { example, rules } = describeBody([{ id: 7, name: "Rex", categoryId: 1 }], petList, redact);
 * // example: [{ categoryId: 1, id: 7, name: "Rex" }]
 * // rules: { "$": type, min 1; "$[*].categoryId": integer; "$[*].id": integer; "$[*].name": type }
 */
import { type ParameterSchema, type ResolvedSchema, resolvedSchema } from "../interface/spec.js";
import { isObject } from "../util/json.js";
import { type Redact, redactedMark } from "../util/redact.js";
import { escapeRegExp } from "../util/text.js";

export type PactMatcher =
  | { readonly match: "type"; readonly min?: number }
  | { readonly match: "integer" }
  | { readonly match: "number" }
  | { readonly match: "regex"; readonly regex: string };

/** The rules on one value: Pact v4 writes every rule as a list combined with AND. */
export interface PactRule {
  readonly combine: "AND";
  readonly matchers: readonly PactMatcher[];
}

/** Rules by JSON path (`$.id`, `$[*].status`), by header or query parameter name. */
export type PactRules = Record<string, PactRule>;

/** Strings in examples are cut to this many characters. */
export const maxExampleText = 200;

export const rule = (matcher: PactMatcher): PactRule => ({ combine: "AND", matchers: [matcher] });

/** A RegExp source matching exactly one of these values. */
const alternation = (values: readonly unknown[]) =>
  `(?:${values.map((value) => escapeRegExp(String(value))).join("|")})`;

/** A regex matcher accepting exactly these values. */
export const oneOf = (values: readonly unknown[]): PactMatcher => ({
  match: "regex",
  regex: `^${alternation(values)}$`,
});

/** `$.name`, or `$['odd key']` for a key a dotted path cannot carry. */
const childPath = (path: string, key: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
    ? `${path}.${key}`
    : `${path}['${key.replace(/'/g, "\\'")}']`;

/** The matcher a leaf value gets from its schema, or from its own type where the schema says none. */
function leafMatcher(value: unknown, schema: ResolvedSchema): PactMatcher | undefined {
  if (schema.enum?.includes(value)) return oneOf(schema.enum);
  if (schema.type === "integer" && Number.isInteger(value)) return { match: "integer" };
  if (schema.type === "number" && typeof value === "number") return { match: "number" };
  return value === null ? undefined : { match: "type" };
}

/** A string fit for an example: secrets masked, cut to `maxExampleText`. */
export const exampleText = (text: string, redact: Redact): string => {
  const masked = redact(text);
  return masked.length <= maxExampleText ? masked : `${masked.slice(0, maxExampleText - 1)}…`;
};

/** A leaf fit for an example: a string as `exampleText`, a number the redactor would mask (a key of digits) as the mark. */
const exampleLeaf = (value: unknown, redact: Redact): unknown => {
  if (typeof value === "string") return exampleText(value, redact);
  if (typeof value !== "number") return value;
  const written = String(value);
  return redact(written) === written ? value : redactedMark;
};

/** Any JSON value fit for the contract file: every leaf as `exampleLeaf` (provider states' names and parameters). */
export const exampleValue = (value: unknown, redact: Redact): unknown => {
  if (Array.isArray(value)) return value.map((item) => exampleValue(item, redact));
  if (typeof value !== "object" || value === null) return exampleLeaf(value, redact);
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      exampleText(name, redact),
      exampleValue(item, redact),
    ]),
  );
};

/**
 * The example and its rules for a JSON body under a schema. A list keeps its
 * first item only (the rest match it by type, at least one required). With
 * `promised` (an answer), an object keeps only the fields its schema requires
 * and those named in `promised` (what the request made the interface promise:
 * a filter, a field it sent, a provider state's parameter): an optional field
 * the mock happened to send is not one the consumer may count on. Without it
 * (a request), every field is kept.
 */
export function describeBody(
  value: unknown,
  schema: ResolvedSchema,
  redact: Redact,
  promised?: ReadonlySet<string>,
): { readonly example: unknown; readonly rules: PactRules } {
  const rules: PactRules = {};
  const walk = (node: unknown, at: ResolvedSchema, path: string): unknown => {
    if (Array.isArray(node)) {
      if (node.length === 0) return [];
      rules[path] = rule({ match: "type", min: 1 });
      return [walk(node[0], resolvedSchema(at.items), `${path}[*]`)];
    }
    if (isObject(node)) {
      const kept = (key: string) => !promised || at.required.includes(key) || promised.has(key);
      return Object.fromEntries(
        Object.keys(node)
          .filter(kept)
          .sort()
          .map((key) => {
            const shown = exampleText(key, redact);
            const child = resolvedSchema(at.properties[key]);
            return [shown, walk(node[key], child, childPath(path, shown))];
          }),
      );
    }
    const matcher = leafMatcher(node, at);
    if (matcher) rules[path] = rule(matcher);
    return exampleLeaf(node, redact);
  };
  return { example: walk(value, schema, "$"), rules };
}

/** The RegExp source a parameter's value must match: its enum, an integer, or any text of one segment. */
export function parameterPattern(schema: ParameterSchema): string {
  const resolved = resolvedSchema(schema);
  if (resolved.enum) return alternation(resolved.enum);
  return resolved.type === "integer" ? "-?[0-9]+" : "[^/]+";
}

/** A query parameter's matcher: its pattern, when the value fits it (else the value is literal). */
export function parameterMatcher(value: string, schema: ParameterSchema): PactMatcher | undefined {
  const regex = `^${parameterPattern(schema)}$`;
  return new RegExp(regex).test(value) ? { match: "regex", regex } : undefined;
}
