/**
 * docs/contract-rules.md against the checks' metadata, in process: the ids,
 * kinds and rules users read there (and pass to `--only`) are the ones the
 * suite runs. rules.node.test.ts compares the file byte for byte after Biome; this
 * one ignores only the tables' alignment, so it needs no child process.
 */
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { fullPlan, traceMarkdown, traceRules } from "./trace.js";

/** A Markdown table row with its cells trimmed and its separator dashes collapsed. */
const unaligned = (line: string) =>
  line.startsWith("|")
    ? line
        .split("|")
        .map((cell) => cell.trim().replace(/^-+$/, "-"))
        .join("|")
    : line;

const lines = (markdown: string) => markdown.split("\n").map(unaligned);

it("keeps docs/contract-rules.md in step with the checks' ids, kinds and rules", async () => {
  const doc = await readFile(new URL("../../docs/contract-rules.md", import.meta.url), "utf8");
  const generated = traceMarkdown(traceRules(await fullPlan()));
  expect(lines(doc)).toEqual(lines(generated));
});
