/**
 * What `--learn`'s probes (learn-probes.ts) say of each silent choice
 * (mocks/interface/behaviours.ts): the alternative every answer that tells
 * it fits (at least two), with the evidence (each request in words, the
 * answer's status and what told it, masked), or no alternative and why:
 * the requests were not sent (`--read-only`, the write budget,
 * `--learn-untagged`), got no answer, broke a statement (reported by the
 * run, never learned from), fit no alternative, disagree (both named), or
 * answer alike under two alternatives here. A choice left undecided stays
 * at the default. Nothing in it moves with the deployment's data: no id, no
 * count, no date. Headers: those on every answer (or on every success, or
 * every error) that no other choice governs (`commonHeaders`: a fixed text,
 * or a fresh value per answer), getPet's deprecation headers, and a create's
 * `Location`.
 */
import {
  type AlternativeOf,
  behaviours,
  type ChoiceId,
  type CommonHeader,
  choiceAlternatives,
  choiceIds,
  type Evidence,
  type JsonValue,
  type ProfileChoice,
  profileLimits,
  profileMaySet,
} from "../../mocks/interface/behaviours.js";
import { limitRule, petStatuses } from "../../mocks/interface/spec.js";
import { idOf } from "../../mocks/util/exact-json.js";
import { isObject } from "../../mocks/util/json.js";
import type { Redact } from "../../mocks/util/redact.js";
import { printable } from "../../mocks/util/text.js";
import { learnErrors } from "./learn-errors.js";
import { type ProbeName, type Probes, probeNames } from "./learn-probes.js";
import {
  canonical,
  decide,
  decided,
  evidenceText,
  type Fit,
  headerTextOf,
  items,
  type LearnedChoice,
  listed,
  read,
  refusal,
  type Seen,
  seen,
  shapeOf,
  success,
  undecided,
} from "./learn-readings.js";
import {
  asLearned,
  combined,
  deploymentsOwn,
  extraFields,
  fieldPresence,
  idSequenceOf,
  orderFit,
} from "./learn-records.js";

/** Evidence items kept per choice: the file is read by people. */
const evidencePerChoice = 3;

const statusOf = (item: Readonly<Record<string, unknown>>) => item.status;

/**
 * Every choice of the table, learned from the probes where they tell, else
 * left at the default with the reason.
 */
