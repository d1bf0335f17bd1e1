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
import { cachedLists } from "./list-cache.js";
import {
  defaultOperationBehaviour,
  type OperationBehaviour,
  type QueryRewrite,
  type RecordStyle,
  type Restyle,
} from "./operation-behaviour.js";
import { cachedVerdicts } from "./query-cache.js";
import { recordJson } from "./serialize.js";
import { shown } from "./shown.js";
import { decodedPairs, type Validated } from "./validate.js";

const ok = (value: string): Validated<string> => ({ ok: true, value });

const integerText = /^[+-]?\d+$/;
const decimalText = /^[+-]?(?:\d+\.\d*|\.\d+)$/;

/** `limit`'s text as the profile reads it; undefined: left out (the default applies). */
function limitReader(choices: ResolvedBehaviour["choices"]) {
  const { minimum, maximum } = limitRule;
  const outOfRange = (number: number, text: string): string | undefined => {
    if (choices.limitOutOfRange === "refused") return text;
    if (choices.limitOutOfRange === "default") return undefined;
    return String(Math.min(maximum, Math.max(minimum, number)));
  };
  return (text: string): string | undefined => {
    if (integerText.test(text)) {
      const number = Number(text);
      return number >= minimum && number <= maximum ? text : outOfRange(number, text);
    }
    if (choices.limitNotInteger === "refused") return text;
    if (choices.limitNotInteger === "default" || !decimalText.test(text)) return undefined;
    const number = Math.floor(Number(text));
    return number >= minimum && number <= maximum
      ? String(number)
      : outOfRange(number, String(number));
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
    const given = new Map<string, string[]>();
    const { pairs: decoded, badPair } = decodedPairs(query);
    for (const [name, text] of decoded) {
      if (names.has(name)) given.set(name, [...(given.get(name) ?? []), text]);
      else if (refusesUnknown && name !== "") {
        return { ok: false, message: `${shown(name)} is not a query parameter of ${operationId}` };
      }
    }
    // The validator refuses a pair that is not valid percent-encoding, naming it.
    if (badPair !== undefined) return ok(query);
    const pairs: string[] = [];
    const add = (name: string, text: string) =>
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
    for (const [name, values] of given) {
      if (values.length > 1 && choices.repeatedQuery === "refused") {
        for (const value of values) add(name, value);
        continue;
      }
      let text = (choices.repeatedQuery === "first" ? values[0] : values.at(-1)) as string;
      if (name === "status" && choices.statusCase === "caseInsensitive") {
        const lower = text.toLowerCase();
        if (statuses.includes(lower)) text = lower;
      }
      const ignored =
        // No PetStatus in any case: another case of one is statusCase's (exact: refused).
        name === "status" &&
        choices.statusUnknown === "ignored" &&
        !statuses.includes(text.toLowerCase());
      const read = ignored ? undefined : name === "limit" ? limit(text) : text;
      if (read !== undefined) add(name, read);
    }
    return ok(pairs.join("&"));
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

function recordStyle(extra: ExtraFields | undefined, newestFirst: boolean): RecordStyle {
  if (extra === undefined) return { text: recordJson, list: cachedLists(), newestFirst };
  const text = withExtras(extra);
  return { text, list: cachedLists(64, (records) => listJson(records, text)), newestFirst };
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
  return (response: CoreResponse, operationId: OperationId | undefined): CoreResponse => {
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
    }
    if (unshown && credential403 && code === "unauthorized") {
      status = 403;
      code = "forbidden";
      headers = setHeader(headers, "www-authenticate", null);
    }
    const message = reasonOnly ? (reasonPhrases[status] ?? `HTTP ${status}`) : error.message;
    const body =
      unshown && errorField
        ? { error: message, ...extra }
        : { ...error, code: word ? word(code, status) : code, message, status, ...extra };
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

/** A header choice's change: left out for `absent`, the profile's value for its `valued` alternative, else as it is. */
const headerChange = (alternative: string, valued?: string, value?: string): HeaderChange =>
  alternative === "absent" ? null : alternative === valued ? value : undefined;

function restyleOf(resolved: ResolvedBehaviour): Restyle | undefined {
  const { choices, values } = resolved;
  const error = errorRestyle(resolved);
  const wwwAuthenticate = headerChange(choices.wwwAuthenticate, "custom", values.wwwAuthenticate);
  const location = choices.createLocation;
  if (!error && wwwAuthenticate === undefined && location === "relative") return undefined;
  return (response, operationId, request, staged) => {
    let answer = response;
    if (!staged && answer.status >= 400 && error) answer = error(answer, operationId);
    let headers = answer.headers;
    if (!staged && answer.status === 401) {
      headers = setHeader(headers, "www-authenticate", wwwAuthenticate);
    }
    if (operationId === "createPet" && location !== "relative") {
      const { origin } = request;
      const absolute = origin === undefined ? undefined : `${origin}${headers.location}`;
      headers = setHeader(headers, "location", location === "absent" ? null : absolute);
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
  return (headers) =>
    setHeader(
      setHeader(setHeader(headers, "deprecation", deprecation), "link", link),
      "sunset",
      sunset,
    );
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
    pets: recordStyle(values.petFields, choices.petsOrder === "descending"),
    categories: recordStyle(values.categoryFields, choices.categoriesOrder === "descending"),
    petIdNotFound: {
      malformed: choices.petIdMalformed === "notFound",
      outOfRange: choices.petIdOutOfRange === "notFound",
    },
    acceptsUnknownCategory: choices.unknownCategory === "accepted",
    createdStatus: choices.createdStatus === "none" ? undefined : choices.createdStatus,
    restyle: restyleOf(resolved),
    deprecation: deprecationOf(resolved),
  };
}
