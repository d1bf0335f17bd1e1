/**
 * The checks the judge builds its verdicts from. Each states its expectation
 * in words, names the interface statements it rests on, and asserts it on an
 * answer with plain comparisons and the schema validators generated from
 * openapi.yaml. Pure: the mock's proxy, the contract suite and the
 * dashboard's server side run the same code.
 */
import { type Id, idOf, memberOf, parseJsonExact, toJson } from "../util/exact-json.js";
import { maxJsonDepth, nestedDeeperThan } from "../util/json.js";
import { headerChoices } from "./advice.js";
import type { ChoiceId } from "./behaviour-profile.js";
import { isSuccessStatus, type ListedBody } from "./operations.js";
import { mediaTypeOf } from "./request.js";
import { violations } from "./schemas.js";
import { type RuleId, schemaRules } from "./statements.js";

/** Documented checks fail a contract run; advisory ones warn (unless `--strict`). */
export type CheckKind = "documented" | "advisory";

/** An answer as the judge reads it. */
export interface Answer {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /**
   * The parsed body; undefined when the body is empty, not JSON, or nests
   * objects and arrays deeper than `maxJsonDepth` (no schema of the interface
   * comes close: such a body is not the documented shape).
   */
  readonly json: unknown;
  readonly isJson: boolean;
  /**
   * Set when the answer broke one of the kit's read bounds (its body over the
   * read cap, its headers over Node's limit): why. Its `text` is then empty
   * and the checks that need what was not read are not judged.
   */
  readonly unread?: string;
}

/** An answer from its status, headers and body text: the body parsed (to `maxJsonDepth` levels) when it is JSON. */
export function readAnswer(raw: Pick<Answer, "status" | "headers" | "text">): Answer {
  const { status, headers, text } = raw;
  try {
    return { status, headers, text, json: parseJsonExact(text), isJson: true };
  } catch {
    return { status, headers, text, json: undefined, isJson: false };
  }
}

/** Whether a body nests objects or arrays deeper than the kit parses (`maxJsonDepth`). */
export const nestedTooDeep = (text: string): boolean => nestedDeeperThan(text, maxJsonDepth);

/** Why a body did not parse: not JSON, or JSON nested deeper than the kit reads. */
export function notJsonReason(answer: Pick<Answer, "text" | "headers">): string {
  return nestedTooDeep(answer.text)
    ? `body nests objects or arrays deeper than ${maxJsonDepth} levels: no schema of the interface does, and the kit reads no deeper`
    : `body is not JSON (content-type: ${answer.headers["content-type"] ?? "none"})`;
}

/** What a check throws to end the whole run rather than fail (its deadline has passed): the judge lets it through. */
export class RunStopped extends Error {
  override readonly name: string = "RunStopped";
}

export interface Check {
  /** The check's name, e.g. `at-most-limit` (docs/contract-rules.md lists them). */
  readonly slug: string;
  readonly kind: CheckKind;
  readonly expected: string;
  /** The interface statements the check rests on. */
  readonly rules: Rules;
  /**
   * An advisory check's silent choices (advice.ts), in groups: it asks for
   * the kit's alternative of each, and a profile replaces it when in every
   * group one choice answers otherwise.
   */
  readonly choices?: readonly (readonly ChoiceId[])[];
  /** Whether the check applies to this answer (default: always); one that does not is not reported. */
  appliesTo?(answer: Answer): boolean;
  /** Throws when the answer breaks the expectation. */
  assert(answer: Answer): void;
}

export const isSuccess = (answer: Pick<Answer, "status">): boolean =>
  isSuccessStatus(answer.status);

function requireJson(answer: Answer): void {
  if (!answer.isJson) throw new Error(notJsonReason(answer));
}

function requireArray(answer: Answer): unknown[] {
  requireJson(answer);
  if (!Array.isArray(answer.json)) throw new Error("body is not an array");
  return answer.json;
}

type Rules = readonly RuleId[];
type Fields = Readonly<Record<string, unknown>>;
type Of<T> = (answer: Answer) => T;

/** A check of every answer. */
function check(slug: string, kind: CheckKind, rules: Rules, expected: string, assert: Of<void>) {
  return { slug, kind, rules, expected, assert };
}

/** A documented check of a 2xx answer. */
function onSuccess(slug: string, rules: Rules, expected: string, assert: Of<void>): Check {
  return { ...check(slug, "documented", rules, expected, assert), appliesTo: isSuccess };
}

