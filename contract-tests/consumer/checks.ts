/**
 * A consumer contract's expectations of one interaction as checks the suite
 * judges beside the interface's (a case's `extraChecks`): the status, the
 * headers and the body under the interaction's matching rules. Each is
 * documented (the app's own tests rely on it, whatever the interface says;
 * `--against-spec` tells which of them the interface does not promise),
 * except the optional fields of the expected body (fields openapi.yaml does
 * not require): relying on one is advisory here as in `--against-spec`,
 * and where the request makes the interface promise one (a filter, a field
 * it sent, a provider state's status) the interface's own checks demand it.
 * They rest on no statement of the interface: the interaction is their
 * source.
 *
 * @example
 * const checks = consumerChecks(interaction); // consumer-status, consumer-body, …
 */
import { bodyMismatches, type Mismatch } from "../../mocks/contract/matching.js";
import type { PactRules } from "../../mocks/contract/matching-rules.js";
import type { Check, CheckKind } from "../../mocks/interface/checks.js";
import { mediaTypeOf } from "../../mocks/interface/request.js";
import { type ResolvedSchema, resolvedSchema, responseSchema } from "../../mocks/interface/spec.js";
import { isObject } from "../../mocks/util/json.js";
import type { ConsumerInteraction } from "./contract.js";

/** Mismatches shown in one failure; the rest are counted. */
const shownMismatches = 3;

const relied = "as the app's tests expect";

/** A check of the consumer's: it rests on no statement of the interface. */
function check(slug: string, kind: CheckKind, expected: string, assert: Check["assert"]): Check {
  return { slug, kind, expected, rules: [], assert };
}

const statusCheck = (status: number) =>
  check("consumer-status", "documented", `HTTP ${status}, ${relied}`, (answer) => {
    if (answer.status !== status) throw new Error(`HTTP ${answer.status}`);
  });

/** Header values compared as Pact does: a media type without its parameters, others exactly. */
function headersCheck(headers: Readonly<Record<string, string>>): Check {
  const entries = Object.entries(headers);
  const shown = entries.map(([name, value]) => `${name}: ${value}`).join("; ");
  return check("consumer-headers", "documented", `${shown}, ${relied}`, (answer) => {
    for (const [name, value] of entries) {
      const got = answer.headers[name.toLowerCase()];
      const same =
        name.toLowerCase() === "content-type"
          ? mediaTypeOf(got) === mediaTypeOf(value)
          : got?.trim() === value.trim();
      if (!same) throw new Error(`${name}: ${got === undefined ? "missing" : JSON.stringify(got)}`);
    }
  });
}

/** The fields of the expected body that its schema has but does not require. */
function optionalFields(value: unknown, schema: ResolvedSchema, found = new Set<string>()) {
  if (Array.isArray(value)) {
    const items = resolvedSchema(schema.items);
    for (const item of value) optionalFields(item, items, found);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!(key in schema.properties)) continue;
      if (!schema.required.includes(key)) found.add(key);
      optionalFields(item, resolvedSchema(schema.properties[key]), found);
    }
  }
  return found;
}

/** A failure listing the first mismatches, the rest counted. */
function mismatchError(found: readonly Mismatch[]): Error {
  const listed = found
    .slice(0, shownMismatches)
    .map((mismatch) => `${mismatch.path}: ${mismatch.message}`)
    .join("; ");
  const more = found.length - shownMismatches;
  return new Error(more > 0 ? `${listed}; and ${more} more` : listed);
}

const bodyCheck = (
  slug: string,
  kind: CheckKind,
  expected: string,
  mismatches: (json: unknown) => readonly Mismatch[],
) =>
  check(slug, kind, expected, (answer) => {
    if (!answer.isJson) throw new Error("the body is not JSON");
    const found = mismatches(answer.json);
    if (found.length > 0) throw mismatchError(found);
  });

/**
 * The body checks: `consumer-body` (documented), where an answer may lack the
 * optional fields of the expected body (one it has must match), and
 * `consumer-optional-fields` (advisory): the answer has them too.
 */
function bodyChecks(
  interaction: ConsumerInteraction,
  body: NonNullable<ConsumerInteraction["expected"]["body"]>,
  rules: PactRules | undefined,
  beforeRegex: () => void,
): Check[] {
  const count = Object.keys(rules ?? {}).length;
  const expected = `the body the app's tests expect (under ${count} matching rule${count === 1 ? "" : "s"})`;
  if (!body.json) {
    return [
      check("consumer-body", "documented", expected, (answer) => {
        if (answer.text !== body.content) throw new Error("the body is not the expected text");
      }),
    ];
  }
  const schema = responseSchema(interaction.operation, interaction.expected.status);
  const optional = schema ? optionalFields(body.content, schema) : new Set<string>();
  const required = (json: unknown) =>
    bodyMismatches(body.content, json, rules, optional, beforeRegex);
  const checks = [bodyCheck("consumer-body", "documented", expected, required)];
  if (optional.size === 0) return checks;
  const names = [...optional].sort().join(", ");
  checks.push(
    bodyCheck(
      "consumer-optional-fields",
      "advisory",
      `the fields ${names} present, as the app's tests saw them (openapi.yaml does not require them)`,
      (json) => {
        const seen = new Set(required(json).map((m) => `${m.path}: ${m.message}`));
        return bodyMismatches(body.content, json, rules, undefined, beforeRegex).filter(
          (m) => !seen.has(`${m.path}: ${m.message}`),
        );
      },
    ),
  );
  return checks;
}

/**
 * The checks of what the interaction's consumer expects of the answer;
 * `beforeRegex` runs before each regex matcher is tried (it throws once the
 * run's deadline has passed, which ends the run).
 */
export function consumerChecks(
  interaction: ConsumerInteraction,
  beforeRegex: () => void = () => undefined,
): Check[] {
  const { status, headers, body, rules } = interaction.expected;
  const checks = [statusCheck(status)];
  if (Object.keys(headers).length > 0) checks.push(headersCheck(headers));
  if (body !== undefined) checks.push(...bodyChecks(interaction, body, rules, beforeRegex));
  return checks;
}
