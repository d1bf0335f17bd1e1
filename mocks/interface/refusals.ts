/**
 * The interface statements behind a refusal of the mock's own: which ones a
 * request it answered with an Error broke, from the Error's code and the
 * field its message names first. The journal keeps them on the problem, so
 * the dashboard can quote the statements without knowing the document.
 *
 * @example
 * refusalRules("listPets", "invalid_query", "limit"); // ["§4.1.limit-range"]
 */

import { interfaceOperation } from "./operations.js";
import type { OperationId } from "./spec.js";
import { answerRules, parameterRules, type RuleId, schemaRules } from "./statements.js";

const credentialRules: readonly RuleId[] = ["§4.auth-required", "§5.bearer"];

const union = (...lists: ReadonlyArray<readonly RuleId[]>): RuleId[] => [...new Set(lists.flat())];

/**
 * The statements a refused request broke; empty for the mock's own limits
 * (size, store, faults). Without an operation (a path the interface does not
 * have) only the credential's statements can apply.
 */
export function refusalRules(
  operation: OperationId | undefined,
  code: string,
  field: string,
): RuleId[] {
  if (operation === undefined) return code === "unauthorized" ? [...credentialRules] : [];
  switch (code) {
    case "unauthorized":
      return union(answerRules(operation, 401), credentialRules);
    case "invalid_query":
    case "invalid_path":
      return parameterRules(operation, field);
    case "invalid_body": {
      const { bodySchema } = interfaceOperation(operation);
      const schema = bodySchema ? schemaRules(bodySchema) : [];
      return union(schema, answerRules(operation, 400), parameterRules(operation, field));
    }
    case "unsupported_media_type":
      return ["§4.media-type"];
    default:
      return [];
  }
}
