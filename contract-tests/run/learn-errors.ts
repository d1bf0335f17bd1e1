/**
 * What `--learn` reads from error answers, class by class of failure (a
 * missing or a wrong key, a bad query, path or body, an absent record, an
 * unknown path, a method a path does not take, another media type): the
 * answers every class shares become `errorCodes`, `errorFields`,
 * `errorMessages` and `wwwAuthenticate`; what a class answers otherwise (its
 * own code word, fields or headers) becomes its entry of `errorClasses:
 * perClass`. A class is learned from at least two answers that agree.
 */
import {
  type apiErrorCodes,
  type ClassAnswer,
  type ErrorClass,
  type Evidence,
  errorClassNames,
  type JsonValue,
  profileMaySet,
  reasonPhrases,
} from "../../mocks/interface/behaviours.js";
import { schemaFields } from "../../mocks/interface/operations.js";
import { isObject } from "../../mocks/util/json.js";
import type { Redact } from "../../mocks/util/redact.js";
import { compareText } from "../../mocks/util/text.js";
import type { ProbeName } from "./learn-probes.js";
import {
  answered,
  canonical,
  decided,
  evidenceText,
  headerTextOf,
  type LearnedChoice,
  type Seen,
  undecided,
} from "./learn-readings.js";
import { fieldsBeyond } from "./learn-records.js";

type ApiCode = (typeof apiErrorCodes)[number];

/** The class of failure a probe's error answer shows, and the kit's code for it. */
function classOf(probe: ProbeName, status: number): [ErrorClass, ApiCode] | undefined {
  const credential = /-(no|wrong)-credential$/.exec(probe)?.[1];
  if (credential) {
    const kit = status === 403 ? "forbidden" : "unauthorized";
    if (status !== 401 && status !== 403) return undefined;
    return [credential === "no" ? "missingCredential" : "wrongCredential", kit];
  }
  if (/^(limit|status)-|-unknown-parameter$/.test(probe) && (status === 400 || status === 422)) {
    return ["badQuery", "invalid_query"];
  }
  if (/^pet-(malformed|decimal|zero|negative|absent)/.test(probe)) {
    if (status === 404) return ["notFound", "not_found"];
    return status === 400 && !probe.startsWith("pet-absent")
      ? ["badPath", "invalid_path"]
      : undefined;
  }
  if (probe.startsWith("unknown-path"))
    return status === 404 ? ["unknownPath", "not_found"] : undefined;
  if (probe.startsWith("post-on-pet")) {
    return status === 405 ? ["methodNotAllowed", "method_not_allowed"] : undefined;
  }
  if (/^(create|category)-/.test(probe)) {
    if (status === 415) return ["unsupportedMediaType", "unsupported_media_type"];
    if (status === 413) return ["payloadTooLarge", "payload_too_large"];
    if (status === 400 || status === 422) return ["badBody", "invalid_body"];
  }
  return undefined;
}

