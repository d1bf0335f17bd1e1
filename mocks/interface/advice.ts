/**
 * The link from the judge's advice to the silent choices (behaviours.ts):
 * an advisory check that asks for the kit's own answer where the interface
 * is silent names the choices that decide that answer. A profile in effect
 * whose alternatives answer otherwise replaces the advice, and the judge
 * does not raise it; while `--learn` learns the choices, none is raised. A
 * documented check names no choice: no profile silences it.
 *
 * @example
 * choicesOfValue("limit", "below"); // ["limitBelowMinimum"]
 * replacesAdvice(resolveBehaviour({ version: 1, choices: { limitBelowMinimum: "clamped" } }), "limitBelowMinimum"); // true
 */
import {
  type AlternativeOf,
  type ChoiceId,
  defaultAlternative,
  type ResolvedBehaviour,
} from "./behaviour-profile.js";

/** The choices the judge knows of: the profile in effect, or `learning` (every choice open: `--learn`). */
export type ChoicesInEffect = ResolvedBehaviour | "learning";

/**
 * How a parameter's value lies outside its schema: not its type, below or
 * above its range, no value of it, another case of one, or empty.
 */
export type ValueProblem = "type" | "below" | "above" | "value" | "case" | "empty";

/**
 * The choices that decide the answer to a parameter's value outside its
 * schema, by parameter and problem: any one of them taken otherwise than the
 * kit's replaces the kit's advice (another case of a status is no status
 * under `statusCase: exact`, so `statusUnknown` answers it too).
 */
const valueChoices: Readonly<Record<string, Partial<Record<ValueProblem, readonly ChoiceId[]>>>> = {
  limit: {
    type: ["limitNotInteger"],
    below: ["limitBelowMinimum"],
    above: ["limitAboveMaximum"],
    empty: ["emptyQuery", "limitNotInteger"],
  },
  status: {
    value: ["statusUnknown"],
    case: ["statusCase", "statusUnknown"],
    empty: ["emptyQuery", "statusUnknown"],
  },
  petId: { type: ["petIdMalformed"], below: ["petIdOutOfRange"], above: ["petIdOutOfRange"] },
};

export const choicesOfValue = (parameter: string, problem: ValueProblem) =>
  valueChoices[parameter]?.[problem];

/** The choice that decides the answer to a query parameter given more than once. */
export const repeatedChoice: ChoiceId = "repeatedQuery";

/** The choice that decides the answer to a create's body of another media type. */
export const mediaTypeChoice: ChoiceId = "bodyMediaType";

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
