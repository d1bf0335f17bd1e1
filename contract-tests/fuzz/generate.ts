/**
 * Requests generated from openapi.yaml: valid ones that walk every
 * combination of the documented values (each enum value, `limit` at its
 * bounds and in every tenth of its range, each known category), and invalid
 * ones with exactly one mistake (a bad credential, a wrong type, a value out
 * of range, a missing field, malformed JSON, an odd encoding). The same
 * generator drives `petstore-contract --fuzz` and the test that the document
 * and the kit's mock agree.
 */
import { absentId, absentIdSpread } from "../../mocks/interface/knowledge.js";
import {
  type BodyField,
  type Collection,
  type InterfaceOperation,
  interfaceOperations,
  referencedCollection,
} from "../../mocks/interface/operations.js";
import type { OperationParameter, ParameterSchema } from "../../mocks/interface/spec.js";
import { type Id, toJson } from "../../mocks/util/exact-json.js";
import { badCredentials } from "../transport/http.js";
import type { Random } from "./random.js";
import type { Body, FuzzRequest, QueryPart } from "./request.js";

/** What the generator knows about the deployment's data, and what it may still write. */
export interface FuzzState {
  /** Prefix of every name the run creates. */
  readonly tag: string;
  /** Ids known to exist, by collection (valid records name the first few; reads pick any). */
  readonly ids: Readonly<Record<Collection, Id[]>>;
  /** No request that writes (POST) is generated. */
  readonly readOnly: boolean;
  /** Creates the run may still ask for. */
  writesLeft: number;
  /** Creates kept back for shrinking documented failures: the generation leaves them, shrinking spends them. */
  writeReserve: number;
}

/** How often an operation is picked: once, and once more for each input it takes (more to vary). */
const weight = (operation: InterfaceOperation): number =>
  1 + operation.query.length + operation.path.length + (operation.body?.length ?? 0);

/** Records a valid body names: few enough that every pairing with the other values is tried. */
const referenceFanout = 5;
const strata = 10;

const encode = encodeURIComponent;

/** One value of a factor of the valid combinations; `undefined` leaves the part out. */
type Level = (random: Random, state: FuzzState) => unknown;

/** The levels an integer with bounds takes: each bound, and a value in every tenth of the range. */
function integerLevels(schema: ParameterSchema): Level[] {
  const { minimum, maximum } = schema;
  if (typeof minimum !== "number" || typeof maximum !== "number") {
    return [(random) => random.int(1, 1000)];
  }
  const span = maximum - minimum + 1;
  const levels: Level[] = [() => minimum, () => maximum];
  const step = Math.max(1, Math.floor(span / strata));
  for (let low = minimum; low <= maximum; low += step) {
    levels.push((random) => random.int(low, Math.min(maximum, low + step - 1)));
  }
  return levels;
}

const nameKinds: readonly ((random: Random) => string)[] = [
  (random) => random.pick(["Rex", "Luna", "Milo", "Bella", "Kiwi"]),
  (random) => random.pick(["Žofka", "Mañana", "Ørjan", "ハチ", "Łatka"]),
  (random) => random.pick([`O'Hara`, `"Hops"`, "Sir <Wags>", "a&b", "50%"]),
  (random) => `Pet ${random.int(1, 99_999)} 🐇`,
];

/** A name the run owns: the tag first. */
const taggedName = (random: Random, state: FuzzState) =>
  `${state.tag} fuzz ${random.pick(nameKinds)(random)}`;

/** A part's levels: left out when optional, then each enum value, an integer's levels, or `other`. */
function levelsOf(part: BodyField | OperationParameter, other: Level): Level[] {
  const optional = part.required ? [] : [() => undefined];
  if (part.schema.enum) return [...optional, ...part.schema.enum.map((value) => () => value)];
  return [...optional, ...(part.schema.type === "integer" ? integerLevels(part.schema) : [other])];
}

function fieldLevels(field: BodyField): Level[] {
  const { schema } = field;
  const collection = referencedCollection(field.name);
  if (!schema.enum && schema.type === "integer" && collection !== undefined) {
    return Array.from(
      { length: referenceFanout },
      (_, index) => (random: Random, state: FuzzState) =>
        state.ids[collection][index] ?? random.pick(state.ids[collection]),
    );
  }
  if (!schema.enum && schema.type === "string" && field.name === "name") return [taggedName];
  const text: Level = (random) => `Made by the contract suite's fuzzer (${random.int(1, 999)})`;
  return levelsOf(field, schema.type === "string" ? text : () => undefined);
}

