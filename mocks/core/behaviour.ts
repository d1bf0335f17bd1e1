/**
 * A behaviour profile (mocks/interface/behaviour-profile.ts) as the core's
 * code paths read it (`OperationBehaviour`, ./operation-behaviour.ts): worked
 * out once per core, so a request reads plain properties. A profile's
 * differences are functions built here: the query as the profile reads it,
 * the records' text with extra fields, and the restyle of an answer's Error
 * body and headers. Runtimes load this module only for a profile.
 */
import {
  type ChoiceId,
  type CommonHeader,
  type ErrorClass,
  type ResolvedBehaviour,
  reasonPhrases,
} from "../interface/behaviour-profile.js";
import { interfaceOperations } from "../interface/operations.js";
import {
  apiBasePath,
  limitRule,
  type OperationId,
  operationParameters,
  petStatuses,
} from "../interface/spec.js";
import type { ErrorBody } from "../interface/types.js";
import { credentialParts } from "./auth.js";
import type { DeprecationChange, Noter } from "./deprecation.js";
import type { CoreRequest, CoreResponse, Headers } from "./exchange.js";
import type { ShapedChoices } from "./journal.js";
import { cachedLists } from "./list-cache.js";
import {
  defaultOperationBehaviour,
  listsNone,
  type OperationBehaviour,
  type QueryRewrite,
  type RecordStyle,
  type Restyle,
  type Shaped,
} from "./operation-behaviour.js";
import { cachedVerdicts } from "./query-cache.js";
import { recordJson } from "./serialize.js";
import { shown } from "./shown.js";
import { decodedPairs, type Validated } from "./validate.js";

const ok = (value: string): Validated<string> => ({ ok: true, value });

/** Hears a choice that shaped an answer (`Shaped`'s `note`). */
type Note = (choice: ChoiceId) => void;

const integerText = /^[+-]?\d+$/;
const decimalText = /^[+-]?(?:\d+\.\d*|\.\d+)$/;

/** `limit`'s text as the profile reads it; undefined: left out (the default applies). */
function limitReader(choices: ResolvedBehaviour["choices"]) {
  const { minimum, maximum } = limitRule;
  const outOfRange = (number: number, text: string, note: Note): string | undefined => {
    const id = number < minimum ? "limitBelowMinimum" : "limitAboveMaximum";
    const choice = choices[id];
    if (choice === "refused") return text;
    note(id);
    if (choice === "default" || (choice === "zeroDefault" && number === 0)) return undefined;
    return String(Math.min(maximum, Math.max(minimum, number)));
  };
  return (text: string, note: Note): string | undefined => {
    if (integerText.test(text)) {
      const number = Number(text);
      return number >= minimum && number <= maximum ? text : outOfRange(number, text, note);
    }
    if (choices.limitNotInteger === "refused") return text;
    note("limitNotInteger");
    if (choices.limitNotInteger === "default" || !decimalText.test(text)) return undefined;
    const number = Math.floor(Number(text));
    return number >= minimum && number <= maximum
      ? String(number)
      : outOfRange(number, String(number), note);
  };
}

/** A `status` filter as the profile reads it: a PetStatus, left out (undefined) or `listsNone`. */
function statusReader(choices: ResolvedBehaviour["choices"]) {
  const statuses: readonly string[] = petStatuses;
  return (text: string, note: Note): string | undefined => {
    if (statuses.includes(text)) return text;
    const lower = text.toLowerCase();
    if (choices.statusCase === "caseInsensitive" && statuses.includes(lower)) {
      note("statusCase");
      return lower;
    }
    if (choices.statusUnknown === "refused") return text;
    note("statusUnknown");
    if (choices.statusUnknown === "ignored") return undefined;
    // `empty`: a filter no animal matches; `refused`: the validator refuses it.
    return choices.statusUnknown === "empty" ? listsNone : text;
  };
}

