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
  behaviours,
  type ChoiceId,
  choiceIds,
  type ProfileChoice,
  profileLimits,
} from "../../mocks/interface/behaviours.js";
import { limitRule, petStatuses } from "../../mocks/interface/spec.js";
import { idOf } from "../../mocks/util/exact-json.js";
import { isObject } from "../../mocks/util/json.js";
import type { Redact } from "../../mocks/util/redact.js";
import { printable } from "../../mocks/util/text.js";
import { categoryErrorShape, errorCodes, errorMessages, errorsOf } from "./learn-errors.js";
import type { ProbeName, Probes } from "./learn-probes.js";
import {
  type Decision,
  decide,
  distinct,
  fromAll,
  items,
  type LearnedChoice,
  listed,
  noMatch,
  type Reading,
  read,
  refusal,
  type Seen,
  seen,
} from "./learn-readings.js";
import { extraFields, orderOf } from "./learn-records.js";

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
const kitSunset = behaviours.sunsetHeader.alternatives.kit.answer.match(/`Sunset: ([^`]*)`/)?.[1];
const kitLink = behaviours.successorLink.alternatives.kit.answer.match(/`Link: (.*)`/)?.[1];

/**
 * Every choice of the table, learned from the probes where they tell, else
 * left at the default with the reason.
 */
export function learnChoices(probes: Probes, redact: Redact): Record<ChoiceId, LearnedChoice> {
  const at = (name: ProbeName) => read(probes, name, redact);
  // The probes' limits (learn-probes.ts): just outside the range, 1.5, 1 then 2 repeated.
  const { minimum, maximum, default: fallback } = limitRule;
  const all = at("pets");
  /** A limit probe's alternative: refused, or the one whose count (capped by every pet there is) it listed. */
  const countRule =
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
  const belowMinimum = decide(
    [all, at("limit-zero")],
    countRule({ clamped: minimum, default: fallback }, `refused, ${minimum} pet or ${fallback}`),
  );
  const aboveMaximum = decide(
    [all, at("limit-above")],
    countRule({ clamped: maximum, default: fallback }, `refused, ${maximum} pets or ${fallback}`),
  );
  // `1.5` tells rounded (1 pet) from the default (20); `abc` takes the default under both, so
  // it must agree with a refusal, or be listed, not refused.
  const notIntegerChoice = decide(
    [all, at("limit-fraction"), at("limit-word")],
    (list, fraction, word) => {
      const decision = countRule(
        { rounded: 1, default: fallback },
        `refused, 1 pet or ${fallback}`,
      )(list, fraction);
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
  const recordsOf = (names: readonly ProbeName[]) =>
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

  const notProbed: LearnedChoice = { evidence: [], reason: "undecided: no probe tells it yet" };
  const learned: Record<ChoiceId, LearnedChoice> = {
    emptyQuery: notProbed,
    trailingSlash: notProbed,
    headMethod: notProbed,
    blankName: notProbed,
    bodyMediaType: notProbed,
    categoryDescription: notProbed,
    errorClasses: notProbed,
    commonHeaders: notProbed,
    categoryLocation: notProbed,
    deprecationOn: notProbed,
    idSequence: notProbed,
    optionalFields: notProbed,
    limitBelowMinimum: belowMinimum,
    limitAboveMaximum: aboveMaximum,
    limitNotInteger: notIntegerChoice,
    repeatedQuery: decide(
      [all, at("limit-repeated")],
      countRule({ first: 1, last: 2 }, "refused, 1 pet or 2"),
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
      extraFields(recordsOf(["pets", "pet-listed", "create-without-status"]), "Pet", "pets"),
    ),
    categoryFields: fromAll([at("categories")], () =>
      extraFields(recordsOf(["categories"]), "Category", "categories"),
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
    sunsetHeader: decide([pet], (reading) =>
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
    categoryCredentialStatus: decide([at("categories-no-credential")], (reading) =>
      [401, 403].includes(reading.response.status)
        ? {
            alternative: String(reading.response.status),
            reason: `answered ${reading.response.status}`,
          }
        : noMatch(reading, "401 or 403"),
    ),
    categoryErrorShape: fromAll(categoryErrors, () => categoryErrorShape(categoryErrors)),
  };
  for (const id of choiceIds) learned[id] = checked(id, learned[id], redact);
  return learned;
}

/** Readings of every probe sent, for the choices read from all answers (error codes, fields). */
function probeNamesRead(probes: Probes, at: (name: ProbeName) => Reading): Reading[] {
  return [...probes.keys()].map(at);
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
    // A reason may quote a header: its controls escaped, like every text of the file.
    reason: printable(choice.reason).slice(0, profileLimits.text),
  };
}
