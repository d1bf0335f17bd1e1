/**
 * How a generated request's answer is judged: by the fixed suite's own
 * checks (expectations.ts), chosen from what the request is (valid, a bad
 * credential, a broken body…), plus one advisory check that the answer is
 * one openapi.yaml lists for the operation, with the listed body.
 */
import { limitRule, type OperationId } from "../../mocks/spec.js";
import type { ContractResponse, Exchange } from "../http.js";
import { documentedStatuses, type RuleId, statusRules } from "../rules.js";
import { violations } from "../schemas.js";
import { type Check, reason } from "../suite/context.js";
import {
  atMost,
  bodySchema,
  echoes,
  errorBody,
  everyItem,
  jsonMediaType,
  noServerError,
  rejection,
  status,
} from "../suite/expectations.js";
import { documentedOperation } from "./document.js";
import { type FuzzRequest, queryValue } from "./request.js";

const isSuccess = (response: ContractResponse) => response.status >= 200 && response.status < 300;

const documents = (operation: OperationId, code: number) =>
  (documentedStatuses[operation] as readonly number[]).includes(code);

/** The check only judges a 2xx answer. */
const onSuccess = (check: Check): Check => ({
  ...check,
  appliesTo: (response) => isSuccess(response) && (check.appliesTo?.(response) ?? true),
});

/** The answer's status is listed for the operation in openapi.yaml (not only as `default`), with its body. */
export function listedInDocument(operation: OperationId): Check {
  const listed = documentedOperation(operation).responses;
  return {
    slug: "listed-in-openapi",
    kind: "advisory",
    rules: [],
    expected: `a status openapi.yaml lists for ${operation} (${[...listed.keys()].join(", ")}), with the listed body`,
    assert(response) {
      if (!listed.has(response.status)) throw new Error(`HTTP ${response.status} is not listed`);
      const body = listed.get(response.status);
      if (!body) return;
      if (!response.isJson) throw new Error("body is not JSON");
      const found = violations(body.schema, body.shape, response.json);
      if (found) throw new Error(`body does not match the listed ${body.schema}: ${found}`);
    },
  };
}

function successStatus(operation: OperationId): number {
  const found = [...documentedOperation(operation).responses.keys()].find(
    (s) => s >= 200 && s < 300,
  );
  return found ?? 200;
}

/** The success rules of an operation: status, body schema, and the interface's own rules. */
function successChecks(request: FuzzRequest): Check[] {
  const { operation } = request;
  const listed = documentedOperation(operation).responses.get(successStatus(operation));
  const checks: Check[] = [status(successStatus(operation))];
  if (listed) checks.push(bodySchema(listed.schema, listed.shape));
  if (operation === "listPets") {
    const limit = queryValue(request, "limit");
    checks.push(
      limit === undefined
        ? atMost(limitRule.default, "at-most-default")
        : atMost(Number(limit), "at-most-limit"),
    );
    const petStatus = queryValue(request, "status");
    if (petStatus !== undefined) checks.push(everyItem("status", petStatus));
  }
  if (request.body?.kind === "json" && request.expect === "valid") {
    checks.push(echoes(request.body.value as Record<string, unknown>));
  }
  return checks;
}

const credentialRules: readonly RuleId[] = ["§4.auth-required", "§5.bearer"];

function expectationChecks(request: FuzzRequest): Check[] {
  const { operation } = request;
  const petOperation = documents(operation, 401);
  switch (request.expect) {
    case "valid":
      return successChecks(request);
    case "absent":
      return rejection({ documented: 404, errorBody: "documented", because: ["§4.3.404"] });
    case "credential":
      return petOperation
        ? rejection({ documented: 401, errorBody: "documented", because: credentialRules })
        : rejection({ advised: 401, errorBody: "advisory", because: credentialRules });
    case "invalid-body":
      return documents(operation, 400)
        ? rejection({
            documented: 400,
            errorBody: "documented",
            because: ["§2.NewPet", "§4.2.400"],
          })
        : rejection({ advised: 400, errorBody: "advisory", because: ["§2.NewCategory"] });
    case "broken-body":
      return rejection({
        advised: 400,
        errorBody: petOperation ? "documented" : "advisory",
        because: [documents(operation, 400) ? "§4.2.400" : "§2.NewCategory", "§4.media-type"],
      });
    case "invalid-path":
      return rejection({ errorBody: "documented", because: ["§4.3.petId"] });
    case "tolerated": {
      const checks = [errorBody(petOperation ? "documented" : "advisory")];
      if (operation === "listPets") {
        checks.push(atMost(limitRule.maximum, "never-over-maximum"), status(400, "advisory"));
      }
      const success = successChecks(request).filter((check) => !check.slug.startsWith("status-"));
      return [...checks, ...success.map(onSuccess)];
    }
  }
}

/** Every check that judges the answer to a generated request, the no-5xx rule first. */
export function checksFor(request: FuzzRequest): Check[] {
  const checks = expectationChecks(request);
  const petOperation = documents(request.operation, 401);
  const extra: Check[] = [jsonMediaType(), listedInDocument(request.operation)];
  if (!checks.some((check) => check.slug === "error-body")) {
    extra.push(errorBody(petOperation ? "documented" : "advisory"));
  }
  const first = checks.find((check) => check.slug === "no-5xx");
  const rest = checks.filter((check) => check !== first);
  const because = statusRules[`${request.operation} ${successStatus(request.operation)}`] ?? [];
  return [first ?? noServerError(because), ...rest, ...extra];
}

/** One broken check on one answer. */
export interface Finding {
  readonly operation: OperationId;
  readonly check: Pick<Check, "slug" | "kind" | "expected">;
  readonly reason: string;
}

/** The checks an answer breaks; no answer at all breaks the first. */
export function judge(
  operation: OperationId,
  checks: readonly Check[],
  exchange: Exchange,
): Finding[] {
  const { response } = exchange;
  if (!response) {
    const [first] = checks;
    return first ? [{ operation, check: first, reason: `no answer (${exchange.error})` }] : [];
  }
  const findings: Finding[] = [];
  for (const check of checks) {
    if (check.appliesTo && !check.appliesTo(response)) continue;
    try {
      check.assert(response);
    } catch (error) {
      findings.push({ operation, check, reason: reason(error) });
    }
  }
  return findings;
}