const parameterLevels = (parameter: OperationParameter) => levelsOf(parameter, () => "x");

interface Factor {
  readonly where: "query" | "body";
  readonly name: string;
  readonly levels: readonly Level[];
}

function factorsOf(operation: InterfaceOperation): Factor[] {
  return [
    ...operation.query.map((p) => ({
      where: "query" as const,
      name: p.name,
      levels: parameterLevels(p),
    })),
    ...(operation.body ?? []).map((f) => ({
      where: "body" as const,
      name: f.name,
      levels: fieldLevels(f),
    })),
  ];
}

/** Every combination of the factors' levels (as level indexes). */
function combinations(factors: readonly Factor[]): number[][] {
  let out: number[][] = [[]];
  for (const factor of factors) {
    out = out.flatMap((combo) => factor.levels.map((_, index) => [...combo, index]));
  }
  return out;
}

/**
 * Just outside an integer's bounds (`min - 1`, `max + 1`): the values a range
 * check most often gets wrong, so an operation's first invalid requests carry
 * each of them, and later integer mistakes one time in two.
 */
const boundaryMistakes = (schema: ParameterSchema): string[] => [
  ...(schema.minimum === undefined ? [] : [String(schema.minimum - 1)]),
  ...(schema.maximum === undefined ? [] : [String(schema.maximum + 1)]),
];

/** The mistakes an invalid request can carry, by where they go. */
const integerMistakes = (schema: ParameterSchema, random: Random): string[] => {
  const min = schema.minimum ?? 1;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  return [
    String(min - 2 - random.int(0, 5)),
    String(max + 2 + random.int(0, 1000)),
    `${random.int(1, 9)}.5`,
    random.pick(["abc", "one", "NaN", "Infinity", "0x10", "1e400", "true", "null"]),
    "",
    " 5",
    String(-random.int(1, 100)),
    "99999999999999999999",
  ];
};

const enumMistakes = (schema: ParameterSchema, random: Random): string[] => {
  const first = String(schema.enum?.[0] ?? "x");
  return [first.toUpperCase(), `${first} `, "", random.pick(["flying", "unknown", "*", "null"])];
};

const wrongTypes = (field: BodyField, random: Random): unknown[] => {
  if (field.schema.type === "integer") {
    return [String(random.int(1, 9)), 1.5, true, null, 1e20, { id: 1 }, [1]];
  }
  if (field.schema.enum) return ["flying", "", String(field.schema.enum[0]).toUpperCase(), 1, null];
  return [random.int(0, 99), true, null, { text: "x" }, ["x"]];
};

export class RequestGenerator {
  private readonly queues = new Map<string, number[][]>();
  /** Boundary mistakes not sent yet, by operation: parameter and value. */
  private readonly boundariesLeft = new Map<string, [string, string][]>();
  private readonly picks: InterfaceOperation[];

  constructor(
    private readonly random: Random,
    private readonly state: FuzzState,
    operations: readonly InterfaceOperation[] = interfaceOperations,
  ) {
    this.picks = operations.flatMap((operation) =>
      Array.from({ length: weight(operation) }, () => operation),
    );
  }

  /** The next request: about six in ten valid, the rest with one mistake. */
  next(): FuzzRequest {
    const operation = this.pickOperation();
    return this.random.chance(0.6) ? this.valid(operation) : this.invalid(operation);
  }

  /** Whether a create may be generated: writes allowed, beyond the reserve kept for shrinking. */
  private canWrite(): boolean {
    return !this.state.readOnly && this.state.writesLeft > this.state.writeReserve;
  }

  private pickOperation(): InterfaceOperation {
    const creates = this.canWrite();
    const usable = this.picks.filter(
      (operation) =>
        (operation.method === "GET" || creates) &&
        (operation.path.length === 0 || this.state.ids[operation.collection].length > 0 || creates),
    );
    return this.random.pick(usable.length ? usable : this.picks);
  }

