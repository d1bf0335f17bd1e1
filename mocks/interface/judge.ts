/**
 * The one judge: given a request as sent, the answer, and what the caller
 * knows of the deployment's data, the checks that apply, each `documented`
 * (a statement of the interface applies to this very request) or
 * `advisory` (the kit's advice where the interface is silent), with the
 * statements it rests on. The contract suite, `--fuzz`, `--replay`, the
 * consumer contracts and the mock's validating proxy all judge with it.
 *
 * Whatever the request, an answer is always wrong when it is a 5xx, carries a
 * body that is not JSON, has a 2xx body that is not the operation's
 * documented shape, a non-2xx body that is not an Error (where the interface
 * shows errors at all), or lists more than the maximum. Beyond that, a
 * specific answer is demanded only of a request inside the interface's
 * domain (request.ts) or one a statement says must be rejected; of an
 * operation whose errors the interface does not show, only a 2xx is held to
 * the documented success; a rate-limited answer (429) is held to nothing
 * more than every answer owes.
 *
 * @example
 * const checks = checksFor({ operation: "listPets", path: "/pets", query: "limit=5", credential: "valid" });
 * const failed = judge(checks, answer).filter((verdict) => !verdict.passed);
 */
import { type Id, idOf, idOfText, memberOf } from "../util/exact-json.js";
import { type ChoicesInEffect, replacesAdvice, unshownErrorChoices } from "./advice.js";
import type { ChoiceId } from "./behaviour-profile.js";
import {
  type Answer,
  accepted,
  atMost,
  bodySchema,
  type Check,
  type CheckKind,
  errorBody,
  everyItem,
  hasId,
  header,
  isSuccess,
  jsonMediaType,
  listsIds,
  noServerError,
  notEmpty,
  notSuccess,
  RunStopped,
  rateLimited,
  rateLimitedStatus,
  repeats,
  status,
  statusAmong,
  tooLarge,
} from "./checks.js";
import {
  type Collection,
  type InterfaceOperation,
  limitParameter,
  referencedCollection,
  schemaFields,
} from "./operations.js";
import { type Finding, type Reading, readRequest, type SentRequest } from "./request.js";
import { answerRules, parameterRules, type RuleId } from "./statements.js";

/** A record the caller knows exists, with the fields the interface gives it. */
export interface KnownRecord {
  readonly record: Readonly<Record<string, unknown>>;
  /** How it became known: the run created it, or a list showed it. */
  readonly source: "created" | "listed";
}

/**
 * Why an id names no record: a provider state says so (`stated`), or the kit
 * picked it as one no deployment hands out (`picked`: a deployment, whose ids
 * are its own to assign, may still hold it).
 */
export type Absence = "stated" | "picked";

/** What the caller knows of the deployment's data. */
export interface JudgeContext {
  /** Records known to exist, by collection and id. */
  known(collection: Collection): ReadonlyMap<Id, KnownRecord>;
  /** Whether, and why, an id is taken to name no record. */
  absent(collection: Collection, id: Id): Absence | undefined;
}

/** A context that knows nothing: the validating proxy's, which sees other clients' writes. */
export const knowsNothing: JudgeContext = {
  known: () => new Map(),
  absent: () => undefined,
};

const credentialRules: readonly RuleId[] = ["§4.auth-required", "§5.bearer"];
const union = (...lists: ReadonlyArray<readonly RuleId[]>): RuleId[] => [...new Set(lists.flat())];

/** The statements of every status the interface documents for the operation. */
const documentedRules = (operation: InterfaceOperation) =>
  union(...operation.documentedStatuses.map((code) => answerRules(operation.id, code)));

/** What the request needs beyond the interface's rules: each record it names is known to exist. */
function namesKnownRecords(reading: Reading, context: JudgeContext): boolean {
  const body = reading.json as Record<string, unknown>;
  return Object.keys(body).every((field) => {
    const collection = referencedCollection(field);
    const id = idOf(body, field);
    return collection === undefined || (id !== undefined && context.known(collection).has(id));
  });
}

/** Any status the interface documents for the operation. */
const anyDocumentedStatus = (operation: InterfaceOperation, kind: CheckKind) =>
  statusAmong(operation.documentedStatuses, kind, documentedRules(operation), operation.id);

/** The statements of the operation's documented success. */
const successRules = (operation: InterfaceOperation) =>
  answerRules(operation.id, operation.success.status);

/**
 * The operation's documented success, demanded exactly. Where the interface
 * shows no error of the operation (§7: the category ones), only a 2xx must be
 * the documented one; a refusal (not a 5xx) is the deployment's choice: advice.
 */
