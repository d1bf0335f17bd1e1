/**
 * The request a consumer contract's interaction sends: its example, with the
 * values its provider states hold on the deployment put where its generators
 * say (`/pets/${petId}`, `$.categoryId`), and a create's name starting with
 * the run tag. Pure.
 *
 * @example
 * requestOf(interaction, { petId: 31 }, "ct-x").path; // "/pets/31"
 */
import type { ProviderStateParams } from "../../mocks/contract/provider-states.js";
import { interfaceOperation } from "../../mocks/interface/operations.js";
import { type Id, toJson } from "../../mocks/util/exact-json.js";
import type { ContractRequest } from "../transport/http.js";
import type { ConsumerInteraction } from "./contract.js";

/** A provider state's parameters as a deployment holds them: its ids exactly (a bigint beyond 2^53). */
export type Params = Omit<ProviderStateParams, "petId" | "categoryId"> & {
  readonly petId?: Id;
  readonly categoryId?: Id;
};

/** A provider state parameter by name. */
const param = (params: Params, name: string) =>
  (params as Readonly<Record<string, string | Id | undefined>>)[name];

/** The path, with each `${param}` a provider state set up filled in (else the example's). */
function pathOf(interaction: ConsumerInteraction, params: Params): string {
  const { pathExpression } = interaction;
  if (pathExpression === undefined) return interaction.path;
  let complete = true;
  const filled = pathExpression.replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const value = param(params, name);
    if (value === undefined) complete = false;
    return encodeURIComponent(String(value));
  });
  return complete ? filled : interaction.path;
}

/**
 * The body as sent: fields a provider state fills hold the deployment's
 * values, and a create's name starts with the run tag (an empty name stays
 * empty: the tag would change what the request asks).
 */
function bodyOf(interaction: ConsumerInteraction, params: Params, tag: string | undefined) {
  const { body } = interaction;
  if (body === undefined) return {};
  if (body.kind === "text") return { rawBody: body.text, contentType: body.contentType ?? "" };
  let value = body.value;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const fields: Record<string, unknown> = { ...value };
    for (const generator of interaction.bodyGenerators) {
      const given = param(params, generator.param);
      if (given !== undefined) {
        fields[generator.field] =
          generator.integer && typeof given === "string" ? Number(given) : given;
      }
    }
    const { name } = fields;
    const { creates } = interfaceOperation(interaction.operation);
    if (tag !== undefined && creates && typeof name === "string" && name !== "") {
      fields.name = `${tag} ${name}`;
    }
    value = fields;
  }
  return { rawBody: toJson(value), contentType: body.contentType };
}

/**
 * The request an interaction sends once its provider states hold these
 * parameters; `tag` starts a created name (none: the example's name).
 */
export function requestOf(
  interaction: ConsumerInteraction,
  params: Params,
  tag: string | undefined,
): ContractRequest {
  return {
    method: interaction.method,
    path: pathOf(interaction, params),
    ...(interaction.query ? { rawQuery: interaction.query } : {}),
    credential: interaction.credential,
    ...bodyOf(interaction, params, tag),
  };
}
