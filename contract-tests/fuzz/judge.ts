/**
 * How a generated request's answer is judged: by the one judge
 * (mocks/interface/judge.ts), with what the run knows of the data, plus
 * (for the kit's own agreement test) an advisory check that the answer is
 * one openapi.yaml lists for the operation, with the listed body.
 */
import type { ChoicesInEffect } from "../../mocks/interface/advice.js";
import type { Check } from "../../mocks/interface/checks.js";
import { type JudgeContext, checksFor as judgeChecks } from "../../mocks/interface/judge.js";
import { interfaceOperation } from "../../mocks/interface/operations.js";
import { violations } from "../../mocks/interface/schemas.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { sentRequest } from "../transport/http.js";
import { type FuzzRequest, toContractRequest } from "./request.js";

/** The answer's status is listed for the operation in openapi.yaml (not only as `default`), with its body. */
function listedInDocument(operation: OperationId): Check {
  const listed = interfaceOperation(operation).responses;
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

/** Every check that judges the answer to a generated request, `no-5xx` first, under the choices in effect. */
export function checksFor(
  request: FuzzRequest,
  context: JudgeContext,
  checkDocument = false,
  inEffect?: ChoicesInEffect,
): Check[] {
  const sent = sentRequest(request.operation, toContractRequest(request));
  const checks = judgeChecks(sent, context, inEffect);
  return checkDocument ? [...checks, listedInDocument(request.operation)] : checks;
}
