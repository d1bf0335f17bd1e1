/**
 * The consumer contract's recorder: it watches every answered request to an
 * operation (the core's `observe`) and keeps one interaction per request
 * shape (method, path template, credential, query parameter names and value
 * kinds or enum values, body fields, status; a parameter value outside the
 * interface's domain is a kind of its own), named after the test that sent it, with the
 * provider states the answer relied on and the matching rules openapi.yaml
 * gives its bodies. Answers a fault, a scenario, a full store (409) or a
 * failure (5xx) made are left out: no deployment can be asked for them.
 * Bounded: at most `contractLimits.interactions` shapes, bodies up to
 * `contractLimits.bodyChars`, examples cut to size with every secret masked;
 * a shape seen again costs a key computation. Runtime-neutral.
 *
 * @example
 * const recorder = createContractRecorder({ categoryExists: (id) => store.getCategory(id) !== undefined });
 * const core = createPetstoreCore({ store, observe: recorder.observe });
 * // … the app's tests run …
 * const contract = pactOf(recorder.interactions(), defaultContractNames);
 */
import { parsedBodyOf } from "../core/body.js";
import type { ObservedExchange } from "../core/petstore-core.js";
import { parameterProblem } from "../interface/request.js";
import {
  type OperationId,
  operationParameters,
  operationRoute,
  requestSchema,
  resolvedSchema,
  responseSchema,
} from "../interface/spec.js";
import { isObject } from "../util/json.js";
import { credentialVerdicts, isSecretName, type Redact, redactedMark } from "../util/redact.js";
import { compareText, escapeRegExp } from "../util/text.js";
import type { ContractNames } from "./contract-names.js";
import {
  describeBody,
  exampleText,
  exampleValue,
  oneOf,
  type PactRules,
  parameterMatcher,
  parameterPattern,
  rule,
} from "./matching-rules.js";
import {
  byTestName,
  type Credential,
  contractLimits,
  credentialExamples,
  mergeInteraction,
  type PactContract,
  type PactRequest,
  type PactRequestRules,
  type PactResponse,
  type ProviderStateGenerator,
  pactOf,
  type RecordedInteraction,
  shapeKey,
} from "./pact.js";
import { type ProviderState, providerStatesOf } from "./provider-states.js";

export interface ContractRecorderOptions {
  /** The test running now; default the vitest or Jest test (`currentTestName`). */
  readonly testName?: (() => string | undefined) | undefined;
  /** Whether the store holds a category now (a createPet's provider state says). */
  readonly categoryExists: (id: number) => boolean;
  /** Says once that the cap left requests out; default `console.warn`. */
  readonly warn?: ((message: string) => void) | undefined;
}

export interface ContractRecorder {
  /** Records one answered request (the core's `observe`). */
  readonly observe: (exchange: ObservedExchange) => void;
  /** What was recorded, one interaction per request shape, in no particular order. */
  interactions(): RecordedInteraction[];
  /** What was recorded as a Pact v4 contract under these names (`pactOf`). */
  contract(names: ContractNames): PactContract;
  /** Forgets every interaction. */
  clear(): void;
}

interface TestState {
  readonly currentTestName?: unknown;
  readonly testPath?: unknown;
}

/** A test or describe block in jest-circus's state (Jest's default runner). */
interface CircusBlock {
  readonly name?: unknown;
  readonly parent?: CircusBlock;
}

/** The name of jest-circus's root describe block, which no test name shows. */
const circusRoot = "ROOT_DESCRIBE_BLOCK";

/**
 * Jest's running test as `describe > test`, from jest-circus's state: Jest's
 * `currentTestName` joins the describe blocks and the test with spaces, so
 * `pets > creates a pet` and `pets creates > a pet` would read alike. Only
 * when the blocks, joined so, give exactly `joined` (the state is this
 * test's); undefined otherwise.
 */
function circusName(scope: Record<PropertyKey, unknown>, joined: string): string | undefined {
  const key = Object.getOwnPropertySymbols(scope).find(
    (symbol) => symbol.description === "JEST_STATE_SYMBOL",
  );
  const state = key === undefined ? undefined : scope[key];
  let block = (state as { currentlyRunningTest?: CircusBlock } | undefined)?.currentlyRunningTest;
  const names: string[] = [];
  for (let depth = 0; block && depth < 100; depth++, block = block.parent) {
    if (typeof block.name !== "string") return undefined;
    if (block.parent === undefined && block.name === circusRoot) break;
    names.unshift(block.name);
  }
  return names.join(" ") === joined ? names.join(" > ") : undefined;
}