/** The answer's status is `code` (or, where `also` says so, one of those; `why` says when). */
export const status = (
  code: number,
  kind: CheckKind,
  rules: Rules,
  also: readonly number[] = [],
  why = "",
): Check =>
  check(`status-${code}`, kind, rules, `HTTP ${code}${why}`, (answer) => {
    if (answer.status !== code && !also.includes(answer.status)) {
      throw new Error(`HTTP ${answer.status}`);
    }
  });

/** Advice raised on every answer `when` picks, saying `why`. */
function advice(slug: string, rules: Rules, expected: string, when: Of<boolean>, why: Of<string>) {
  const raise = (answer: Answer) => {
    throw new Error(why(answer));
  };
  return { ...check(slug, "advisory", rules, expected, raise), appliesTo: when };
}

/** A 2xx answers a request the interface shows no error for; a refusal (not a 5xx) is advice. */
export function accepted(operation: string, rules: Rules): Check {
  const expected = `a 2xx: the interface shows no error answer of ${operation} (§7), so refusing a valid request is the deployment's choice`;
  const refused = (answer: Answer) => !isSuccess(answer) && answer.status < 500;
  return advice("status-2xx", rules, expected, refused, (answer) => `HTTP ${answer.status}`);
}

/** The status that says the client is rate-limited: it says nothing of the request. */
export const rateLimitedStatus = 429;

/** A rate-limited answer: visible as advice, since it judged nothing beyond what every answer owes. */
export const rateLimited = (): Check =>
  advice(
    "rate-limited",
    ["§8.rate-limits"],
    "an answer that is not rate-limited",
    (answer) => answer.status === rateLimitedStatus,
    (answer) => {
      const wait = answer.headers["retry-after"];
      const after = wait === undefined ? "" : `, Retry-After: ${wait.slice(0, 40)}`;
      return `rate-limited (HTTP ${answer.status}${after}): this answer judged nothing beyond what every answer owes`;
    },
  );

/**
 * An answer too large to read whole (`Answer.unread`): advice naming the bound
 * it broke, since the checks of what was not read are not judged (§8: size
 * limits are not shown, so its size is no failure; its status still is judged).
 */
export const tooLarge = (): Check =>
  advice(
    "too-large",
    ["§8.size-limits"],
    "an answer small enough for the kit to read whole",
    (answer) => answer.unread !== undefined,
    (answer) =>
      `${answer.unread}; the checks of what was not read are not judged (raise --max-answer-bytes for a larger body)`,
  );

/** On a 2xx answer: the record with this very id. */
export const hasId = (id: Id, rules: Rules): Check =>
  onSuccess("same-id", rules, `the record with id ${id}`, (answer) => {
    requireJson(answer);
    const found = memberOf(answer.json, "id");
    if (found !== id)
      throw new Error(found === undefined ? "no id" : `the record with id ${toJson(found)}`);
  });

/** The answer's status is one of those the interface documents for the operation. */
export function statusAmong(
  statuses: readonly number[],
  kind: CheckKind,
  rules: Rules,
  operation: string,
): Check {
  const expected = `a status the interface documents for ${operation}: ${statuses.join(", ")}`;
  return check("status-documented", kind, rules, expected, (answer) => {
    if (!statuses.includes(answer.status)) throw new Error(`HTTP ${answer.status}`);
  });
}

export const notSuccess = (kind: CheckKind, rules: Rules): Check =>
  check("rejected", kind, rules, "not a 2xx answer: the request must be rejected", (answer) => {
    if (isSuccess(answer)) throw new Error(`HTTP ${answer.status} accepted the request`);
  });

export function noServerError(): Check {
  const expected = "an answer, and no 5xx, for any input";
  return check("no-5xx", "documented", ["§7.no-server-error"], expected, (answer) => {
    if (answer.status >= 500) throw new Error(`HTTP ${answer.status}`);
  });
}

/** On a 2xx answer: the body is the listed component schema (or an array of it). */
export function bodySchema(body: ListedBody): Check {
  const { schema, shape } = body;
  const slug = shape === "array" ? `body-${schema}-array` : `body-${schema}`;
  const expected = `a JSON ${shape === "array" ? `array of ${schema}` : schema} as openapi.yaml defines it`;
  return onSuccess(slug, schemaRules(schema), expected, (answer) => {
    requireJson(answer);
    const found = violations(schema, shape, answer.json);
    if (found) throw new Error(`body does not match the ${schema} schema: ${found}`);
  });
}

