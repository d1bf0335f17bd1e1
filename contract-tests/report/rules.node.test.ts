/** Rule traceability: every check names a statement, every statement has a decision, the doc is in step. */
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type RuleId, ruleIds, rules } from "../../mocks/interface/statements.js";
import type { PlannedCheck } from "../suite/results.js";
import { fullPlan, traceMarkdown, traceRules } from "./trace.js";

const biome = fileURLToPath(new URL("../../node_modules/.bin/biome", import.meta.url));

let plan: readonly PlannedCheck[];
beforeAll(async () => {
  plan = await fullPlan();
});

describe("the suite's rule metadata", () => {
  it("plans every case, documented and advisory", () => {
    expect(plan.length).toBeGreaterThan(300);
    expect(new Set(plan.map((check) => check.id)).size).toBe(plan.length);
    expect(plan.some((check) => check.kind === "advisory")).toBe(true);
  });

  it("has every check name at least one statement of the interface", () => {
    const unnamed = plan.filter((check) => check.rules.length === 0).map((check) => check.id);
    expect(unnamed).toEqual([]);
    const unknown = plan.flatMap((check) => check.rules).filter((id) => !(id in rules));
    expect(unknown).toEqual([]);
  });

  it("gives every statement a decision: checks that enforce it, or why it cannot be checked", () => {
    const undecided = traceRules(plan)
      .filter(
        (trace) => !trace.notCheckable && trace.documented.length + trace.advisory.length === 0,
      )
      .map((trace) => trace.id);
    expect(undecided).toEqual([]);
  });

  it("checks the media type of every answer with a body, as a documented check", () => {
    const cases = new Set(plan.map((check) => check.id.replace(/\.[^.]+$/, "")));
    const mediaType = plan.filter((check) => check.id.endsWith(".media-type"));
    expect(mediaType.length).toBe(cases.size);
    expect(mediaType.every((check) => check.kind === "documented")).toBe(true);
    expect(mediaType.every((check) => check.rules.includes("§4.media-type" as RuleId))).toBe(true);
  });

  it("keeps docs/contract-rules.md in step with the metadata", async () => {
    const path = "docs/contract-rules.md";
    const doc = await readFile(new URL(`../../${path}`, import.meta.url), "utf8");
    // The file is the --list-checks output as Biome formats it (aligned tables).
    const formatted = spawnSync(biome, ["format", `--stdin-file-path=${path}`], {
      input: traceMarkdown(traceRules(plan)),
      encoding: "utf8",
    });
    expect(formatted.status, formatted.stderr).toBe(0);
    expect(
      doc,
      `regenerate: npx tsx contract-tests/cli/cli.ts --list-checks > ${path} && npx biome format --write ${path}`,
    ).toBe(formatted.stdout);
    for (const id of ruleIds) expect(doc).toContain(`## \`${id}\``);
  });
});
