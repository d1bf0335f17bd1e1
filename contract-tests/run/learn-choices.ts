/**
 * What `--learn`'s probes (learn-probes.ts) say of each silent choice
 * (mocks/interface/behaviours.ts): the alternative the deployment's answers
 * match, with the evidence (each request, the answer's status, shape and the
 * headers that told it, masked), or no alternative and why: the probe was
 * not sent (`--read-only`, the write budget), got no answer, broke a
 * statement (reported by the run, never learned from), the answers are
 * ambiguous (too few records to tell) or match no alternative. A choice
 * left undecided stays at the default.
 */
import {
  type AlternativeOf,
  type apiErrorCodes,
  behaviours,
  type ChoiceId,
  choiceIds,
  type Evidence,
  type JsonValue,
  type ProfileChoice,
  profileLimits,
  reasonPhrases,
} from "../../mocks/interface/behaviours.js";
import { interfaceHeaders } from "../../mocks/interface/headers.js";
import { schemaFields } from "../../mocks/interface/operations.js";
import type { SchemaName } from "../../mocks/interface/schemas.js";
import { petStatuses } from "../../mocks/interface/spec.js";
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import { isObject } from "../../mocks/util/json.js";
import type { Redact } from "../../mocks/util/redact.js";
import { printable } from "../../mocks/util/text.js";
import type { ContractResponse } from "../transport/http.js";
import { bodyShape } from "./compare-mock.js";
import type { Probe, ProbeName, Probes } from "./learn-probes.js";

type Item = Readonly<Record<string, unknown>>;
type ApiCode = (typeof apiErrorCodes)[number];

/** A choice as learned: an alternative (absent: undecided, the default applies) and why. */
export interface LearnedChoice {
  readonly alternative?: string;
  readonly value?: JsonValue;
  readonly evidence: readonly Evidence[];
  readonly reason: string;
}

/** A probe that answered without breaking a statement: what may be learned from. */
interface Seen {
  readonly probe: ProbeName;
  readonly response: ContractResponse;
  readonly json: unknown;
  readonly evidence: Evidence;
}

/** Why a choice could not be decided from a probe, or what the probe showed. */
type Reading = Seen | { readonly why: string; readonly evidence?: Evidence };

