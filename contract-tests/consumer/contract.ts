/**
 * `--consumer <file>`: a consumer contract the kit wrote (Pact v4 JSON with
 * `comments.petstoreMockKit`, mocks/contract/), read as untrusted input and
 * turned into what a run sends and expects, interaction by interaction. The
 * file's size is bounded (`contractLimits.fileBytes`) and its nesting (the
 * JSON reader's), its interactions counted (`contractLimits.interactions`),
 * and every part the run uses is checked: the request names the operation
 * the facts say, paths stay below the API base, generators are the provider
 * state's, matchers are ones the kit checks. A bad file is a usage error
 * (exit 2) naming the file, the interaction and what is wrong.
 *
 * @example
 * const contract = await readConsumerContract("pacts/web-app-petstore.json");
 * contract.interactions[0].expected.status; // 200
 */

import { ContractPatterns } from "../../mocks/contract/contract-regex.js";
import { parseRulePath, regexSources, ruleProblem } from "../../mocks/contract/matching.js";
import type { PactRules } from "../../mocks/contract/matching-rules.js";
import {
  type Credential,
  contractLimits,
  type PactBody,
  type RecordedInteraction,
  recordedOf,
} from "../../mocks/contract/pact.js";
import {
  maxStateNameLength,
  type ProviderStateKind,
  type ProviderStateParams,
  paramNames,
  parseProviderState,
} from "../../mocks/contract/provider-states.js";
import { matchRoute } from "../../mocks/core/router.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { readJsonFile } from "../../mocks/util/files.js";
import { isObject } from "../../mocks/util/json.js";
import { printable } from "../../mocks/util/text.js";
import { UsageError } from "../suite/settings.js";

/** A provider state of an interaction: what the kit reads of its name (nothing for another tool's). */
export interface ConsumerState {
  readonly name: string;
  readonly kind: ProviderStateKind | undefined;
  readonly params: ProviderStateParams;
}

/** A request body as the contract holds it: JSON, or a text sent as it is. */
export type ConsumerBody =
  | { readonly kind: "json"; readonly value: unknown; readonly contentType: string }
  | { readonly kind: "text"; readonly text: string; readonly contentType: string | undefined };

/** A body field a provider state's parameter fills (`$.categoryId` ← `${categoryId}`). */
export interface BodyGenerator {
  readonly field: string;
  readonly param: string;
  readonly integer: boolean;
}

/** What names an interaction in every report. */
export interface InteractionName {
  /** 1-based position in the file. */
  readonly number: number;
  readonly description: string;
  readonly operation: OperationId;
  /** The tests that relied on it (`comments.petstoreMockKit.tests`). */
  readonly tests: readonly string[];
}

export function nameOf(interaction: InteractionName): InteractionName {
  const { number, description, operation, tests } = interaction;
  return { number, description, operation, tests };
}

export interface ConsumerInteraction extends InteractionName {
  readonly credential: Credential;
  readonly states: readonly ConsumerState[];
  readonly method: "GET" | "POST";
  /** The example path below the API base (`/pets/7`). */
  readonly path: string;
  /** The path with `${param}` placeholders a provider state fills (`/pets/${petId}`). */
  readonly pathExpression: string | undefined;
  /** The query string as sent (`limit=3&status=sold`), `""` for none. */
  readonly query: string;
  readonly body: ConsumerBody | undefined;
  readonly bodyGenerators: readonly BodyGenerator[];
  readonly expected: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    /** The expected body; undefined when the contract expects none in particular. */
    readonly body: { readonly content: unknown; readonly json: boolean } | undefined;
    readonly rules: PactRules | undefined;
  };
}

export interface ConsumerContract {
  /** The file as named on the command line (cut, made printable). */
  readonly file: string;
  readonly consumer: string;
  readonly provider: string;
  readonly interactions: readonly ConsumerInteraction[];
}

/** Caps on what one interaction may hold beyond the contract's own caps. */
const caps = {
  text: 2048,
  description: 1000,
  queryValues: 30,
  headers: 20,
  states: 10,
  rules: 500,
} as const;

type Fields = Readonly<Record<string, unknown>>;
const isJsonMedia = (contentType: string | undefined) =>
  contentType !== undefined && /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(contentType);

/** An interaction's problem, thrown while it is read: the reader adds the file and the place. */
class Problem extends Error {}

/** Refuses a member of `value` but those `allowed`, saying what the kit reads instead. */
function onlyMembers(value: object, allowed: readonly string[], what: string, reads: string) {
  const other = Object.keys(value).find((name) => !allowed.includes(name));
  if (other !== undefined) throw new Problem(`${what}.${printable(other.slice(0, 40))}: ${reads}`);
}

function text(value: unknown, what: string, max: number = caps.text): string {
  if (typeof value !== "string" || value.length > max) {
    throw new Problem(`${what} must be a string of at most ${max} characters`);
  }
  return value;
}

