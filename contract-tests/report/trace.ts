/**
 * Rule traceability: each statement of the interface (rules.ts) against the
 * checks that enforce it, from the checks' own `rules`. The plan comes from a
 * run against the kit's mock (in process, port 0), so every case the suite
 * can build is in it. `--list-checks` prints it; docs/contract-rules.md holds it.
 */

import { type Rule, type RuleId, ruleIds, rules } from "../../mocks/interface/statements.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import { plural } from "../../mocks/util/text.js";
import { runContractSuite } from "../run/runner.js";
import type { PlannedCheck } from "../suite/results.js";

/** A statement with the checks that enforce it, documented and advisory. */
export interface RuleTrace extends Rule {
  readonly id: RuleId;
  readonly documented: readonly PlannedCheck[];
  readonly advisory: readonly PlannedCheck[];
}

const planKey = "contract-plan-key-0123456789";

/** Every check the suite plans, from a full run against the kit's mock. */
export async function fullPlan(): Promise<readonly PlannedCheck[]> {
  const server = await startPetstoreServer({ port: 0, apiKeys: [planKey] });
  try {
    const result = await runContractSuite({ baseUrl: server.url, apiKey: planKey, tag: "ct-plan" });
    return result.plan ?? [];
  } finally {
    await server.close();
  }
}

export function traceRules(plan: readonly PlannedCheck[]): RuleTrace[] {
  return ruleIds.map((id) => {
    const enforcing = plan.filter((check) => check.rules.includes(id));
    return {
      id,
      ...rules[id],
      documented: enforcing.filter((check) => check.kind === "documented"),
      advisory: enforcing.filter((check) => check.kind === "advisory"),
    };
  });
}

/** Check ids grouped by their last segment (the check), each with the cases it runs on, as a list. */
function grouped(checks: readonly PlannedCheck[]): string[] {
  const bySlug = new Map<string, string[]>();
  for (const check of checks) {
    const cut = check.id.lastIndexOf(".");
    const slug = check.id.slice(cut + 1);
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), check.id.slice(0, cut)]);
  }
  return [...bySlug].map(
    ([slug, cases]) => `- \`${slug}\` on ${plural(cases.length, "case")}: ${cases.join(", ")}`,
  );
}

/** The traceability table in Markdown (docs/contract-rules.md and `--list-checks`). */
export function traceMarkdown(traces: readonly RuleTrace[]): string {
  const checks = (count: number) => plural(count, "check");
  const decision = (trace: RuleTrace) =>
    trace.documented.length > 0
      ? `documented (${checks(trace.documented.length)}${trace.advisory.length ? `, ${trace.advisory.length} advisory` : ""})`
      : trace.advisory.length > 0
        ? `advisory only (${checks(trace.advisory.length)})`
        : "not checkable from outside";
  const lines = [
    "# Contract suite: interface rules and the checks that enforce them",
    "",
    "<!-- Generated from mocks/interface/statements.ts and the judge's checks; do not edit.",
    "     Regenerate: npx tsx contract-tests/cli/cli.ts --list-checks > docs/contract-rules.md",
    "     && npx biome format --write docs/contract-rules.md -->",
    "",
    "Each normative statement of the Pet Store Service Interface, the decision the",
    "contract suite takes on it, and the checks (`<case>.<check>`) that enforce it.",
    "_Documented_ checks fail the run; _advisory_ ones warn unless `--strict`.",
    "",
    "| rule | § | statement | decision |",
    "|---|---|---|---|",
    ...traces.map(
      (trace) =>
        `| \`${trace.id}\` | ${trace.section} | ${trace.statement.replace(/\|/g, "\\|")} | ${decision(trace)} |`,
    ),
    "",
  ];
  for (const trace of traces) {
    lines.push(`## \`${trace.id}\``, "", trace.statement, "");
    if (trace.notCheckable) lines.push(`Not checkable from outside: ${trace.notCheckable}.`, "");
    for (const [title, checks] of [
      ["Documented checks:", trace.documented],
      ["Advisory checks:", trace.advisory],
    ] as const) {
      if (checks.length) lines.push(title, "", ...grouped(checks), "");
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
