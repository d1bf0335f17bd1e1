/**
 * What `--learn` reads from error answers: the `code` words and `message`
 * style of the Error bodies, by the failure each probe provokes, and the
 * body of the category operations' errors.
 */
import { type apiErrorCodes, reasonPhrases } from "../../mocks/interface/behaviours.js";
import { isObject } from "../../mocks/util/json.js";
import type { ProbeName } from "./learn-probes.js";
import {
  type Decision,
  type Item,
  quoted,
  type Reading,
  type Seen,
  seen,
} from "./learn-readings.js";

type ApiCode = (typeof apiErrorCodes)[number];

/** The kit's code for the failure a probe provokes, from the status it got. */
function kitCodeOf(probe: ProbeName, status: number): ApiCode | undefined {
  if (status === 401) return "unauthorized";
  if (status === 404) return "not_found";
  if (probe.startsWith("pet-") && status === 400) return "invalid_path";
  if (probe.startsWith("create-") || probe === "category-refused") return "invalid_body";
  if (status === 400) return "invalid_query";
  return undefined;
}

export interface ErrorSeen {
  readonly kit: ApiCode;
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly body: Item;
}

/** The Error bodies the probes got (an object with a string `code` and `message`). */
export function errorsOf(readings: readonly Reading[]): ErrorSeen[] {
  return readings.filter(seen).flatMap((reading) => {
    const { status } = reading.response;
    const body = reading.json;
    const kit = kitCodeOf(reading.probe, status);
    if (
      !kit ||
      !isObject(body) ||
      typeof body.code !== "string" ||
      typeof body.message !== "string"
    )
      return [];
    return [{ kit, status, code: body.code, message: body.message, body }];
  });
}

const statusName = (status: number) =>
  (reasonPhrases[status] ?? "").toUpperCase().replace(/[^A-Z]+/g, "_");

export function errorCodes(errors: readonly ErrorSeen[]): Decision {
  if (errors.length === 0) return { why: "no Error body came back" };
  const all = (word: (error: ErrorSeen) => string) =>
    errors.every((error) => error.code === word(error));
  const codes = [...new Set(errors.map((error) => `${error.kit} → ${error.code}`))].join(", ");
  if (all((error) => error.kit)) return { alternative: "kit", reason: `codes ${codes}` };
  if (all((error) => error.kit.toUpperCase()))
    return { alternative: "upperCase", reason: `codes ${codes}` };
  if (all((error) => statusName(error.status)))
    return { alternative: "httpStatus", reason: `codes ${codes}` };
  const words: Record<string, string> = {};
  for (const error of errors) {
    if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(error.code)) {
      return {
        why: `the code ${quoted(error.code)} is no word a profile carries`,
      };
    }
    if (words[error.kit] !== undefined && words[error.kit] !== error.code) {
      return { why: `one failure answered with two codes (${codes})` };
    }
    words[error.kit] = error.code;
  }
  return { alternative: "custom", value: words, reason: `codes ${codes}` };
}

export function errorMessages(errors: readonly ErrorSeen[]): Decision {
  if (errors.length === 0) return { why: "no Error body came back" };
  const phrases = errors.filter((error) => error.message === reasonPhrases[error.status]);
  if (phrases.length === errors.length)
    return { alternative: "reasonPhrase", reason: "every message is its status's reason phrase" };
  if (phrases.length === 0)
    return { alternative: "detailed", reason: "messages say more than the status's name" };
  return { why: "some messages are reason phrases, some are not" };
}

/** The category operations' error bodies: all Error-shaped, or all `{ "error": "…" }`. */
export function categoryErrorShape(readings: readonly Seen[]): Decision {
  if (readings.length === 0) return { why: "no category operation answered an error" };
  const kinds = new Set(
    readings.map(({ json }) => {
      if (!isObject(json)) return "other";
      if (typeof json.error === "string" && json.code === undefined) return "errorField";
      return typeof json.code === "string" && typeof json.message === "string" ? "error" : "other";
    }),
  );
  const [kind] = kinds;
  if (kinds.size === 1 && kind !== "other" && kind !== undefined) {
    return {
      alternative: kind,
      reason: `${readings.length} category error answers, each ${kind === "error" ? "an Error body" : '{ "error": "…" }'}`,
    };
  }
  return {
    why: "the category operations' error bodies are neither all Error bodies nor all { error }",
  };
}