/** The operation's query rewritten as the profile reads it; undefined when the profile reads it as sent. */
function queryRewrite(
  choices: ResolvedBehaviour["choices"],
  operationId: OperationId,
): QueryRewrite | undefined {
  const names = new Set(operationParameters(operationId, "query").map(({ name }) => name));
  const refusesUnknown = choices.unknownQuery === "refused";
  const readsOtherwise =
    names.size > 0 &&
    (choices.repeatedQuery !== "refused" ||
      choices.emptyQuery !== "asGiven" ||
      choices.statusCase !== "exact" ||
      choices.statusUnknown !== "refused" ||
      choices.limitBelowMinimum !== "refused" ||
      choices.limitAboveMaximum !== "refused" ||
      choices.limitNotInteger !== "refused");
  if (!refusesUnknown && !readsOtherwise) return undefined;
  const readers: Readonly<Record<string, (text: string, note: Note) => string | undefined>> = {
    limit: limitReader(choices),
    status: statusReader(choices),
  };
  return cachedVerdicts((query) => {
    const shapedBy: ChoiceId[] = [];
    const note: Note = (choice) => {
      if (!shapedBy.includes(choice)) shapedBy.push(choice);
    };
    const given = new Map<string, string[]>();
    const { pairs: decoded, badPair } = decodedPairs(query);
    for (const [name, text] of decoded) {
      if (names.has(name)) given.set(name, [...(given.get(name) ?? []), text]);
      else if (refusesUnknown && name !== "") {
        return {
          ok: false,
          message: `${shown(name)} is not a query parameter of ${operationId}`,
          shapedBy: ["unknownQuery"],
        };
      }
    }
    // The validator refuses a pair that is not valid percent-encoding, naming it.
    if (badPair !== undefined) return ok(query);
    const pairs: string[] = [];
    let none = false;
    const add = (name: string, text: string) =>
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
    for (const [name, values] of given) {
      if (values.length > 1 && choices.repeatedQuery === "refused") {
        for (const value of values) add(name, value);
        continue;
      }
      if (values.length > 1) note("repeatedQuery");
      const text = (choices.repeatedQuery === "first" ? values[0] : values.at(-1)) as string;
      if (text === "" && choices.emptyQuery === "ignored") {
        note("emptyQuery");
        continue;
      }
      const read = name in readers ? readers[name]?.(text, note) : text;
      if (read === listsNone) none = true;
      else if (read !== undefined) add(name, read);
    }
    const read = ok(none ? `${listsNone}${pairs.join("&")}` : pairs.join("&"));
    return shapedBy.length === 0 ? read : { ...read, shapedBy };
  });
}

/**
 * A collection's records as written (their extra fields, ids and optional
 * fields are the store's: mocks/store/record-shapes.ts), listed newest first
 * or not (`order`): the record-shaping choices the profile takes (`fields`,
 * ids, optional fields) noted on each record or non-empty list written.
 */
function recordStyle(
  { choices }: ResolvedBehaviour,
  fields: "petFields" | "categoryFields",
  order: "petsOrder" | "categoriesOrder",
): RecordStyle {
  const newestFirst = choices[order] === "descending";
  const shaping: ChoiceId[] = [
    ...(choices[fields] === "extra" ? [fields] : []),
    ...(choices.idSequence === "from" ? (["idSequence"] as const) : []),
    ...(choices.optionalFields === "learned" ? (["optionalFields"] as const) : []),
  ];
  const list = cachedLists();
  if (shaping.length === 0 && !newestFirst) return { text: recordJson, list, newestFirst };
  const noteAll = (shaped: Noter | undefined) => {
    for (const choice of shaping) shaped?.note(choice);
  };
  return {
    text: (record, keep, shaped) => {
      noteAll(shaped);
      return recordJson(record, keep);
    },
    list: (key, records, shaped) => {
      if (records.length > 0) {
        noteAll(shaped);
        if (newestFirst) shaped?.note(order);
      }
      return list(key, records);
    },
    newestFirst,
  };
}

/** The Error `code` word for the kit's code and the answer's status. */
function codeWords(
  resolved: ResolvedBehaviour,
): ((code: string, status: number) => string) | undefined {
  const custom = resolved.values.errorCodes as Readonly<Record<string, string>> | undefined;
  switch (resolved.choices.errorCodes) {
    case "kit":
      return undefined;
    case "upperCase":
      return (code) => code.toUpperCase();
    case "httpStatus":
      return (code, status) => (reasonPhrases[status] ?? code).toUpperCase().replaceAll(" ", "_");
    case "custom":
      return (code) => custom?.[code] ?? code;
  }
}