/** `Record<string, string[]>`, as Pact writes query parameters and headers. */
function lists(value: unknown, what: string): Array<[string, string[]]> {
  if (value === undefined) return [];
  if (!isObject(value)) throw new Problem(`${what} must be an object of lists of strings`);
  const entries = Object.entries(value);
  if (entries.length > caps.queryValues) {
    throw new Problem(`${what} has more than ${caps.queryValues} names`);
  }
  return entries.map(([name, values]) => {
    const all = typeof values === "string" ? [values] : values;
    if (!Array.isArray(all) || all.length > caps.queryValues) {
      throw new Problem(`${what}.${printable(name.slice(0, 40))} must be a list of strings`);
    }
    return [text(name, `${what} names`, 200), all.map((v) => text(v, `${what} values`))];
  });
}

function bodyOf(value: unknown, what: string): PactBody | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value) || !("content" in value)) {
    throw new Problem(`${what} must be {content, contentType, encoded}`);
  }
  if (value.encoded !== undefined && value.encoded !== false) {
    throw new Problem(`${what} is encoded; the kit reads only bodies with "encoded": false`);
  }
  const size = JSON.stringify(value.content ?? null).length;
  if (size > contractLimits.bodyChars) {
    throw new Problem(`${what} is longer than ${contractLimits.bodyChars} characters`);
  }
  const contentType =
    value.contentType === undefined ? undefined : text(value.contentType, `${what}.contentType`);
  return { content: value.content, contentType: contentType ?? "", encoded: false };
}

/**
 * The rules, checked; `patterns` gathers the distinct regex patterns of the
 * whole file (each is compiled once, within the contract's budget).
 */
function rulesOf(value: unknown, what: string, patterns: ContractPatterns): PactRules | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw new Problem(`${what} must be an object`);
  const entries = Object.entries(value);
  if (entries.length > caps.rules) throw new Problem(`${what} has more than ${caps.rules} rules`);
  for (const [path, rule] of entries) {
    const at = `${what}[${JSON.stringify(printable(path.slice(0, 80)))}]`;
    if (!parseRulePath(path)) throw new Problem(`${at}: not a JSON path the kit reads`);
    const tooMany = patterns.add(regexSources(rule));
    if (tooMany) throw new Problem(`${at}: ${tooMany}`);
    const problem = ruleProblem(rule, patterns.beforeCompile);
    if (problem) throw new Problem(`${at}: ${problem}`);
  }
  return value as PactRules;
}

function statesOf(value: readonly unknown[]): ConsumerState[] {
  if (value.length > caps.states) {
    throw new Problem(`providerStates has more than ${caps.states} states`);
  }
  return value.map((state, index) => {
    if (!isObject(state)) throw new Problem(`providerStates[${index}] must be an object`);
    const name = text(state.name, `providerStates[${index}].name`, maxStateNameLength);
    const parsed = parseProviderState(name);
    return { name, kind: parsed?.kind, params: parsed?.params ?? {} };
  });
}

const placeholder = /\$\{(\w+)\}/g;
const stateParams = new Set<string>(paramNames);

/** The provider-state generators of a request: its path expression and body fields. */
function generatorsOf(value: unknown) {
  if (value === undefined) return { path: undefined, body: [] };
  if (!isObject(value)) throw new Problem("request.generators must be an object");
  const checkGenerator = (generator: unknown, what: string): string => {
    if (!isObject(generator) || generator.type !== "ProviderState") {
      throw new Problem(`${what}: the kit applies only ProviderState generators`);
    }
    const expression = text(generator.expression, `${what}.expression`);
    for (const [, name] of expression.matchAll(placeholder)) {
      if (!stateParams.has(name ?? "")) {
        throw new Problem(`${what}: \${${printable(String(name))}} is no provider state parameter`);
      }
    }
    return expression;
  };
  onlyMembers(
    value,
    ["path", "body"],
    "request.generators",
    "the kit applies path and body generators only",
  );
  const path =
    value.path === undefined ? undefined : checkGenerator(value.path, "request.generators.path");
  if (value.body !== undefined && !isObject(value.body)) {
    throw new Problem("request.generators.body must be an object");
  }
  const body = Object.entries(value.body ?? {}).map(([path, generator]): BodyGenerator => {
    const what = `request.generators.body[${JSON.stringify(printable(path.slice(0, 80)))}]`;
    const field = /^\$\.([A-Za-z_]\w*)$/.exec(path)?.[1];
    if (field === undefined)
      throw new Problem(`${what}: the kit fills top-level fields ($.name) only`);
    const expression = checkGenerator(generator, what);
    const param = /^\$\{(\w+)\}$/.exec(expression)?.[1];
    if (param === undefined) throw new Problem(`${what}: the expression must be one \${parameter}`);
    return { field, param, integer: (generator as Fields).dataType === "INTEGER" };
  });
  return { path, body };
}

