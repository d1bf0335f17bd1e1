/**
 * The journal names the behaviour profile's choices that shaped each
 * answer. Every alternative that is not the kit's, alone in a profile, is
 * held to the runtime parity suite's requests (mocks/test-support/profile-parity.ts,
 * built from the choice table, so choices added later are held too): an
 * answer that differs from the default profile's names that choice and
 * alternative, and one that does not differ names none (a HEAD answer may
 * name one that changed only the body it leaves out).
 */
import { describe, expect, it } from "vitest";
import {
  type BehaviourProfileInput,
  behaviourFrom,
  choiceAlternatives,
  choiceIds,
} from "../interface/behaviour-profile.js";
import { createPetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { parityProfile, parityRequests } from "../test-support/profile-parity.js";
import { operationBehaviour } from "./behaviour.js";
import { createPetstoreCore } from "./create-core.js";
import { defaultApiKey } from "./defaults.js";
import type { CoreResponse } from "./exchange.js";
import { createJournal, type JournalEntry } from "./journal.js";

const origin = "http://petstore.test";

/** Each parity request's answer and journal entry, from a core under `behaviour`, every request on the seeded store. */
async function answersUnder(behaviour: BehaviourProfileInput | undefined) {
  const resolved = behaviour === undefined ? undefined : behaviourFrom(behaviour, "test");
  // The store takes the profile's record shapes (ids, optional and extra fields), as every runtime's does.
  const store = await createPetstoreStore({}, undefined, { behaviour: resolved });
  const journal = createJournal();
  const profile = resolved === undefined ? undefined : operationBehaviour(resolved);
  const core = createPetstoreCore({ store, journal, profile });
  const answers: { response: CoreResponse; entry: JournalEntry }[] = [];
  for (const { method, path, headers, body } of parityRequests) {
    const response = await core(
      coreRequest(method, path, {
        origin,
        ...(headers ? { headers } : {}),
        ...(body === undefined ? {} : { body }),
      }),
    );
    answers.push({ response, entry: journal.all().at(-1) as JournalEntry });
    if (method !== "GET" && method !== "HEAD") await store.reset();
  }
  return answers;
}

const seen = ({ status, headers, body }: CoreResponse) => JSON.stringify({ status, headers, body });

/**
 * Every alternative that is not the kit's, each alone in a profile (with the
 * parity suite's sample value). The records' shapes (their ids, optional
 * fields) change answers by the records they hold, an absent id's 404
 * included: the records they write name them, not
 * every answer their data reaches.
 */
const recordShapes: readonly string[] = ["idSequence", "optionalFields"];
const alternatives = choiceIds
  .filter((id) => !recordShapes.includes(id))
  .flatMap((id) =>
    choiceAlternatives[id].slice(1).map((alternative, index) => {
      const choice = parityProfile(index + 1).choices[id];
      return { id, alternative, choice };
    }),
  );

describe("the journal names the choices that shaped an answer", async () => {
  const kit = await answersUnder(undefined);

  it("names none under the default profile", () => {
    expect(kit.filter(({ entry }) => entry.choices !== undefined)).toEqual([]);
  });

  it.each(alternatives.map((taken) => [`${taken.id}: ${taken.alternative}`, taken] as const))(
    "%s: on the answers it changes, and only there",
    async (_name, { id, alternative, choice }) => {
      const profile = { version: 1, choices: { [id]: choice } } as BehaviourProfileInput;
      const answers = await answersUnder(profile);
      const wrong = answers.flatMap(({ response, entry }, index) => {
        const differs = seen(response) !== seen(kit[index]?.response as CoreResponse);
        const named = { [id]: alternative };
        const request = parityRequests[index];
        // A HEAD answer is GET's without the body: a choice may have changed only the body it leaves out.
        const allowed =
          differs || request?.method !== "HEAD"
            ? [differs ? named : undefined]
            : [named, undefined];
        return allowed.some(
          (expected) => JSON.stringify(entry.choices) === JSON.stringify(expected),
        )
          ? []
          : [
              `${request?.method} ${request?.path}: ${differs ? "differs" : "as the kit's"}, journaled ${JSON.stringify(entry.choices ?? null)}`,
            ];
      });
      expect(wrong).toEqual([]);
    },
  );
});

it("GET /pets?limit=0 under a clamping profile journals limitBelowMinimum: clamped, with the other choices that shaped it", async () => {
  const store = await createPetstoreStore();
  const journal = createJournal();
  const profile = operationBehaviour(
    behaviourFrom(
      { version: 1, choices: { limitBelowMinimum: "clamped", petsOrder: "descending" } },
      "test",
    ),
  );
  const core = createPetstoreCore({ store, journal, profile });
  const auth = { authorization: `Bearer ${defaultApiKey}` };
  await core(coreRequest("GET", "/pets?limit=0", { headers: auth }));
  await core(coreRequest("GET", "/pets?limit=5", { headers: auth }));
  await core(coreRequest("GET", "/categories", { headers: auth }));
  const [clamped, inRange, categories] = journal.all();
  expect(clamped?.choices).toEqual({ limitBelowMinimum: "clamped", petsOrder: "descending" });
  expect(inRange?.choices).toEqual({ petsOrder: "descending" });
  expect(categories).not.toHaveProperty("choices");
});
