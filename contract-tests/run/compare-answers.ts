/**
 * What `--compare-mock` compares between the deployment's and the mock's
 * answers to the same request: the status; every header but HTTP's framing
 * ones and the mock's own `Vary: Origin` (its CORS), by value where each side
 * answers a repeated request alike, else by presence; for lists the order,
 * the page's length and the fields of every item; for Errors the `code`
 * word, the extra fields and the message's style (never its text); for
 * other bodies their shape. A difference that comes from the records a side
 * holds (too few to fill a page, which optional fields a record has) is
 * data, not behaviour.
 */
import { reasonPhrases } from "../../mocks/interface/behaviour-profile.js";
import { optionalFields } from "../../mocks/interface/operations.js";
import { limitRule } from "../../mocks/interface/spec.js";
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import { isObject } from "../../mocks/util/json.js";
import type { ContractResponse, Exchange } from "../transport/http.js";

type Item = Readonly<Record<string, unknown>>;

/** One way two answers to the same request differ. */
export interface AnswerDifference {
  readonly aspect: string;
  readonly deployment: string;
  readonly mock: string;
  /** Set when the difference comes from the records each side holds: why. */
  readonly data?: string;
}

/** What a side's answers say beyond one pair: which headers it gives alike to a repeated request, and how many records it holds. */
export interface SideFacts {
  /** Lower-case header names whose value differed between two answers to one repeated request. */
  readonly unstable: ReadonlySet<string>;
  /** The longest list each collection answered (at most 100 pets are seen). */
  readonly records: { readonly pets: readonly Item[]; readonly categories: readonly Item[] };
}

/** The items of a 200 list answer (none for any other answer). */
export const listItems = (exchange: Exchange | undefined): readonly Item[] =>
  exchange?.response?.status === 200 && Array.isArray(exchange.response.json)
    ? exchange.response.json.filter(isObject)
    : [];

/** HTTP's framing and connection headers, and those a body's size or the clock decide. */
const notCompared = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "proxy-connection",
  "content-length",
]);

/** The shape of a JSON value: types and keys, not values; an array by its first item. */
export function bodyShape(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[${bodyShape(value[0])}, …]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    return `{${entries.map(([key, inner]) => `${key}: ${bodyShape(inner)}`).join(", ")}}`;
  }
  return Number.isInteger(value) ? "integer" : typeof value;
}

/**
 * A value's kind as a field's shape, one level deep: a date, a URL, other
 * text, a number, a list or an object (what a list or an object holds is
 * the record's data: an Error's `details` list their own problems).
 */
