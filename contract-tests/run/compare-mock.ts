/**
 * `--compare-mock`: sends the suite's requests and `--learn`'s probes to the
 * kit's own mock too (in process, on a free port, accepting the same key,
 * under `--behaviour` when given) and lists, per request, where the
 * deployment and the mock answer differently (compare-answers.ts). Each
 * difference names the choice behind it: the choice whose alternative, as
 * the deployment's answers show it (`--learn`'s reading), removes the
 * difference when the mock takes it. What comes from the records each side
 * holds is listed as data, not counted.
 */
import {
  type BehaviourProfile,
  type ChoiceId,
  choiceIds,
  type ResolvedBehaviour,
  resolveBehaviour,
} from "../../mocks/interface/behaviours.js";
import { limitRule } from "../../mocks/interface/spec.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import { createRedactor } from "../../mocks/util/redact.js";
import type { CaseRecord, RunResult } from "../suite/results.js";
import type { RunOptions } from "../suite/settings.js";
import { type Exchange, send } from "../transport/http.js";
import {
  type AnswerDifference,
  answerDifferences,
  listItems,
  type SideFacts,
} from "./compare-answers.js";
import { learnChoices } from "./learn-choices.js";
import { type ProbeOptions, type Probes, sendProbes } from "./learn-probes.js";
import { canonical } from "./learn-readings.js";
import { runCases, suiteCases } from "./runner.js";

export interface Difference extends AnswerDifference {
  readonly caseId: string;
  readonly request: string;
  /** The choices whose alternative, as the deployment answers, removes it (more than one: together). */
  readonly choices: readonly ChoiceId[];
}

export interface Comparison {
  /** The behaviour profile the mock answered by, when one was given (`--behaviour`). */
  readonly behaviour?: string | undefined;
  /** Requests sent to both with the same request line. */
  readonly compared: number;
  /** Requests whose lines differ between the two (another path or query): not compared. */
  readonly notCompared: number;
  readonly differences: readonly Difference[];
  /** What the deployment's answers showed of each choice the mock answers otherwise. */
  readonly learned: Readonly<Partial<Record<ChoiceId, string>>>;
}

/** One side's answers: by label (a case id, a probe's), what its repeated reads showed, its run tag. */
export interface Side {
  readonly answers: ReadonlyMap<string, Exchange>;
  readonly facts: SideFacts;
  readonly probes: Probes;
  readonly tag: string;
}

const queryOf = (exchange: Exchange) =>
  exchange.url.includes("?") ? exchange.url.slice(exchange.url.indexOf("?")) : "";

/** Which headers a side answered differently to the same read twice, and how many records its lists showed. */
function factsOf(records: readonly CaseRecord[], again: ReadonlyMap<string, Exchange>): SideFacts {
  const unstable = new Set<string>();
  const held: Record<string, SideFacts["records"]["pets"] | undefined> = {};
  for (const { caseId, exchange } of records) {
    const { path } = exchange.request;
    // The shortest whole listing: the records held before the run's own creates.
    const whole =
      path === "/categories" ||
      (path === "/pets" && queryOf(exchange) === `?limit=${limitRule.maximum}`);
    if (exchange.request.method === "GET" && whole && exchange.response?.status === 200) {
      const collection = path === "/pets" ? "pets" : "categories";
      const items = listItems(exchange);
      const before = held[collection];
      if (before === undefined || items.length < before.length) held[collection] = items;
    }
    const second = again.get(caseId)?.response;
    const first = exchange.response;
    if (!first || !second) continue;
    for (const name of new Set([...Object.keys(first.headers), ...Object.keys(second.headers)])) {
      if (first.headers[name] !== second.headers[name]) unstable.add(name);
    }
  }
  return { unstable, records: { pets: held.pets ?? [], categories: held.categories ?? [] } };
}

/**
 * Sends `--learn`'s probes (and, with `suite`, the fixed cases first) to a
 * target, then every read once more; `given` are cases already answered
 * there (the CLI's own run of the deployment).
 */
