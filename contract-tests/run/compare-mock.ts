/**
 * `--compare-mock`: sends the suite's requests to the kit's own mock too (in
 * process, on a free port, accepting the same key) and lists, per request,
 * where the deployment and the mock answer differently: status, the headers
 * that matter, and body shape. Data differences (which pets exist) are not
 * differences; shapes are.
 */
import type { ResolvedBehaviour } from "../../mocks/interface/behaviours.js";
import { interfaceHeaders } from "../../mocks/interface/headers.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import { isObject } from "../../mocks/util/json.js";
import type { RunResult } from "../suite/results.js";
import type { RunOptions } from "../suite/settings.js";
import type { ContractResponse, Exchange } from "../transport/http.js";
import { runContractSuite } from "./runner.js";

interface Difference {
  readonly caseId: string;
  readonly request: string;
  readonly aspect: string;
  readonly deployment: string;
  readonly mock: string;
}

interface Comparison {
  /** The behaviour profile the mock answered by, when one was given (`--behaviour`). */
  readonly behaviour?: string | undefined;
  readonly compared: number;
  readonly differences: readonly Difference[];
}

/** The interface's headers (lower case): compared as the deployment and the mock send them. */
const comparedHeaders = interfaceHeaders.map((name) => name.toLowerCase());

/** A JSON value's shape: types and keys, not values; an array by its first item. */
export function bodyShape(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[${bodyShape(value[0])}, …]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    return `{${entries.map(([key, inner]) => `${key}: ${bodyShape(inner)}`).join(", ")}}`;
  }
  return Number.isInteger(value) ? "integer" : typeof value;
}

/**
 * A list's order by its items' ids (`ascending ids`, `descending ids`, `another
 * order`), which a body's shape and a consumer contract leave out; undefined
 * when fewer than two items with ids tell none.
 */
export function listOrder(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length < 2) return undefined;
  const ids: (number | bigint)[] = [];
  for (const item of value) {
    const id = isObject(item) ? item.id : undefined;
    if (typeof id !== "number" && typeof id !== "bigint") return undefined;
    ids.push(id);
  }
  const each = (follows: (id: number | bigint, before: number | bigint) => boolean) =>
    ids.every((id, at) => at === 0 || follows(id, ids[at - 1] as number | bigint));
  if (each((id, before) => id > before)) return "ascending ids";
  if (each((id, before) => id < before)) return "descending ids";
  return "another order";
}

function headerValue(response: ContractResponse, name: string): string {
  const value = response.headers[name];
  if (value === undefined) return "(absent)";
  if (name === "content-type") return value.split(";")[0]?.trim().toLowerCase() ?? value;
  // Location carries ids, which differ by data, and an absolute one the answering host: only
  // its presence and form matter.
  return name === "location"
    ? value.replace(/\/\d+(?=\/?$)/, "/{id}").replace(/^https?:\/\/[^/]+/i, "{origin}")
    : value;
}

function shapeOf(response: ContractResponse): string {
  if (!response.isJson) return response.text === "" ? "(empty)" : "(not JSON)";
  return bodyShape(response.json);
}

function differences(caseId: string, deployment: Exchange, mock: Exchange): Difference[] {
  const request = `${deployment.request.method} ${deployment.url.replace(/^https?:\/\/[^/]+/, "")}`;
  const diff = (aspect: string, a: string, b: string): Difference[] =>
    a === b ? [] : [{ caseId, request, aspect, deployment: a, mock: b }];
  const a = deployment.response;
  const b = mock.response;
  if (!a || !b)
    return diff(
      "answer",
      a ? "answered" : `no answer (${deployment.error})`,
      b ? "answered" : `no answer (${mock.error})`,
    );
  const out = diff("status", String(a.status), String(b.status));
  for (const name of comparedHeaders)
    out.push(...diff(`header ${name}`, headerValue(a, name), headerValue(b, name)));
  const shapes = [shapeOf(a), shapeOf(b)];
  // An empty list against a full one is a difference of data, not of behaviour.
  if (!shapes.includes("[]")) out.push(...diff("body shape", shapes[0] ?? "", shapes[1] ?? ""));
  const orders = [listOrder(a.json), listOrder(b.json)];
  if (orders[0] && orders[1]) out.push(...diff("list order", orders[0], orders[1]));
  return out;
}

export async function compareWithMock(
  options: RunOptions,
  deployment: RunResult,
  behaviour?: ResolvedBehaviour,
): Promise<Comparison> {
  const mock = await startPetstoreServer({
    port: 0,
    apiKeys: [options.apiKey],
    quiet: true,
    behaviour,
  });
  try {
    const mockRun = await runContractSuite({
      ...options,
      baseUrl: mock.url,
      tag: deployment.tag,
      strict: false,
    });
    const mockCases = new Map(mockRun.cases.map((record) => [record.caseId, record.exchange]));
    const found: Difference[] = [];
    let compared = 0;
    for (const record of deployment.cases) {
      const mockExchange = mockCases.get(record.caseId);
      if (!mockExchange) continue;
      compared++;
      found.push(...differences(record.caseId, record.exchange, mockExchange));
    }
    const profile = behaviour === undefined ? {} : { behaviour: behaviour.name };
    return { ...profile, compared, differences: found };
  } finally {
    await mock.close();
  }
}

export function comparisonReport(comparison: Comparison): { text: string; markdown: string[] } {
  const byCase = new Map<string, Difference[]>();
  for (const difference of comparison.differences) {
    byCase.set(difference.caseId, [...(byCase.get(difference.caseId) ?? []), difference]);
  }
  const under =
    comparison.behaviour === undefined ? "" : ` (behaviour profile ${comparison.behaviour})`;
  const head = `compare-mock: ${byCase.size} of ${comparison.compared} requests answered differently by the deployment and the kit's mock${under}`;
  const text = [head];
  for (const [caseId, list] of byCase) {
    text.push(`  ${caseId}  (${list[0]?.request})`);
    for (const d of list)
      text.push(`      ${d.aspect}: deployment ${d.deployment} | mock ${d.mock}`);
  }
  const markdown = [
    "### Deployment vs the kit's mock",
    "",
    head,
    "",
    ...(byCase.size === 0
      ? []
      : [
          "| request | aspect | deployment | mock |",
          "|---|---|---|---|",
          ...comparison.differences.map(
            (d) =>
              `| \`${d.request}\` (${d.caseId}) | ${d.aspect} | \`${d.deployment.replace(/\|/g, "\\|")}\` | \`${d.mock.replace(/\|/g, "\\|")}\` |`,
          ),
        ]),
    "",
  ];
  return { text: `${text.join("\n")}\n`, markdown };
}