/** The operations whose errors the interface does not show (§7: the category ones). */
const errorsUnshown = new Set(
  interfaceOperations.filter((operation) => !operation.documentsErrors).map(({ id }) => id),
);

/** The kit's messages for a body that is not JSON (./body.ts `parseJsonBody`), and for a `categoryId` naming no category (./operations.ts). */
const malformed = /^The request body (?:is not valid JSON|nests)/;
const noReference = /does not name an existing category$/;

/** The class of failure of an Error with the kit's `code` (`errorClasses`). */
function errorClassOf(
  code: string,
  message: string,
  operationId: OperationId | undefined,
  request: CoreRequest,
): ErrorClass | undefined {
  switch (code) {
    case "unauthorized": {
      // The class of the core's own refusal (./auth.ts `checkCredential`): a blank header is none, any token after Bearer a wrong one.
      const sent = request.header("authorization");
      if (sent === undefined || sent.trim() === "") return "missingCredential";
      const { scheme, token } = credentialParts(sent);
      return scheme.toLowerCase() === "bearer" && token !== ""
        ? "wrongCredential"
        : "malformedCredential";
    }
    case "not_found":
      return operationId === undefined ? "unknownPath" : "notFound";
    case "invalid_body":
      if (malformed.test(message)) return "malformedBody";
      if (message.startsWith("A request body is required")) return "missingBody";
      return noReference.test(message) ? "unknownReference" : "badBody";
    default:
      return kitClasses[code];
  }
}

const kitClasses: Readonly<Record<string, ErrorClass>> = {
  invalid_query: "badQuery",
  invalid_path: "badPath",
  method_not_allowed: "methodNotAllowed",
  unsupported_media_type: "unsupportedMediaType",
  payload_too_large: "payloadTooLarge",
};

/** How the profile restyles an Error body; undefined when it keeps the kit's. */
function errorRestyle(resolved: ResolvedBehaviour) {
  const { choices, values } = resolved;
  const word = codeWords(resolved);
  const reasonOnly = choices.errorMessages === "reasonPhrase";
  const { errorFields: extra, errorClasses: classes } = values;
  const refusal422 = choices.categoryRefusalStatus === "422";
  const credential403 = choices.categoryCredentialStatus === "403";
  const errorField = choices.categoryErrorShape === "errorField";
  if (!word && !reasonOnly && !extra && !classes && !refusal422 && !credential403 && !errorField) {
    return undefined;
  }
  return (
    response: CoreResponse,
    operationId: OperationId | undefined,
    request: CoreRequest,
    shaped: Noter,
  ): CoreResponse => {
    let error: ErrorBody;
    try {
      error = JSON.parse(response.body as string) as ErrorBody;
    } catch {
      return response;
    }
    const unshown = operationId !== undefined && errorsUnshown.has(operationId);
    let { code, status } = error;
    let { headers } = response;
    const own = classes?.[errorClassOf(code, error.message, operationId, request) as ErrorClass];
    if (unshown && refusal422 && operationId === "createCategory" && code === "invalid_body") {
      status = 422;
      shaped.note("categoryRefusalStatus");
    }
    if (unshown && credential403 && code === "unauthorized") {
      status = 403;
      code = "forbidden";
      headers = setHeader(headers, "www-authenticate", null);
      shaped.note("categoryCredentialStatus");
    }
    const message = reasonOnly ? (reasonPhrases[status] ?? `HTTP ${status}`) : error.message;
    if (message !== error.message) shaped.note("errorMessages");
    if (own) shaped.note("errorClasses");
    const fields = own?.fields ?? extra;
    if (!own?.fields && extra) shaped.note("errorFields");
    const codeWord = own?.code ?? (word ? word(code, status) : code);
    if (!own?.code && codeWord !== code) shaped.note("errorCodes");
    if (unshown && errorField) shaped.note("categoryErrorShape");
    const body =
      unshown && errorField
        ? { error: message, ...fields }
        : { ...error, code: codeWord, message, status, ...fields };
    if (own?.headers) headers = { ...headers, ...own.headers };
    return { ...response, status, headers, body: JSON.stringify(body) };
  };
}

/** A header set (text), left out (null) or as it is (undefined). */
type HeaderChange = string | null | undefined;

