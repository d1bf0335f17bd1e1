/**
 * The request a consumer contract's interaction sends: its example, with the
 * values its provider states hold on the deployment put where its generators
 * say (`/pets/${petId}`, `$.categoryId`), and a create's name starting with
 * the run tag where it can, in a JSON body given as text too (`consumerRequest`
 * says why not). Pure.
 *
 * @example
 * consumerRequest(interaction, { petId: 31 }, "ct-x").request.path; // "/pets/31"
 */
import type { ProviderStateParams } from "../../mocks/contract/provider-states.js";
import { interfaceOperation } from "../../mocks/interface/operations.js";
import { type Id, parseJsonExact, toJson } from "../../mocks/util/exact-json.js";
import { isObject } from "../../mocks/util/json.js";
import type { ContractRequest } from "../transport/http.js";
import { untaggableName } from "../transport/run-tag.js";
import type { ConsumerInteraction } from "./contract.js";

/** A provider state's parameters as a deployment holds them: its ids exactly (a bigint beyond 2^53). */
export type Params = Omit<ProviderStateParams, "petId" | "categoryId"> & {
  readonly petId?: Id;
  readonly categoryId?: Id;
};

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

/** A text body's JSON value, or undefined when it is no JSON. */
function jsonIn(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    return undefined;
  }
}

/**
 * The body's value as sent: a JSON body's with the fields a provider state
 * fills holding the deployment's values; a text body's when it is JSON
 * (only its name may change); else undefined.
 */
function bodyValueOf(interaction: ConsumerInteraction, params: Params): unknown {
  const { body } = interaction;
  if (body === undefined) return undefined;
  if (body.kind === "text") return jsonIn(body.text);
  if (!isObject(body.value)) return body.value;
  const fields = { ...body.value };
  for (const { field, param: name, integer } of interaction.bodyGenerators) {
    const given = param(params, name);
    if (given !== undefined)
      fields[field] = integer && typeof given === "string" ? Number(given) : given;
  }
  return fields;
}

/**
 * Why a create's body, as sent, has no name the run tag can start without
 * changing what the request asks (a name that is not a non-empty string is
 * what the app's test sends on purpose); undefined when it has one.
 */
function untaggedWhy(body: ConsumerInteraction["body"], value: unknown): string | undefined {
  if (body === undefined) return "it has no body";
  if (body.kind === "text" && value === undefined) {
    return `its body is ${body.contentType || "text"}, sent as written`;
  }
  return untaggableName(value);
}

/** A consumer interaction's request, and why a create's name does not carry the run tag. */
export interface ConsumerRequest {
  readonly request: ContractRequest;
  /** Why the create is sent without the run tag in its name; undefined when it carries it, or creates nothing. */
  readonly untagged: string | undefined;
}

/**
 * The request an interaction sends once its provider states hold these
 * parameters; `tag` starts a created name where it can (none: the
 * example's name).
 */
export function consumerRequest(
  interaction: ConsumerInteraction,
  params: Params,
  tag: string | undefined,
): ConsumerRequest {
  const { body } = interaction;
  let value = bodyValueOf(interaction, params);
  const { creates } = interfaceOperation(interaction.operation);
  const untagged = creates ? untaggedWhy(body, value) : undefined;
  const tagged = creates && tag !== undefined && untagged === undefined;
  if (tagged) {
    const fields = value as Readonly<Record<string, unknown>>;
    value = { ...fields, name: `${tag} ${fields.name as string}` };
  }
  const sent = body && {
    rawBody: body.kind === "text" && !tagged ? body.text : toJson(value),
    contentType: body.contentType ?? "",
  };
  return {
    request: {
      method: interaction.method,
      path: pathOf(interaction, params),
      ...(interaction.query ? { rawQuery: interaction.query } : {}),
      credential: interaction.credential,
      ...sent,
    },
    untagged,
  };
}
