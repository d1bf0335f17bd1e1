/**
 * Bodies against openapi.yaml's component schemas, with the validators
 * `npm run generate` precompiles from the document (mocks/generated/validators.js:
 * Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses; `format: int64` accepts any
 * integer, the `type: integer` beside it does the checking).
 */
import type { ValidateFunction } from "ajv";
import { Category, Error as ErrorBody, NewCategory, NewPet, Pet } from "../generated/validators.js";
import type { SchemaName } from "./schema-names.js";

/** The component schemas bodies are checked against, by name. */
const validators: Readonly<Record<SchemaName, ValidateFunction>> = {
  Pet,
  Category,
  Error: ErrorBody,
  NewPet,
  NewCategory,
};

export { isSchemaName, type SchemaName } from "./schema-names.js";

const maxListed = 5;

/** Ajv's findings (set after a failed validation) as a readable list, each at its path in the body. */
function describe(errors: typeof Pet.errors, at = ""): string[] {
  return (errors as NonNullable<typeof errors>).map(
    (error) => `${at + error.instancePath || "(body)"} ${error.message}`,
  );
}

/**
 * The value's violations of a component schema (or, for `array`, of an array
 * of it) in words, or undefined when it conforms.
 */
export function violations(name: SchemaName, shape: "one" | "array", value: unknown) {
  const validate = validators[name];
  const found: string[] = [];
  if (shape === "one") {
    if (!validate(value)) found.push(...describe(validate.errors));
  } else if (!Array.isArray(value)) {
    found.push("(body) must be array");
  } else {
    for (const [index, item] of value.entries()) {
      // A bound, not a shortcut: a hostile list of 300,000 wrong items costs five findings, not 300,000.
      if (found.length >= maxListed) break;
      if (!validate(item)) found.push(...describe(validate.errors, `/${index}`));
    }
  }
  return found.length ? found.slice(0, maxListed).join("; ") : undefined;
}