function setHeader(headers: Headers, name: string, change: HeaderChange): Headers {
  if (change === undefined || !(name in headers)) return headers;
  const changed: Record<string, string> = { ...headers };
  if (change === null) delete changed[name];
  else changed[name] = change;
  return changed;
}

/** `setHeader`, noting `choice` when it changed the headers. */
function changedHeader(
  headers: Headers,
  name: string,
  change: HeaderChange,
  choice: ChoiceId,
  shaped: Noter,
): Headers {
  const changed = setHeader(headers, name, change);
  if (changed !== headers) shaped.note(choice);
  return changed;
}

/** A header choice's change: left out for `absent`, the profile's value for its `valued` alternative, else as it is. */
const headerChange = (alternative: string, valued?: string, value?: string): HeaderChange =>
  alternative === "absent" ? null : alternative === valued ? value : undefined;

type Placement = "relative" | "absolute" | "absent";

/** A created record's `Location`: relative, absolute on the origin the runtime checked, or none. */
function locationOf(alternative: Placement, path: string, request: CoreRequest) {
  if (alternative === "absent") return undefined;
  return alternative === "absolute" && request.origin !== undefined
    ? `${request.origin}${path}`
    : path;
}

/** The `commonHeaders` of an answer: fixed texts, and a fresh token per answer where no text is given. */
function commonHeadersOf(headers: Readonly<Record<string, CommonHeader>> | undefined) {
  if (headers === undefined) return undefined;
  const rules = Object.entries(headers);
  const prefix = Math.random().toString(16).slice(2, 10).padEnd(8, "0");
  let count = 0;
  return (status: number): Record<string, string> => {
    const added: Record<string, string> = {};
    for (const [name, { value, on }] of rules) {
      if ((on === "success" && status >= 400) || (on === "errors" && status < 400)) continue;
      if (value !== undefined) added[name] = value;
      else {
        const token = `${prefix}${(++count).toString(16).padStart(8, "0")}`;
        added[name] = name === "etag" ? `W/"${token}"` : token;
      }
    }
    return added;
  };
}

function restyleOf(resolved: ResolvedBehaviour): Restyle | undefined {
  const { choices, values } = resolved;
  const error = errorRestyle(resolved);
  const authenticate = headerChange(choices.wwwAuthenticate, "custom", values.wwwAuthenticate);
  const { createLocation: location, categoryLocation } = choices;
  const common = commonHeadersOf(values.commonHeaders);
  const locatesCategory = categoryLocation !== "absent";
  const kitsHeaders = authenticate === undefined && location === "relative" && !locatesCategory;
  if (!error && kitsHeaders && !common) return undefined;
  return (response, operationId, request, staged, shaped) => {
    let answer = response;
    let headers = answer.headers;
    if (!staged && answer.status === 401) {
      headers = changedHeader(headers, "www-authenticate", authenticate, "wwwAuthenticate", shaped);
      answer = { ...answer, headers };
    }
    if (!staged && answer.status >= 400 && error) {
      answer = error(answer, operationId, request, shaped);
    }
    headers = answer.headers;
    if (operationId === "createPet" && location !== "relative" && answer.status === 201) {
      const changed = locationOf(location, headers.location ?? "", request);
      headers = changedHeader(headers, "location", changed ?? null, "createLocation", shaped);
    }
    if (operationId === "createCategory" && locatesCategory && answer.status === 201) {
      const { id } = JSON.parse(answer.body as string) as { id: number };
      const path = `${request.basePath ?? apiBasePath}/categories/${id}`;
      headers = { ...headers, location: locationOf(categoryLocation, path, request) ?? path };
      shaped.note("categoryLocation");
    }
    if (common) {
      const added = common(answer.status);
      for (const _ in added) {
        shaped.note("commonHeaders");
        break;
      }
      headers = { ...headers, ...added };
    }
    return headers === answer.headers ? answer : { ...answer, headers };
  };
}