/** Where vitest keeps its `expect`, globals or not. */
const expectGlobal = Symbol.for("expect-global");

/**
 * The vitest or Jest test running now, as `file > describe > test` (the
 * file relative to the working directory), from the test runner's `expect`
 * state: vitest's (globals or not), or a global `expect` (Jest, whose
 * describe blocks come from jest-circus; with another runner, Jest's own name,
 * describe and test joined by spaces). Undefined outside a test.
 */
export function currentTestName(
  scope: Record<PropertyKey, unknown> = globalThis as Record<PropertyKey, unknown>,
): string | undefined {
  const vitest = scope[expectGlobal];
  const global = scope.expect;
  // No test runner (the standalone server): asked on every request, answered at once.
  if (vitest === undefined && global === undefined) return undefined;
  for (const expect of [vitest, global]) {
    let state: TestState | undefined;
    try {
      state = (expect as { getState?: () => TestState } | undefined)?.getState?.();
    } catch {
      continue;
    }
    const joined = state?.currentTestName;
    if (typeof joined !== "string" || joined === "") continue;
    const name = expect === vitest ? joined : (circusName(scope, joined) ?? joined);
    const path = typeof state?.testPath === "string" ? state.testPath.replaceAll("\\", "/") : "";
    const cwd = (scope.process as { cwd?: () => string } | undefined)
      ?.cwd?.()
      .replaceAll("\\", "/");
    const file = cwd && path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
    return file === "" ? name : `${file} > ${name}`;
  }
  return undefined;
}

/** A request's shape in words, and the interaction key it hashes to. */
interface Shape {
  readonly shape: string;
  readonly key: string;
}

/** How many request texts' shapes are remembered; the memory starts afresh when full. */
const rememberedShapes = 256;

/** The parsed JSON of a body text; `none` for no text, `malformed` for text that is no JSON. */
type Parsed =
  | { readonly kind: "none" }
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "malformed" };

const noBody: Parsed = Object.freeze({ kind: "none" });

function parse(text: string | undefined): Parsed {
  if (text === undefined || text === "") return noBody;
  try {
    return { kind: "json", value: JSON.parse(text) };
  } catch {
    return { kind: "malformed" };
  }
}

const tooLong = (body?: string) => (body?.length ?? 0) > contractLimits.bodyChars;

const isJsonMedia = (contentType: string | undefined) =>
  contentType !== undefined &&
  /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(contentType.trim());

/**
 * What the recorder reads of an operation on every request, looked up once:
 * its template, its path parameters, and each query parameter with the
 * pattern its values fit and their kind.
 */
function operationFacts(operationId: OperationId) {
  const query = operationParameters(operationId, "query").map((parameter) => ({
    parameter,
    fits: new RegExp(`^${parameterPattern(parameter.schema)}$`),
    /** `integer` or the schema's type; undefined for an enum, whose every value is its own shape. */
    kind: resolvedSchema(parameter.schema).enum ? undefined : (parameter.schema.type ?? "text"),
  }));
  return {
    template: operationRoute(operationId).path,
    path: operationParameters(operationId, "path"),
    query: new Map(query.map((facts) => [facts.parameter.name, facts])),
  };
}

const operations = new Map<OperationId, ReturnType<typeof operationFacts>>();
function factsOf(operationId: OperationId): ReturnType<typeof operationFacts> {
  const known = operations.get(operationId);
  if (known) return known;
  const facts = operationFacts(operationId);
  operations.set(operationId, facts);
  return facts;
}

/** Whether a path parameter's value lies outside the interface's domain (`/pets/0`, `/pets/abc`). */
const outsidePath = (operationId: OperationId, params: Readonly<Record<string, string>>) =>
  factsOf(operationId).path.some((p) => parameterProblem(p, decoded(params[p.name])) !== undefined);

/**
 * The query's part of a shape: each parameter's name (cut to 40 characters)
 * and the kind of its value (`integer`, `unknown` for a parameter the
 * operation lacks, `invalid` for one not of its type, `outside` for one of
 * its type outside the interface's domain: `limit=0` asks what `limit=5`
 * does not, whatever a profile answers), or the value itself for one of an
 * enum's (a small closed set: `status=sold` and `status=pending` ask
 * different things), sorted, at most 30.
 */