  /** The next untried combination of valid values for an operation (all of them, then again). */
  private nextCombination(operation: InterfaceOperation, factors: readonly Factor[]): number[] {
    let queue = this.queues.get(operation.id);
    if (!queue || queue.length === 0) {
      queue = this.random.shuffle(combinations(factors));
      this.queues.set(operation.id, queue);
    }
    return queue.pop() ?? [];
  }

  /**
   * A valid request: the next untried combination (or, as the base of an
   * invalid request, any one), a known pet for a path id, a tagged name.
   */
  valid(operation: InterfaceOperation, untried = true): FuzzRequest {
    const factors = factorsOf(operation);
    const combo = untried
      ? this.nextCombination(operation, factors)
      : factors.map((factor) => this.random.int(0, factor.levels.length - 1));
    const query: QueryPart[] = [];
    const body: Record<string, unknown> = {};
    factors.forEach((factor, index) => {
      const value = factor.levels[combo[index] ?? 0]?.(this.random, this.state);
      if (value === undefined) return;
      if (factor.where === "query") query.push({ name: factor.name, value: encode(String(value)) });
      else body[factor.name] = value;
    });
    const known = this.state.ids[operation.collection];
    if (operation.path.length > 0 && known.length === 0) return this.valid(this.readInstead());
    const path = Object.fromEntries(
      operation.path.map((parameter) => [parameter.name, String(this.random.pick(known))]),
    );
    if (operation.body && !this.canWrite()) return this.valid(this.readInstead());
    return {
      operation: operation.id,
      expect: "valid",
      credential: "valid",
      query: this.random.chance(0.15) ? this.oddButValidQuery(query) : query,
      path,
      ...(operation.body ? { body: { kind: "json", value: body } as Body, thenRead: true } : {}),
    };
  }

  /** A read that needs nothing known (any listing), for when a write or an id is not possible. */
  private readInstead(): InterfaceOperation {
    return this.random.pick(
      interfaceOperations.filter(
        (operation) => operation.method === "GET" && operation.path.length === 0,
      ),
    );
  }

  /** The same values, written differently: an unknown parameter added, or a value percent-encoded. */
  private oddButValidQuery(query: readonly QueryPart[]): QueryPart[] {
    const [first, ...rest] = query;
    if (first && this.random.chance(0.5)) {
      const encoded = [...decodeURIComponent(first.value)]
        .map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
        .join("");
      return [{ ...first, value: encoded }, ...rest];
    }
    return [...query, { name: this.random.pick(["page", "sort", "q", "utm_source"]), value: "1" }];
  }

  /** A request with one mistake, of a kind the operation can carry. */
  invalid(operation: InterfaceOperation): FuzzRequest {
    const base = this.valid(operation, false);
    if (base.operation !== operation.id) return base;
    const kinds: Array<() => FuzzRequest> = [
      () => ({ ...base, expect: "credential", credential: this.random.pick(badCredentials) }),
    ];
    if (operation.query.length) kinds.push(() => this.badQuery(base, operation));
    if (operation.path.length) kinds.push(() => this.badPath(base));
    if (operation.body) kinds.push(() => this.badBody(base, operation.body ?? []));
    const request = this.nextBoundary(operation, base) ?? this.random.pick(kinds)();
    return operation.body ? { ...request, thenRead: false } : request;
  }

  private badQuery(base: FuzzRequest, operation: InterfaceOperation): FuzzRequest {
    const parameter = this.random.pick(operation.query);
    const others = base.query.filter((part) => part.name !== parameter.name);
    const { schema } = parameter;
    const part = (value: string): QueryPart => ({ name: parameter.name, value, fixed: true });
    const valid = () => part(encode(String(this.someValid(parameter))));
    const roll = this.random.int(0, 9);
    const parts =
      roll === 0
        ? [valid(), valid()]
        : roll === 1
          ? [part(this.random.pick(["%ZZ", "%", "%E0%A4%A"]))]
          : schema.enum
            ? [part(encode(this.random.pick(enumMistakes(schema, this.random))))]
            : [part(encode(this.integerMistake(schema)))];
    return { ...base, expect: "tolerated", query: [...others, ...parts] };
  }

