/**
 * Faults: answers the mock gives instead of (or on top of) its normal one, set
 * at run time and aimed at one operation or all. One model for every runtime;
 * the adapters only carry out a dropped connection their own way.
 *
 * @example
 * const faults = createFaultRegistry();
 * faults.add({ operation: "createPet", status: 503, times: 2 });
 * faults.add({ operation: "getPet", delayMs: 2000 });
 * faults.add({ operation: "listPets", network: "reset" });
 */

import { interfaceOperations } from "../interface/operations.js";
import { type OperationId, operationIds } from "../interface/spec.js";
import { isSafeInteger } from "../util/numbers.js";
import { wait } from "./latency.js";
import { shown } from "./shown.js";

/** What a fault does to the requests it matches. */
export interface FaultEffect {
  /** Answer this 4xx/5xx status with an Error body instead of running the operation. */
  readonly status?: number;
  /** Wait this long before answering (added to any global latency). */
  readonly delayMs?: number;
  /** Send no answer: `reset` drops the connection, `hang` waits until the client gives up. */
  readonly network?: "reset" | "hang";
  /** Run the operation, then send `malformed` JSON (cut short) or, for the list operations, `empty` `[]`. */
  readonly body?: "malformed" | "empty";
}

export interface FaultInput extends FaultEffect {
  /** The operationId the fault applies to, or `*` for every operation; default `*`. */
  readonly operation?: OperationId | "*";
  /** Apply to the next N matching requests only, then disappear; default until removed. */
  readonly times?: number;
}

export interface Fault extends FaultEffect {
  readonly id: string;
  readonly operation: OperationId | "*";
  /** Matching requests still to be affected; absent while unlimited. */
  readonly times?: number;
  /** The preset that added the fault (`preset(name)`, `--preset`); absent for one added alone. */
  readonly preset?: FaultPreset;
}

/** What the journal records of the fault that shaped an answer. */
export type AppliedFault = Omit<Fault, "times">;

export const faultLimits = {
  /** Faults active at once. */
  active: 100,
  /** `delayMs` maximum. */
  delayMs: 60_000,
  /** `times` maximum. */
  times: 1_000_000,
  /** A hang ends (the connection is dropped) after this long even if the client waits on. */
  hangMs: 120_000,
} as const;

/** The operations whose success is a list, or a created record (openapi.yaml). */
const operationsThat = (which: "lists" | "creates"): OperationId[] =>
  interfaceOperations.filter((operation) => operation[which]).map((operation) => operation.id);

/** The operations an `empty` body fault fits. */
const listOperations: ReadonlySet<OperationId> = new Set(operationsThat("lists"));
const fields = ["operation", "times", "status", "delayMs", "network", "body"] as const;
const networks = ["reset", "hang"] as const;
const bodies = ["malformed", "empty"] as const;

/** A fault input that cannot be stored; the message says why. */
export class FaultInputError extends RangeError {
  override name = "FaultInputError";
}

/** The registry already holds `faultLimits.active` faults. */
export class FaultLimitError extends FaultInputError {
  override name = "FaultLimitError";
}

function integerIn(name: string, value: unknown, minimum: number, maximum: number): number {
  if (!isSafeInteger(value) || value < minimum || value > maximum) {
    throw new FaultInputError(
      `${name} must be an integer from ${minimum} to ${maximum} (got ${shown(value)})`,
    );
  }
  return value;
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new FaultInputError(`${name} must be one of ${allowed.join(", ")} (got ${shown(value)})`);
  }
  return value as T;
}

/** A checked fault input: its operation is always named (`*` when none was given). */
type ParsedFaultInput = FaultInput & { readonly operation: OperationId | "*" };

/** Checks untrusted fault input (e.g. a parsed request body); throws `FaultInputError`. */
export function parseFaultInput(input: unknown): ParsedFaultInput {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new FaultInputError(
      'A fault must be a JSON object such as {"operation": "createPet", "status": 503}',
    );
  }
  const record = input as Record<string, unknown>;
  const stray = Object.keys(record).find((name) => !(fields as readonly string[]).includes(name));
  if (stray !== undefined) {
    throw new FaultInputError(
      `Unknown fault field ${shown(stray)}; accepted: ${fields.join(", ")}`,
    );
  }
  const { operation, times, status, delayMs, network, body } = record;
  const fault: { -readonly [K in keyof ParsedFaultInput]: ParsedFaultInput[K] } = {
    operation:
      operation === undefined
        ? "*"
        : oneOf<OperationId | "*">("operation", operation, ["*", ...operationIds]),
  };
  if (times !== undefined) fault.times = integerIn("times", times, 1, faultLimits.times);
  if (status !== undefined) fault.status = integerIn("status", status, 400, 599);
  if (delayMs !== undefined) fault.delayMs = integerIn("delayMs", delayMs, 0, faultLimits.delayMs);
  if (network !== undefined) fault.network = oneOf("network", network, networks);
  if (body !== undefined) fault.body = oneOf("body", body, bodies);
  const answers = [fault.status, fault.network, fault.body].filter((v) => v !== undefined);
  if (answers.length > 1) {
    throw new FaultInputError("A fault sets at most one of status, network and body");
  }
  if (answers.length === 0 && fault.delayMs === undefined) {
    throw new FaultInputError("A fault needs an effect: status, delayMs, network or body");
  }
  if (answers.length === 0 && fault.delayMs === 0) {
    throw new FaultInputError(
      `A delay of 0 ms alone changes nothing: give delayMs from 1 to ${faultLimits.delayMs}, or a status, network or body`,
    );
  }
  const lists = fault.operation === "*" || listOperations.has(fault.operation as OperationId);
  if (fault.body === "empty" && !lists) {
    throw new FaultInputError(
      `body "empty" applies to listPets and listCategories only (got ${fault.operation})`,
    );
  }
  return fault;
}

