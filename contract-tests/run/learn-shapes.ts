/**
 * What `--learn` reads from a deployment's records of their shapes, never
 * their values: where a collection's ids start and how they step
 * (`idSequence`), and how often the records carry each optional field of
 * their schema (`optionalFields`). Each decision holds only what does not
 * move as the deployment's data grows (no count, no id but the start), so
 * the same deployment writes the same profile. `combined` makes one choice
 * of the decisions per collection or schema.
 *
 * @example
 * combined([idSequenceOf(pets, "pets"), idSequenceOf(categories, "categories")]);
 * // { alternative: "from", value: { pets: { start: 1000, step: 1 } }, reason: "…" }
 */
import {
  type JsonValue,
  type Presence,
  profileLimits,
} from "../../mocks/interface/behaviour-profile.js";
import type { ChoiceId } from "../../mocks/interface/behaviours.js";
import { type Collection, optionalFields } from "../../mocks/interface/operations.js";
import type { SchemaName } from "../../mocks/interface/schemas.js";
import { decided, type Item, type LearnedChoice, undecided } from "./learn-readings.js";

/** A shape's decision: an alternative (with its value) and why, or why none. */
export type Decision =
  | { readonly alternative: string; readonly value?: JsonValue; readonly reason: string }
  | { readonly why: string };

/** A decision as the profile holds it. */
export const asLearned = (id: ChoiceId, decision: Decision): LearnedChoice =>
  "why" in decision
    ? undecided(decision.why)
    : decided(id, decision.alternative, [], decision.value);

/** A run tag (runner.ts `newRunTag`) at the start of a name: a record the kit's own runs created. */
const runTagged = /^ct-[0-9a-z]+-[0-9a-f]{4}(?:\s|$)/;

/**
 * The deployment's own records of those read: the ones earlier runs of the
 * kit created (named with their run tag) are left out, so a learn's own
 * creates never move the next learn's shapes.
 */
export const deploymentsOwn = (records: readonly Item[]): Item[] =>
  records.filter((record) => typeof record.name !== "string" || !runTagged.test(record.name));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A collection's id sequence from its records in the order read (a list
 * first, then a read or created record): the step is the greatest common
 * divisor of the gaps between the sorted ids, undecided unless at least
 * half the gaps are one step (the ids are one sequence, not several). The
 * start is the smallest id when the records read begin with it (a list
 * oldest first, whose first page keeps it as records are added); read
 * newest first, the smallest id seen moves with the data, so the start is
 * the sequence's first positive id instead.
 */
export function idSequenceOf(records: readonly Item[], collection: Collection): Decision {
  const ids: number[] = [];
  for (const { id } of records) {
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) {
      return { why: `a record of ${collection} has an id that is no positive safe integer` };
    }
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length < 2) return { why: `fewer than 2 ids of ${collection} came back: no step shows` };
  const sorted = [...ids].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((id, index) => id - (sorted[index] as number));
  const step = gaps.reduce(gcd);
  if (step > profileLimits.idStep) {
    return { why: `the ids of ${collection} step by more than ${profileLimits.idStep}` };
  }
  if (gaps.filter((gap) => gap === step).length * 2 < gaps.length) {
    return {
      why: `the ids of ${collection} are not one sequence: most gaps are wider than a step`,
    };
  }
  const smallest = sorted[0] as number;
  const start = ids[0] === smallest ? smallest : ((smallest - 1) % step) + 1;
  if (start > profileLimits.idStart) {
    return { why: `the ids of ${collection} start too near 2^53 - 1 to leave room` };
  }
  const reason = `the ids of ${collection} count from ${start} by ${step}`;
  if (start === 1 && step === 1) return { alternative: "fromOne", reason };
  return { alternative: "from", value: { [collection]: { start, step } }, reason };
}

/**
 * How often records (as stored: lists and reads; a created record's
 * optional fields are its request's) carry each optional field of their
 * schema, a field given as `null` counted as left out.
 */
export function fieldPresence(records: readonly Item[], schema: SchemaName): Decision {
  if (records.length === 0) return { why: `no ${schema} came back to read its optional fields` };
  const presence: Record<string, Presence> = {};
  for (const field of optionalFields(schema)) {
    const carrying = records.filter((record) => record[field] != null).length;
    presence[field] =
      carrying === records.length ? "always" : carrying === 0 ? "never" : "sometimes";
  }
  const said = Object.entries(presence).map(([field, how]) => `${field} ${how}`);
  const reason = `${schema} records carry ${said.join(", ")}`;
  if (Object.values(presence).every((how) => how === "always")) {
    return { alternative: "always", reason };
  }
  return { alternative: "learned", value: { [schema]: presence }, reason };
}

/**
 * One choice of its decisions per collection or schema: the values of the
 * decided ones merged (a part left undecided stays at the default), the
 * reasons joined; undecided when none is decided.
 */
export function combined(decisions: readonly Decision[]): Decision {
  const decided = decisions.flatMap((decision) => ("why" in decision ? [] : [decision]));
  if (decided.length === 0) {
    return { why: decisions.map((decision) => ("why" in decision ? decision.why : "")).join("; ") };
  }
  const reasons = decisions.map((decision) =>
    "why" in decision ? `undecided: ${decision.why}` : decision.reason,
  );
  const valued = decided.filter((decision) => decision.value !== undefined);
  const [first] = valued.length > 0 ? valued : decided;
  const value: Record<string, JsonValue> = {};
  for (const decision of valued) Object.assign(value, decision.value);
  return {
    alternative: (first as { alternative: string }).alternative,
    ...(valued.length > 0 ? { value } : {}),
    reason: reasons.join("; "),
  };
}
