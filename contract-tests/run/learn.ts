/**
 * `petstore-contract --learn <file>`: probes a deployment for each choice it
 * makes where the interface is silent (learn-probes.ts: reads first, a few
 * tagged creates bounded like `--consumer`'s), judges every answer like any
 * run (a broken statement is reported as today, exit 1), and writes the
 * behaviour profile it learned (mocks/interface/behaviours.ts's format) for
 * `petstore-mock --behaviour <file>`: each choice, the alternative its
 * answers showed and the evidence (masked), or why it stays the default.
 * The file holds nothing that moves with the deployment's data, so the same
 * deployment writes the same bytes; a run that cannot judge writes none.
 *
 * `--learn FILE --check` learns again, writes nothing, and compares what it
 * learned with FILE: a choice decided otherwise (another alternative or
 * value, or no longer decided by answers that now disagree) has drifted; a
 * choice only now decided is new; one whose requests this run did not send
 * (`--read-only`, the write budget) is not checked.
 *
 * @example
 * const result = await runLearn({ baseUrl, apiKey });
 * if (!whyNoProfile(result)) await writeLearnedProfile("staging.behaviour.json", result.learned, redact);
 * const drift = learnedDrift(await readLearnedFile("staging.behaviour.json"), result.learned.choices);
 * // { changed: ["limitAboveMaximum: clamped, now refused"], … }
 */
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import {
  type BehaviourProfile,
  type ChoiceId,
  choiceIds,
  parseBehaviourProfile,
  profileLimits,
  validateBehaviourProfile,
} from "../../mocks/interface/behaviours.js";
import { readJsonFile, writeFileAtomically } from "../../mocks/util/files.js";
import { isObject } from "../../mocks/util/json.js";
import { createRedactor, type Redact } from "../../mocks/util/redact.js";
import { printable } from "../../mocks/util/text.js";
import { failingChecks } from "../suite/results.js";
import { UsageError } from "../suite/settings.js";
import { learnChoices, profileChoice } from "./learn-choices.js";
import { type ProbeOptions, sendProbes } from "./learn-probes.js";
import { canonical, type LearnedChoice } from "./learn-readings.js";
import { runCases, type SuiteOptions, type SuiteRun } from "./runner.js";

/** What a learn run found: every choice, learned or left at the default. */
export interface Learned {
  readonly baseUrl: string;
  readonly choices: Readonly<Record<ChoiceId, LearnedChoice>>;
}

export type LearnRun = SuiteRun & { readonly learned: Learned };

/** What the run says instead of advice about the choices it learns. */
export const learningNote =
  "advice about the choices --learn learns is not raised: their answers are what it learns";

/** Sends the probes to the deployment in `options` and learns each choice from the answers. */
export async function runLearn(options: SuiteOptions & ProbeOptions): Promise<LearnRun> {
  const redact = createRedactor([options.apiKey]);
  let probes: Awaited<ReturnType<typeof sendProbes>> = new Map();
  const result = await runCases({ ...options, behaviour: "learning" }, async (ctx) => {
    ctx.notes.push(learningNote);
    probes = await sendProbes(ctx, options);
  });
  return {
    ...result,
    learned: { baseUrl: result.baseUrl, choices: learnChoices(probes, redact) },
  };
}

/** The profile file's content: every choice, in the table's order, masked; nothing that moves with the data. */
export function learnedProfile(learned: Learned, redact: Redact): BehaviourProfile {
  const source = printable(redact(`learned from ${learned.baseUrl}`)).slice(0, 1000);
  return {
    version: 1,
    name: "learned",
    source,
    choices: Object.fromEntries(
      choiceIds.map((id) => [id, profileChoice(learned.choices[id])]),
    ) as BehaviourProfile["choices"],
  };
}

/**
 * Why a run cannot judge the deployment's choices, so no profile is written
 * (or compared): it stopped early, the key was refused, or an answer broke a
 * statement. Undefined when it can.
 */
export function whyNoProfile(result: LearnRun): string | undefined {
  if (result.stopReason) return "the run stopped before every request was answered";
  const refused = result.cases.find((record) => record.caseId === "listPets.learn-pets");
  const status = refused?.exchange.response?.status;
  if (status === 401 || status === 403) {
    return `the deployment refused the key (${status} to GET /pets with it): check --key`;
  }
  const broken = failingChecks({ ...result, strict: false }).length;
  if (broken > 0) {
    return `${broken} answers broke a statement of the interface: a deployment is learned from only where it conforms`;
  }
  return undefined;
}

/** What the console says after the run: the file, then each choice learned or why not. */
export function learnSummary(learned: Learned, file: string): string {
  const lines = choiceIds.map((id) => {
    const choice = learned.choices[id];
    return choice.alternative !== undefined
      ? `  ${id}: ${choice.alternative}`
      : `  ${id}: default (${choice.reason})`;
  });
  const decided = choiceIds.filter((id) => learned.choices[id].alternative !== undefined).length;
  return [
    `learn: ${decided} of ${choiceIds.length} choices learned, the others left at the default; profile ${printable(file)}`,
    ...lines,
    "",
  ].join("\n");
}

/** A JSON value on one line, a space after each `:` and `,` of its objects. */
const inline = (value: unknown): string =>
  isObject(value)
    ? `{ ${Object.entries(value)
        .map(([key, member]) => `${JSON.stringify(key)}: ${inline(member)}`)
        .join(", ")} }`
    : JSON.stringify(value);

/** A profile's JSON text, indented, each evidence item on a line of its own. */
export function profileText(profile: BehaviourProfile): string {
  const items: string[] = [];
  const mark = `evidence-${randomBytes(8).toString("hex")}-`;
  const text = JSON.stringify(
    profile,
    (key, value: unknown) =>
      key === "evidence" && Array.isArray(value)
        ? value.map((item) => `${mark}${items.push(inline(item))}`)
        : value,
    2,
  );
  return text.replace(
    new RegExp(`"${mark}(\\d+)"`, "g"),
    (_whole, index: string) => items[Number(index) - 1] as string,
  );
}

/**
 * Writes the profile: redacted, checked by the profile reader itself (what
 * the mock will read), its folder created, the file replaced atomically
 * through an exclusively created temp file (a symbolic link at the path is
 * replaced, never followed).
 */
export async function writeLearnedProfile(
  file: string,
  learned: Learned,
  redact: Redact,
): Promise<void> {
  const text = `${redact(profileText(learnedProfile(learned, redact)))}\n`;
  parseBehaviourProfile(text, printable(file));
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomically(file, text);
}

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