function successStatus(operation: InterfaceOperation): Check[] {
  const exact = status(operation.success.status, "documented", successRules(operation));
  if (operation.documentsErrors) return [exact];
  return [{ ...exact, appliesTo: isSuccess }, accepted(operation.id, successRules(operation))];
}

/** Checks of a list's answer: its `limit`, its filters, what it must show. */
function listChecks(reading: Reading, context: JudgeContext): Check[] {
  const { operation } = reading;
  const checks: Check[] = successStatus(operation);
  const limit = limitParameter(operation);
  const given = reading.query.get("limit");
  if (given !== undefined) checks.push(atMost(Number(given), "at-most-limit", ["§4.1.limit"]));
  else if (typeof limit?.schema.default === "number") {
    checks.push(atMost(limit.schema.default, "at-most-default", ["§4.1.limit-default"]));
  }
  const itemFields = operation.success.body ? schemaFields(operation.success.body.schema) : [];
  const filters = [...reading.query].filter(([name]) => itemFields.includes(name));
  for (const [name, value] of filters) {
    const rules = parameterRules(operation.id, name);
    checks.push(everyItem(name, value, rules));
  }
  const known = [...context.known(operation.collection).values()];
  if (filters.length > 0) {
    const match = known.find(({ record }) =>
      filters.every(([name, value]) => record[name] === value),
    );
    if (match) {
      const what = filters.map(([name, value]) => `${name} ${value}`).join(", ");
      const why = `a ${match.source} record has ${what} (id ${String(match.record.id)})`;
      const rules = union(...filters.map(([name]) => parameterRules(operation.id, name)));
      checks.push(notEmpty(why, rules));
    }
  }
  if (operation.query.length === 0) {
    const created = known.filter((entry) => entry.source === "created");
    const ids = created.map((entry) => entry.record.id as Id);
    if (ids.length > 0) checks.push(listsIds(ids, successRules(operation)));
  }
  return checks;
}

/** Checks of a read by id: the known record, a known absence, or any documented status. */
function readChecks(reading: Reading, context: JudgeContext): Check[] {
  const { operation } = reading;
  // An operation without a path parameter, or a value no integer, names no record: any documented status.
  const id = idOfText(Object.values(reading.path)[0] ?? "");
  const known = id === undefined ? undefined : context.known(operation.collection).get(id);
  const success = successRules(operation);
  if (known) {
    const { record, source } = known;
    const same = repeats(record, `same-as-${source}`, `the same record as ${source}`, success);
    return [...successStatus(operation), same];
  }
  if (id === undefined) return [anyDocumentedStatus(operation, "documented")];
  const sameId = hasId(id, success);
  const absence = context.absent(operation.collection, id);
  const rules404 = answerRules(operation.id, 404);
  if (absence === "stated") return [status(404, "documented", rules404)];
  if (absence === "picked") {
    // The kit's pick of an absent id: a deployment may hold it (ids are its to assign).
    const held = ` (or ${operation.success.status} with the record of that very id: this deployment holds it)`;
    const picked = ` for id ${id}, the kit's pick of an id no record has`;
    return [
      status(404, "documented", union(rules404, success), [operation.success.status], held),
      sameId,
      { ...status(404, "advisory", rules404, [], picked), slug: "absent", appliesTo: isSuccess },
    ];
  }
  return [anyDocumentedStatus(operation, "documented"), sameId];
}

/** Checks of a create: exact for an ordinary body naming known records, else any documented status. */
function createChecks(reading: Reading, context: JudgeContext): Check[] {
  const { operation } = reading;
  if (!reading.ordinary || !namesKnownRecords(reading, context)) {
    return [anyDocumentedStatus(operation, operation.documentsErrors ? "documented" : "advisory")];
  }
  const body = reading.json as Record<string, unknown>;
  // The fields as sent: an integer beyond 2^53 exactly, not as JSON.parse rounded it.
  const sent = Object.fromEntries(Object.keys(body).map((field) => [field, memberOf(body, field)]));
  const rules = union(
    successRules(operation),
    ...Object.keys(sent).map((field) => parameterRules(operation.id, field)),
  );
  const checks = [
    ...successStatus(operation),
    repeats(sent, "echoes-input", "the stored record repeats what was sent", rules),
  ];
  if (operation.successHeaders.includes("location")) {
    const namesIt = (value: string, answer: Answer) =>
      value.replace(/\/+$/, "").endsWith(`/${String(memberOf(answer.json, "id"))}`);
    const what = `names the new record (…${operation.template}/{id})`;
    checks.push(header("Location", what, namesIt, successRules(operation), isSuccess));
  }
  return checks;
}

/** The checks a request inside the interface's domain, with the key, earns. */
function insideChecks(reading: Reading, context: JudgeContext): Check[] {
  const { operation } = reading;
  if (operation.lists) return listChecks(reading, context);
  if (operation.creates) return createChecks(reading, context);
  if (operation.reads) return readChecks(reading, context);
  return [anyDocumentedStatus(operation, "documented")];
}