export interface FaultRegistry {
  /** Validates and stores a fault; throws `FaultInputError` for bad input, `FaultLimitError` when full. */
  add(input: FaultInput): Fault;
  /** The active faults, oldest first. */
  list(): Fault[];
  /** Removes one fault; false when no fault has that id. */
  remove(id: string): boolean;
  clear(): void;
  /**
   * Adds a named preset's faults, each naming the preset; throws
   * `FaultInputError` for an unknown name and `FaultLimitError` (adding none)
   * when they do not all fit.
   */
  preset(name: FaultPreset): Fault[];
  /**
   * The fault that shapes a request to this operation, counting it against
   * its `times`: the newest active fault that matches, if any.
   */
  take(operationId: OperationId): AppliedFault | undefined;
  /**
   * Holds a request a `hang` fault caught until the client gives up, the
   * fault is removed or cleared (a reset included), or `faultLimits.hangMs`
   * pass; the adapter then drops the connection.
   */
  hold(fault: AppliedFault, signal?: AbortSignal): Promise<void>;
}

function applies(fault: Fault, operationId: OperationId): boolean {
  if (fault.operation !== "*" && fault.operation !== operationId) return false;
  return fault.body !== "empty" || listOperations.has(operationId);
}

export function createFaultRegistry(): FaultRegistry {
  let faults: Fault[] = [];
  let nextId = 1;
  /** Every held request: the id of the fault holding it, and its release. */
  const held = new Set<{ readonly id: string; readonly release: () => void }>();
  const release = (id: string) => {
    for (const request of held) if (request.id === id) request.release();
  };
  const full = `At most ${faultLimits.active} faults can be active; remove some first`;
  const room = (count: number) => {
    if (faults.length + count > faultLimits.active) throw new FaultLimitError(full);
  };
  const store = (parsed: ParsedFaultInput, preset?: FaultPreset): Fault => {
    const fault: Fault = { id: `f${nextId++}`, ...parsed, ...(preset ? { preset } : {}) };
    faults.push(fault);
    return { ...fault };
  };
  return {
    add(input) {
      const parsed = parseFaultInput(input);
      room(1);
      return store(parsed);
    },
    list: () => faults.map((fault) => ({ ...fault })),
    remove(id) {
      const before = faults.length;
      faults = faults.filter((fault) => fault.id !== id);
      release(id);
      return faults.length < before;
    },
    clear() {
      faults = [];
      for (const request of held) request.release();
    },
    hold: ({ id }, signal) =>
      wait(faultLimits.hangMs, signal, (release) => {
        const request = { id, release };
        held.add(request);
        return () => held.delete(request);
      }),
    preset(name) {
      const inputs = presetFaults(name).map(parseFaultInput);
      // All of a preset or none of it: a half-applied preset is no state the app can expect.
      room(inputs.length);
      return inputs.map((input) => store(input, name));
    },
    take(operationId) {
      for (let index = faults.length - 1; index >= 0; index--) {
        const fault = faults[index] as Fault;
        if (!applies(fault, operationId)) continue;
        const { times, ...applied } = fault;
        if (times !== undefined) {
          if (times <= 1) faults.splice(index, 1);
          else faults[index] = { ...fault, times: times - 1 };
        }
        return applied;
      }
      return undefined;
    },
  };
}

/** Named sets of faults, to flip a whole state at once. */
export const faultPresets = {
  /** Every list answers `[]`: the app's empty state. Writes still work. */
  "empty-store": operationsThat("lists").map((operation) => ({ operation, body: "empty" })),
  /** Every operation answers 1.5 s late. */
  "slow-network": [{ operation: "*", delayMs: 1500 }],
  /** The next create of each kind fails with 503; a retry succeeds. */
  "flaky-writes": operationsThat("creates").map((operation) => ({
    operation,
    status: 503,
    times: 1,
  })),
  /** Every operation answers 503 until the faults are cleared. */
  "server-down": [{ operation: "*", status: 503 }],
} as const satisfies Record<string, readonly FaultInput[]>;

export type FaultPreset = keyof typeof faultPresets;
export const faultPresetNames = Object.keys(faultPresets) as FaultPreset[];

/** A preset's faults; throws `FaultInputError` naming the presets for an unknown name. */
function presetFaults(name: string): readonly FaultInput[] {
  if (!Object.hasOwn(faultPresets, name)) {
    throw new FaultInputError(
      `Unknown preset ${shown(name)}; presets: ${faultPresetNames.join(", ")}`,
    );
  }
  return faultPresets[name as FaultPreset];
}