function kindOf(value: unknown): string {
  if (typeof value === "string") {
    if (/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?/.test(value)) return "date";
    if (/^https?:\/\//i.test(value)) return "url";
    return "string";
  }
  if (Array.isArray(value)) return "list";
  if (typeof value === "object" && value !== null) return "object";
  return bodyShape(value);
}

/** A header's value as compared: a media type without parameters, a Location by its form, Vary without the mock's Origin. */
function headerText(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (name === "content-type") return value.split(";")[0]?.trim().toLowerCase() ?? value;
  if (name === "location") {
    return value.replace(/\/\d+(?=\/?$)/, "/{id}").replace(/^https?:\/\/[^/]+/i, "{origin}");
  }
  if (name !== "vary" && name !== "allow") return value;
  const tokens = value.split(",").map((token) => token.trim());
  if (name === "allow")
    return tokens
      .map((token) => token.toUpperCase())
      .sort()
      .join(", ");
  const rest = tokens.filter((token) => token.toLowerCase() !== "origin");
  return rest.length === 0 ? undefined : rest.join(", ");
}

function headerDifferences(
  a: ContractResponse,
  b: ContractResponse,
  facts: { readonly deployment: SideFacts; readonly mock: SideFacts },
): AnswerDifference[] {
  const names = new Set([...Object.keys(a.headers), ...Object.keys(b.headers)]);
  const out: AnswerDifference[] = [];
  for (const name of [...names].sort()) {
    if (notCompared.has(name) || name.startsWith("proxy-")) continue;
    const [left, right] = [headerText(name, a.headers[name]), headerText(name, b.headers[name])];
    if (left === undefined && right === undefined) continue;
    const byValue =
      name === "location" ||
      (!facts.deployment.unstable.has(name) && !facts.mock.unstable.has(name) && name !== "date");
    const shown = (value: string | undefined) =>
      value === undefined ? "(absent)" : byValue ? value : "(present)";
    if (shown(left) !== shown(right)) {
      out.push({ aspect: `header ${name}`, deployment: shown(left), mock: shown(right) });
    }
  }
  return out;
}

/** The order of a list by id: ascending, descending, or neither (fewer than two: undefined, none shows). */
export function idOrder(
  items: readonly Item[],
): "ascending" | "descending" | "neither" | undefined {
  const ids = items.map((item) => idOf(item)).filter((id): id is Id => id !== undefined);
  if (ids.length < 2) return undefined;
  const steps = ids.slice(1).map((id, index) => BigInt(id) - BigInt(ids[index] as Id));
  if (steps.every((step) => step > 0n)) return "ascending";
  return steps.every((step) => step < 0n) ? "descending" : "neither";
}

/** The fields the items of a list carry and their kinds; the interface's optional ones are data. */
function fieldsOf(items: readonly Item[], optional: ReadonlySet<string>): string {
  const kinds = new Map<string, Set<string>>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (optional.has(name)) continue;
      const set = kinds.get(name) ?? new Set<string>();
      set.add(kindOf(value));
      kinds.set(name, set);
    }
  }
  return [...kinds]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([name, set]) => `${name}: ${[...set].sort().join(" | ")}`)
    .join(", ");
}

/** The interface's optional fields of the records a path lists (present on some records only: data). */
const optionalOf = (path: string): ReadonlySet<string> =>
  new Set(optionalFields(path.startsWith("/categories") ? "Category" : "Pet"));

const shownValue = (value: unknown) => (value === undefined ? "(none)" : JSON.stringify(value));

const isError = (json: unknown): json is Item =>
  isObject(json) && typeof json.code === "string" && typeof json.message === "string";

/** A JSON object that is no Error: a record. */
const isRecord = (json: unknown): json is Item => isObject(json) && !isError(json);

const messageStyle = (error: Item, status: number) =>
  error.message === reasonPhrases[status] ? "the status's reason phrase" : "its own words";

const extraErrorFields = (error: Item) =>
  Object.keys(error)
    .filter((name) => !["code", "message", "status"].includes(name))
    .sort()
    .map((name) => `${name}: ${kindOf(error[name])}`)
    .join(", ") || "(none)";

/**
 * Whether a page shows every record its side holds that it could: all of
 * the side's records, or all with the one `status` its items share. Such a
 * page's length is the side's data; a page cut short of them shows its limit.
 */
function complete(items: readonly Item[], held: readonly Item[]): boolean {
  if (items.length === 0) return true;
  const statuses = new Set(items.map((item) => item.status));
  const [status] = statuses;
  const matching =
    statuses.size === 1 && status !== undefined
      ? held.filter((record) => record.status === status).length
      : held.length;
  return items.length >= matching && held.length < limitRule.maximum;
}