async function sideOf(
  options: RunOptions & ProbeOptions,
  tag: string,
  given: readonly CaseRecord[] | undefined,
): Promise<Side> {
  let probes: Probes = new Map();
  const again = new Map<string, Exchange>();
  const run = await runCases(
    { ...options, tag, strict: false, fuzz: 0, fuzzOnly: false },
    async (ctx) => {
      if (!given) await suiteCases(ctx);
      probes = await sendProbes(ctx, options);
      for (const { caseId, exchange } of [...(given ?? []), ...ctx.cases]) {
        if (exchange.request.method !== "GET") continue;
        again.set(caseId, await send(ctx.options.target, exchange.request));
      }
    },
  );
  const records = [...(given ?? []), ...run.cases];
  return {
    answers: new Map(records.map((record) => [record.caseId, record.exchange])),
    facts: factsOf(records, again),
    probes,
    tag,
  };
}

const requestLine = (exchange: Exchange) =>
  `${exchange.request.method} ${exchange.request.path}${queryOf(exchange)}`;

/** Whether two requests are the same, a record's id in the path standing for any. */
const sameRequest = (a: Exchange, b: Exchange): boolean => {
  const withoutId = (exchange: Exchange) =>
    requestLine(exchange).replace(/^(\w+ \/(?:pets|categories)\/)\d+(?=\/?(?:\?|$))/, "$1{id}");
  return withoutId(a) === withoutId(b);
};

function pairUp(deployment: Side, mock: Side) {
  let compared = 0;
  let notCompared = 0;
  const found: Omit<Difference, "choices">[] = [];
  const facts = { deployment: deployment.facts, mock: mock.facts };
  for (const [caseId, exchange] of deployment.answers) {
    const other = mock.answers.get(caseId);
    if (!other) continue;
    if (!sameRequest(exchange, other)) {
      notCompared++;
      continue;
    }
    compared++;
    const request = requestLine(exchange);
    for (const difference of answerDifferences(exchange, other, facts)) {
      found.push({ ...difference, caseId, request });
    }
  }
  return { compared, notCompared, found };
}

const keyOf = (difference: { readonly caseId: string; readonly aspect: string }) =>
  `${difference.caseId}\u0000${difference.aspect}`;

/** The deployment's answers to the comparison's requests: its run's cases, then the probes and the reads again. */
export const deploymentSide = (options: RunOptions, deployment: RunResult): Promise<Side> =>
  sideOf(options, deployment.tag, deployment.cases);

export type DeploymentSide = Side;

export async function compareWithMock(
  options: RunOptions,
  deployment: RunResult,
  behaviour?: ResolvedBehaviour,
): Promise<Comparison> {
  return compareSide(options, await deploymentSide(options, deployment), behaviour);
}

/** Whether a learned value is the profile's, whatever the order of their objects' keys. */
export const sameValue = (learned: unknown, given: unknown): boolean =>
  canonical(learned) === canonical(given);

