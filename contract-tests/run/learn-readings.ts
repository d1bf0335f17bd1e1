/**
 * What `--learn` reads from each probe's answer (learn-probes.ts): the answer
 * when it may be learned from, masked evidence of it (the request, the
 * status, the body's shape, the headers that tell a choice), or why nothing
 * is learned from it; and how a choice is decided from such readings.
 */
import { type Evidence, type JsonValue, profileLimits } from "../../mocks/interface/behaviours.js";
import { interfaceHeaders } from "../../mocks/interface/headers.js";
import { isObject } from "../../mocks/util/json.js";
import type { Redact } from "../../mocks/util/redact.js";
import { printable } from "../../mocks/util/text.js";
import type { ContractResponse } from "../transport/http.js";
import { bodyShape } from "./compare-answers.js";
import type { Probe, ProbeName, Probes } from "./learn-probes.js";

export type Item = Readonly<Record<string, unknown>>;

/** A choice as learned: an alternative (absent: undecided, the default applies) and why. */
export interface LearnedChoice {
  readonly alternative?: string;
  readonly value?: JsonValue;
  readonly evidence: readonly Evidence[];
  readonly reason: string;
}

/** A probe that answered without breaking a statement: what may be learned from. */
export interface Seen {
  readonly probe: ProbeName;
  readonly response: ContractResponse;
  readonly json: unknown;
  readonly evidence: Evidence;
}

/** Why a choice could not be decided from a probe, or what the probe showed. */
export type Reading = Seen | { readonly why: string; readonly evidence?: Evidence };

export const evidenceText = (
  text: string,
  redact: Redact,
  max: number = profileLimits.headerText,
) => {
  const line = printable(redact(text)).replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/**
 * A deployment's text as a reason quotes it: whole (JSON-quoted, controls
 * escaped) when that is at most `max` characters, else only its length.
 * Never cut: the profile's writer masks a secret in the reason, and a cut
 * through one would leave a piece it cannot recognise.
 */
export function quoted(text: string, max = 100): string {
  const whole = JSON.stringify(printable(text));
  return whole.length <= max ? whole : `(${text.length} characters)`;
}

/** What a probe's answer shows, masked: the request, status, shape and the interface's headers. */
function evidenceOf(probe: Probe, redact: Redact): Evidence {
  if (!("exchange" in probe)) return { request: probe.caseId, note: probe.unsent };
  const { exchange } = probe;
  const query = exchange.url.includes("?") ? exchange.url.slice(exchange.url.indexOf("?")) : "";
  const credential = exchange.request.credential;
  const sent = exchange.request.json === undefined ? "" : ` ${bodyShape(exchange.request.json)}`;
  const request = evidenceText(
    `${exchange.request.method} ${exchange.request.path}${query}${sent}`,
    redact,
    profileLimits.text,
  );
  const { response } = exchange;
  if (!response) {
    return { request, note: evidenceText(`no answer (${exchange.error ?? "unknown"})`, redact) };
  }
  const headers: Record<string, string> = {};
  // Content-Type is the interface's own (application/json): it tells no choice.
  for (const name of interfaceHeaders.map((header) => header.toLowerCase())) {
    if (name === "content-type") continue;
    const value = response.headers[name];
    if (value !== undefined) headers[name] = evidenceText(value, redact);
  }
  const shape = response.isJson
    ? bodyShape(response.json)
    : response.text
      ? "(not JSON)"
      : "(empty)";
  return {
    request,
    status: response.status,
    shape: evidenceText(shape, redact, profileLimits.text),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(credential && credential !== "valid" ? { note: `credential ${credential}` } : {}),
  };
}

/** The probe's answer, or why nothing is learned from it. */
export function read(probes: Probes, name: ProbeName, redact: Redact): Reading {
  const probe = probes.get(name);
  if (!probe) return { why: `its request (${name}) was not sent: the run stopped before it` };
  const evidence = evidenceOf(probe, redact);
  if (!("exchange" in probe)) return { why: `${probe.unsent}`, evidence };
  const { response } = probe.exchange;
  if (!response) return { why: `${evidence.request} got no answer`, evidence };
  if (probe.broke.length > 0) {
    return {
      why: `the answer to ${evidence.request} broke the interface (${probe.broke.join(", ")}); nothing is learned from it`,
      evidence,
    };
  }
  if (response.unread !== undefined)
    return { why: `${evidence.request}: its answer was too large to read`, evidence };
  return { probe: name, response, json: response.isJson ? response.json : undefined, evidence };
}

export const seen = (reading: Reading): reading is Seen => "response" in reading;
export const items = (reading: Seen): readonly Item[] | undefined =>
  reading.response.status === 200 && Array.isArray(reading.json)
    ? (reading.json as unknown[]).filter(isObject)
    : undefined;
export const refusal = (reading: Seen) =>
  reading.response.status >= 400 && reading.response.status < 500;

export type Decision = { alternative: string; value?: JsonValue; reason: string } | { why: string };

/** Decides a choice from its readings: undecided when any reading cannot be learned from. */
export function decide(
  readings: readonly Reading[],
  rule: (...seen: Seen[]) => Decision,
): LearnedChoice {
  const evidence = distinct(
    readings.flatMap((reading) => (reading.evidence ? [reading.evidence] : [])),
  );
  const blocked = readings.find((reading) => !seen(reading));
  if (blocked && !seen(blocked)) return { evidence, reason: `undecided: ${blocked.why}` };
  const decision = rule(...(readings as Seen[]));
  if ("why" in decision) return { evidence, reason: `undecided: ${decision.why}` };
  return { ...decision, evidence };
}

/** Evidence without repeats (two choices' readings may share a probe). */
export const distinct = (evidence: readonly Evidence[]): Evidence[] =>
  evidence.filter(
    (entry, index) =>
      evidence.findIndex((other) => JSON.stringify(other) === JSON.stringify(entry)) === index,
  );

export const noMatch = (reading: Seen, expected: string): Decision => ({
  why: `${reading.evidence.request} answered ${reading.response.status} (${reading.evidence.shape ?? "no body"}), which matches no alternative (${expected})`,
});

/** How many records a 200 list answer holds; undefined for any other answer. */
export function listed(reading: Seen): number | undefined {
  return items(reading)?.length;
}

/** A choice read from many answers: those that cannot be learned from are left out, not blocking. */
export function fromAll(readings: readonly Reading[], rule: () => Decision): LearnedChoice {
  const evidence = readings
    .filter(seen)
    .map((reading) => reading.evidence)
    .slice(0, profileLimits.evidence);
  const decision = rule();
  if ("why" in decision) return { evidence, reason: `undecided: ${decision.why}` };
  return { ...decision, evidence };
}
