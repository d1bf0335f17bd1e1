/**
 * A journal entry in plain words: what each of its problems means, the
 * interface statements it breaks or (for the kit's advice to a deployment
 * behind `--proxy`) rests on (the journal names them; their words come from
 * the statements table), and a curl line that repeats the request as it was
 * sent, without any credential value.
 */

import type { NumberedEntry } from "../admin/dashboard.js";
import type { Problem } from "../core/journal.js";
import { type RuleId, rules } from "../interface/statements.js";
import { curlLine as curl, type ShellWord } from "../util/curl.js";

export interface Statement {
  readonly id: RuleId;
  readonly section: string;
  readonly statement: string;
}

export interface Explained {
  /** The problem in plain words. */
  readonly summary: string;
  /** The mock's own reason, as it answered it; for a deployment's answer, what the check expected and found. */
  readonly detail: string;
  /** The interface statements the problem names; empty for the mock's own limits. */
  readonly statements: readonly Statement[];
  /**
   * How the statements bear on it: `breaks` (the request, or the deployment's
   * answer, breaks them) or `advice` (an advisory check on a deployment's
   * answer: the interface allows the answer, the kit's advice rests on them).
   */
  readonly relation: "breaks" | "advice";
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

/** The proxy's own problems with a deployment (no contract check behind them). */
const proxyWords: Readonly<Record<string, string>> = {
  no_answer:
    "The deployment gave no usable answer (behind --proxy): it is down, too slow, too large or redirects.",
  proxy_key_rejected:
    "The deployment answered 401 to a request the mock accepted (behind --proxy): check --proxy-key.",
};

/** A deployment's answer that failed a contract check, by the check's kind. */
const checkWords = {
  documented:
    "The deployment's answer broke the interface (behind --proxy), not your request: a contract run fails on it.",
  advisory:
    "Advice, not a violation: the interface allows the deployment's answer (behind --proxy), the kit advises otherwise, and a contract run only warns.",
} as const;

const isRuleId = (id: string): id is RuleId => Object.hasOwn(rules, id);

/** A problem in plain words, with the interface statements the journal says it broke. */
export function explainProblem(problem: Problem): Explained {
  const statements = [...new Set(problem.rules ?? [])]
    .filter(isRuleId)
    .map((id) => ({ id, section: rules[id].section, statement: rules[id].statement }));
  const words =
    problem.by === "deployment"
      ? (proxyWords[problem.code] ??
        `The proxy found a problem with the deployment's answer (${problem.code}).`)
      : (plainWords[problem.code] ?? `The mock refused the request (${problem.code}).`);
  return {
    summary: problem.kind ? checkWords[problem.kind] : words,
    detail: problem.message,
    statements,
    relation: problem.kind === "advisory" ? "advice" : "breaks",
  };
}

/** How the request list names a problem: its code, marked when it is only advice. */
export const problemLabel = (problem: Problem): string =>
  problem.kind === "advisory" ? `${problem.code} (advice)` : problem.code;

/** The words before a statement the problem names, e.g. `Breaks interface §4.1, 8: `. */
export const statementLead = (explained: Explained, statement: Statement): string =>
  explained.relation === "advice"
    ? `Advice, resting on interface §${statement.section}: `
    : `Breaks interface §${statement.section}: `;

type Repeated = Pick<NumberedEntry, "method" | "path" | "credential" | "sentAs" | "scenario">;

/** A wrong credential as the journal masked it (a bare `Bearer`, refused too, if it has none). */
const sentAs = (entry: Pick<NumberedEntry, "sentAs">) => entry.sentAs ?? "Bearer";

/** The Authorization header a repeat sends: the key as a shell variable, none, or the wrong one masked. */
function authorizationOf(entry: Repeated): ShellWord[] {
  if (entry.credential === "missing") return [];
  if (entry.credential === "wrong") return [`Authorization: ${sentAs(entry)}`];
  return [{ shell: `"Authorization: Bearer $PETSTORE_API_KEY"` }];
}

/**
 * A curl line that repeats the request as it was sent (mocks/util/curl.ts):
 * a valid key as a shell variable, a missing one still missing, a wrong one
 * still wrong and masked (`Bearer [redacted]`), so a 401 repeats a 401; a
 * `Prefer: code=` scenario's header too. The journal keeps no bodies, so a
 * write reads its body from `body.json`.
 */
export function curlLine(apiUrl: string, entry: Repeated): string {
  const withBody = !["GET", "HEAD", "DELETE", "OPTIONS"].includes(entry.method);
  return curl({
    options: ["-i"],
    method: entry.method,
    url: `${apiUrl}${entry.path}`,
    headers: [
      ...authorizationOf(entry),
      ...(entry.scenario === undefined ? [] : [`Prefer: code=${entry.scenario}`]),
      ...(withBody ? ["Content-Type: application/json"] : []),
    ],
    body: withBody ? { file: "body.json" } : undefined,
  });
}

/** What the repeat sends as credential, in a sentence. */
export function repeatNote(entry: Pick<NumberedEntry, "credential" | "sentAs">): string {
  if (entry.credential === "missing") {
    return "The request carried no credential, so the line sends none either.";
  }
  if (entry.credential === "wrong") {
    return `The request's credential was refused; the line sends it masked (\`Authorization: ${sentAs(entry)}\`), so it is refused again.`;
  }
  return "The line reads the key from `$PETSTORE_API_KEY`.";
}
