/**
 * Credentials on all five operations: missing, wrong, malformed (the bare
 * key), `Basic`, and an empty bearer token. The interface documents 401 with
 * an Error for the pet operations; for the category operations it says only
 * that the credential is required, so there a rejection is documented and its
 * 401 and Error body are advisory.
 */
import type { OperationId } from "../../mocks/spec.js";
import type { ContractRequest, CredentialVariant } from "../http.js";
import type { RuleId } from "../rules.js";
import type { SuiteContext } from "./context.js";
import { rejection, wwwAuthenticateBearer } from "./expectations.js";

export const badCredentials: readonly Exclude<CredentialVariant, "valid">[] = [
  "missing",
  "wrong",
  "malformed",
  "basic",
  "empty-bearer",
];

const authRules: readonly RuleId[] = ["§4.auth-required", "§5.bearer"];

/** The operations whose 401 the interface documents. */
const documented401 = new Set<OperationId>(["listPets", "createPet", "getPet"]);

function operationRequests(
  ctx: SuiteContext,
): ReadonlyArray<readonly [OperationId, ContractRequest]> {
  const probe = `${ctx.tag} auth-probe`;
  return [
    ["listPets", { method: "GET", path: "/pets" }],
    [
      "createPet",
      {
        method: "POST",
        path: "/pets",
        json: { name: probe, categoryId: ctx.state.categoryId ?? 1 },
      },
    ],
    ["getPet", { method: "GET", path: `/pets/${ctx.state.knownPet?.id ?? 1}` }],
    ["listCategories", { method: "GET", path: "/categories" }],
    ["createCategory", { method: "POST", path: "/categories", json: { name: probe } }],
  ];
}

export async function authCases(ctx: SuiteContext): Promise<void> {
  for (const [operation, request] of operationRequests(ctx)) {
    const checks = documented401.has(operation)
      ? rejection({ documented: 401, errorBody: "documented", because: authRules })
      : rejection({ advised: 401, errorBody: "advisory", because: authRules });
    for (const credential of badCredentials) {
      await ctx.run({
        id: `${operation}.auth-${credential}`,
        operation,
        request: { ...request, credential },
        checks: [...checks, wwwAuthenticateBearer()],
        provocation: true,
      });
    }
  }
}