/** One error answer of a class: its code word (an Error body's), fields beyond the Error's, message, headers. */
interface Observed {
  readonly reading: Seen;
  readonly kit: ApiCode;
  readonly word?: string;
  readonly fields: Readonly<Record<string, JsonValue>>;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

const errorOwn = schemaFields("Error");

function observe(reading: Seen): [ErrorClass, Observed] | undefined {
  const { status, headers } = reading.response;
  const found = classOf(reading.probe, status);
  const body = reading.json;
  if (!found || !isObject(body)) return undefined;
  const [errorClass, kit] = found;
  const error = typeof body.code === "string" && typeof body.message === "string";
  // `{ "error": … }` is the category operations' other shape (categoryErrorShape), beside no Error field.
  const field =
    reading.probe.startsWith("categor") &&
    typeof body.error === "string" &&
    !errorOwn.some((name) => Object.hasOwn(body, name));
  if (!error && !field) return undefined;
  const fields = fieldsBeyond([body], error ? errorOwn : ["error"]);
  if (typeof fields === "string") return undefined;
  const message = (error ? body.message : body.error) as string;
  const word = error ? { word: body.code as string } : {};
  return [errorClass, { reading, kit, ...word, fields, message, headers }];
}

const statusWord = (status: number) =>
  (reasonPhrases[status] ?? "").toUpperCase().replace(/[^A-Z]+/g, "_");

/** The words of the named alternatives of `errorCodes`, for an answer. */
const namedWords = {
  kit: (seen: Observed) => seen.kit,
  upperCase: (seen: Observed) => seen.kit.toUpperCase(),
  httpStatus: (seen: Observed) => statusWord(seen.reading.response.status),
} as const;

const codeWord = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A class's answers when they agree; else the two that differ and how. */
function agreed(
  answers: readonly Observed[],
): { word?: string; fields: string; wwwAuthenticate?: string | null } | string {
  const aspects = (seen: Observed) => ({
    word: seen.word,
    fields: Object.keys(seen.fields).join(", "),
    wwwAuthenticate:
      seen.reading.response.status === 401 ? (seen.headers["www-authenticate"] ?? null) : undefined,
  });
  const [first, ...rest] = answers.map(aspects);
  for (const [index, other] of rest.entries()) {
    for (const key of ["word", "fields", "wwwAuthenticate"] as const) {
      const [a, b] = [first?.[key], other[key]];
      if (a === undefined || b === undefined || a === b) continue;
      const what = { word: "code", fields: "fields", wwwAuthenticate: "WWW-Authenticate" }[key];
      const say = (seen: Observed, value: string | null) =>
        answered(seen.reading, `${what} ${value === null ? "none" : value || "none"}`);
      return `${say(answers[0] as Observed, a)}, but ${say(answers[index + 1] as Observed, b)}`;
    }
  }
  const word = answers.find((seen) => seen.word !== undefined)?.word;
  const header = answers.map(aspects).find((aspect) => aspect.wwwAuthenticate !== undefined);
  return {
    ...(word === undefined ? {} : { word }),
    fields: first?.fields ?? "",
    ...(header ? { wwwAuthenticate: header.wwwAuthenticate } : {}),
  };
}

/** The choices learned from error answers. */
export type ErrorChoices = Record<
  "errorCodes" | "errorMessages" | "errorFields" | "errorClasses" | "wwwAuthenticate",
  LearnedChoice
>;

/**
 * Learns the error choices from the answers of every probe; `common` are the
 * headers `commonHeaders` adds (a class does not repeat them).
 */
export function learnErrors(
  readings: readonly Seen[],
  redact: Redact,
  common: readonly string[],
): ErrorChoices {
  const byClass = new Map<ErrorClass, Observed[]>();
  for (const found of readings.map(observe)) {
    if (!found) continue;
    const [errorClass, seen] = found;
    byClass.set(errorClass, [...(byClass.get(errorClass) ?? []), seen]);
  }
  const all = [...byClass.values()].flat();
  const classes = errorClassNames.flatMap((name) => {
    const answers = byClass.get(name) ?? [];
    return answers.length < 2 ? [] : [{ name, answers, agreed: agreed(answers) }];
  });
  const usable = classes.flatMap(({ name, answers, agreed: seen }) =>
    typeof seen === "string" ? [] : [{ name, answers, ...seen }],
  );
  const split = classes.find(({ agreed: seen }) => typeof seen === "string");
  const noneYet = undecided("no class of failure answered an Error twice");
  if (usable.length === 0) {
    const why = split ? undecided(`${split.name}: ${split.agreed}`) : noneYet;
    return {
      errorCodes: why,
      errorMessages: messages(all),
      errorFields: why,
      errorClasses: why,
      wwwAuthenticate: why,
    };
  }
  const entries = new Map<ErrorClass, { -readonly [K in keyof ClassAnswer]: ClassAnswer[K] }>();
  const entry = (name: ErrorClass) => entries.get(name) ?? entries.set(name, {}).get(name) ?? {};
  const firstOf = (name: ErrorClass) => usable.find((item) => item.name === name)?.answers[0];

  // errorCodes: the alternative that leaves the fewest words to say (its own and the classes').
  const worded = usable.filter((item) => item.word !== undefined);
  const votes = new Map<string, Map<string, number>>();
  for (const { answers, word } of worded) {
    for (const kit of new Set(answers.filter((seen) => seen.word).map((seen) => seen.kit))) {
      const tally = votes.get(kit) ?? new Map<string, number>();
      votes.set(kit, tally.set(word as string, (tally.get(word as string) ?? 0) + 1));
    }
  }
  // Each kit code's word where most classes agree on one (a tie, or the kit's own word: none).
  const words: Record<string, string> = {};
  for (const [kit, tally] of votes) {
    const most = Math.max(...tally.values());
    const top = [...tally].filter(([, count]) => count === most).map(([word]) => word);
    if (top.length === 1 && top[0] !== kit && codeWord.test(top[0] as string)) {
      words[kit] = top[0] as string;
    }
  }
  const candidates = [
    ...Object.entries(namedWords).map(([name, word]) => ({ name, word, entries: 0 })),
    {
      name: "custom",
      word: (seen: Observed) => words[seen.kit] ?? seen.kit,
      entries: Object.keys(words).length,
    },
  ].map((candidate) => {
    const own = worded.filter(
      ({ answers }) =>
        !answers.every((seen) => seen.word === undefined || seen.word === candidate.word(seen)),
    );
    return { ...candidate, own, cost: candidate.entries + own.length };
  });
  const best = candidates.reduce((a, b) => (b.cost < a.cost ? b : a));
  for (const { name, word } of best.own) {
    if (codeWord.test(word as string)) entry(name).code = word as string;
  }
  const evidenceOfWords = distinctBy(worded, (item) => item.word).map((item) =>
    noted(item.answers[0] as Observed, `code ${item.word}`, redact),
  );
  const badWord = worded.find((item) => !codeWord.test(item.word as string));
  const errorCodes =
    worded.length === 0
      ? undecided("no class of failure answered an Error body with a code")
      : badWord
        ? undecided(`the code of ${badWord.name} is no word a profile carries`, evidenceOfWords)
        : best.name === "custom"
          ? decided("errorCodes", "custom", evidenceOfWords, words)
          : decided("errorCodes", best.name, evidenceOfWords);

  // errorFields: the fields most classes carry; a class with others carries all of its own
  // (a class cannot say it has none, so a class without extra fields keeps the global empty).
  const sets = [...new Set(usable.map((item) => item.fields))].sort(
    (a, b) => a.length - b.length || compareText(a, b),
  );
  const costOf = (set: string) =>
    usable.some((item) => item.fields === "" && set !== "")
      ? Number.POSITIVE_INFINITY
      : usable.filter((item) => item.fields !== set).length;
  const globalFields = sets.reduce((a, b) => (costOf(b) < costOf(a) ? b : a));
  const shared = globalFields.split(", ").filter(Boolean);
  const standIns = fieldsBeyond(
    usable.flatMap(({ answers }) => answers.map((seen) => seen.fields)),
    [],
  ) as Record<string, JsonValue>;
  const pick = (names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, standIns[name] as JsonValue]));
  for (const { name, fields } of usable) {
    if (fields !== globalFields) entry(name).fields = pick(fields.split(", "));
  }
  const evidenceOfFields = distinctBy(usable, (item) => item.fields).map((item) =>
    noted(
      item.answers[0] as Observed,
      item.fields ? `fields ${item.fields}` : "no extra field",
      redact,
    ),
  );
  const errorFields =
    shared.length === 0
      ? decided("errorFields", "none", evidenceOfFields)
      : decided("errorFields", "extra", evidenceOfFields, pick(shared));

  // wwwAuthenticate: the credential classes' 401s; where they differ, the class with a header carries it.
  const credentialClasses = usable.filter((item) => item.wwwAuthenticate !== undefined);
  const byName = (name: ErrorClass) =>
    credentialClasses.find((item) => item.name === name)?.wwwAuthenticate;
  const [missing, wrong] = [byName("missingCredential"), byName("wrongCredential")];
  const global = missing === null || wrong === null ? null : (missing ?? wrong);
  for (const item of credentialClasses) {
    const value = item.wwwAuthenticate;
    // A 403 carries no WWW-Authenticate of its own: one that does carries the class's.
    const on403 = item.answers.filter((seen) => seen.reading.response.status === 403);
    const carried =
      on403.length > 0 && on403.every((seen) => seen.headers["www-authenticate"] === value);
    if ((value === global && !carried) || value === null || value === undefined) continue;
    const text = headerTextOf(value, redact);
    if (text !== undefined) entry(item.name).headers = { "www-authenticate": text };
  }
  const evidenceOf401 = distinctBy(credentialClasses, (item) => item.wwwAuthenticate).map((item) =>
    noted(
      item.answers.find((seen) => seen.reading.response.status === 401) as Observed,
      undefined,
      redact,
      {
        "www-authenticate": item.wwwAuthenticate ?? "(none)",
      },
    ),
  );
  const wwwAuthenticate =
    global === undefined
      ? undecided("no class of failure answered 401 twice")
      : global === null
        ? decided("wwwAuthenticate", "absent", evidenceOf401)
        : /^bearer$/i.test(global.trim())
          ? decided("wwwAuthenticate", "bearer", evidenceOf401)
          : headerTextOf(global, redact) === undefined
            ? undecided(
                "its WWW-Authenticate holds a secret or is not visible ASCII",
                evidenceOf401,
              )
            : decided("wwwAuthenticate", "custom", evidenceOf401, global);

  // A class's own headers: the same text on each of its answers, not on every answer already.
  for (const { name, answers } of usable) {
    const [first] = answers as [Observed];
    for (const [header, value] of Object.entries(first.headers)) {
      if (header === "www-authenticate" || common.includes(header) || !profileMaySet(header))
        continue;
      if (redact(`${header}: ${value}`) !== `${header}: ${value}`) continue;
      if (answers.some((seen) => seen.headers[header] !== value)) continue;
      const text = headerTextOf(value, redact);
      if (text !== undefined) entry(name).headers = { ...entry(name).headers, [header]: text };
    }
  }
  const value = Object.fromEntries(
    errorClassNames
      .filter((name) => entries.has(name))
      .map((name) => [name, sorted(entries.get(name))]),
  );
  const classEvidence = [...entries.keys()].map((name) =>
    noted(firstOf(name) as Observed, `${name}: ${describeClass(entries.get(name) ?? {})}`, redact),
  );
  const learnedClasses =
    entries.size === 0
      ? split
        ? undecided(`${split.name}: ${split.agreed}`, classEvidence)
        : decided("errorClasses", "kit", [])
      : decided("errorClasses", "perClass", classEvidence, value as JsonValue);
  // A class whose answers disagree is left to the global choices, and the reason says so.
  const errorClasses =
    split && entries.size > 0
      ? {
          ...learnedClasses,
          reason: `${learnedClasses.reason}; ${split.name} is left to them: ${split.agreed}`,
        }
      : learnedClasses;
  return { errorCodes, errorMessages: messages(all), errorFields, errorClasses, wwwAuthenticate };
}