function listDifferences(
  path: string,
  a: readonly Item[],
  b: readonly Item[],
  facts: { readonly deployment: SideFacts; readonly mock: SideFacts },
): AnswerDifference[] {
  const out: AnswerDifference[] = [];
  const collection = path.startsWith("/categories") ? "categories" : "pets";
  if (a.length !== b.length) {
    const short = [
      complete(a, facts.deployment.records[collection]) ? "the deployment's" : "",
      complete(b, facts.mock.records[collection]) ? "the mock's" : "",
    ].filter(Boolean);
    out.push({
      aspect: "page length",
      deployment: `${a.length} items`,
      mock: `${b.length} items`,
      ...(short.length > 0
        ? {
            data: `${short.join(" and ")} page shows every ${collection === "pets" ? "pet" : "category"} it could`,
          }
        : {}),
    });
  }
  const [orderA, orderB] = [idOrder(a), idOrder(b)];
  const shown = (order: string) => (order === "neither" ? order : `${order} id`);
  if (orderA && orderB && orderA !== orderB) {
    out.push({ aspect: "order", deployment: shown(orderA), mock: shown(orderB) });
  }
  const optional = optionalOf(path);
  const [fieldsA, fieldsB] = [fieldsOf(a, optional), fieldsOf(b, optional)];
  if (fieldsA !== fieldsB && a.length > 0 && b.length > 0) {
    out.push({ aspect: "item fields", deployment: fieldsA, mock: fieldsB });
  }
  return out;
}

function bodyDifferences(
  path: string,
  a: ContractResponse,
  b: ContractResponse,
  facts: { readonly deployment: SideFacts; readonly mock: SideFacts },
): AnswerDifference[] {
  if (!a.isJson || !b.isJson) {
    const kind = (response: ContractResponse) =>
      response.isJson ? "JSON" : response.text === "" ? "(empty)" : "(not JSON)";
    return kind(a) === kind(b) ? [] : [{ aspect: "body", deployment: kind(a), mock: kind(b) }];
  }
  const [x, y] = [a.json, b.json];
  if (Array.isArray(x) && Array.isArray(y)) {
    return listDifferences(path, x.filter(isObject), y.filter(isObject), facts);
  }
  if (isError(x) && isError(y)) {
    const out: AnswerDifference[] = [];
    const pairs: [string, string, string][] = [
      ["Error code", x.code as string, y.code as string],
      ["Error fields", extraErrorFields(x), extraErrorFields(y)],
      ["Error message", messageStyle(x, a.status), messageStyle(y, b.status)],
    ];
    for (const [aspect, left, right] of pairs) {
      if (left !== right) out.push({ aspect, deployment: left, mock: right });
    }
    return out;
  }
  if (isRecord(x) && isRecord(y) && a.status < 300) {
    // A record the request created has the optional fields the request and the service gave it.
    const created = a.status === 201;
    const optional = created ? new Set<string>() : optionalOf(path);
    const [left, right] = [fieldsOf([x], optional), fieldsOf([y], optional)];
    const out: AnswerDifference[] =
      left === right ? [] : [{ aspect: "record fields", deployment: left, mock: right }];
    if (created && x.status !== y.status) {
      out.push({
        aspect: "created status",
        deployment: shownValue(x.status),
        mock: shownValue(y.status),
      });
    }
    return out;
  }
  const [left, right] = [bodyShape(x), bodyShape(y)];
  return left === right ? [] : [{ aspect: "body shape", deployment: left, mock: right }];
}

export function answerDifferences(
  deployment: Exchange,
  mock: Exchange,
  facts: { readonly deployment: SideFacts; readonly mock: SideFacts },
): AnswerDifference[] {
  const a = deployment.response;
  const b = mock.response;
  if (!a || !b) {
    const said = (exchange: Exchange) =>
      exchange.response ? "answered" : `no answer (${exchange.error ?? "unknown"})`;
    return said(deployment) === said(mock)
      ? []
      : [{ aspect: "answer", deployment: said(deployment), mock: said(mock) }];
  }
  if (a.status !== b.status) {
    return [{ aspect: "status", deployment: String(a.status), mock: String(b.status) }];
  }
  // A HEAD answer is compared by its status: its headers are its GET's (RFC 9110 §9.3.2), compared there.
  if (deployment.request.method === "HEAD") return [];
  const path = deployment.request.path;
  return [...headerDifferences(a, b, facts), ...bodyDifferences(path, a, b, facts)];
}