/** On an answer that is not a 2xx: an Error body whose `status` repeats the HTTP status. */
export function errorBody(kind: CheckKind): Check {
  return {
    slug: "error-body",
    kind,
    expected: "an Error body (code, message, status) whose status equals the HTTP status",
    rules: [...schemaRules("Error"), "§7.status-repeats"],
    appliesTo: (answer) => !isSuccess(answer),
    assert(answer) {
      requireJson(answer);
      const found = violations("Error", "one", answer.json);
      if (found) throw new Error(`body does not match the Error schema: ${found}`);
      const bodyStatus = (answer.json as { status?: unknown }).status;
      if (bodyStatus !== answer.status) {
        throw new Error(
          `Error.status is ${JSON.stringify(bodyStatus)}, the HTTP status ${answer.status}`,
        );
      }
    },
  };
}

/** Any answer with a body (of the kind `which` picks) is `application/json`, parameters allowed. */
export function jsonMediaType(
  kind: CheckKind,
  which: "all" | "errors" | "successes",
  slug = "media-type",
): Check {
  const picked = (answer: Answer) => which === "all" || (which === "errors") !== isSuccess(answer);
  return {
    slug,
    kind,
    expected: `Content-Type application/json on ${{ all: "an answer", errors: "an error answer", successes: "a success" }[which]} with a body`,
    rules: ["§4.media-type"],
    appliesTo: (answer) => answer.text !== "" && picked(answer),
    assert(answer) {
      const value = answer.headers["content-type"];
      if (mediaTypeOf(value) !== "application/json") {
        throw new Error(
          `Content-Type is ${value === undefined ? "missing" : JSON.stringify(value)}`,
        );
      }
    },
  };
}

/** On a 2xx array answer: no more than `max` items. */
export const atMost = (max: number, slug: string, rules: Rules): Check =>
  onSuccess(slug, rules, `at most ${max} items`, (answer) => {
    const items = requireArray(answer);
    if (items.length > max) throw new Error(`${items.length} items`);
  });

/** On a 2xx array answer: every item has `field` equal to `value`. */
export function everyItem(field: string, value: unknown, rules: Rules): Check {
  const expected = `every item has ${field} ${JSON.stringify(value)}`;
  return onSuccess(`every-${field}-${String(value)}`, rules, expected, (answer) => {
    const differs = (item: unknown) => (item as Record<string, unknown> | null)?.[field] !== value;
    const stray = requireArray(answer).find(differs);
    if (stray !== undefined) throw new Error(`item ${JSON.stringify(stray)} does not`);
  });
}

/** On a 2xx array answer: not empty, because a record it must show is known to exist. */
export const notEmpty = (why: string, rules: Rules): Check =>
  onSuccess("finds-existing", rules, `not empty: ${why}`, (answer) => {
    if (requireArray(answer).length === 0) throw new Error("empty list");
  });

/** On a 2xx array answer: every one of these ids is listed. */
export function listsIds(ids: readonly Id[], rules: Rules): Check {
  const expected = `lists every record the run created (${ids.join(", ")})`;
  return onSuccess("lists-created", rules, expected, (answer) => {
    const listed = new Set(requireArray(answer).map((item) => idOf(item)));
    const missing = ids.filter((id) => !listed.has(id));
    if (missing.length > 0) throw new Error(`missing id ${missing.join(", ")}`);
  });
}

/** Whether `actual` holds everything `expected` does (objects by key, arrays item by item). */
export function holds(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== "object" || expected === null) return Object.is(actual, expected);
  if (typeof actual !== "object" || actual === null) return false;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => holds(memberOf(actual, index), item))
    );
  }
  const record = actual as Record<string, unknown>;
  return Object.entries(expected).every(
    ([key, value]) => Object.hasOwn(record, key) && holds(memberOf(record, key), value),
  );
}

/** On a 2xx answer: the body holds every field of `record` with its value. */
export const repeats = (record: Fields, slug: string, expected: string, rules: Rules): Check =>
  onSuccess(slug, rules, `${expected}: ${toJson(record)}`, (answer) => {
    requireJson(answer);
    if (!holds(answer.json, record)) {
      const shown = JSON.stringify(answer.json);
      throw new Error(`got ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`);
    }
  });

/** An advisory header check, naming the choice that decides the header. */
export function header(
  name: keyof typeof headerChoices,
  expected: string,
  test: (value: string, answer: Answer) => boolean,
  rules: Rules,
  when: Of<boolean>,
): Check {
  return {
    slug: `header-${name}`,
    kind: "advisory",
    rules,
    choices: [[headerChoices[name]]],
    expected: `${name} header: ${expected}`,
    appliesTo: when,
    assert(answer) {
      const value = answer.headers[name.toLowerCase()];
      if (value === undefined) throw new Error(`no ${name} header`);
      if (!test(value, answer)) throw new Error(`${name}: ${value}`);
    },
  };
}
