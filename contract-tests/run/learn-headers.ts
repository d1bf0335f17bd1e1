/**
 * What `--learn` reads from headers: those on every answer (or on every
 * success, or every error) that no other choice governs (`commonHeaders`:
 * a fixed text, or a fresh value per answer), getPet's deprecation headers,
 * and a create's `Location`.
 */
import {
  behaviours,
  type CommonHeader,
  type JsonValue,
  profileMaySet,
} from "../../mocks/interface/behaviours.js";
import { idOf } from "../../mocks/util/exact-json.js";
import type { Redact } from "../../mocks/util/redact.js";
import {
  decided,
  type Fit,
  headerTextOf,
  type LearnedChoice,
  type Seen,
  success,
  undecided,
} from "./learn-readings.js";

const headerOf = (reading: Seen, name: string) => reading.response.headers[name];

/** The kit's own text of a header choice, as the table states it. */
const kitText = {
  deprecation: behaviours.deprecationDate.alternatives.kit.answer.match(/@\d+/)?.[0],
  sunset: behaviours.sunsetHeader.alternatives.kit.answer.match(/`Sunset: ([^`]*)`/)?.[1],
  link: behaviours.successorLink.alternatives.kit.answer.match(/`Link: (.*)`/)?.[1],
} as const;

/** What getPet's answer says of one of its deprecation headers (an answer other than a 2xx says nothing). */
export function deprecationFit(
  name: keyof typeof kitText,
  all: readonly string[],
  redact: Redact,
): (reading: Seen) => Fit {
  return (reading) => {
    if (!success(reading)) return { fits: all };
    const value = headerOf(reading, name)?.trim();
    if (value === undefined) return { fits: ["absent"], note: `no ${name}` };
    const headers = { [name]: value };
    if (value === kitText[name]) return { fits: ["kit"], headers };
    if (name === "deprecation") {
      if (value === "true") return { fits: ["true"], headers };
      if (/^@\d{1,12}$/.test(value)) return { fits: ["date"], value, headers };
    }
    const text = name === "link" ? headerTextOf(value, redact) : undefined;
    return text === undefined ? { fits: [], headers } : { fits: ["custom"], value: text, headers };
  };
}

/** deprecationOn, from a getPet answer other than a 2xx: whether it carries a deprecation header. */
export function deprecationOnFit(successCarries: boolean): (reading: Seen) => Fit {
  return (reading) => {
    if (!successCarries || success(reading)) return { fits: ["every", "success"] };
    const carries = Object.keys(kitText).some((name) => headerOf(reading, name) !== undefined);
    return carries
      ? { fits: ["every"], note: "carries the deprecation headers" }
      : { fits: ["success"], note: "no deprecation header" };
  };
}

/** A create's `Location` (an answer other than a 201 says nothing): none, a path or a URL naming the record. */
export function locationFit(path: string): (reading: Seen) => Fit {
  return (reading) => {
    if (reading.response.status !== 201) return { fits: ["relative", "absolute", "absent"] };
    const value = headerOf(reading, "location");
    if (value === undefined) return { fits: ["absent"], note: "no Location" };
    const id = idOf(reading.json);
    const named = id !== undefined && value.replace(/\/+$/, "").endsWith(`${path}/${String(id)}`);
    const note = `Location ${value.replace(/\/[^/]*$/, "/{id}").replace(/^https?:\/\/[^/]+/i, "{origin}")}`;
    if (named && value.startsWith("/")) return { fits: ["relative"], note };
    if (named && /^https?:\/\//i.test(value)) return { fits: ["absolute"], note };
    return { fits: [], note: "a Location naming another record" };
  };
}

/** commonHeaders: the headers every answer (or every success, or every error) carries. */
export function commonHeaders(answers: readonly Seen[], redact: Redact): LearnedChoice {
  if (answers.length < 2) return undecided("fewer than two answers came back");
  const errors = answers.filter((reading) => reading.response.status >= 400);
  const successes = answers.filter((reading) => reading.response.status < 400);
  const names = [...new Set(answers.flatMap((reading) => Object.keys(reading.response.headers)))];
  const headers: Record<string, CommonHeader> = {};
  const said: string[] = [];
  for (const name of names.sort()) {
    if (!profileMaySet(name) || redact(`${name}: x`) !== `${name}: x`) continue;
    const carriers = answers.filter((reading) => headerOf(reading, name) !== undefined);
    const carried = (list: readonly Seen[]) => list.every((reading) => carriers.includes(reading));
    const on =
      carriers.length === answers.length
        ? undefined
        : carried(successes) && carriers.length === successes.length
          ? "success"
          : carried(errors) && carriers.length === errors.length
            ? "errors"
            : "none";
    if (on === "none" || carriers.length < 2) continue;
    const texts = new Set(carriers.map((reading) => headerOf(reading, name) as string));
    const [text] = texts;
    const fixed = texts.size === 1 ? headerTextOf(text as string, redact) : undefined;
    if (texts.size === 1 && fixed === undefined) continue;
    headers[name] = { ...(fixed === undefined ? {} : { value: fixed }), ...(on ? { on } : {}) };
    const where =
      on === undefined ? "every answer" : on === "success" ? "every success" : "every error";
    said.push(
      `${name} on ${where}, ${fixed === undefined ? "a fresh value each" : JSON.stringify(fixed)}`,
    );
  }
  if (said.length === 0) return decided("commonHeaders", "none", []);
  const kept = Object.keys(headers).slice(0, 16);
  const value = Object.fromEntries(kept.map((name) => [name, headers[name]])) as JsonValue;
  return {
    ...decided("commonHeaders", "headers", [], value),
    reason: said.slice(0, 16).join("; "),
  };
}
