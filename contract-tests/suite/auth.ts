/**
 * Credentials on every operation: missing, wrong, malformed (the bare key),
 * `Basic`, and an empty bearer token. The judge decides what each earns: a
 * rejection everywhere (every operation requires the credential), a `401`
 * with an Error body where the interface documents it (the pet operations).
 */
import {
  type InterfaceOperation,
  interfaceOperations,
  referencedCollection,
} from "../../mocks/interface/operations.js";
import { badCredentials } from "../transport/http.js";
import { caseOf, type SuiteContext } from "./context.js";

/**
 * A body the operation would accept with the key: its required fields, a
 * tagged name in each string, a known record's id where a field names one
 * (the one the suite files records under, else 1).
 */
function bodyOf(ctx: SuiteContext, fields: NonNullable<InterfaceOperation["body"]>) {
  const probeValue = ({ name, schema }: (typeof fields)[number]): unknown => {
    if (!referencedCollection(name)) return schema.type === "string" ? `${ctx.tag} auth-probe` : 1;
    // The suite keeps the record it files others under by the field's name (`categoryId`).
    const filed = (ctx.state as Readonly<Record<string, unknown>>)[name];
    return typeof filed === "number" ? filed : 1;
  };
  const required = fields.filter((field) => field.required);
  return Object.fromEntries(required.map((field) => [field.name, probeValue(field)]));
}

export async function authCases(ctx: SuiteContext): Promise<void> {
  for (const { id, template, body } of interfaceOperations) {
    // A request the operation would accept with the key: known ids, a tagged name.
    const path = template.replace(/\{[^}]+\}/g, String(ctx.state.knownPet?.id ?? 1));
    const json = body ? { json: bodyOf(ctx, body) } : {};
    for (const credential of badCredentials) {
      await ctx.run(caseOf(id, `auth-${credential}`, { path, ...json, credential }));
    }
  }
}