function queryShape(operationId: OperationId, query: URLSearchParams): string {
  const known = factsOf(operationId).query;
  const pairs: string[] = [];
  for (const [name, value] of query) {
    const facts = known.get(name);
    const kind = !facts
      ? "unknown"
      : !facts.fits.test(value)
        ? "invalid"
        : parameterProblem(facts.parameter, value)
          ? "outside"
          : (facts.kind ?? value);
    pairs.push(`${name.slice(0, 40)}=${kind}`);
  }
  pairs.sort();
  return pairs.length > 30 ? `${pairs.slice(0, 30).join("&")}&…` : pairs.join("&") || "-";
}

/** What a body looks like in a shape: its media and its fields (at most 30, each cut to 40 characters). */
function bodyShape(parsed: Parsed, contentType: string | undefined): string {
  if (parsed.kind === "none") return "none";
  const media = isJsonMedia(contentType) ? "json" : "other-media";
  if (parsed.kind === "malformed") return `${media}:malformed`;
  const { value } = parsed;
  if (!isObject(value)) return `${media}:${Array.isArray(value) ? "array" : typeof value}`;
  const fields = Object.keys(value).sort();
  const shown = fields.slice(0, 30).map((field) => field.slice(0, 40));
  return `${media}{${shown.join(",")}${fields.length > 30 ? ",…" : ""}}`;
}

/** The example request of an exchange, its matching rules, and generators fed by the provider states. */
function requestOf(
  exchange: ObservedExchange,
  template: string,
  query: URLSearchParams,
  body: Parsed,
  credential: Credential,
  states: readonly ProviderState[],
): PactRequest {
  const { request, operationId, redact } = exchange;
  const headers: Record<string, string[]> = {};
  const rules: PactRequestRules = {};
  if (credential !== "missing") {
    headers.Authorization = [credentialExamples[credential]];
    if (credential === "valid") {
      rules.header = { Authorization: rule({ match: "regex", regex: "^Bearer \\S+$" }) };
    }
  }
  const contentType = request.header("content-type");
  if (body.kind !== "none") headers["Content-Type"] = [exampleText(contentType ?? "", redact)];

  // The path's rule: each parameter's pattern in the template, when every value lies inside the domain.
  const pathParameters = factsOf(operationId).path;
  if (pathParameters.length > 0 && !outsidePath(operationId, exchange.params)) {
    const pattern = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const parameter = pathParameters.find((p) => part === `{${p.name}}`);
        return parameter ? parameterPattern(parameter.schema) : escapeRegExp(part);
      })
      .join("");
    rules.path = rule({ match: "regex", regex: `^${pattern}$` });
  }

  const queryExample: Record<string, string[]> = {};
  const queryRules: PactRules = {};
  for (const [name, value] of [...query].sort(([a], [b]) => compareText(a, b))) {
    const shownName = exampleText(name, redact);
    const shown = isSecretName(name) ? redactedMark : exampleText(value, redact);
    queryExample[shownName] = [...(queryExample[shownName] ?? []), shown];
    // A value outside the domain stays literal: another value asks something else.
    const parameter = factsOf(operationId).query.get(name)?.parameter;
    const matcher =
      parameter && !isSecretName(name) && !parameterProblem(parameter, value)
        ? parameterMatcher(value, parameter.schema)
        : undefined;
    if (matcher) queryRules[shownName] = rule(matcher);
  }
  if (Object.keys(queryRules).length > 0) rules.query = queryRules;

  let pactBody: PactRequest["body"];
  if (body.kind === "json") {
    const schema = requestSchema(operationId) ?? resolvedSchema({});
    const described = describeBody(body.value, schema, redact);
    pactBody = { content: described.example, contentType: "application/json", encoded: false };
    if (Object.keys(described.rules).length > 0) rules.body = described.rules;
  } else if (body.kind === "malformed") {
    pactBody = {
      content: exampleText(request.body ?? "", redact),
      contentType: exampleText(contentType ?? "text/plain", redact),
      encoded: false,
    };
  }

  const generators = generatorsOf(template, exchange, body, states);
  return {
    method: request.method,
    path: exampleText(request.path, redact),
    ...(Object.keys(queryExample).length > 0 ? { query: queryExample } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(pactBody ? { body: pactBody } : {}),
    ...(Object.keys(rules).length > 0 ? { matchingRules: rules } : {}),
    ...(generators ? { generators } : {}),
  };
}