export function learnChoices(probes: Probes, redact: Redact): Record<ChoiceId, LearnedChoice> {
  const at = (name: ProbeName) => read(probes, name, redact);
  const readings = (...names: ProbeName[]) => names.map(at);
  const answers = probeNames.map(at).filter(seen);
  const { minimum, maximum, default: fallback } = limitRule;

  const whole = at("pets");
  const pets = seen(whole) ? items(whole) : undefined;
  const total = pets?.length;
  const has = (status: string) => pets?.some((pet) => statusOf(pet) === status) ?? false;
  const refused: Fit = { fits: ["refused"] };
  /** A list's alternative by how many it listed (capped by the pets there are), or refused. */
  const byCount =
    (counts: Readonly<Record<string, number>>, all: readonly string[]) =>
    (reading: Seen): Fit => {
      if (refusal(reading)) return refused;
      const count = listed(reading);
      if (count === undefined) return { fits: [] };
      if (total === undefined) return { fits: all };
      return {
        fits: Object.entries(counts)
          .filter(([, expect]) => Math.min(expect, total) === count)
          .map(([name]) => name),
      };
    };
  const choice = <C extends ChoiceId>(
    id: C,
    names: readonly ProbeName[],
    fit: (reading: Seen) => Fit,
  ) => decide(id, names.map(at), fit);

  const limitNotInteger = decide(
    "limitNotInteger",
    readings("limit-fraction", "limit-fraction-2", "limit-word"),
    (reading) => {
      // `abc` is no number: rounded and default both list the default's.
      if (reading.probe === "limit-word") {
        if (refusal(reading)) return refused;
        return { fits: listed(reading) === undefined ? [] : ["rounded", "default"] };
      }
      const down = reading.probe === "limit-fraction" ? 1 : 2;
      return byCount({ rounded: down, default: fallback }, ["refused", "rounded", "default"])(
        reading,
      );
    },
  );
  const statusUnknown = choice(
    "statusUnknown",
    ["status-unknown", "status-unknown-2"],
    (reading) => {
      if (refusal(reading)) return refused;
      const list = items(reading);
      if (!list) return { fits: [] };
      if (list.length > 0) return { fits: ["ignored"] };
      return { fits: total === 0 ? ["ignored", "empty"] : ["empty"] };
    },
  );
  /** Whether an answer is the list without the parameter: 200 with the default's count. */
  const asWithout = (reading: Seen) =>
    total !== undefined && listed(reading) === Math.min(fallback, total);
  const emptyQuery = choice("emptyQuery", ["limit-empty", "status-empty"], (reading) => {
    if (refusal(reading)) return { fits: ["asGiven"] };
    const list = items(reading);
    if (!list) return { fits: [] };
    if (reading.probe === "limit-empty") {
      if (!asWithout(reading)) return { fits: [] };
      return {
        fits: limitNotInteger.alternative === "refused" ? ["ignored"] : ["asGiven", "ignored"],
      };
    }
    if (list.length === 0) return { fits: total === 0 ? ["asGiven", "ignored"] : ["asGiven"] };
    return {
      fits:
        statusUnknown.alternative === "refused" || statusUnknown.alternative === "empty"
          ? ["ignored"]
          : ["asGiven", "ignored"],
    };
  });
  const statusCase = choice("statusCase", ["status-upper-case", "status-mixed-case"], (reading) => {
    if (refusal(reading)) return { fits: ["exact"] };
    const list = items(reading);
    if (!list) return { fits: [] };
    const asked = reading.probe === "status-upper-case" ? "available" : "sold";
    const others = pets?.some((pet) => statusOf(pet) !== asked) ?? true;
    if (list.length === 0) return { fits: has(asked) ? ["exact"] : ["exact", "caseInsensitive"] };
    if (list.some((item) => statusOf(item) !== asked)) return { fits: ["exact"] };
    return { fits: others ? ["caseInsensitive"] : ["exact", "caseInsensitive"] };
  });
  const repeatedQuery = choice(
    "repeatedQuery",
    ["limit-repeated", "status-repeated"],
    (reading) => {
      if (reading.probe === "limit-repeated") {
        return byCount({ first: 1, last: 2 }, ["refused", "first", "last"])(reading);
      }
      if (refusal(reading)) return refused;
      const list = items(reading);
      if (!list) return { fits: [] };
      const all = (status: string) => list.every((item) => statusOf(item) === status);
      if (list.length === 0) {
        return { fits: [...(has("available") ? [] : ["first"]), ...(has("sold") ? [] : ["last"])] };
      }
      return { fits: all("available") ? ["first"] : all("sold") ? ["last"] : [] };
    },
  );
  const categoryErrorProbes = [
    "categories-no-credential",
    "categories-wrong-credential",
    "category-refused",
    "category-refused-2",
    "category-description-number",
    "category-description-boolean",
    "category-blank-name",
  ] as const;
  const petReads = readings("pet-listed", "pet-listed-2");
  const successCarries = petReads.filter(seen).filter(success).some(carriesDeprecation);
  const deprecation = (
    id: "deprecationDate" | "sunsetHeader" | "successorLink",
    name: "deprecation" | "sunset" | "link",
  ) => decide(id, petReads, deprecationFit(name, choiceAlternatives[id], redact));
  const common = commonHeaders(answers, redact);
  const errors = learnErrors(answers, redact, Object.keys((common.value ?? {}) as object));
  const byStatus =
    (statuses: Readonly<Record<number, string>>) =>
    (reading: Seen): Fit => {
      const name = statuses[reading.response.status];
      return { fits: name === undefined ? [] : [name] };
    };
  const created = (reading: Seen): Fit => {
    if (reading.response.status === 201) return { fits: ["accepted"] };
    return refusal(reading) ? refused : { fits: [] };
  };

  // The records' shapes, from the first whole listings (before this run's creates), the kit's own left out.
  const listedRecords = (name: ProbeName) =>
    deploymentsOwn(
      readings(name)
        .filter(seen)
        .flatMap((reading) => items(reading) ?? []),
    );
  const [petRecords, categoryRecords] = [listedRecords("pets"), listedRecords("categories")];
  const learned: Record<ChoiceId, LearnedChoice> = {
    idSequence: asLearned(
      "idSequence",
      combined([idSequenceOf(petRecords, "pets"), idSequenceOf(categoryRecords, "categories")]),
    ),
    optionalFields: asLearned(
      "optionalFields",
      combined([fieldPresence(petRecords, "Pet"), fieldPresence(categoryRecords, "Category")]),
    ),
    limitBelowMinimum: choice("limitBelowMinimum", ["limit-zero", "limit-negative"], (reading) => {
      const fit = byCount(
        { clamped: minimum, default: fallback },
        choiceAlternatives.limitBelowMinimum,
      )(reading);
      // `Number(limit) || 20`, then clamped: 0 takes the default, a negative limit is clamped.
      const zeroDefault = reading.probe === "limit-zero" ? "default" : "clamped";
      return fit.fits.includes(zeroDefault) ? { ...fit, fits: [...fit.fits, "zeroDefault"] } : fit;
    }),
    limitAboveMaximum: choice(
      "limitAboveMaximum",
      ["limit-above", "limit-far-above"],
      byCount({ clamped: maximum, default: fallback }, choiceAlternatives.limitAboveMaximum),
    ),
    limitNotInteger,
    emptyQuery,
    repeatedQuery,
    unknownQuery: choice(
      "unknownQuery",
      ["pets-unknown-parameter", "categories-unknown-parameter"],
      (reading) => (refusal(reading) ? refused : byStatus({ 200: "ignored" })(reading)),
    ),
    statusCase,
    statusUnknown,
    trailingSlash: choice(
      "trailingSlash",
      ["pets-trailing-slash", "categories-trailing-slash"],
      (reading) => (items(reading) ? { fits: ["same"] } : byStatus({ 404: "notFound" })(reading)),
    ),
    headMethod: choice("headMethod", ["pets-head", "pet-head"], (reading) =>
      // A refused HEAD is answered as any other method (`otherMethod`): a 405, or a 404.
      success(reading)
        ? { fits: ["answered"] }
        : byStatus({ 405: "refused", 404: "refused" })(reading),
    ),
    petIdMalformed: choice(
      "petIdMalformed",
      ["pet-malformed", "pet-decimal"],
      byStatus({ 400: "refused", 404: "notFound" }),
    ),
    petIdOutOfRange: choice("petIdOutOfRange", ["pet-zero", "pet-negative"], (reading) => {
      const fit = byStatus({ 400: "refused", 404: "notFound" })(reading);
      // 404 for /pets/0, 400 for a negative id.
      const zeroNotFound = reading.probe === "pet-zero" ? "notFound" : "refused";
      return fit.fits.includes(zeroNotFound)
        ? { ...fit, fits: [...fit.fits, "zeroNotFound"] }
        : fit;
    }),
    unknownCategory: choice(
      "unknownCategory",
      ["create-unknown-category", "create-unknown-category-2"],
      byStatus({ 201: "accepted", 400: "refused" }),
    ),
    blankName: choice("blankName", ["create-blank-name", "category-blank-name"], created),
    bodyMediaType: choice(
      "bodyMediaType",
      ["create-text-plain", "category-text-plain"],
      byStatus({ 201: "accepted", 415: "refused", 400: "unread", 422: "unread" }),
    ),
    otherMethod: choice(
      "otherMethod",
      ["post-on-pet", "post-on-pet-2"],
      byStatus({ 405: "methodNotAllowed", 404: "notFound" }),
    ),
    categoryDescription: choice(
      "categoryDescription",
      ["category-description-number", "category-description-boolean"],
      (reading) => {
        if (refusal(reading)) return refused;
        if (reading.response.status !== 201 || !isObject(reading.json)) return { fits: [] };
        return reading.json.description === undefined
          ? { fits: ["dropped"], note: "stored without a description" }
          : { fits: [], note: "stored with a description" };
      },
    ),
    categoryRefusalStatus: choice(
      "categoryRefusalStatus",
      categoryErrorProbes.filter((name) => name.startsWith("category-")),
      // A category the deployment stored tells nothing of how it refuses one.
      (reading) =>
        success(reading) ? { fits: ["400", "422"] } : byStatus({ 400: "400", 422: "422" })(reading),
    ),
    categoryCredentialStatus: choice(
      "categoryCredentialStatus",
      ["categories-no-credential", "categories-wrong-credential"],
      byStatus({ 401: "401", 403: "403" }),
    ),
    categoryErrorShape: choice("categoryErrorShape", categoryErrorProbes, (reading) => {
      if (reading.response.status < 400) return { fits: ["error", "errorField"] };
      const body = reading.json;
      const note = isObject(body) ? shapeOf(reading) : undefined;
      if (isObject(body) && typeof body.code === "string" && typeof body.message === "string") {
        return { fits: ["error"], ...(note ? { note } : {}) };
      }
      const field = isObject(body) && typeof body.error === "string" && body.code === undefined;
      return { fits: field ? ["errorField"] : [], ...(note ? { note } : {}) };
    }),
    createdStatus: choice(
      "createdStatus",
      ["create-without-status", "create-without-status-2"],
      (reading) => {
        if (reading.response.status !== 201 || !isObject(reading.json)) return { fits: [] };
        const { status } = reading.json;
        if (status === undefined) return { fits: ["none"], note: "no status" };
        const known = (petStatuses as readonly unknown[]).includes(status);
        return {
          fits: known ? [status as string] : [],
          note: `status ${printable(String(status)).slice(0, 20)}`,
        };
      },
    ),
    petsOrder: choice("petsOrder", ["pets", "pets-default"], orderFit),
    categoriesOrder: choice("categoriesOrder", ["categories", "categories-after"], orderFit),
    ...errors,
    petFields: extraFields(
      "petFields",
      readings(
        "pets",
        "pets-default",
        "pet-listed",
        "pet-listed-2",
        "create-without-status",
        "create-without-status-2",
      ),
      "Pet",
    ),
    categoryFields: extraFields(
      "categoryFields",
      readings("categories", "categories-after", "category-created", "category-created-2"),
      "Category",
    ),
    commonHeaders: common,
    createLocation: choice(
      "createLocation",
      ["create-without-status", "create-without-status-2"],
      locationFit("/pets"),
    ),
    categoryLocation: choice(
      "categoryLocation",
      ["category-created", "category-created-2"],
      locationFit("/categories"),
    ),
    deprecationOn: choice(
      "deprecationOn",
      ["pet-absent", "pet-absent-2", "pet-no-credential", "pet-wrong-credential"],
      deprecationOnFit(successCarries),
    ),
    deprecationDate: deprecation("deprecationDate", "deprecation"),
    sunsetHeader: deprecation("sunsetHeader", "sunset"),
    successorLink: deprecation("successorLink", "link"),
  };
  const shown = new Set<string>();
  for (const id of choiceIds)
    learned[id] = trimmed(checked(id, learned[id], redact), shown, redact);
  return learned;
}