  /** An integer mistake: just outside a bound one time in two. */
  private integerMistake(schema: ParameterSchema): string {
    const boundaries = boundaryMistakes(schema);
    return boundaries.length > 0 && this.random.chance(0.5)
      ? this.random.pick(boundaries)
      : this.random.pick(integerMistakes(schema, this.random));
  }

  /** The operation's next boundary mistake not sent yet (each query bound once, alone), if any. */
  private nextBoundary(operation: InterfaceOperation, base: FuzzRequest): FuzzRequest | undefined {
    let left = this.boundariesLeft.get(operation.id);
    if (!left) {
      const all = operation.query.flatMap(({ name, schema }) =>
        boundaryMistakes(schema).map((value): [string, string] => [name, value]),
      );
      left = this.random.shuffle(all);
      this.boundariesLeft.set(operation.id, left);
    }
    const [name, value] = left.pop() ?? [];
    if (name === undefined || value === undefined) return undefined;
    // Alone: no filter narrows what a list that ignores the bound could show.
    return { ...base, expect: "tolerated", query: [{ name, value, fixed: true }] };
  }

  private someValid(parameter: OperationParameter): unknown {
    const levels = parameterLevels(parameter).slice(parameter.required ? 0 : 1);
    return this.random.pick(levels)(this.random, this.state);
  }

  private badPath(base: FuzzRequest): FuzzRequest {
    const [name = "petId"] = Object.keys(base.path);
    const roll = this.random.int(0, 9);
    if (roll < 3) {
      const absent = absentId(this.random.int(0, absentIdSpread));
      return { ...base, expect: "absent", path: { [name]: String(absent) }, pathFixed: true };
    }
    const odd = this.random.pick([
      "abc",
      `${this.random.int(1, 9)}.5`,
      "0",
      String(-this.random.int(1, 99)),
      "99999999999999999999",
      "1e3",
      "%20",
      encode("ハチ"),
    ]);
    return { ...base, expect: "invalid-path", path: { [name]: odd }, pathFixed: true };
  }

  private badBody(base: FuzzRequest, fields: readonly BodyField[]): FuzzRequest {
    const valid = base.body?.kind === "json" ? (base.body.value as Record<string, unknown>) : {};
    const roll = this.random.int(0, 11);
    const json = (value: unknown, fixedFields: string[] = []): FuzzRequest => ({
      ...base,
      expect: "invalid-body",
      body: { kind: "json", value, fixedFields },
    });
    if (roll < 3) {
      const field = this.random.pick(fields.filter((f) => f.required));
      const { [field.name]: _dropped, ...rest } = valid;
      return json(rest);
    }
    if (roll < 7) {
      const field = this.random.pick(fields);
      const wrong = this.random.pick(wrongTypes(field, this.random));
      return json({ ...valid, [field.name]: wrong }, [field.name]);
    }
    if (roll === 7) return json(this.random.pick([{}, [valid], null, "text", 7]));
    if (roll === 8) {
      const text = toJson(valid);
      return {
        ...base,
        expect: "broken-body",
        body: { kind: "raw", text: text.slice(0, this.random.int(1, text.length - 1)) },
      };
    }
    if (roll === 9) return { ...base, expect: "broken-body", body: { kind: "raw", text: "" } };
    return {
      ...base,
      expect: "tolerated",
      contentType: this.random.pick(["text/plain", "application/x-www-form-urlencoded", ""]),
      thenRead: false,
    };
  }
}

/**
 * The shrink steps of a valid value, simplest first: an integer toward its
 * minimum (the minimum, then ever smaller steps down: half the way, a
 * quarter…, one), an enum value toward the first.
 */
export function simplerValues(value: unknown, schema: ParameterSchema | undefined): unknown[] {
  if (typeof value === "number" && Number.isInteger(value)) {
    const floor = schema?.minimum ?? 1;
    const steps: number[] = [floor];
    for (let gap = Math.ceil((value - floor) / 2); gap >= 1; gap = Math.floor(gap / 2)) {
      steps.push(value - gap);
      if (gap === 1) break;
    }
    return [...new Set(steps)].filter((candidate) => candidate < value);
  }
  if (schema?.enum && typeof value === "string") {
    const index = schema.enum.indexOf(value);
    return schema.enum.slice(0, Math.max(0, index));
  }
  return [];
}