/** errorMessages: every message its status's reason phrase, or none. */
function messages(all: readonly Observed[]): LearnedChoice {
  if (all.length < 2) return undecided("fewer than two Error bodies came back");
  const phrase = (seen: Observed) =>
    seen.message.trim() === reasonPhrases[seen.reading.response.status];
  const phrases = all.filter(phrase);
  const others = all.filter((seen) => !phrase(seen));
  const evidence = [phrases[0], others[0]].flatMap((seen) =>
    seen
      ? [
          {
            ...seen.reading.evidence,
            note: phrase(seen) ? "a reason phrase" : "a message of its own",
          },
        ]
      : [],
  );
  if (others.length === 0) return decided("errorMessages", "reasonPhrase", evidence);
  if (phrases.length === 0) return decided("errorMessages", "detailed", evidence);
  const [a, b] = [phrases[0], others[0]] as [Observed, Observed];
  return undecided(
    `${answered(a.reading)} with its reason phrase, but ${answered(b.reading)} with a message of its own`,
    evidence,
  );
}

const describeClass = (answer: ClassAnswer) =>
  [
    answer.code === undefined ? "" : `code ${answer.code}`,
    answer.fields === undefined ? "" : `fields ${Object.keys(answer.fields).join(", ")}`,
    answer.headers === undefined ? "" : `headers ${Object.keys(answer.headers).join(", ")}`,
  ]
    .filter(Boolean)
    .join("; ");

function noted(
  seen: Observed,
  note: string | undefined,
  redact: Redact,
  headers?: Record<string, string>,
): Evidence {
  const masked = headers
    ? Object.fromEntries(
        Object.entries(headers).map(([name, text]) => [name, evidenceText(text, redact)]),
      )
    : undefined;
  return {
    ...seen.reading.evidence,
    ...(note ? { note: evidenceText(note, redact) } : {}),
    ...(masked ? { headers: masked } : {}),
  };
}

function distinctBy<T>(list: readonly T[], key: (item: T) => unknown): T[] {
  const keys = list.map((item) => canonical(key(item)));
  return list.filter((_item, index) => keys.indexOf(keys[index] as string) === index);
}

const sorted = (answer: ClassAnswer | undefined): JsonValue =>
  Object.fromEntries(
    Object.entries(answer ?? {}).sort(([a], [b]) => compareText(a, b)),
  ) as JsonValue;
