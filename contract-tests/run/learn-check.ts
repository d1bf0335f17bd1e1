/**
 * `--learn FILE --check`: learns again, writes nothing, and compares what it
 * learned with FILE: a choice decided otherwise (another alternative or
 * value, or no longer decided by answers that now disagree) has drifted; a
 * choice only now decided is new; one whose requests this run did not send
 * (`--read-only`, the write budget) is not checked.
 *
 * @example
 * const before = await readLearnedFile("petstore.behaviour.json");
 * const drift = learnedDrift(before, learned); // { changed: ["limitAboveMaximum: clamped, now refused"], … }
 */
import {
  type BehaviourProfile,
  type ChoiceId,
  choiceIds,
  profileLimits,
  validateBehaviourProfile,
} from "../../mocks/interface/behaviours.js";
import { readJsonFile } from "../../mocks/util/files.js";
import { isObject } from "../../mocks/util/json.js";
import { printable } from "../../mocks/util/text.js";
import { UsageError } from "../suite/settings.js";
import { canonical, type LearnedChoice } from "./learn-readings.js";

/** A profile file as written, undecided choices left without an alternative; a usage error says why not. */
export async function readLearnedFile(path: string): Promise<BehaviourProfile> {
  const refuse = (why: string) => new UsageError(`--learn ${printable(path)} --check: ${why}`);
  const value = await readJsonFile(path, profileLimits.bytes, refuse);
  if (value === undefined) throw refuse("the file does not exist (write it with --learn first)");
  let profile: BehaviourProfile;
  try {
    profile = validateBehaviourProfile(value);
  } catch (error) {
    throw refuse((error as Error).message);
  }
  // Validation fills an undecided choice with the default; as written, it names no alternative.
  const written = (value as { choices: Record<string, unknown> }).choices;
  const choices = Object.fromEntries(
    Object.entries(profile.choices).map(([id, choice]) => {
      const given = written[id];
      const undecided = isObject(given) && given.alternative === undefined;
      return [id, undecided ? { ...choice, alternative: undefined } : choice];
    }),
  );
  return { ...profile, choices };
}

export interface Drift {
  /** Each choice decided otherwise than the file says, and how. */
  readonly changed: readonly string[];
  /** Each choice the file leaves undecided that this run decided. */
  readonly added: readonly string[];
  /** Each choice the file decides that this run could not check, and why. */
  readonly unchecked: readonly string[];
}

const shown = (alternative: string | undefined, value: unknown) => {
  if (alternative === undefined) return "undecided";
  if (value === undefined) return alternative;
  const text = canonical(value);
  return `${alternative} ${text.length > 120 ? `${text.slice(0, 119)}…` : text}`;
};

/** How what a run learned differs from a profile file. */
export function learnedDrift(
  before: BehaviourProfile,
  learned: Readonly<Record<ChoiceId, LearnedChoice>>,
): Drift {
  const changed: string[] = [];
  const added: string[] = [];
  const unchecked: string[] = [];
  for (const id of choiceIds) {
    const was = before.choices[id];
    const now = learned[id];
    const [then, today] = [shown(was?.alternative, was?.value), shown(now.alternative, now.value)];
    if (then === today) continue;
    if (was?.alternative === undefined) added.push(`${id}: ${today}`);
    else if (now.alternative === undefined && now.unsent) unchecked.push(`${id}: ${now.reason}`);
    else if (now.alternative === undefined) changed.push(`${id}: ${then}, now ${now.reason}`);
    else changed.push(`${id}: ${then}, now ${today}`);
  }
  return { changed, added, unchecked };
}

/** The console's account of a check: the changes first. */
export function driftSummary(drift: Drift, file: string): string {
  const list = (title: string, lines: readonly string[]) =>
    lines.length === 0 ? [] : [title, ...lines.map((line) => `  ${line}`)];
  const verdict =
    drift.changed.length === 0
      ? `learn --check: every choice is as ${file} says`
      : `learn --check: ${drift.changed.length} of ${choiceIds.length} choices changed since ${file} (exit 5)`;
  return [
    verdict,
    ...list("changed:", drift.changed),
    ...list("new (decided now, undecided in the file):", drift.added),
    ...list("not checked (their requests were not sent):", drift.unchecked),
    "",
  ].join("\n");
}
