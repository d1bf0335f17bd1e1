/**
 * What `--learn` reads from each probe's answer (learn-probes.ts): the answer
 * when it may be learned from, with evidence that names the request and its
 * status (never an id, a count or a value of the deployment's data), or why
 * nothing is learned from it; and how a choice is decided from such
 * readings: each answer fits some of the choice's alternatives, at least two
 * answers must tell, and answers that fit no common alternative leave it
 * undecided, naming both.
 */
import {
  behaviours,
  type ChoiceId,
  choiceAlternatives,
  type Evidence,
  type JsonValue,
  profileLimits,
} from "../../mocks/interface/behaviours.js";
import { isObject } from "../../mocks/util/json.js";
import type { Redact } from "../../mocks/util/redact.js";
import { printable } from "../../mocks/util/text.js";
import type { ContractResponse } from "../transport/http.js";
import { bodyShape } from "./compare-answers.js";
import type { ProbeName, Probes } from "./learn-probes.js";

export type Item = Readonly<Record<string, unknown>>;

/** A choice as learned: an alternative (absent: undecided, the default applies) and why. */
export interface LearnedChoice {
  readonly alternative?: string;
  readonly value?: JsonValue;
  readonly evidence: readonly Evidence[];
  readonly reason: string;
  /** Undecided because the requests that tell it were not sent (`--read-only`, the write budget). */
  readonly unsent?: true;
}

/** A probe that answered without breaking a statement: what may be learned from. */
export interface Seen {
  readonly probe: ProbeName;
  readonly response: ContractResponse;
  readonly json: unknown;
  /** The request in words and the answer's status. */
  readonly evidence: Evidence;
}

/** Why a choice could not be decided from a probe, or what the probe showed. */
export type Reading = Seen | { readonly why: string; readonly unsent?: true };

