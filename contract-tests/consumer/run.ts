/**
 * `petstore-contract --consumer <file> --url <deployment>`: an app's consumer
 * contract verified against a deployment. Each interaction, in the file's
 * order: its provider states set up through the interface (states.ts), its
 * request sent with the ids the deployment assigned (the interaction's
 * generators) and the run tag in a created name (a create that cannot carry
 * it and a deployment may store is not sent), and its answer judged twice
 * in one case (`<op>.consumer-N`): by the interface (the one judge, knowing
 * what the run created and read) and by the consumer's expectations
 * (checks.ts). Built on `runCases` like `--replay`: the same preflight,
 * deadlines, retries, run tag, reports and exit codes.
 *
 * @example
 * const contract = await readConsumerContract("pacts/web-app-petstore.json");
 * const result = await runConsumer({ baseUrl, apiKey }, contract);
 * consumerVerdicts(result).filter((v) => v.outcome === "broken");
 */
import { urlUnder } from "../../mocks/util/url-under.js";
import { runCases, type SuiteOptions, type SuiteRun } from "../run/runner.js";
import type { CaseDefinition, SuiteContext } from "../suite/context.js";

import { defaultConsumerWrites } from "../suite/settings.js";
import { type ContractRequest, sentRequest } from "../transport/http.js";
import { untaggedCreate } from "../transport/run-tag.js";
import { consumerChecks } from "./checks.js";
import {
  type ConsumerContract,
  type ConsumerInteraction,
  type InteractionName,
  nameOf,
} from "./contract.js";
import { consumerRequest } from "./request.js";
import { ProviderStates, WriteBudget } from "./states.js";

/** One interaction of a consumer run: where its verdicts are. */
export interface ConsumerCase extends InteractionName {
  /** The case that sent it (`getPet.consumer-006`). */
  readonly caseId: string;
  /** The cases that set its provider states up. */
  readonly stateCases: readonly string[];
  /** Why it was not sent, when it was not. */
  readonly skipped?: string;
  /** Why it was sent, a create, without the run tag in its name (`consumerRequest`). */
  readonly untagged?: string;
}

/** What `--consumer` adds to a run's result. */
export interface ConsumerRun extends Pick<ConsumerContract, "file" | "consumer" | "provider"> {
  readonly writeBudget: number;
  readonly writes: number;
  readonly interactions: readonly ConsumerCase[];
}

export const consumerCaseId = (interaction: ConsumerInteraction): string =>
  `${interaction.operation}.consumer-${String(interaction.number).padStart(3, "0")}`;

async function consumerCases(
  ctx: SuiteContext,
  contract: ConsumerContract,
  budget: WriteBudget,
  cases: ConsumerCase[],
): Promise<void> {
  const states = new ProviderStates(ctx, budget);
  for (const interaction of contract.interactions) {
    const { operation } = interaction;
    const caseId = consumerCaseId(interaction);
    const noted = (stateCases: readonly string[], more: Partial<ConsumerCase> = {}) =>
      cases.push({ ...nameOf(interaction), caseId, stateCases, ...more });
    if (!ctx.selected(operation)) {
      noted([], { skipped: "--only leaves its operation out" });
      continue;
    }
    const definition = (request: ContractRequest, untagged?: string): CaseDefinition => ({
      id: caseId,
      operation,
      request,
      extraChecks: consumerChecks(interaction, () => ctx.options.target.budget?.stopIfExpired()),
      ...(untagged ? { untagged } : {}),
    });
    const skip = (request: ContractRequest, why: string, stateCases: readonly string[] = []) => {
      ctx.skip(definition(request), why);
      noted(stateCases, { skipped: why });
    };
    const writes = interaction.method !== "GET";
    // The request as its interaction states it, for a skip before any state is set up.
    const example = () => consumerRequest(interaction, {}, ctx.tag).request;
    if (writes && ctx.readOnly) {
      skip(example(), "--read-only: the run sends no writes");
      continue;
    }
    const setUp = await states.establish(interaction.states, operation);
    if ("skip" in setUp) {
      const why = `its provider state ${JSON.stringify(setUp.state)} is not set up: ${setUp.skip}`;
      skip(example(), why, setUp.cases);
      continue;
    }
    const { request, untagged } = consumerRequest(interaction, setUp.params, ctx.tag);
    if (!urlUnder(ctx.options.target.baseUrl, request.path, request.rawQuery ?? "")) {
      skip(request, "its path would leave the API base", setUp.cases);
      continue;
    }
    const notSent = untaggedCreate(sentRequest(operation, request), ctx.tag);
    if (notSent !== undefined) {
      skip(request, notSent, setUp.cases);
      continue;
    }
    if (writes && !budget.take()) {
      skip(request, `--consumer-writes: its ${budget.limit} creates are spent`, setUp.cases);
      continue;
    }
    await ctx.run(definition(request, untagged));
    noted(setUp.cases, untagged ? { untagged } : {});
  }
}

/** Verifies a consumer contract against the deployment in `options`; every report reads the result. */
export async function runConsumer(
  options: SuiteOptions,
  contract: ConsumerContract,
): Promise<SuiteRun & { readonly consumer: ConsumerRun }> {
  const budget = new WriteBudget(options.consumerWrites ?? defaultConsumerWrites);
  const cases: ConsumerCase[] = [];
  const result = await runCases(options, (ctx) => consumerCases(ctx, contract, budget, cases));
  return {
    ...result,
    consumer: {
      file: contract.file,
      consumer: contract.consumer,
      provider: contract.provider,
      writeBudget: budget.limit,
      writes: budget.spent,
      interactions: cases,
    },
  };
}
