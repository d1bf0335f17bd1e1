/**
 * The interface's rules for one answer to one request, whatever sent it: the
 * checks the suite uses (expectations.ts), picked by operation and request.
 * The validating proxy judges every answer a deployment gives the app with
 * them, and `--replay` judges a recording's requests with them. Pure: no I/O.
 *
 * @example
 * const found = judgeAnswer("listPets", new URLSearchParams("limit=5"), response);
 * // [{ check: "at-most-limit", kind: "documented", rules: ["§4.1.limit"], message: "7 items" }]
 */
import { limitRule, type OperationId, petStatuses } from "../mocks/spec.js";
import type { ContractResponse } from "./http.js";
import { type RuleId, statusRules } from "./rules.js";
import { type Check, rulesOf } from "./suite/context.js";
import {
  atMost,
  bodySchema,
  deprecationHeaders,
  errorBody,
  everyItem,
  jsonMediaType,
  wwwAuthenticateBearer,
} from "./suite/expectations.js";
import type { CheckKind } from "./suite/results.js";

const isSuccess = (response: ContractResponse) => response.status >= 200 && response.status < 300;

/** The statuses the interface documents for an operation (rules.ts `statusRules`), ascending. */
export function documentedStatusesOf(operation: OperationId): number[] {
  return Object.keys(statusRules)
    .filter((key) => key.startsWith(`${operation} `))
    .map((key) => Number(key.slice(operation.length + 1)))
    .sort((a, b) => a - b);
}

/** The answer's status is one the interface documents for the operation. */
export function documentedStatus(operation: OperationId): Check {
  const statuses = documentedStatusesOf(operation);
  return {
    slug: "status-documented",
    kind: "documented",
    expected: `a status the interface documents for ${operation}: ${statuses.join(", ")}`,
    rules: [...new Set(statuses.flatMap((code) => statusRules[`${operation} ${code}`] ?? []))],
    assert(response) {
      if (!statuses.includes(response.status)) throw new Error(`HTTP ${response.status}`);
    },
  };
}

/** A check that applies only where `when` holds (and where the check itself applies). */
const only = (when: (response: ContractResponse) => boolean, check: Check): Check => ({
  ...check,
  appliesTo: (response) => when(response) && (check.appliesTo?.(response) ?? true),
});

const successBody: Record<OperationId, Parameters<typeof bodySchema>> = {
  listPets: ["Pet", "array"],
  createPet: ["Pet", "one"],
  getPet: ["Pet", "one"],
  listCategories: ["Category", "array"],
  createCategory: ["Category", "one"],
};

/** The most pets a listPets answer may hold for this query: its valid `limit`, else the default. */
function listMaximum(query: URLSearchParams): Check {
  const raw = query.get("limit");
  if (raw === null) return atMost(limitRule.default, "at-most-default");
  const limit = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return limit >= limitRule.minimum && limit <= limitRule.maximum
    ? atMost(limit)
    : atMost(limitRule.maximum, "never-over-maximum");
}

/**
 * Every check an answer to this request must pass, beside the media type
 * (which the suite's context adds to every case): a documented status, an
 * Error body on failure, the schema on success, the `limit`
 * bound and `status` filter of listPets, and (advisory) getPet's deprecation
 * headers and a 401's `WWW-Authenticate`.
 */
export function answerChecks(operation: OperationId, query: URLSearchParams): Check[] {
  const checks: Check[] = [
    documentedStatus(operation),
    errorBody(),
    only(isSuccess, bodySchema(...successBody[operation])),
  ];
  if (operation === "listPets") {
    checks.push(listMaximum(query));
    const status = query.get("status");
    if (status !== null && (petStatuses as readonly string[]).includes(status)) {
      checks.push(only(isSuccess, everyItem("status", status)));
    }
  }
  if (operation === "getPet") checks.push(...deprecationHeaders());
  checks.push(only((response) => response.status === 401, wwwAuthenticateBearer()));
  return checks;
}

/** A rule an answer broke. */
export interface Violation {
  /** The check's name, e.g. `at-most-limit` (docs/contract-rules.md lists them). */
  readonly check: string;
  /** Documented checks fail a contract run; advisory ones warn. */
  readonly kind: CheckKind;
  readonly rules: readonly RuleId[];
  /** What the check expected and what it found, e.g. `at most 5 items: 7 items`. */
  readonly message: string;
}

/** The rules an answer breaks (none: it conforms): `answerChecks` and the media type. */
export function judgeAnswer(
  operation: OperationId,
  query: URLSearchParams,
  response: ContractResponse,
): Violation[] {
  const found: Violation[] = [];
  for (const check of [...answerChecks(operation, query), jsonMediaType()]) {
    if (check.appliesTo && !check.appliesTo(response)) continue;
    try {
      check.assert(response);
    } catch (error) {
      const why = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
      found.push({
        check: check.slug,
        kind: check.kind,
        rules: rulesOf(check, operation),
        message: `${check.expected}: ${why}`,
      });
    }
  }
  return found;
}
