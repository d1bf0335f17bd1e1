/**
 * Parity under behaviour profiles: the standalone server answers exactly as
 * msw/node under every profile of the parity suite, which together take
 * every alternative of every choice (mocks/test-support/profile-parity.ts).
 * Each runtime starts fresh under the profile and gets the same requests in
 * the same order; the answers are compared with each other, not with a
 * table. The browser worker and the Playwright route are held to the same
 * answers in mocks/runtime/profile-parity.browser.test.ts.
 */
import { describe, expect, it } from "vitest";
import { choiceAlternatives, choiceIds } from "../interface/behaviour-profile.js";
import { setupPetstore } from "../node.js";
import {
  answersOf,
  foreignLocations,
  parityDifferences,
  parityProfile,
  profileCount,
} from "../test-support/profile-parity.js";
import { startPetstoreServer } from "./server.js";

const profiles = Array.from({ length: profileCount }, (_, k) => parityProfile(k));

it("the profiles take every alternative of every choice", () => {
  const taken = new Set(
    profiles.flatMap(({ choices }) =>
      Object.entries(choices).map(([id, choice]) =>
        typeof choice === "string" ? `${id}.${choice}` : `${id}.${choice?.alternative}`,
      ),
    ),
  );
  const every = choiceIds.flatMap((id) => choiceAlternatives[id].map((name) => `${id}.${name}`));
  expect(every.filter((name) => !taken.has(name))).toEqual([]);
});

describe("the standalone server answers exactly as msw/node under every profile", () => {
  it.each(profiles.map((profile) => [profile.name, profile] as const))(
    "%s",
    async (_name, behaviour) => {
      const mswBase = "http://petstore.test/v1";
      const msw = await setupPetstore({ baseUrl: mswBase, behaviour });
      msw.listen();
      const viaMsw = await answersOf(mswBase).finally(() => msw.close());
      const server = await startPetstoreServer({ port: 0, behaviour });
      const viaServer = await answersOf(server.url).finally(() => server.close());
      const runtimes = { msw: viaMsw, server: viaServer };
      expect(parityDifferences(runtimes)).toEqual([]);
      expect(foreignLocations(runtimes, behaviour)).toEqual([]);
    },
  );
});