/** The comparison of a deployment's answers (`deploymentSide`) with the mock's under a profile. */
export async function compareSide(
  options: RunOptions,
  side: DeploymentSide,
  behaviour?: ResolvedBehaviour,
): Promise<Comparison> {
  /** The differences left when the mock answers under `profile`, by key. */
  const differencesUnder = async (profile: ResolvedBehaviour | undefined) => {
    const mock = await startPetstoreServer({
      port: 0,
      apiKeys: [options.apiKey],
      quiet: true,
      behaviour: profile,
    });
    try {
      return pairUp(side, await sideOf({ ...options, baseUrl: mock.url }, side.tag, undefined));
    } finally {
      await mock.close();
    }
  };
  const base = await differencesUnder(behaviour);
  const learned = learnChoices(side.probes, createRedactor([options.apiKey]));
  const current = behaviour ?? resolveBehaviour(undefined);
  const values = current.values as Readonly<Record<string, unknown>>;
  const counted = base.found.filter((difference) => difference.data === undefined);
  // The choices the deployment's answers decide otherwise than the profile.
  const candidates = choiceIds.filter((id) => {
    const { alternative, value } = learned[id];
    const same = alternative === current.choices[id] && sameValue(value, values[id]);
    return counted.length > 0 && alternative !== undefined && !same;
  });
  /** The keys of the differences left when the mock takes the deployment's alternatives of `ids`. */
  const leftWith = async (ids: readonly ChoiceId[], name: string) => {
    const choices = Object.fromEntries(
      choiceIds.map((id) => {
        const { alternative, value } = ids.includes(id)
          ? learned[id]
          : { alternative: current.choices[id], value: values[id] };
        return [id, { alternative, ...(value !== undefined ? { value } : {}) }];
      }),
    );
    const profile = resolveBehaviour({ version: 1, name, choices } as BehaviourProfile);
    return new Set((await differencesUnder(profile)).found.map(keyOf));
  };
  const named = new Map<string, ChoiceId[]>();
  const remaining = () => counted.filter((difference) => !named.has(keyOf(difference)));
  for (const id of candidates) {
    const left = await leftWith([id], id);
    for (const difference of counted) {
      if (!left.has(keyOf(difference))) {
        named.set(keyOf(difference), [...(named.get(keyOf(difference)) ?? []), id]);
      }
    }
  }
  if (candidates.length > 1 && remaining().length > 0) {
    const left = await leftWith(candidates, "together");
    for (const difference of remaining()) {
      if (!left.has(keyOf(difference))) named.set(keyOf(difference), candidates);
    }
  }
  return {
    ...(behaviour === undefined ? {} : { behaviour: behaviour.name }),
    compared: base.compared,
    notCompared: base.notCompared,
    differences: base.found.map((difference) => ({
      ...difference,
      choices: named.get(keyOf(difference)) ?? [],
    })),
    learned: Object.fromEntries(
      candidates.map((id) => [id, learned[id].alternative as string]),
    ) as Comparison["learned"],
  };
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** Why a difference is there: the choice (and how the deployment answers it), data, or nothing known. */
function because(difference: Difference, comparison: Comparison): string {
  if (difference.data !== undefined) return `data: ${difference.data}`;
  if (difference.choices.length === 0) return "no choice of the table explains it";
  const named = difference.choices.map(
    (id) => `${id} (the deployment: ${comparison.learned[id] ?? "?"})`,
  );
  return named.length === 1 ? `choice ${named[0]}` : `choices together: ${named.join(", ")}`;
}

export function comparisonReport(comparison: Comparison): { text: string; markdown: string[] } {
  const byCase = new Map<string, Difference[]>();
  for (const difference of comparison.differences) {
    byCase.set(difference.caseId, [...(byCase.get(difference.caseId) ?? []), difference]);
  }
  const differing = [...byCase.values()].filter((list) => list.some((d) => d.data === undefined));
  const onlyData = byCase.size - differing.length;
  const choices = [
    ...new Set(comparison.differences.flatMap((difference) => difference.choices)),
  ].sort();
  const under =
    comparison.behaviour === undefined ? "" : ` (behaviour profile ${comparison.behaviour})`;
  const head = [
    `compare-mock: ${differing.length} of ${comparison.compared} requests answered differently by the deployment and the kit's mock${under}`,
    choices.length > 0 ? `; the choices behind them: ${choices.join(", ")}` : "",
    onlyData > 0 ? `; ${onlyData} more differ only in data (the records each side holds)` : "",
    comparison.notCompared > 0
      ? `; ${comparison.notCompared} not compared (their request lines differ)`
      : "",
  ].join("");
  const text = [head];
  for (const [caseId, list] of byCase) {
    text.push(`  ${caseId}  (${list[0]?.request})`);
    for (const d of list) {
      text.push(
        `      ${d.aspect}: deployment ${d.deployment} | mock ${d.mock}  <- ${because(d, comparison)}`,
      );
    }
  }
  const markdown = [
    "### Deployment vs the kit's mock",
    "",
    head,
    "",
    ...(byCase.size === 0
      ? []
      : [
          "| request | aspect | deployment | mock | because |",
          "|---|---|---|---|---|",
          ...comparison.differences.map(
            (d) =>
              `| \`${cell(d.request)}\` (${d.caseId}) | ${d.aspect} | \`${cell(d.deployment)}\` | \`${cell(d.mock)}\` | ${cell(because(d, comparison))} |`,
          ),
        ]),
    "",
  ];
  return { text: `${text.join("\n")}\n`, markdown };
}