/** A status check, or where no statement documents the status (`documenting`), advice the choice decides. */
const orChosen = (check: Check, documenting: readonly RuleId[], choice: ChoiceId): Check =>
  documenting.length > 0 ? check : { ...check, choices: [[choice]] };

/** The checks a rejection earns: `rejected`, and the status the interface (or the kit) names. */
function rejectionChecks(reading: Reading): Check[] {
  const { operation } = reading;
  const inside = reading.outside.length === 0;
  if (reading.credential !== "valid") {
    const onlyCredential = inside && !reading.brokenBody && !reading.invalidBody;
    const rules401 = answerRules(operation.id, 401);
    const documented401 = rules401.length > 0 && onlyCredential ? "documented" : "advisory";
    const status401 = status(401, documented401, union(rules401, credentialRules));
    const bearer = (value: string) => /\bbearer\b/i.test(value);
    const is401 = (answer: Answer) => answer.status === 401;
    return [
      notSuccess("documented", credentialRules),
      orChosen(status401, rules401, unshownErrorChoices.credentialStatus),
      header("WWW-Authenticate", "names the Bearer scheme", bearer, ["§5.bearer"], is401),
    ];
  }
  const errors = operation.documentsErrors ? "documented" : "advisory";
  const rules400 = answerRules(operation.id, 400);
  if (!inside) {
    const advice = reading.outside.find((finding) => finding.advised !== undefined)?.advised;
    if (advice === undefined) return [];
    const rules = union(...reading.outside.map((finding) => finding.rules), rules400);
    // A finding no statement governs (an odd encoding) rests on the operation's own statement.
    const because = rules.length > 0 ? rules : successRules(operation);
    const advised = status(advice, "advisory", because);
    // The advice is the kit's answer to each finding: replaced only when every one has a choice.
    const choices = reading.outside.flatMap((finding) =>
      finding.choices === undefined ? [] : [finding.choices],
    );
    return [choices.length === reading.outside.length ? { ...advised, choices } : advised];
  }
  // Rejectable with the key and inside the domain: the body is invalid or broken.
  const problem = (reading.invalidBody ?? reading.brokenBody) as Finding;
  const because = union(problem.rules, rules400);
  const documented400 = reading.invalidBody && rules400.length > 0 ? "documented" : "advisory";
  return [
    notSuccess(errors, reading.brokenBody ? union(because, ["§4.media-type"]) : because),
    orChosen(status(400, documented400, because), rules400, unshownErrorChoices.refusalStatus),
  ];
}

/** The checks every answer of the operation owes, whatever was asked. */
function alwaysChecks(operation: InterfaceOperation): Check[] {
  const checks: Check[] = operation.documentsErrors
    ? [errorBody("documented")]
    : [{ ...errorBody("advisory"), choices: [[unshownErrorChoices.errorBody]] }];
  if (operation.documentsErrors) checks.push(jsonMediaType("documented", "all"));
  else {
    checks.push(jsonMediaType("documented", "successes"));
    checks.push(jsonMediaType("advisory", "errors", "error-media-type"));
  }
  if (operation.success.body) checks.push(bodySchema(operation.success.body));
  const limit = limitParameter(operation);
  if (operation.lists && typeof limit?.schema.maximum === "number") {
    const rules = parameterRules(operation.id, "limit");
    checks.push(atMost(limit.schema.maximum, "never-over-maximum", rules));
  }
  const sunset = operation.deprecation?.sunset;
  if (sunset) {
    const rules: RuleId[] = ["§4.3.deprecated"];
    const removal = (value: string) => Date.parse(value) === sunset.getTime();
    checks.push(
      header("Sunset", `the removal date ${sunset.toUTCString()}`, removal, rules, isSuccess),
      header("Deprecation", "present", (value) => value.trim() !== "", rules, isSuccess),
    );
  }
  return checks;
}

/** A bad credential, a request outside the domain, or a body broken or invalid: may be refused. */
const rejectable = (reading: Reading) =>
  reading.credential !== "valid" ||
  reading.outside.length > 0 ||
  reading.invalidBody !== undefined ||
  reading.brokenBody !== undefined;

/** Whether the interface lets a deployment refuse this request (it is sent to be rejected). */
export const isRejectable = (request: SentRequest): boolean => rejectable(readRequest(request));

/** A check that judges nothing of a rate-limited answer (§8: rate limits are not shown). */
const unlessRateLimited = (check: Check): Check => ({
  ...check,
  appliesTo: (answer) => answer.status !== rateLimitedStatus && (check.appliesTo?.(answer) ?? true),
});