const evidenceText = (text: string, redact: Redact, max: number = profileLimits.headerText) => {
  const line = printable(redact(text)).replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

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
function read(probes: Probes, name: ProbeName, redact: Redact): Reading {
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

const seen = (reading: Reading): reading is Seen => "response" in reading;
const items = (reading: Seen): readonly Item[] | undefined =>
  reading.response.status === 200 && Array.isArray(reading.json)
    ? (reading.json as unknown[]).filter(isObject)
    : undefined;
const refusal = (reading: Seen) => reading.response.status >= 400 && reading.response.status < 500;

type Decision = { alternative: string; value?: JsonValue; reason: string } | { why: string };

/** Decides a choice from its readings: undecided when any reading cannot be learned from. */
function decide(readings: readonly Reading[], rule: (...seen: Seen[]) => Decision): LearnedChoice {
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
const distinct = (evidence: readonly Evidence[]): Evidence[] =>
  evidence.filter(
    (entry, index) =>
      evidence.findIndex((other) => JSON.stringify(other) === JSON.stringify(entry)) === index,
  );

const noMatch = (reading: Seen, expected: string): Decision => ({
  why: `${reading.evidence.request} answered ${reading.response.status} (${reading.evidence.shape ?? "no body"}), which matches no alternative (${expected})`,
});

/** How many items a list answer holds under each `limit` alternative, given the full list. */
function listed(reading: Seen): number | undefined {
  return items(reading)?.length;
}

/** An integer-ish comparison of ids (bigints beyond 2^53 included). */
const big = (id: Id) => BigInt(id);

function orderOf(reading: Seen, what: string): Decision {
  const list = items(reading);
  if (!list) return noMatch(reading, "a 200 list");
  const ids = list.map((item) => idOf(item)).filter((id): id is Id => id !== undefined);
  if (ids.length < 2)
    return { why: `${reading.evidence.request} listed fewer than 2 ${what}: no order shows` };
  const pairs = ids.slice(1).map((id, index) => big(id) - big(ids[index] as Id));
  if (pairs.every((step) => step > 0n))
    return { alternative: "ascending", reason: `${ids.length} ${what} listed by ascending id` };
  if (pairs.every((step) => step < 0n))
    return { alternative: "descending", reason: `${ids.length} ${what} listed by descending id` };
  return {
    why: `${reading.evidence.request} listed ${what} in neither ascending nor descending id order`,
  };
}

/**
 * A stand-in of a deployment's value with its shape, never its data: a
 * date-time stays a date-time, other text becomes `"text"`, numbers 0 (or
 * 0.5), arrays keep their first item's shape, objects their field names.
 */
export function standIn(value: unknown, depth = 3): JsonValue {
  if (value === null) return null;
  if (typeof value === "boolean") return false;
  if (typeof value === "number" || typeof value === "bigint") {
    return Number.isInteger(Number(value)) ? 0 : 0.5;
  }
  if (typeof value === "string") {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return "2024-01-01T00:00:00.000Z";
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return "2024-01-01";
    return value === "" ? "" : "text";
  }
  if (depth === 0) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.length === 0 ? [] : [standIn(value[0], depth - 1)];
  if (isObject(value)) {
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(value).slice(0, profileLimits.fields)) {
      if (/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(key)) out[key] = standIn(value[key], depth - 1);
    }
    return out;
  }
  return null;
}

const fieldName = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const unsafeNames = new Set(["__proto__", "constructor", "prototype"]);

/** The fields records carry beyond their schema's, each with a stand-in of its first value. */
function extraFields(records: readonly Item[], schema: SchemaName, what: string): Decision {
  if (records.length === 0) return { why: `no ${what} came back to read their fields` };
  const own = schemaFields(schema);
  const extra: Record<string, JsonValue> = {};
  const refused: string[] = [];
  for (const record of records) {
    for (const name of Object.keys(record)) {
      if (own.includes(name) || Object.hasOwn(extra, name) || refused.includes(name)) continue;
      if (!fieldName.test(name) || unsafeNames.has(name)) refused.push(name);
      else extra[name] = standIn(record[name]);
    }
  }
  const names = Object.keys(extra);
  if (refused.length > 0) {
    return { why: `a field name the mock cannot carry (${evidenceList(refused)})` };
  }
  if (names.length > profileLimits.fields) {
    return {
      why: `${names.length} extra fields, more than a profile carries (${profileLimits.fields})`,
    };
  }
  if (names.length === 0)
    return {
      alternative: "none",
      reason: `${records.length} ${what} carry only the fields of ${schema}`,
    };
  return {
    alternative: "extra",
    value: extra,
    reason: `${what} also carry ${names.join(", ")} (the values are stand-ins of their shape, not the deployment's data)`,
  };
}

const evidenceList = (names: readonly string[]) =>
  names.map((name) => JSON.stringify(printable(name.slice(0, 40)))).join(", ");

/** The kit's code for the failure a probe provokes, from the status it got. */
function kitCodeOf(probe: ProbeName, status: number): ApiCode | undefined {
  if (status === 401) return "unauthorized";
  if (status === 404) return "not_found";
  if (probe.startsWith("pet-") && status === 400) return "invalid_path";
  if (probe.startsWith("create-") || probe === "category-refused") return "invalid_body";
  if (status === 400) return "invalid_query";
  return undefined;
}

interface ErrorSeen {
  readonly kit: ApiCode;
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly body: Item;
}

/** The Error bodies the probes got (an object with a string `code` and `message`). */
function errorsOf(readings: readonly Reading[]): ErrorSeen[] {
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

function errorCodes(errors: readonly ErrorSeen[]): Decision {
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
        why: `the code ${JSON.stringify(printable(error.code.slice(0, 40)))} is no word a profile carries`,
      };
    }
    if (words[error.kit] !== undefined && words[error.kit] !== error.code) {
      return { why: `one failure answered with two codes (${codes})` };
    }
    words[error.kit] = error.code;
  }
  return { alternative: "custom", value: words, reason: `codes ${codes}` };
}

