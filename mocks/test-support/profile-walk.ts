/**
 * Profiles built from the behaviours table itself, for tests that must see
 * every alternative: profile k takes each choice's k-th alternative
 * (wrapping round), with a sample value where the alternative takes one; a
 * choice added to the table is walked without touching the tests.
 */
import {
  type Behaviour,
  type BehaviourProfileInput,
  behaviours,
  type ChoiceId,
  choiceIds,
  type JsonValue,
  type ValueKind,
  valueKindOf,
} from "../interface/behaviours.js";

/** A value for an alternative that takes one: what a learned profile could hold. */
export const sampleValues: Readonly<Record<ValueKind["kind"], JsonValue>> = {
  fields: {
    createdAt: "2024-01-01T00:00:00.000Z",
    tags: [],
    photoUrls: ["https://example.com/"],
    version: 3,
  },
  ids: { pets: { start: 1001, step: 3 }, categories: { start: 10, step: 10 } },
  presence: { Pet: { status: "sometimes" }, Category: { description: "never" } },
  header: 'Bearer realm="petstore", error="invalid_token"',
  date: "@1704067200",
  codes: { invalid_query: "E_QUERY", invalid_body: "E_VALIDATION", not_found: "E_NOT_FOUND" },
  headers: {
    "cache-control": { value: "no-store" },
    "x-request-id": {},
    etag: { on: "success" },
  },
  classes: {
    missingCredential: { code: "NO_TOKEN", headers: { "www-authenticate": "Bearer" } },
    wrongCredential: {
      code: "BAD_TOKEN",
      headers: { "www-authenticate": 'Bearer error="invalid_token"' },
    },
    badQuery: { fields: { details: [] } },
    notFound: { code: "NOT_FOUND", fields: { path: "text" } },
  },
};

/** A choice as a profile gives it: the alternative's name, with the sample value where it takes one. */
export function sampleChoice(id: ChoiceId, alternative: string): unknown {
  const kind = valueKindOf(id, alternative)?.kind;
  return kind === undefined ? alternative : { alternative, value: sampleValues[kind] };
}

export const alternativesOf = (id: ChoiceId): string[] =>
  Object.keys((behaviours[id] as Behaviour).alternatives);

const width = Math.max(...choiceIds.map((id) => alternativesOf(id).length));

/** Profile k of the walk: every choice's k-th alternative, wrapping round. */
export const walkProfiles: readonly BehaviourProfileInput[] = Array.from(
  { length: width },
  (_, k) => {
    const choices: Record<string, unknown> = {};
    for (const id of choiceIds) {
      const alternatives = alternativesOf(id);
      choices[id] = sampleChoice(id, alternatives[k % alternatives.length] as string);
    }
    return { version: 1, name: `walk ${k + 1} of ${width}`, choices } as BehaviourProfileInput;
  },
);