/**
 * Whether the judge raises a check under the choices in effect: one that
 * names no choice (every documented one), or an advisory one the profile
 * does not replace for each group of choices it names, a group replaced by
 * any one of its choices (none while `--learn` learns them).
 */
function raisedUnder({ choices }: Check, inEffect: ChoicesInEffect | undefined): boolean {
  if (choices === undefined || inEffect === undefined) return true;
  if (inEffect === "learning") return false;
  return !choices.every((group) => group.some((choice) => replacesAdvice(inEffect, choice)));
}

/**
 * Every check that judges the answer to this request, `no-5xx` first (the
 * one a missing answer fails). A rate-limited answer is held only to what
 * every answer owes, and says so in an advisory check. Under a profile
 * (`inEffect`) no advice is raised that its alternatives replace.
 */
export function checksFor(
  request: SentRequest,
  context: JudgeContext = knowsNothing,
  inEffect?: ChoicesInEffect,
): Check[] {
  const reading = readRequest(request);
  // With parameters it does not take, a deployment may refuse the request: no status is demanded.
  const demanded = (check: Check) =>
    reading.extra.length === 0 || !check.slug.startsWith("status-");
  const specific = (
    rejectable(reading) ? rejectionChecks(reading) : insideChecks(reading, context).filter(demanded)
  ).map(unlessRateLimited);
  const bounded = specific.some((check) => check.slug.startsWith("at-most-"));
  const owed = (check: Check) => !bounded || check.slug !== "never-over-maximum";
  const always = alwaysChecks(reading.operation).filter(owed);
  const checks = [noServerError(), ...specific, ...always, rateLimited(), tooLarge()];
  return checks.filter((check) => raisedUnder(check, inEffect));
}

/** One check on one answer; a failed one says why (the first line of what the check found). */
export type Verdict =
  | { readonly check: Check; readonly passed: true }
  | { readonly check: Check; readonly passed: false; readonly reason: string };

/** The first meaningful line of what a failed check threw. */
export function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split("\n").find((line) => line.trim() !== "");
  return first?.trim() ?? "check failed";
}

/**
 * The verdicts of the checks that apply to an answer; no answer at all fails
 * the first check (`no-5xx`: nothing came back).
 */
export function judge(
  checks: readonly Check[],
  answer: Answer | undefined,
  why = "no answer",
): Verdict[] {
  if (!answer) return checks.slice(0, 1).map((check) => ({ check, passed: false, reason: why }));
  const seen = answer.unread === undefined ? answer : onlyWhatWasRead(answer);
  const verdicts: Verdict[] = [];
  for (const check of checks) {
    try {
      if (check.appliesTo && !check.appliesTo(seen)) continue;
      check.assert(seen);
      verdicts.push({ check, passed: true });
    } catch (error) {
      // A check that needs what the kit did not read is not judged.
      if (error instanceof NotReadError) continue;
      if (error instanceof RunStopped) throw error;
      verdicts.push({ check, passed: false, reason: reason(error) });
    }
  }
  return verdicts;
}

/** A check reached for a part of the answer the kit did not read. */
class NotReadError extends Error {}

/**
 * An unread answer as the checks see it: its status, and its headers when
 * they were read; reaching for its body (or its missing headers) throws
 * `NotReadError`, so exactly the checks that need them are not judged.
 */
function onlyWhatWasRead(answer: Answer): Answer {
  const notRead = (): never => {
    throw new NotReadError(answer.unread);
  };
  const headersRead = Object.keys(answer.headers).length > 0;
  return {
    status: answer.status,
    unread: answer.unread,
    get headers() {
      return headersRead ? answer.headers : notRead();
    },
    get text() {
      return notRead();
    },
    get json() {
      return notRead();
    },
    get isJson() {
      return notRead();
    },
  };
}

/** A rule an answer broke, as the proxy's header and journal carry it. */
export interface Violation {
  /** The check's name, e.g. `at-most-limit` (docs/contract-rules.md lists them). */
  readonly check: string;
  /** Documented checks fail a contract run; advisory ones warn. */
  readonly kind: CheckKind;
  readonly rules: readonly RuleId[];
  /** What the check expected and what it found, e.g. `at most 5 items: 7 items`. */
  readonly message: string;
}

/** The rules an answer to this request breaks (none: it conforms), under the choices in effect. */
export function violationsOf(
  request: SentRequest,
  answer: Answer,
  context: JudgeContext = knowsNothing,
  inEffect?: ChoicesInEffect,
): Violation[] {
  return judge(checksFor(request, context, inEffect), answer).flatMap((verdict) => {
    if (verdict.passed) return [];
    const { slug, kind, rules, expected } = verdict.check;
    return [{ check: slug, kind, rules, message: `${expected}: ${verdict.reason}` }];
  });
}