/** A learned alternative the table has, with a value that holds no secret. */
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

/**
 * A choice's texts masked (what a deployment sent may be quoted), its
 * evidence without the items an earlier choice shows already, at most a few.
 */
function trimmed(choice: LearnedChoice, shown: Set<string>, redact: Redact): LearnedChoice {
  const evidence: Evidence[] = [];
  for (const { note, headers, ...item } of choice.evidence) {
    const masked: Evidence = {
      ...item,
      ...(note === undefined ? {} : { note: evidenceText(note, redact) }),
      ...(headers === undefined
        ? {}
        : {
            headers: Object.fromEntries(
              Object.entries(headers).map(([name, text]) => [name, evidenceText(text, redact)]),
            ),
          }),
    };
    const key = canonical(masked);
    if (shown.has(key) || evidence.length === evidencePerChoice) continue;
    shown.add(key);
    evidence.push(masked);
  }
  return { ...choice, evidence, reason: evidenceText(choice.reason, redact, profileLimits.text) };
}

/** A learned choice as the profile file holds it (evidence left out when there is none). */
export function profileChoice(choice: LearnedChoice): ProfileChoice {
  return {
    ...(choice.alternative !== undefined ? { alternative: choice.alternative } : {}),
    ...(choice.value !== undefined ? { value: choice.value } : {}),
    ...(choice.evidence.length > 0
      ? { evidence: choice.evidence.slice(0, profileLimits.evidence) }
      : {}),
    // A reason may quote a header: its controls escaped, like every text of the file.
    reason: printable(choice.reason).slice(0, profileLimits.text),
  };
}

