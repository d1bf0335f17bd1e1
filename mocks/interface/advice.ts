/**
 * The link from the judge's advice to the silent choices (behaviours.ts):
 * an advisory check that asks for the kit's own answer where the interface
 * is silent names the choices that decide that answer. A profile in effect
 * whose alternatives answer otherwise replaces the advice, and the judge
 * does not raise it; while `--learn` learns the choices, none is raised. A
 * documented check names no choice: no profile silences it.
 *
 * @example
 * choiceOfValue("limit", "range"); // "limitOutOfRange"
 * replacesAdvice(resolveBehaviour({ version: 1, choices: { limitOutOfRange: "clamped" } }), "limitOutOfRange"); // true
 */
import {
  type AlternativeOf,
  type ChoiceId,
  defaultAlternative,
  type ResolvedBehaviour,
} from "./behaviour-profile.js";

/** The choices the judge knows of: the profile in effect, or `learning` (every choice open: `--learn`). */
export type ChoicesInEffect = ResolvedBehaviour | "learning";

/** How a parameter's value lies outside its schema: not its type, outside its range, no value of it, or another case of one. */
export type ValueProblem = "type" | "range" | "value" | "case";

/** Which choice decides the answer to a parameter's value outside its schema, by parameter and problem. */
const valueChoices: Readonly<Record<string, Partial<Record<ValueProblem, ChoiceId>>>> = {
  limit: { type: "limitNotInteger", range: "limitOutOfRange" },
  status: { value: "statusUnknown", case: "statusCase" },
  petId: { type: "petIdMalformed", range: "petIdOutOfRange" },
};

export const choiceOfValue = (parameter: string, problem: ValueProblem): ChoiceId | undefined =>
  valueChoices[parameter]?.[problem];

/** The choice that decides the answer to a query parameter given more than once. */
export const repeatedChoice: ChoiceId = "repeatedQuery";

/** The choices that decide the answers an operation gives where the interface shows none of its errors (§7). */
export const unshownErrorChoices = {
  refusalStatus: "categoryRefusalStatus",
  credentialStatus: "categoryCredentialStatus",
  errorBody: "categoryErrorShape",
} as const satisfies Readonly<Record<string, ChoiceId>>;

/** The choice that decides each header the judge advises. */
export const headerChoices = {
  "WWW-Authenticate": "wwwAuthenticate",
  Location: "createLocation",
  Sunset: "sunsetHeader",
  Deprecation: "deprecationDate",
} as const satisfies Readonly<Record<string, ChoiceId>>;

/** Alternatives besides the kit's that still give what its advice asks for (the header is still sent). */
const keepAdvice: { readonly [C in ChoiceId]?: readonly AlternativeOf<C>[] } = {
  createLocation: ["absolute"],
  deprecationDate: ["date"],
};

/** Whether the profile's alternative of a choice answers otherwise than the kit's advice asks. */
export function replacesAdvice(behaviour: ResolvedBehaviour, choice: ChoiceId): boolean {
  const alternative: string = behaviour.choices[choice];
  const keeps: readonly string[] = keepAdvice[choice] ?? [];
  return alternative !== defaultAlternative(choice) && !keeps.includes(alternative);
}
