/**
 * `--compare-mock` sees every choice: the deployment is the kit's own mock
 * under a profile (what `--learn` reads back), and the mock it is compared
 * with takes that profile with one choice set to another alternative; the
 * report must show a counted difference naming that choice. Every
 * alternative of every choice is walked, from the table itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BehaviourProfileInput,
  behaviourFrom,
  type ChoiceId,
  choiceIds,
} from "../../mocks/interface/behaviours.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import { testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { alternativesOf, sampleChoice } from "../../mocks/test-support/profile-walk.js";
import { parse } from "../cli/options.js";
import type { RunOptions } from "../suite/settings.js";
import { compareSide, type DeploymentSide, deploymentSide } from "./compare-mock.js";
import type { ProbeOptions } from "./learn-probes.js";
import { runContractSuite } from "./runner.js";

/** A profile with one choice set to an alternative (its sample value where it takes one). */
const flipped = (base: BehaviourProfileInput, id: ChoiceId, alternative: string) =>
  behaviourFrom(
    {
      ...base,
      name: `${id}: ${alternative}`,
      choices: { ...base.choices, [id]: sampleChoice(id, alternative) },
    },
    "test",
  );

const defaultProfile: BehaviourProfileInput = { version: 1, name: "the kit's", choices: {} };

describe.each([["the default profile", defaultProfile]] as const)(
  "a deployment answering as %s",
  (_name, base) => {
    let close: () => Promise<void>;
    let options: RunOptions & ProbeOptions;
    let side: DeploymentSide;

    beforeAll(async () => {
      const deployment = await startPetstoreServer({
        port: 0,
        apiKeys: [testApiKey],
        quiet: true,
        behaviour: behaviourFrom(base, "test"),
      });
      close = () => deployment.close();
      const command = parse(["--url", deployment.url, "--key", testApiKey], {});
      if (command.kind !== "run") throw new Error(`unexpected ${command.kind}`);
      // The blank-name probes too: the deployment here is the kit's own mock.
      options = { ...command.options, learnUntagged: true };
      side = await deploymentSide(options, await runContractSuite(options));
    }, 60_000);
    afterAll(() => close());

    it("matches the mock under the same profile exactly", async () => {
      const comparison = await compareSide(options, side, behaviourFrom(base, "test"));
      expect(comparison.differences.filter((difference) => difference.data === undefined)).toEqual(
        [],
      );
    });

    it("names every choice set to any other alternative", async () => {
      const resolved = behaviourFrom(base, "test");
      const unseen: string[] = [];
      // The records' shapes are the records' data (ids, which optional fields a record has):
      // --compare-mock lists them as data, and --learn does not learn them yet.
      const shapes: readonly ChoiceId[] = ["idSequence", "optionalFields"];
      for (const id of choiceIds.filter((choice) => !shapes.includes(choice))) {
        for (const alternative of alternativesOf(id)) {
          if (alternative === resolved.choices[id]) continue;
          const comparison = await compareSide(options, side, flipped(base, id, alternative));
          const counted = comparison.differences.filter((d) => d.data === undefined);
          if (!counted.some((difference) => difference.choices.includes(id))) {
            const named = [...new Set(counted.flatMap((difference) => difference.choices))];
            unseen.push(
              `${id}: ${alternative} (${counted.length} differences, naming ${named.join(", ") || "nothing"})`,
            );
          }
        }
      }
      expect(unseen).toEqual([]);
    }, 300_000);
  },
);