/** A text from the deployment or about it, as the profile may hold it: masked, printable, one line, bounded. */
export const evidenceText = (
  text: string,
  redact: Redact,
  max: number = profileLimits.headerText,
) => {
  const line = printable(redact(text)).replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

const visibleHeader = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** A fixed header text a profile may carry: visible ASCII, bounded, holding no secret. */
export const headerTextOf = (value: string, redact: Redact): string | undefined =>
  visibleHeader.test(value) && value.length <= profileLimits.headerText && redact(value) === value
    ? value
    : undefined;

/** The probe's answer, or why nothing is learned from it. */
export function read(probes: Probes, name: ProbeName, redact: Redact): Reading {
  const probe = probes.get(name);
  if (!probe) return { why: `its request (${name}) was not sent: the run stopped before it` };
  const request = evidenceText(probe.label, redact, profileLimits.text);
  if (!("exchange" in probe)) return { why: probe.unsent, unsent: true };
  const { response, error } = probe.exchange;
  if (!response) return { why: `${request} got no answer (${evidenceText(error ?? "", redact)})` };
  if (probe.broke.length > 0) {
    return { why: `the answer to ${request} broke the interface; nothing is learned from it` };
  }
  if (response.unread !== undefined) return { why: `${request}: its answer was too large to read` };
  const json = response.isJson ? response.json : undefined;
  return { probe: name, response, json, evidence: { request, status: response.status } };
}

export const seen = (reading: Reading): reading is Seen => "response" in reading;
export const items = (reading: Seen): readonly Item[] | undefined =>
  reading.response.status === 200 && Array.isArray(reading.json)
    ? (reading.json as unknown[]).filter(isObject)
    : undefined;
export const refusal = (reading: Seen) =>
  reading.response.status >= 400 && reading.response.status < 500;
export const success = (reading: Seen) =>
  reading.response.status >= 200 && reading.response.status < 300;

/** What one answer says of a choice. */
export interface Fit {
  /** The alternatives it fits: none, it matches no alternative; all of them, it tells nothing. */
  readonly fits: readonly string[];
  /** The value of the (one) alternative it fits, for an alternative that takes one. */
  readonly value?: JsonValue;
  /** What told it, in words (a header's text, a code word); never the deployment's data. */
  readonly note?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A JSON value's text with object keys sorted: equal values, equal texts. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, member: unknown) =>
    isObject(member)
      ? Object.fromEntries(
          Object.keys(member)
            .sort()
            .map((key) => [key, member[key]]),
        )
      : member,
  );

const keyOf = (alternative: string, value: JsonValue | undefined) =>
  value === undefined ? alternative : `${alternative} ${canonical(value)}`;

/**
 * A deployment's text as a reason quotes it: whole (JSON-quoted, controls
 * escaped) when that is at most `max` characters, else only its length.
 * Never cut: the profile's writer masks a secret in the reason, and a cut
 * through one would leave a piece it cannot recognise.
 */
export function quotedWhole(text: string, max = 100): string {
  const whole = JSON.stringify(printable(text));
  return whole.length <= max ? whole : `(${text.length} characters)`;
}

/** Alternatives as a reason names them: `clamped` and `default`. */
const quoted = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(" and ");

/** An answer as a reason names it: the request, its status and what told it. */
export const answered = (reading: Seen, note?: string): string =>
  `${reading.evidence.request} answered ${reading.response.status}${note ? ` (${note})` : ""}`;

/** The evidence an answer gives a choice: the request, the status and what told it. */
export const evidenceOf = (reading: Seen, fit: Pick<Fit, "note" | "headers">): Evidence => ({
  ...reading.evidence,
  ...(fit.note ? { note: fit.note } : {}),
  ...(fit.headers && Object.keys(fit.headers).length > 0 ? { headers: fit.headers } : {}),
});

export const undecided = (
  why: string,
  evidence: readonly Evidence[] = [],
  unsent?: boolean,
): LearnedChoice => ({
  evidence,
  reason: `undecided: ${why}`,
  ...(unsent ? { unsent: true } : {}),
});

/** A decided choice: its reason is what the mock answers under the alternative. */
export function decided(
  id: ChoiceId,
  alternative: string,
  evidence: readonly Evidence[],
  value?: JsonValue,
): LearnedChoice {
  const { answer } = (behaviours[id].alternatives as Record<string, { answer: string }>)[
    alternative
  ] as { answer: string };
  return { alternative, ...(value === undefined ? {} : { value }), evidence, reason: answer };
}

/**
 * Decides a choice from the answers of its probes: every answer that tells
 * something must fit one common alternative (with one value), and at least
 * two must tell; else it stays undecided, saying why (a request not sent,
 * an answer that fits no alternative, two that disagree, alternatives that
 * answer alike here).
 */
export function decide(
  id: ChoiceId,
  readings: readonly Reading[],
  fitOf: (reading: Seen) => Fit,
): LearnedChoice {
  const all: readonly string[] = choiceAlternatives[id];
  const answers = readings.filter(seen).map((reading) => ({ reading, fit: fitOf(reading) }));
  const told = answers.filter(({ fit }) => fit.fits.length < all.length);
  const evidence = told.map(({ reading, fit }) => evidenceOf(reading, fit));
  const none = told.find(({ fit }) => fit.fits.length === 0);
  if (none) {
    return undecided(
      `${answered(none.reading, none.fit.note)}, which fits no alternative (${all.join(", ")})`,
      evidence,
    );
  }
  const keys = told.map(({ fit }) => fit.fits.map((name) => keyOf(name, fit.value)));
  const [first] = told;
  // The alternatives (with their value) every telling answer fits.
  const common = (first?.fit.fits ?? []).filter((name) =>
    keys.every((set) => set.includes(keyOf(name, first?.fit.value))),
  );
  if (first && common.length === 0) {
    const disjoint = keys.findIndex((set) => !set.some((key) => keys[0]?.includes(key)));
    const [a, b] = [first, told.at(disjoint)] as [typeof first, typeof first];
    const fits = ({ fit }: typeof a) =>
      fit.fits.map((name) => `\`${keyOf(name, fit.value)}\``).join(" or ");
    return undecided(
      `the answers disagree: ${answered(a.reading, a.fit.note)}, which fits ${fits(a)}; ${answered(b.reading, b.fit.note)}, which fits ${fits(b)}`,
      evidence,
    );
  }
  if (told.length < 2) {
    const blocked = readings.find((reading) => !seen(reading));
    if (blocked && !seen(blocked)) return undecided(blocked.why, evidence, blocked.unsent);
    const only = told[0]?.reading.evidence.request;
    if (only) return undecided(`only ${only} tells it; it needs two answers`, evidence);
    return undecided(
      answers.length > 0 ? `${quoted(all)} answer alike here` : "no answer tells it",
    );
  }
  if (common.length > 1) return undecided(`${quoted(common)} answer alike here`, evidence);
  return decided(id, common[0] as string, evidence, first?.fit.value);
}

/** The shape of an answer's body: types and field names, never values. */
export const shapeOf = (reading: Seen): string =>
  reading.response.isJson
    ? bodyShape(reading.json)
    : reading.response.text
      ? "(not JSON)"
      : "(empty)";

/** How many records a 200 list answer holds; undefined for any other answer. */
export const listed = (reading: Seen): number | undefined => items(reading)?.length;
