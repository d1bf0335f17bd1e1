/**
 * Credentials on every operation: missing, wrong, malformed (the bare key),
 * `Basic`, and an empty bearer token. The judge decides what each earns: a
 * rejection everywhere (every operation requires the credential), a `401`
 * with an Error body where the interface documents it (the pet operations).
 */
import { interfaceOperations } from "../../mocks/interface/operations.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { badCredentials, type ContractRequest } from "../transport/http.js";
import type { SuiteContext } from "./context.js";

/** A request each operation would accept with the key: known ids, a tagged name. */
function operationRequests(
  ctx: SuiteContext,
): ReadonlyArray<readonly [OperationId, ContractRequest]> {
  const probe = `${ctx.tag} auth-probe`;
  const bodies: Readonly<Record<string, unknown>> = {
    pets: { name: probe, categoryId: ctx.state.categoryId ?? 1 },
    categories: { name: probe },
  };
  return interfaceOperations.map((operation) => [
    operation.id,
    {
      method: operation.method,
      path: operation.template.replace(/\{[^}]+\}/g, String(ctx.state.knownPet?.id ?? 1)),
      ...(operation.body ? { json: bodies[operation.collection] } : {}),
    },
  ]);
}

export async function authCases(ctx: SuiteContext): Promise<void> {
  for (const [operation, request] of operationRequests(ctx)) {
    for (const credential of badCredentials) {
      await ctx.run({
        id: `${operation}.auth-${credential}`,
        operation,
        request: { ...request, credential },
      });
    }
  }
}
