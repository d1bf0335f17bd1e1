/**
 * A behaviour profile (mocks/interface/behaviour-profile.ts) as the core's
 * code paths read it (`OperationBehaviour`, ./operation-behaviour.ts): worked
 * out once per core, so a request reads plain properties. A profile's
 * differences are functions built here: the query as the profile reads it,
 * the records' text with extra fields, and the restyle of an answer's Error
 * body and headers. Runtimes load this module only for a profile.
 */
import {
  type BehaviourValues,
  type ChoiceId,
  type ExtraFields,
  type ResolvedBehaviour,
  reasonPhrases,
} from "../interface/behaviour-profile.js";
import { interfaceOperations } from "../interface/operations.js";
import {
  limitRule,
  type OperationId,
  operationParameters,
  petStatuses,
} from "../interface/spec.js";
import type { DeprecationChange } from "./deprecation.js";
import { type CoreResponse, listJson } from "./exchange.js";
import type { ShapedChoices } from "./journal.js";
import { cachedLists } from "./list-cache.js";
import {
  defaultOperationBehaviour,
  noteIn,
  type OperationBehaviour,
  type QueryRewrite,
  type RecordStyle,
  type Restyle,
  type Shaped,
} from "./operation-behaviour.js";
import { cachedVerdicts } from "./query-cache.js";
import { recordJson } from "./serialize.js";
import { shown } from "./shown.js";
import { decodedPair, type Validated } from "./validate.js";

const ok = (value: string): Validated<string> => ({ ok: true, value });

const integerText = /^[+-]?\d+$/;
const decimalText = /^[+-]?(?:\d+\.\d*|\.\d+)$/;

/** `limit`'s text as the profile reads it; undefined: left out (the default applies). */
function limitReader(choices: ResolvedBehaviour["choices"]) {
  const { minimum, maximum } = limitRule;
  const outOfRange = (number: number, text: string, shaped: Shaped): string | undefined => {
    if (choices.limitOutOfRange === "refused") return text;
    shaped("limitOutOfRange");
    if (choices.limitOutOfRange === "default") return undefined;
    return String(Math.min(maximum, Math.max(minimum, number)));
  };
  return (text: string, shaped: Shaped): string | undefined => {
    if (integerText.test(text)) {
      const number = Number(text);
      return number >= minimum && number <= maximum ? text : outOfRange(number, text, shaped);
    }
    if (choices.limitNotInteger === "refused") return text;
    shaped("limitNotInteger");
    if (choices.limitNotInteger === "default" || !decimalText.test(text)) return undefined;
    const number = Math.floor(Number(text));
    return number >= minimum && number <= maximum
      ? String(number)
      : outOfRange(number, String(number), shaped);
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
      choices.statusCase !== "exact" ||
      choices.statusUnknown !== "refused" ||
      choices.limitOutOfRange !== "refused" ||
      choices.limitNotInteger !== "refused");
  if (!refusesUnknown && !readsOtherwise) return undefined;
  const limit = limitReader(choices);
  const statuses: readonly string[] = petStatuses;
  return cachedVerdicts((query) => {
    const shapedBy: ChoiceId[] = [];
    const shaped = noteIn(shapedBy);
    const given = new Map<string, string[]>();
    for (const pair of query.split("&")) {
      let name: string;
      let text: string;
      try {
        [name, text] = decodedPair(pair);
      } catch {
        // The validator refuses it, naming the pair.
        return ok(query);
      }
      if (names.has(name)) given.set(name, [...(given.get(name) ?? []), text]);
      else if (refusesUnknown && name !== "") {
        return {
          ok: false,
          message: `${shown(name)} is not a query parameter of ${operationId}`,
          shapedBy: ["unknownQuery"],
        };
      }
    }
    const pairs: string[] = [];
    const add = (name: string, text: string) =>
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
    for (const [name, values] of given) {
      if (values.length > 1 && choices.repeatedQuery === "refused") {
        for (const value of values) add(name, value);
        continue;
      }
      if (values.length > 1) shaped("repeatedQuery");
      let text = (choices.repeatedQuery === "first" ? values[0] : values.at(-1)) as string;
      if (name === "status" && choices.statusCase === "caseInsensitive") {
        const lower = text.toLowerCase();
        if (lower !== text && statuses.includes(lower)) {
          text = lower;
          shaped("statusCase");
        }
      }
      const ignored =
        // No PetStatus in any case: another case of one is statusCase's (exact: refused).
        name === "status" &&
        choices.statusUnknown === "ignored" &&
        !statuses.includes(text.toLowerCase());
      if (ignored) shaped("statusUnknown");
      const read = ignored ? undefined : name === "limit" ? limit(text, shaped) : text;
      if (read !== undefined) add(name, read);
    }
    return shapedBy.length === 0 ? ok(pairs.join("&")) : { ...ok(pairs.join("&")), shapedBy };
  });
}

