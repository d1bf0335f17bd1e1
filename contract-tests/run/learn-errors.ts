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
  headerTextOf,
  type LearnedChoice,
  type Seen,
  undecided,
} from "./learn-readings.js";
import { fieldsBeyond, standIn } from "./learn-records.js";

type ApiCode = (typeof apiErrorCodes)[number];

/** The class of failure a probe's error answer shows, and the kit's code for it. */
function classOf(probe: ProbeName, status: number): [ErrorClass, ApiCode] | undefined {
  const credential = /-(no|wrong|malformed)-credential$/.exec(probe)?.[1];
  if (credential) {
    const kit = status === 403 ? "forbidden" : "unauthorized";
    if (status !== 401 && status !== 403) return undefined;
    const classes = { no: "missingCredential", wrong: "wrongCredential" } as const;
    return [classes[credential as keyof typeof classes] ?? "malformedCredential", kit];
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
    if (status === 404) return ["unknownPath", "not_found"];
    return status === 405 ? ["methodNotAllowed", "method_not_allowed"] : undefined;
  }
  if (/^(create|category)-/.test(probe)) {
    if (status === 415) return ["unsupportedMediaType", "unsupported_media_type"];
    if (status === 413) return ["payloadTooLarge", "payload_too_large"];
    if (status !== 400 && status !== 422) return undefined;
    // A body of another media type the kit does not read (`bodyMediaType: unread`) is refused as `{}`.
    if (probe.endsWith("-empty")) return ["missingBody", "invalid_body"];
    if (probe.endsWith("-malformed")) return ["malformedBody", "invalid_body"];
    if (probe.startsWith("create-unknown-category")) return ["unknownReference", "invalid_body"];
    return ["badBody", "invalid_body"];
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

/** What a class's answers show, when they agree. */
interface ClassSeen {
  readonly name: ErrorClass;
  readonly answers: readonly Observed[];
  readonly word?: string;
  /** Its extra fields' names, joined. */
  readonly fields: string;
  /** Its 401s' WWW-Authenticate (null: none); undefined without a 401. */
  readonly wwwAuthenticate?: string | null;
}

const aspects = (seen: Observed) => ({
  code: seen.word,
  fields: Object.keys(seen.fields).join(", "),
  "WWW-Authenticate":
    seen.reading.response.status === 401 ? (seen.headers["www-authenticate"] ?? null) : undefined,
});

/** A class's answers when they agree; else the two that differ, and how. */
function agreed(name: ErrorClass, answers: readonly Observed[]): ClassSeen | string {
  const seen = answers.map(aspects);
  for (const key of ["code", "fields", "WWW-Authenticate"] as const) {
    const at = seen.findIndex((aspect) => aspect[key] !== undefined);
    const other = seen.findIndex(
      (aspect) => aspect[key] !== undefined && aspect[key] !== seen[at]?.[key],
    );
    if (other < 0) continue;
    const say = (index: number) =>
      answered((answers[index] as Observed).reading, `${key} ${seen[index]?.[key] || "none"}`);
    return `${name}: ${say(at)}, but ${say(other)}`;
  }
  const first = (key: keyof ReturnType<typeof aspects>) =>
    seen.find((aspect) => aspect[key] !== undefined)?.[key];
  const word = first("code");
  const header = first("WWW-Authenticate");
  return {
    name,
    answers,
    fields: seen[0]?.fields ?? "",
    ...(word === undefined || word === null ? {} : { word }),
    ...(header === undefined ? {} : { wwwAuthenticate: header }),
  };
}

/** What a class answers otherwise than the global choices say, as `errorClasses` holds it. */
type Entries = Map<ErrorClass, { -readonly [K in keyof ClassAnswer]: ClassAnswer[K] }>;

const entryOf = (entries: Entries, name: ErrorClass) =>
  entries.get(name) ?? entries.set(name, {}).get(name) ?? {};

/**
 * Learns the error choices from the answers of every probe; `common` are the
 * headers `commonHeaders` adds (a class does not repeat them).
 */
export function learnErrors(readings: readonly Seen[], redact: Redact, common: readonly string[]) {
  const byClass = new Map<ErrorClass, Observed[]>();
  for (const found of readings.map(observe)) {
    if (!found) continue;
    const [errorClass, seen] = found;
    byClass.set(errorClass, [...(byClass.get(errorClass) ?? []), seen]);
  }
  const all = [...byClass.values()].flat();
  const classes = errorClassNames.flatMap((name) => {
    const answers = byClass.get(name) ?? [];
    return answers.length < 2 ? [] : [agreed(name, answers)];
  });
  const usable = classes.filter((seen): seen is ClassSeen => typeof seen !== "string");
  const split = classes.find((seen): seen is string => typeof seen === "string");
  if (usable.length === 0) {
    const why = undecided(split ?? "no class of failure answered an Error twice");
    return {
      errorCodes: why,
      errorMessages: messages(all),
      errorFields: why,
      errorClasses: why,
      wwwAuthenticate: why,
    };
  }
  const entries: Entries = new Map();
  const errorCodes = codes(usable, entries);
  const errorFields = fields(usable, entries);
  const wwwAuthenticate = authenticate(usable, entries, redact);
  // A class's own headers: the same text on each of its answers, not on every answer already.
  for (const { name, answers } of usable) {
    const [first] = answers as [Observed];
    for (const [header, value] of Object.entries(first.headers)) {
      if (header === "www-authenticate" || common.includes(header) || !profileMaySet(header)) {
        continue;
      }
      const text = headerTextOf(value, redact);
      if (text === undefined || redact(`${header}: ${value}`) !== `${header}: ${value}`) continue;
      if (answers.some((seen) => seen.headers[header] !== value)) continue;
      entryOf(entries, name).headers = { ...entryOf(entries, name).headers, [header]: text };
    }
  }
  const named = errorClassNames.filter((name) => entries.has(name));
  const value = Object.fromEntries(named.map((name) => [name, sorted(entries.get(name))]));
  const evidence = named.map((name) => {
    const first = usable.find((item) => item.name === name)?.answers[0] as Observed;
    return {
      ...first.reading.evidence,
      note: `${name}: ${describeClass(entries.get(name) ?? {})}`,
    };
  });
  const learned =
    entries.size > 0
      ? decided("errorClasses", "perClass", evidence, value as JsonValue)
      : split
        ? undecided(split)
        : decided("errorClasses", "kit", []);
  // A class whose answers disagree is left to the global choices, and the reason says so.
  const errorClasses =
    split && entries.size > 0
      ? { ...learned, reason: `${learned.reason}; left to them: ${split}` }
      : learned;
  return { errorCodes, errorMessages: messages(all), errorFields, errorClasses, wwwAuthenticate };
}

/** errorCodes: the alternative that leaves the fewest words to say (its own and the classes'). */
function codes(usable: readonly ClassSeen[], entries: Entries): LearnedChoice {
  const worded = usable.filter((item) => item.word !== undefined);
  if (worded.length === 0)
    return undecided("no class of failure answered an Error body with a code");
  const evidence = distinctBy(worded, (item) => item.word).map((item) => ({
    ...(item.answers[0] as Observed).reading.evidence,
    note: `code ${item.word}`,
  }));
  const badWord = worded.find((item) => !codeWord.test(item.word as string));
  if (badWord)
    return undecided(`the code of ${badWord.name} is no word a profile carries`, evidence);
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
    if (top.length === 1 && top[0] !== kit) words[kit] = top[0] as string;
  }
  const custom = (seen: Observed) => words[seen.kit] ?? seen.kit;
  const candidates = [
    ...Object.entries(namedWords).map(([name, word]) => ({ name, word, entries: 0 })),
    { name: "custom", word: custom, entries: Object.keys(words).length },
  ].map((candidate) => {
    const own = worded.filter(
      ({ answers }) =>
        !answers.every((seen) => seen.word === undefined || seen.word === candidate.word(seen)),
    );
    return { ...candidate, own, cost: candidate.entries + own.length };
  });
  const best = candidates.reduce((a, b) => (b.cost < a.cost ? b : a));
  for (const { name, word } of best.own) entryOf(entries, name).code = word as string;
  return best.name === "custom"
    ? decided("errorCodes", "custom", evidence, words)
    : decided("errorCodes", best.name, evidence);
}

/**
 * errorFields: the fields most classes carry; a class with others carries
 * all of its own (a class cannot say it has none: a class without extra
 * fields keeps the global empty).
 */
function fields(usable: readonly ClassSeen[], entries: Entries): LearnedChoice {
  const sets = [...new Set(usable.map((item) => item.fields))].sort(
    (a, b) => a.length - b.length || compareText(a, b),
  );
  const costOf = (set: string) =>
    usable.some((item) => item.fields === "" && set !== "")
      ? Number.POSITIVE_INFINITY
      : usable.filter((item) => item.fields !== set).length;
  const global = sets.reduce((a, b) => (costOf(b) < costOf(a) ? b : a));
  const standIns = fieldsBeyond(
    usable.flatMap(({ answers }) => answers.map((seen) => seen.fields)),
    [],
  ) as Record<string, JsonValue>;
  // A class's fields sit two levels deeper in the file than the global ones: their stand-ins nest less.
  const pick = (names: string, depth?: number) =>
    Object.fromEntries(
      names.split(", ").map((name) => [name, standIn(standIns[name] as JsonValue, depth)]),
    );
  for (const { name, fields } of usable) {
    if (fields !== global) entryOf(entries, name).fields = pick(fields, 1);
  }
  const evidence = distinctBy(usable, (item) => item.fields).map((item) => ({
    ...(item.answers[0] as Observed).reading.evidence,
    note: item.fields ? `fields ${item.fields}` : "no extra field",
  }));
  return global === ""
    ? decided("errorFields", "none", evidence)
    : decided("errorFields", "extra", evidence, pick(global));
}

/** wwwAuthenticate: the credential classes' 401s; where they differ, the class with a header carries it. */
function authenticate(
  usable: readonly ClassSeen[],
  entries: Entries,
  redact: Redact,
): LearnedChoice {
  const credential = usable.filter((item) => item.wwwAuthenticate !== undefined);
  const byName = (name: ErrorClass) =>
    credential.find((item) => item.name === name)?.wwwAuthenticate;
  const [missing, wrong] = [byName("missingCredential"), byName("wrongCredential")];
  // A class that sends none makes the shared choice `absent` (a class's own header adds, never removes).
  const global = credential.some((item) => item.wwwAuthenticate === null)
    ? null
    : (missing ?? wrong);
  for (const item of credential) {
    const value = item.wwwAuthenticate;
    // A 403 carries no WWW-Authenticate of its own: one that does carries the class's.
    const on403 = item.answers.filter((seen) => seen.reading.response.status === 403);
    const carried =
      on403.length > 0 && on403.every((seen) => seen.headers["www-authenticate"] === value);
    if ((value === global && !carried) || value === null || value === undefined) continue;
    const text = headerTextOf(value, redact);
    if (text !== undefined) entryOf(entries, item.name).headers = { "www-authenticate": text };
  }
  const evidence = credential.map((item) => ({
    ...(item.answers.find((seen) => seen.reading.response.status === 401) as Observed).reading
      .evidence,
    headers: { "www-authenticate": item.wwwAuthenticate ?? "(none)" },
  }));
  if (global === undefined) return undecided("no class of failure answered 401 twice");
  if (global === null) return decided("wwwAuthenticate", "absent", evidence);
  if (/^bearer$/i.test(global.trim())) return decided("wwwAuthenticate", "bearer", evidence);
  return headerTextOf(global, redact) === undefined
    ? undecided("its WWW-Authenticate holds a secret or is not visible ASCII", evidence)
    : decided("wwwAuthenticate", "custom", evidence, global);
}

/** errorMessages: every message its status's reason phrase, or none. */
function messages(all: readonly Observed[]): LearnedChoice {
  if (all.length < 2) return undecided("fewer than two Error bodies came back");
  const phrase = (seen: Observed) =>
    seen.message.trim() === reasonPhrases[seen.reading.response.status];
  const [phrases, others] = [all.filter(phrase), all.filter((seen) => !phrase(seen))];
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

function distinctBy<T>(list: readonly T[], key: (item: T) => unknown): T[] {
  const keys = list.map((item) => canonical(key(item)));
  return list.filter((_item, index) => keys.indexOf(keys[index] as string) === index);
}

const sorted = (answer: ClassAnswer | undefined): JsonValue =>
  Object.fromEntries(
    Object.entries(answer ?? {}).sort(([a], [b]) => compareText(a, b)),
  ) as JsonValue;