function requestBodyOf(
  body: PactBody | undefined,
  contentType: string | undefined,
): ConsumerBody | undefined {
  if (body === undefined) return undefined;
  const media = contentType ?? (body.contentType || undefined);
  if (typeof body.content === "string")
    return { kind: "text", text: body.content, contentType: media };
  if (!isJsonMedia(media))
    throw new Problem("request.body holds JSON, but its content type is not JSON");
  return { kind: "json", value: body.content, contentType: media ?? "application/json" };
}

const queryOf = (pairs: ReadonlyArray<[string, string[]]>) =>
  new URLSearchParams(pairs.flatMap(([name, values]) => values.map((v) => [name, v]))).toString();

function interactionOf(
  raw: Fields,
  recorded: RecordedInteraction,
  number: number,
  patterns: ContractPatterns,
): ConsumerInteraction {
  const { facts } = recorded;
  const request = recorded.request as unknown as Fields;
  const response = recorded.response as unknown as Fields;
  const description = text(raw.description, "description", caps.description);
  const method = text(request.method, "request.method", 16);
  const path = text(request.path, "request.path");
  if (!/^\/[\x21-\x7e]*$/.test(path)) {
    throw new Problem("request.path must start with / and be printable ASCII");
  }
  const match = matchRoute(method, path);
  if (match.kind !== "operation" || match.operationId !== facts.operationId) {
    throw new Problem(
      `request ${printable(method)} ${printable(path.slice(0, 80))} is not ${facts.operationId}, as its comments say`,
    );
  }
  const headers = new Map(
    lists(request.headers, "request.headers").map(([n, v]) => [n.toLowerCase(), v]),
  );
  const generators = generatorsOf(request.generators);
  const body = requestBodyOf(
    bodyOf(request.body, "request.body"),
    headers.get("content-type")?.[0],
  );
  const status = response.status;
  if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599) {
    throw new Problem("response.status must be an integer from 100 to 599");
  }
  const expectedHeaders = lists(response.headers, "response.headers");
  if (expectedHeaders.length > caps.headers)
    throw new Problem("response.headers has too many headers");
  const expectedBody = bodyOf(response.body, "response.body");
  const matching = response.matchingRules;
  if (matching !== undefined && !isObject(matching)) {
    throw new Problem("response.matchingRules must be an object");
  }
  onlyMembers(matching ?? {}, ["body"], "response.matchingRules", "the kit checks body rules only");
  return {
    number,
    description,
    operation: facts.operationId,
    tests: facts.tests,
    credential: facts.credential,
    states: statesOf(recorded.providerStates),
    method: method as "GET" | "POST",
    path,
    pathExpression: generators.path,
    query: queryOf(lists(request.query, "request.query")),
    body,
    bodyGenerators: generators.body,
    expected: {
      status: status as number,
      headers: Object.fromEntries(
        expectedHeaders.map(([name, values]) => [name, values.join(", ")]),
      ),
      body: expectedBody && {
        content: expectedBody.content,
        json: typeof expectedBody.content !== "string" || isJsonMedia(expectedBody.contentType),
      },
      rules: rulesOf(matching?.body, "response.matchingRules.body", patterns),
    },
  };
}

/**
 * The interactions of a parsed consumer contract; a RangeError names what is
 * wrong. `beforeCompile` runs before each of its patterns is compiled.
 */
export function consumerContractOf(
  value: unknown,
  file: string,
  beforeCompile?: () => void,
): ConsumerContract {
  const { names, interactions } = recordedOf(value);
  const raw = (value as { interactions: Fields[] }).interactions;
  const patterns = new ContractPatterns(beforeCompile);
  return {
    file,
    consumer: names.consumer,
    provider: names.provider,
    interactions: interactions.map((recorded, index) => {
      try {
        return interactionOf(raw[index] ?? {}, recorded, index + 1, patterns);
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        throw new RangeError(`interactions[${index}]: ${error.message}`);
      }
    }),
  };
}

/**
 * Reads and checks a consumer contract file; a bad one throws a UsageError
 * naming it and why. `beforeCompile` runs before each of its patterns is
 * compiled: what it throws (the run's deadline) ends the read.
 */
export async function readConsumerContract(
  file: string,
  beforeCompile?: () => void,
): Promise<ConsumerContract> {
  const named = printable(file.slice(0, 200));
  // One line, whatever the file holds.
  const refuse = (reason: string) =>
    new UsageError(`--consumer ${named}: ${printable(reason).replace(/\s+/g, " ")}`);
  const value = await readJsonFile(file, contractLimits.fileBytes, refuse);
  if (value === undefined) throw refuse("no such file");
  try {
    return consumerContractOf(value, named, beforeCompile);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw refuse(`${error.message} (a consumer contract petstore-mock-kit wrote is expected)`);
  }
}
