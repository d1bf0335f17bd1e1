/**
 * `petstore-contract --learn <file>`: probes a deployment for each choice it
 * makes where the interface is silent (learn-probes.ts: reads first, a few
 * tagged creates bounded like `--consumer`'s), judges every answer like any
 * run (a broken statement is reported as today, exit 1), and writes the
 * behaviour profile it learned (mocks/interface/behaviours.ts's format) for
 * `petstore-mock --behaviour <file>`: each choice, the alternative its
 * answers showed and the evidence (masked), or why it stays the default.
 *
 * @example
 * const result = await runLearn({ baseUrl, apiKey });
 * await writeLearnedProfile("staging.behaviour.json", result.learned, redact);
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import {
  type BehaviourProfile,
  type ChoiceId,
  choiceIds,
  parseBehaviourProfile,
} from "../../mocks/interface/behaviours.js";
import { writeFileAtomically } from "../../mocks/util/files.js";
import { createRedactor, type Redact } from "../../mocks/util/redact.js";
import { printable } from "../../mocks/util/text.js";
import { learnChoices, profileChoice } from "./learn-choices.js";
import { type ProbeOptions, sendProbes } from "./learn-probes.js";
import type { LearnedChoice } from "./learn-readings.js";
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

/** The profile file's content: every choice, in the table's order, masked. */
export function learnedProfile(
  learned: Learned,
  redact: Redact,
  now = new Date(),
): BehaviourProfile {
  const day = now.toISOString().slice(0, 10);
  const source = printable(redact(`learned from ${learned.baseUrl} on ${day}`)).slice(0, 1000);
  return {
    version: 1,
    name: "learned",
    source,
    choices: Object.fromEntries(
      choiceIds.map((id) => [id, profileChoice(learned.choices[id])]),
    ) as BehaviourProfile["choices"],
  };
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
  const text = `${redact(JSON.stringify(learnedProfile(learned, redact), null, 2))}\n`;
  parseBehaviourProfile(text, printable(file));
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomically(file, text);
}