const headerOf = (reading: Seen, name: string) => reading.response.headers[name];

/** The kit's own text of a header choice, as the table states it. */
const kitText = {
  deprecation: behaviours.deprecationDate.alternatives.kit.answer.match(/@\d+/)?.[0],
  sunset: behaviours.sunsetHeader.alternatives.kit.answer.match(/`Sunset: ([^`]*)`/)?.[1],
  link: behaviours.successorLink.alternatives.kit.answer.match(/`Link: (.*)`/)?.[1],
} as const;

const carriesDeprecation = (reading: Seen) =>
  Object.keys(kitText).some((name) => headerOf(reading, name) !== undefined);

/** What getPet's answer says of one of its deprecation headers (an answer other than a 2xx says nothing). */
function deprecationFit(
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
function deprecationOnFit(successCarries: boolean): (reading: Seen) => Fit {
  return (reading) => {
    if (!successCarries || success(reading)) return { fits: ["every", "success"] };
    return carriesDeprecation(reading)
      ? { fits: ["every"], note: "carries the deprecation headers" }
      : { fits: ["success"], note: "no deprecation header" };
  };
}

/** A create's `Location` (an answer other than a 201 says nothing): none, a path or a URL naming the record. */
function locationFit(path: string): (reading: Seen) => Fit {
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
function commonHeaders(answers: readonly Seen[], redact: Redact): LearnedChoice {
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