/** getPet's deprecation headers as the profile sends them; undefined when they are the kit's. */
function deprecationOf({ choices, values }: ResolvedBehaviour): DeprecationChange | undefined {
  const deprecation =
    choices.deprecationDate === "true"
      ? "true"
      : headerChange(choices.deprecationDate, "date", values.deprecationDate);
  const sunset = headerChange(choices.sunsetHeader);
  const link = headerChange(choices.successorLink, "custom", values.successorLink);
  if (deprecation === undefined && sunset === undefined && link === undefined) return undefined;
  return (headers, shaped) => {
    const dated = changedHeader(headers, "deprecation", deprecation, "deprecationDate", shaped);
    const linked = changedHeader(dated, "link", link, "successorLink", shaped);
    return changedHeader(linked, "sunset", sunset, "sunsetHeader", shaped);
  };
}

/** A set of choices noted on an answer: its names in the journal, and the set each further choice leads to. */
interface NotedSet {
  readonly choices: ShapedChoices | undefined;
  readonly next: Map<ChoiceId, NotedSet>;
}

/** One answer's `Shaped` under a profile: a walk through its noted sets, so a note allocates nothing once its set is known. */
class NotedChoices implements Shaped {
  choices: ShapedChoices | undefined;
  #set: NotedSet;
  readonly #grow: (set: NotedSet, choice: ChoiceId) => NotedSet;

  constructor(none: NotedSet, grow: (set: NotedSet, choice: ChoiceId) => NotedSet) {
    this.choices = undefined;
    this.#set = none;
    this.#grow = grow;
  }

  note(choice: ChoiceId): void {
    const set = this.#set.next.get(choice) ?? this.#grow(this.#set, choice);
    this.#set = set;
    this.choices = set.choices;
  }
}

/** The answers' `Shaped` under a profile: each noted choice named with its alternative. */
function shapingOf(alternatives: ResolvedBehaviour["choices"]): () => Shaped {
  const none: NotedSet = { choices: undefined, next: new Map() };
  let kept = 0;
  const grow = (set: NotedSet, choice: ChoiceId): NotedSet => {
    const next =
      set.choices?.[choice] === undefined
        ? {
            choices: Object.freeze({ ...set.choices, [choice]: alternatives[choice] }),
            next: new Map(),
          }
        : set;
    // Answers note a few sets, always the same ones; bounded all the same.
    if (kept < 256) {
      kept++;
      set.next.set(choice, next);
    }
    return next;
  };
  return () => new NotedChoices(none, grow);
}

/** The profile's validation and resolution, for a runtime that loads this module alone for a profile. */
export { behaviourFrom } from "../interface/behaviour-profile.js";

/** The body media types each `bodyMediaType` alternative reads a create's body under. */
const bodyMediaTypes = { refused: "json", accepted: "any", unread: "jsonOnly" } as const;

/** The behaviour a core under this profile reads; the default profile's shared object for the default. */
export function operationBehaviour(resolved: ResolvedBehaviour): OperationBehaviour {
  if (resolved.isDefault) return defaultOperationBehaviour;
  const { choices } = resolved;
  const query: Partial<Record<OperationId, QueryRewrite>> = {};
  for (const { id } of interfaceOperations.filter((operation) => operation.lists)) {
    const rewrite = queryRewrite(choices, id);
    if (rewrite) query[id] = rewrite;
  }
  return {
    query,
    pets: recordStyle(resolved, "petFields", "petsOrder"),
    categories: recordStyle(resolved, "categoryFields", "categoriesOrder"),
    petIdNotFound: {
      malformed: choices.petIdMalformed === "notFound",
      outOfRange: choices.petIdOutOfRange === "notFound",
      zero: choices.petIdOutOfRange !== "refused",
    },
    acceptsUnknownCategory: choices.unknownCategory === "accepted",
    acceptsBlankName: choices.blankName === "accepted",
    readsBodyOf: bodyMediaTypes[choices.bodyMediaType],
    otherMethodNotFound: choices.otherMethod === "notFound",
    dropsBadDescription: choices.categoryDescription === "dropped",
    ignoresTrailingSlash: choices.trailingSlash === "same",
    refusesHead: choices.headMethod === "refused",
    deprecatesSuccessOnly: choices.deprecationOn === "success",
    createdStatus: choices.createdStatus === "none" ? undefined : choices.createdStatus,
    restyle: restyleOf(resolved),
    deprecation: deprecationOf(resolved),
    shaping: shapingOf(choices),
  };
}