function errorMessages(errors: readonly ErrorSeen[]): Decision {
  if (errors.length === 0) return { why: "no Error body came back" };
  const phrases = errors.filter((error) => error.message === reasonPhrases[error.status]);
  if (phrases.length === errors.length)
    return { alternative: "reasonPhrase", reason: "every message is its status's reason phrase" };
  if (phrases.length === 0)
    return { alternative: "detailed", reason: "messages say more than the status's name" };
  return { why: "some messages are reason phrases, some are not" };
}

/** The category operations' error bodies: all Error-shaped, or all `{ "error": "…" }`. */
function categoryErrorBody(readings: readonly Seen[]): Decision {
  if (readings.length === 0) return { why: "no category operation answered an error" };
  const kinds = new Set(
    readings.map(({ json }) => {
      if (!isObject(json)) return "other";
      const keys = Object.keys(json);
      if (keys.length === 1 && typeof json.error === "string") return "message";
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

const headerOf = (reading: Seen, name: string) => reading.response.headers[name];
const visibleHeader = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** A header's alternative: absent, the kit's text, or the deployment's own as a value. */
function headerChoice(
  reading: Seen,
  name: string,
  kit: { readonly alternative: string; readonly matches: (value: string) => boolean },
  custom: ((value: string) => Decision) | undefined,
): Decision {
  const value = headerOf(reading, name);
  if (value === undefined)
    return { alternative: "absent", reason: `${reading.evidence.request} carries no ${name}` };
  if (kit.matches(value)) return { alternative: kit.alternative, reason: `${name}: ${value}` };
  if (!custom) return noMatch(reading, `no ${name}, or the kit's`);
  return custom(value);
}

/** A header's own text as a profile's value: visible ASCII, at most the profile's length. */
function customHeader(name: string, redact: Redact) {
  return (value: string): Decision => {
    const masked = redact(value);
    if (masked !== value) return { why: `its ${name} holds a secret` };
    if (!visibleHeader.test(value) || value.length > profileLimits.headerText) {
      return {
        why: `its ${name} is not visible ASCII within ${profileLimits.headerText} characters`,
      };
    }
    return { alternative: "custom", value, reason: `${name}: ${value}` };
  };
}

const kitDeprecation = behaviours.deprecationDate.alternatives.kit.answer.match(/@\d+/)?.[0];
const kitSunset = behaviours.sunset.alternatives.kit.answer.match(/`Sunset: (.*)`/)?.[1];
const kitLink = behaviours.successorLink.alternatives.kit.answer.match(/`Link: (.*)`/)?.[1];

/**
 * Every choice of the table, learned from the probes where they tell, else
 * left at the default with the reason.
 */
export function learnChoices(probes: Probes, redact: Redact): Record<ChoiceId, LearnedChoice> {
  const at = (name: ProbeName) => read(probes, name, redact);
  const all = at("pets");
  /** A limit probe's alternative: refused, or which count it listed (n: every pet, capped as given). */
  const limitRule =
    (counts: Readonly<Record<string, number>>, expected: string) =>
    (list: Seen, reading: Seen): Decision => {
      if (refusal(reading))
        return {
          alternative: "refused",
          reason: `${reading.evidence.request} answered ${reading.response.status}`,
        };
      const count = listed(reading);
      const total = listed(list);
      if (count === undefined || total === undefined) return noMatch(reading, expected);
      const matching = Object.entries(counts).filter(
        ([, expect]) => Math.min(expect, total) === count,
      );
      if (matching.length === 1) {
        const [alternative] = matching[0] as [string, number];
        return {
          alternative,
          reason: `${reading.evidence.request} listed ${count} of ${total} pets`,
        };
      }
      if (matching.length > 1) {
        return {
          why: `${reading.evidence.request} listed ${count} of ${total} pets: ${matching.map(([name]) => name).join(" and ")} answer alike with so few pets`,
        };
      }
      return noMatch(reading, expected);
    };
  const agree = (first: LearnedChoice, second: LearnedChoice): LearnedChoice => {
    const evidence = distinct([...first.evidence, ...second.evidence]);
    if (first.alternative === undefined || second.alternative === undefined) {
      // One answer that cannot tell (too few pets, not sent) leaves the other to decide.
      const decided = first.alternative === undefined ? second : first;
      return { ...decided, evidence };
    }
    if (second.alternative === first.alternative) return { ...first, evidence };
    return {
      evidence,
      reason: `undecided: the answers match different alternatives (${first.alternative}; ${second.alternative})`,
    };
  };
  const outOfRange = agree(
    decide([all, at("limit-zero")], limitRule({ clamped: 1, default: 20 }, "refused, 1 pet or 20")),
    decide(
      [all, at("limit-above")],
      limitRule({ clamped: 100, default: 20 }, "refused, 100 pets or 20"),
    ),
  );
  // `1.5` tells rounded (1 pet) from the default (20); `abc` takes the default under both, so
  // it must agree with a refusal, or be listed, not refused.
  const notIntegerChoice = decide(
    [all, at("limit-fraction"), at("limit-word")],
    (list, fraction, word) => {
      const decision = limitRule({ rounded: 1, default: 20 }, "refused, 1 pet or 20")(
        list,
        fraction,
      );
      if ("why" in decision) return decision;
      if ((decision.alternative === "refused") === refusal(word)) return decision;
      return {
        why: `${fraction.evidence.request} answered ${fraction.response.status}, ${word.evidence.request} ${word.response.status}: no alternative answers both so`,
      };
    },
  );

  const readings = probeNamesRead(probes, at);
  const errors = errorsOf(readings);
  const errorReadings = readings.filter((reading) => errorsOf([reading]).length > 0);
  const petRecords = (names: readonly ProbeName[]) =>
    names.flatMap((name) => {
      const reading = at(name);
      if (!seen(reading) || reading.response.status >= 300) return [];
      const json = reading.json;
      return Array.isArray(json) ? json.filter(isObject) : isObject(json) ? [json] : [];
    });
  const errorBodies = errors.map((error) => error.body);
  const categoryErrors = (["categories-no-credential", "category-refused"] as const)
    .map(at)
    .filter((reading): reading is Seen => seen(reading) && reading.response.status >= 400);
  const pet = at("pet-listed");
  const created = at("create-without-status");

  const learned: Record<ChoiceId, LearnedChoice> = {
    limitOutOfRange: outOfRange,
    limitNotInteger: notIntegerChoice,
    repeatedQuery: decide([all, at("limit-repeated")], (list, reading) =>
      refusal(reading)
        ? {
            alternative: "refused",
            reason: `${reading.evidence.request} answered ${reading.response.status}`,
          }
        : limitRule({ first: 1, last: 2 }, "refused, 1 pet or 2")(list, reading),
    ),
    unknownQuery: decide([at("unknown-parameter")], (reading) =>
      refusal(reading)
        ? { alternative: "refused", reason: `answered ${reading.response.status}` }
        : reading.response.status === 200
          ? { alternative: "ignored", reason: "answered 200 as without it" }
          : noMatch(reading, "200 or a refusal"),
    ),
    statusCase: decide([all, at("status-upper-case")], (list, reading) => {
      if (refusal(reading))
        return {
          alternative: "exact",
          reason: `status=AVAILABLE answered ${reading.response.status}`,
        };
      const found = items(reading);
      if (!found) return noMatch(reading, "a refusal or a 200 list");
      const available = (items(list) ?? []).filter((item) => item.status === "available").length;
      if (found.length > 0 && found.every((item) => item.status === "available")) {
        return {
          alternative: "caseInsensitive",
          reason: `status=AVAILABLE listed ${found.length} available pets`,
        };
      }
      if (found.length === 0 && available === 0)
        return { why: "no available pet is listed to tell by" };
      return noMatch(reading, "a refusal or only available pets");
    }),
    petIdMalformed: decide([at("pet-malformed")], (reading) => notFoundOrRefused(reading)),
    petIdOutOfRange: decide([at("pet-zero")], (reading) => notFoundOrRefused(reading)),
    unknownCategory: decide([at("create-unknown-category")], (reading) =>
      reading.response.status === 201
        ? { alternative: "accepted", reason: "a pet naming no listed category was created" }
        : reading.response.status === 400
          ? { alternative: "refused", reason: "answered 400" }
          : noMatch(reading, "201 or 400"),
    ),
    categoryRefusalStatus: decide([at("category-refused")], (reading) =>
      [400, 422].includes(reading.response.status)
        ? {
            alternative: String(reading.response.status),
            reason: `a category without a name answered ${reading.response.status}`,
          }
        : noMatch(reading, "400 or 422"),
    ),
    createdStatus: decide([created], (reading) => {
      if (reading.response.status !== 201 || !isObject(reading.json))
        return noMatch(reading, "201 with the pet");
      const status = reading.json.status;
      if (status === undefined)
        return { alternative: "none", reason: "the pet came back without a status" };
      if (typeof status === "string" && (petStatuses as readonly string[]).includes(status)) {
        return { alternative: status, reason: `the pet came back with status ${status}` };
      }
      return noMatch(reading, "no status or a PetStatus");
    }),
    petsOrder: decide([all], (reading) => orderOf(reading, "pets")),
    categoriesOrder: decide([at("categories")], (reading) => orderOf(reading, "categories")),
    errorCodes: fromAll(errorReadings, () => errorCodes(errors)),
    errorMessages: fromAll(errorReadings, () => errorMessages(errors)),
    petFields: fromAll([all, pet, created], () =>
      extraFields(petRecords(["pets", "pet-listed", "create-without-status"]), "Pet", "pets"),
    ),
    categoryFields: fromAll([at("categories")], () =>
      extraFields(petRecords(["categories"]), "Category", "categories"),
    ),
    errorFields: fromAll(errorReadings, () =>
      errorBodies.length === 0
        ? { why: "no Error body came back" }
        : extraFields(errorBodies, "Error", "Error bodies"),
    ),
    wwwAuthenticate: decide([at("pets-no-credential")], (reading) =>
      reading.response.status !== 401
        ? noMatch(reading, "401")
        : headerChoice(
            reading,
            "www-authenticate",
            { alternative: "bearer", matches: (value) => /^bearer$/i.test(value.trim()) },
            customHeader("WWW-Authenticate", redact),
          ),
    ),
    createLocation: decide([created], (reading) => {
      if (reading.response.status !== 201) return noMatch(reading, "201");
      const id = idOf(reading.json);
      const value = headerOf(reading, "location");
      if (value === undefined)
        return { alternative: "absent", reason: "the 201 carries no Location" };
      const named = id !== undefined && value.replace(/\/+$/, "").endsWith(`/pets/${String(id)}`);
      if (named && value.startsWith("/"))
        return { alternative: "relative", reason: "Location is a path" };
      if (named && /^https?:\/\//i.test(value))
        return { alternative: "absolute", reason: "Location is an absolute URL" };
      return noMatch(reading, "no Location, or one naming the new pet");
    }),
    deprecationDate: decide([pet], (reading) =>
      headerChoice(
        reading,
        "deprecation",
        { alternative: "kit", matches: (value) => value.trim() === kitDeprecation },
        (value) =>
          /^@\d{1,12}$/.test(value.trim())
            ? { alternative: "date", value: value.trim(), reason: `Deprecation: ${value.trim()}` }
            : noMatch(reading, "no Deprecation, or @ and Unix seconds"),
      ),
    ),
    successorLink: decide([pet], (reading) =>
      headerChoice(
        reading,
        "link",
        { alternative: "kit", matches: (value) => value.trim() === kitLink },
        customHeader("Link", redact),
      ),
    ),
    sunset: decide([pet], (reading) =>
      headerChoice(
        reading,
        "sunset",
        { alternative: "kit", matches: (value) => value.trim() === kitSunset },
        undefined,
      ),
    ),
    statusUnknown: decide([at("status-unknown")], (reading) => {
      if (refusal(reading))
        return { alternative: "refused", reason: `answered ${reading.response.status}` };
      const found = items(reading);
      if (found && found.length > 0) {
        return {
          alternative: "ignored",
          reason: `listed ${found.length} pets as without the filter`,
        };
      }
      return noMatch(reading, "a refusal or the list without the filter");
    }),
    categoryAuth: decide([at("categories-no-credential")], (reading) =>
      [401, 403].includes(reading.response.status)
        ? {
            alternative: String(reading.response.status),
            reason: `answered ${reading.response.status}`,
          }
        : noMatch(reading, "401 or 403"),
    ),
    categoryErrorBody: fromAll(categoryErrors, () => categoryErrorBody(categoryErrors)),
  };
  for (const id of choiceIds) learned[id] = checked(id, learned[id], redact);
  return learned;
}

/** Readings of every probe sent, for the choices read from all answers (error codes, fields). */
function probeNamesRead(probes: Probes, at: (name: ProbeName) => Reading): Reading[] {
  return [...probes.keys()].map(at);
}

/** A choice read from many answers: those that cannot be learned from are left out, not blocking. */
function fromAll(readings: readonly Reading[], rule: () => Decision): LearnedChoice {
  const evidence = readings
    .filter(seen)
    .map((reading) => reading.evidence)
    .slice(0, profileLimits.evidence);
  const decision = rule();
  if ("why" in decision) return { evidence, reason: `undecided: ${decision.why}` };
  return { ...decision, evidence };
}

function notFoundOrRefused(reading: Seen): Decision {
  if (reading.response.status === 404) return { alternative: "notFound", reason: "answered 404" };
  if (reading.response.status === 400) return { alternative: "refused", reason: "answered 400" };
  return noMatch(reading, "400 or 404");
}

/** A learned alternative the table has (a guard against a probe naming one it lacks). */
function checked(id: ChoiceId, choice: LearnedChoice, redact: Redact): LearnedChoice {
  if (choice.alternative === undefined) return choice;
  const undecided = (why: string) => ({ evidence: choice.evidence, reason: `undecided: ${why}` });
  if (!Object.hasOwn(behaviours[id].alternatives, choice.alternative as AlternativeOf<typeof id>)) {
    return undecided(`${choice.alternative} is no alternative of ${id}`);
  }
  // A value is written as the deployment sent it (a code word, a field name, a header): never a secret.
  const value = JSON.stringify(choice.value ?? null);
  if (redact(value) !== value) return undecided(`its ${id} value holds a secret`);
  return choice;
}

/** A learned choice as the profile file holds it (evidence within the file's caps). */
export function profileChoice(choice: LearnedChoice): ProfileChoice {
  return {
    ...(choice.alternative !== undefined ? { alternative: choice.alternative } : {}),
    ...(choice.value !== undefined ? { value: choice.value } : {}),
    evidence: choice.evidence.slice(0, profileLimits.evidence),
    reason: choice.reason.slice(0, profileLimits.text),
  };
}