function decoded(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? "");
  } catch {
    return value ?? "";
  }
}

/**
 * Generators that take a provider state's parameter into the request, so a
 * verifier that sets a state up elsewhere (a deployment assigns its own ids)
 * sends what it set up: a path parameter and a top-level body field of the
 * same name as a state's parameter.
 */
function generatorsOf(
  template: string,
  exchange: ObservedExchange,
  body: Parsed,
  states: readonly ProviderState[],
): PactRequest["generators"] | undefined {
  const given = new Map(states.flatMap((state) => Object.entries(state.params)));
  const inPath = Object.keys(exchange.params).filter((name) => given.has(name));
  const inBody = fieldsOf(body).filter((name) => given.has(name));
  const generator = (expression: string, integer = false): ProviderStateGenerator => ({
    type: "ProviderState",
    expression,
    dataType: integer ? "INTEGER" : "STRING",
  });
  if (inPath.length === 0 && inBody.length === 0) return undefined;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    inPath.includes(name) ? `\${${name}}` : decoded(exchange.params[name]),
  );
  const fields = inBody.map((name) => [
    `$.${name}`,
    generator(`\${${name}}`, typeof given.get(name) === "number"),
  ]);
  return {
    ...(inPath.length > 0 ? { path: generator(path) } : {}),
    ...(inBody.length > 0 ? { body: Object.fromEntries(fields) } : {}),
  };
}

/** The top-level fields of a JSON object body; none for any other body. */
const fieldsOf = (body: Parsed): string[] =>
  body.kind === "json" && isObject(body.value) ? Object.keys(body.value) : [];

/**
 * The names of the answer's optional fields the request makes the interface
 * promise: a filter's parameter (items with that status), a field the body
 * sent (a create repeats it), a provider state's parameter (the pet created
 * with that status reads back with it).
 */
function promisedNames(
  query: URLSearchParams,
  body: Parsed,
  states: readonly ProviderState[],
): Set<string> {
  return new Set([
    ...query.keys(),
    ...fieldsOf(body),
    ...states.flatMap((state) => Object.keys(state.params)),
  ]);
}

/**
 * The example answer and its matching rules: the fields openapi.yaml requires
 * and those the request promises (`promisedNames`); a list filtered by an
 * enum parameter expects that value.
 */
function responseOf(
  exchange: ObservedExchange,
  answer: Parsed,
  query: URLSearchParams,
  promised: ReadonlySet<string>,
): PactResponse {
  const { response, operationId, redact } = exchange;
  if (answer.kind !== "json") return { status: response.status };
  const schema = responseSchema(operationId, response.status) ?? resolvedSchema({});
  const { example, rules } = describeBody(answer.value, schema, redact, promised);
  for (const [name, value] of query) {
    const parameter = factsOf(operationId).query.get(name)?.parameter;
    const values = parameter ? resolvedSchema(parameter.schema).enum : undefined;
    if (values?.includes(value) && `$[*].${name}` in rules)
      rules[`$[*].${name}`] = rule(oneOf([value]));
  }
  return {
    status: response.status,
    headers: { "Content-Type": ["application/json"] },
    body: { content: example, contentType: "application/json", encoded: false },
    ...(Object.keys(rules).length > 0 ? { matchingRules: { body: rules } } : {}),
  };
}

