/**
 * How a failed check reads, wherever the kit judges an exchange: the answer
 * in one line (secrets masked before the cut, controls escaped, cut to 300
 * characters), and the failure's lines (`✗ id [kind]`, `expected:`, `got:`,
 * `repro:`). `petstore-contract`'s console and `petstore-mock-kit/pactum`
 * print the same lines from here.
 *
 * @example
 * failureLines({ id: "listPets.limit-5.at-most-limit", kind: "documented",
 *   expected: "at most 5 items", actual: "7 items — got HTTP 200 | […]", curl: "curl -g …" });
 * foundText("HTTP 500", "HTTP 500 | content-type: application/json | {…}"); // the answer alone
 */
import type { Redact } from "../util/redact.js";
import { printable } from "../util/text.js";
import type { Answer, CheckKind } from "./checks.js";
import { clientHeaders } from "./headers.js";

/** The most characters of a header value or body a failure shows. */
export const answerPreviewChars = 300;

/**
 * A short description of an answer, for failure reports. Each text is
 * redacted before it is cut, so a cut never leaves part of the key behind.
 */
export function describeAnswer(
  answer: Answer | undefined,
  error: string | undefined,
  redact: Redact = (text) => text,
): string {
  if (!answer) return `no answer (${error ?? "unknown error"})`;
  // What the deployment wrote, in every report alike: secrets masked, controls escaped, cut.
  const shown = (text: string) => {
    const line = printable(redact(text).replace(/\s+/g, " ").trim());
    return line.length > answerPreviewChars ? `${line.slice(0, answerPreviewChars)}…` : line;
  };
  const headers = clientHeaders
    .filter((name) => answer.headers[name] !== undefined)
    .map((name) => `${name}: ${shown(answer.headers[name] ?? "")}`);
  const text = shown(answer.text);
  const body =
    text !== "" ? text : answer.unread === undefined ? "(empty body)" : "(body not read)";
  return [`HTTP ${answer.status}`, ...headers, body].join(" | ");
}

/**
 * A failed check's reason, then the answer that came (`7 items — got HTTP
 * 200 | …`); the answer alone where the reason is how it starts (`HTTP 404
 * | …`, not `HTTP 404 — got HTTP 404 | …`).
 */
export const foundText = (reason: string, answer: string): string =>
  answer === reason || answer.startsWith(`${reason} | `) ? answer : `${reason} — got ${answer}`;

/** A `foundText` split again: the reason, and the answer ("" when none came). */
export function foundParts(actual: string | undefined): {
  readonly reason: string;
  readonly answer: string;
} {
  const text = actual ?? "";
  const cut = text.indexOf(" — got ");
  if (cut >= 0) return { reason: text.slice(0, cut), answer: text.slice(cut + " — got ".length) };
  const status = /^HTTP \d{3}(?= \||$)/.exec(text)?.[0];
  return status === undefined ? { reason: text, answer: "" } : { reason: status, answer: text };
}

/** What a failed check found: the check's reason and, when an answer came, the answer (`foundText`). */
export function failedActual(
  reason: string,
  answer: Answer | undefined,
  error: string | undefined,
  redact: Redact,
): string {
  return redact(answer ? foundText(reason, describeAnswer(answer, error, redact)) : reason);
}

/** A failed check as the reports show it. */
export interface Failure {
  readonly id: string;
  readonly kind: CheckKind;
  readonly expected: string;
  readonly actual?: string | undefined;
  readonly curl?: string | undefined;
}

/** The lines of one failure, marked `✗` (fails) or `!` (advice). */
export function failureLines(failure: Failure, mark: string): string[] {
  return [
    `  ${mark} ${failure.id} [${failure.kind}]`,
    `      expected: ${failure.expected}`,
    `      got:      ${failure.actual ?? ""}`,
    `      repro:    ${failure.curl ?? ""}`,
  ];
}
