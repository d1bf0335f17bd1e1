/**
 * A journal entry in plain words: what each of its problems means, the
 * interface statements it breaks (from the contract suite's rule table), and
 * a curl line that repeats the request without any credential value.
 */
import { type RuleId, rules, statusRules } from "../../contract-tests/rules.js";
import type { Problem } from "../core/journal.js";
import type { NumberedEntry } from "../server/dashboard.js";
import { shellQuote as quote } from "../util/text.js";

export interface Statement {
  readonly id: RuleId;
  readonly section: string;
  readonly statement: string;
}

export interface Explained {
  /** The problem in plain words. */
  readonly summary: string;
  /** The mock's own reason, as it answered it. */
  readonly detail: string;
  /** The interface statements the request breaks; empty for the mock's own limits. */
  readonly statements: readonly Statement[];
}

const plainWords: Readonly<Record<string, string>> = {
  unauthorized:
    "The request carried no valid API key. Every operation needs Authorization: Bearer <API key>.",
  invalid_query: "A query parameter has a value the interface does not allow.",
  invalid_body: "The request body is not what the operation takes: a field is missing or invalid.",
  invalid_path: "The pet id in the path is not a positive integer.",
  unsupported_media_type: "The body was not sent as JSON (Content-Type: application/json).",
  method_not_allowed: "The interface has no such method on this path.",
  not_found: "The interface has no such path.",
  payload_too_large: "The body is larger than the mock accepts (1 MiB).",
  store_full: "The mock's store is full (its --max-pets / --max-categories cap).",
};

function statementIds(entry: NumberedEntry, problem: Problem): RuleId[] {
  const operation = entry.operationId;
  switch (problem.code) {
    case "unauthorized":
      return [
        ...(operation ? (statusRules[`${operation} 401`] ?? []) : ["§4.auth-required" as const]),
        "§5.bearer",
      ];
    case "invalid_query":
      return /\bstatus\b/.test(problem.message)
        ? ["§2.PetStatus", "§4.1.status-filter"]
        : ["§4.1.limit-range"];
    case "invalid_body":
      return operation === "createCategory" ? ["§2.NewCategory"] : ["§4.2.400", "§2.NewPet"];
    case "invalid_path":
      return ["§4.3.petId"];
    case "unsupported_media_type":
      return ["§4.media-type"];
    default:
      return [];
  }
}

export function explainProblem(entry: NumberedEntry, problem: Problem): Explained {
  if (problem.by === "deployment") {
    return {
      summary: "The deployment's answer broke the interface (behind --proxy), not your request.",
      detail: problem.message,
      statements: [],
    };
  }
  return {
    summary: plainWords[problem.code] ?? `The mock refused the request (${problem.code}).`,
    detail: problem.message,
    statements: [...new Set(statementIds(entry, problem))].map((id) => ({ id, ...rules[id] })),
  };
}

/**
 * A curl line that repeats the request. The key stays a shell variable; the
 * journal keeps no bodies, so a write reads its body from `body.json`; `-g`
 * keeps curl from reading `[1-9]` or `{a,b}` in the path as many URLs.
 */
export function curlLine(apiUrl: string, entry: Pick<NumberedEntry, "method" | "path">): string {
  const parts = ["curl -g -i"];
  if (entry.method === "HEAD") parts.push("-I");
  else if (entry.method !== "GET") parts.push(`-X ${quote(entry.method)}`);
  parts.push(quote(`${apiUrl}${entry.path}`), `-H "Authorization: Bearer $PETSTORE_API_KEY"`);
  if (!["GET", "HEAD", "DELETE", "OPTIONS"].includes(entry.method)) {
    parts.push("-H 'Content-Type: application/json'", "--data @body.json");
  }
  return parts.join(" ");
}