export function createContractRecorder(options: ContractRecorderOptions): ContractRecorder {
  const entries = new Map<string, RecordedInteraction>();
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let warned = false;
  let failed = false;
  const testNow = options.testName ?? currentTestName;
  // A test sends many requests: its name is masked and cut once.
  let lastNamed: string | undefined;
  let lastTest: string | undefined;
  let lastRedact: Redact | undefined;
  const shapes = new Map<string, Shape>();
  // A read's shape, by operation, answer (status and credential) and query text: no string built per request.
  const readShapes = new Map<OperationId, Map<number, Map<string, Shape>>>();

  /**
   * The request's shape and its key; the same request text always makes the
   * same shape. A path outside the domain shows in the template (`/pets/{petId=outside}`).
   */
  function shapeOf(exchange: ObservedExchange, credential: Credential, body: Parsed): Shape {
    const { request, operationId } = exchange;
    const { status } = exchange.response;
    const pathOutside = outsidePath(operationId, exchange.params);
    const reads =
      body === noBody
        ? (readShapes.get(operationId) ?? new Map<number, Map<string, Shape>>())
        : undefined;
    const answer = (status * 4 + credentialVerdicts.indexOf(credential)) * 2 + Number(pathOutside);
    const byQuery = reads?.get(answer);
    const read = byQuery?.get(request.query);
    if (read) return read;
    const bodyPart = bodyShape(body, request.header("content-type"));
    const raw = `${request.method} ${operationId} ${pathOutside} ${credential} ${status} ${bodyPart} ${request.query}`;
    let known = shapes.get(raw);
    if (!known) {
      const template = pathOutside
        ? factsOf(operationId).template.replace(/\{(\w+)\}/g, "{$1=outside}")
        : factsOf(operationId).template;
      const query = queryShape(operationId, new URLSearchParams(request.query));
      const shape = `${request.method} ${template} ${credential} ?${query} body:${bodyPart} → ${status}`;
      known = { shape, key: shapeKey(shape) };
      if (shapes.size >= rememberedShapes) {
        shapes.clear();
        readShapes.clear();
      }
      shapes.set(raw, known);
    }
    if (reads) {
      readShapes.set(operationId, reads);
      reads.set(answer, (byQuery ?? new Map<string, Shape>()).set(request.query, known));
    }
    return known;
  }

  function observe(exchange: ObservedExchange): void {
    const { request, response, operationId, redact } = exchange;
    if (exchange.staged || response.status === 409 || response.status >= 500) return;
    if (request.bodyTooLarge || tooLong(request.body) || tooLong(response.body)) return;
    // Valid unless the core refused it (a 401, or what a profile answers instead).
    const credential: Credential = !exchange.credentialRefused
      ? "valid"
      : request.header("authorization") === undefined
        ? "missing"
        : "wrong";
    // The core's own parse when it made one (the same value), else parsed here.
    const value = parsedBodyOf(request);
    const body: Parsed = value === undefined ? parse(request.body) : { kind: "json", value };
    const { shape, key } = shapeOf(exchange, credential, body);
    const named = testNow();
    if (named !== lastNamed || redact !== lastRedact) {
      lastNamed = named;
      lastRedact = redact;
      lastTest =
        named === undefined
          ? undefined
          : exampleText(named, redact).slice(0, contractLimits.testName);
    }
    const test = lastTest;
    const kept = entries.get(key);
    const listed = test === undefined || kept?.facts.tests.includes(test) === true;
    if (kept && listed && byTestName(test, kept.testname) >= 0) return;
    if (!kept && entries.size >= contractLimits.interactions) {
      if (!warned) {
        warned = true;
        warn(
          `petstore-mock-kit: the consumer contract holds ${contractLimits.interactions} interactions, its cap; requests of new shapes are left out of it`,
        );
      }
      return;
    }
    const tests = test === undefined ? [] : [test];
    if (kept && byTestName(test, kept.testname) >= 0) {
      entries.set(key, mergeInteraction(kept, { ...kept, facts: { ...kept.facts, tests } }));
      return;
    }
    const { template } = factsOf(operationId);
    const query = new URLSearchParams(request.query);
    const answer = parse(response.body);
    const states = providerStatesOf({
      operationId,
      status: response.status,
      params: Object.fromEntries(Object.entries(exchange.params).map(([k, v]) => [k, decoded(v)])),
      query,
      requestBody: body.kind === "json" ? body.value : undefined,
      responseBody: answer.kind === "json" ? answer.value : undefined,
      categoryExists: options.categoryExists,
    });
    const recorded: RecordedInteraction = {
      key,
      facts: { operationId, tests, credential, shape: redact(shape) },
      testname: test,
      providerStates: exampleValue(states, redact) as typeof states,
      request: requestOf(exchange, template, query, body, credential, states),
      response: responseOf(exchange, answer, query, promisedNames(query, body, states)),
    };
    entries.set(key, kept ? mergeInteraction(kept, recorded) : recorded);
  }

  return {
    observe(exchange) {
      try {
        observe(exchange);
      } catch (error) {
        // The contract never costs the app's test its answer.
        if (!failed)
          warn(
            `petstore-mock-kit: a request was left out of the contract: ${(error as Error).message}`,
          );
        failed = true;
      }
    },
    interactions: () => [...entries.values()],
    contract: (names) => pactOf(entries.values(), names),
    clear: () => entries.clear(),
  };
}