/** `record`'s text with the extra fields after its own (a record always has an `id`). */
function withExtras(extra: ExtraFields): (record: object, keep?: boolean) => string {
  let suffix = "";
  for (const name of Object.keys(extra)) {
    suffix += `,${JSON.stringify(name)}:${JSON.stringify(extra[name])}`;
  }
  return (record, keep) => `${recordJson(record, keep).slice(0, -1)}${suffix}}`;
}

/** A collection's records written with the profile's `extra` fields (by `fields`) and listed in its `order`. */
function recordStyle(
  extra: ExtraFields | undefined,
  [fields, order]: readonly [ChoiceId, ChoiceId],
  newestFirst: boolean,
): RecordStyle {
  const shapedBy = {
    ...(extra === undefined ? {} : { extraFieldsBy: fields }),
    ...(newestFirst ? { newestFirstBy: order } : {}),
  };
  if (extra === undefined)
    return { text: recordJson, list: cachedLists(), newestFirst, ...shapedBy };
  const text = withExtras(extra);
  return {
    text,
    list: cachedLists(64, (records) => listJson(records, text)),
    newestFirst,
    ...shapedBy,
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

interface ErrorFields {
  code: string;
  message: string;
  status: number;
}

/** The operations whose errors the interface does not show (§7: the category ones). */
const errorsUnshown = new Set(
  interfaceOperations.filter((operation) => !operation.documentsErrors).map(({ id }) => id),
);

/** How the profile restyles an Error body; undefined when it keeps the kit's. */
function errorRestyle(resolved: ResolvedBehaviour) {
  const { choices, values } = resolved;
  const word = codeWords(resolved);
  const reasonOnly = choices.errorMessages === "reasonPhrase";
  const extra: BehaviourValues["errorFields"] = values.errorFields;
  const refusal422 = choices.categoryRefusalStatus === "422";
  const credential403 = choices.categoryCredentialStatus === "403";
  const errorField = choices.categoryErrorShape === "errorField";
  if (!word && !reasonOnly && !extra && !refusal422 && !credential403 && !errorField) {
    return undefined;
  }
  return (
    response: CoreResponse,
    operationId: OperationId | undefined,
    shaped: Shaped,
  ): CoreResponse => {
    let error: ErrorFields;
    try {
      error = JSON.parse(response.body as string) as ErrorFields;
    } catch {
      return response;
    }
    const unshown = operationId !== undefined && errorsUnshown.has(operationId);
    let { code, status } = error;
    let { headers } = response;
    if (unshown && refusal422 && operationId === "createCategory" && code === "invalid_body") {
      status = 422;
      shaped("categoryRefusalStatus");
    }
    if (unshown && credential403 && code === "unauthorized") {
      status = 403;
      code = "forbidden";
      headers = setHeader(headers, "www-authenticate", null);
      shaped("categoryCredentialStatus");
    }
    const message = reasonOnly ? (reasonPhrases[status] ?? `HTTP ${status}`) : error.message;
    if (message !== error.message) shaped("errorMessages");
    if (extra) shaped("errorFields");
    let body: object;
    if (unshown && errorField) {
      body = { error: message, ...extra };
      shaped("categoryErrorShape");
    } else {
      const spelt = word ? word(code, status) : code;
      if (spelt !== code) shaped("errorCodes");
      body = { ...error, code: spelt, message, status, ...extra };
    }
    return { ...response, status, headers, body: JSON.stringify(body) };
  };
}

/** A header set (text), left out (null) or as it is (undefined). */
type HeaderChange = string | null | undefined;

function setHeader(
  headers: Readonly<Record<string, string>>,
  name: string,
  change: HeaderChange,
): Readonly<Record<string, string>> {
  if (change === undefined || !(name in headers)) return headers;
  const changed: Record<string, string> = { ...headers };
  if (change === null) delete changed[name];
  else changed[name] = change;
  return changed;
}

/** `setHeader`, noting `choice` when it changed the headers. */
function changedHeader(
  headers: Readonly<Record<string, string>>,
  name: string,
  change: HeaderChange,
  choice: ChoiceId,
  shaped: Shaped,
): Readonly<Record<string, string>> {
  const changed = setHeader(headers, name, change);
  if (changed !== headers) shaped(choice);
  return changed;
}

/** A header choice's change: left out for `absent`, the profile's value for its `valued` alternative, else as it is. */
const headerChange = (alternative: string, valued?: string, value?: string): HeaderChange =>
  alternative === "absent" ? null : alternative === valued ? value : undefined;

function restyleOf(resolved: ResolvedBehaviour): Restyle | undefined {
  const { choices, values } = resolved;
  const error = errorRestyle(resolved);
  const wwwAuthenticate = headerChange(choices.wwwAuthenticate, "custom", values.wwwAuthenticate);
  const location = choices.createLocation;
  if (!error && wwwAuthenticate === undefined && location === "relative") return undefined;
  return (response, operationId, request, staged, shaped) => {
    let answer = response;
    if (!staged && answer.status >= 400 && error) answer = error(answer, operationId, shaped);
    let headers = answer.headers;
    if (!staged && answer.status === 401) {
      headers = changedHeader(
        headers,
        "www-authenticate",
        wwwAuthenticate,
        "wwwAuthenticate",
        shaped,
      );
    }
    if (operationId === "createPet" && location !== "relative") {
      const { origin } = request;
      const absolute = origin === undefined ? undefined : `${origin}${headers.location}`;
      const change = location === "absent" ? null : absolute;
      headers = changedHeader(headers, "location", change, "createLocation", shaped);
    }
    return headers === answer.headers ? answer : { ...answer, headers };
  };
}

/** getPet's deprecation headers as the profile sends them; undefined when they are the kit's. */
function deprecationOf({ choices, values }: ResolvedBehaviour): DeprecationChange | undefined {
  const deprecation = headerChange(choices.deprecationDate, "date", values.deprecationDate);
  const sunset = headerChange(choices.sunsetHeader);
  const link = headerChange(choices.successorLink, "custom", values.successorLink);
  if (deprecation === undefined && sunset === undefined && link === undefined) return undefined;
  return (headers, shaped) => {
    const dated = changedHeader(headers, "deprecation", deprecation, "deprecationDate", shaped);
    const linked = changedHeader(dated, "link", link, "successorLink", shaped);
    return changedHeader(linked, "sunset", sunset, "sunsetHeader", shaped);
  };
}

/** The journal's names of the choices an answer noted (choice: alternative), one frozen object per set. */
function choiceNamer(choices: ResolvedBehaviour["choices"]) {
  const named = new Map<string, ShapedChoices>();
  return (shapedBy: readonly ChoiceId[]): ShapedChoices => {
    const key = shapedBy.join();
    let names = named.get(key);
    if (names === undefined) {
      // The sets an answer can note are few, but bounded all the same.
      if (named.size >= 256) named.clear();
      names = Object.freeze(Object.fromEntries(shapedBy.map((id) => [id, choices[id]])));
      named.set(key, names);
    }
    return names;
  };
}

/** The profile's validation and resolution, for a runtime that loads this module alone for a profile. */
export { behaviourFrom } from "../interface/behaviour-profile.js";

/** The behaviour a core under this profile reads; the default profile's shared object for the default. */
export function operationBehaviour(resolved: ResolvedBehaviour): OperationBehaviour {
  if (resolved.isDefault) return defaultOperationBehaviour;
  const { choices, values } = resolved;
  const query: Partial<Record<OperationId, QueryRewrite>> = {};
  for (const { id } of interfaceOperations.filter((operation) => operation.lists)) {
    const rewrite = queryRewrite(choices, id);
    if (rewrite) query[id] = rewrite;
  }
  return {
    query,
    pets: recordStyle(
      values.petFields,
      ["petFields", "petsOrder"],
      choices.petsOrder === "descending",
    ),
    categories: recordStyle(
      values.categoryFields,
      ["categoryFields", "categoriesOrder"],
      choices.categoriesOrder === "descending",
    ),
    petIdNotFound: {
      malformed: choices.petIdMalformed === "notFound",
      outOfRange: choices.petIdOutOfRange === "notFound",
    },
    acceptsUnknownCategory: choices.unknownCategory === "accepted",
    createdStatus: choices.createdStatus === "none" ? undefined : choices.createdStatus,
    restyle: restyleOf(resolved),
    deprecation: deprecationOf(resolved),
    nameChoices: choiceNamer(choices),
  };
}
