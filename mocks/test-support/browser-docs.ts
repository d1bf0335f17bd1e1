/**
 * The code blocks of docs/browser.md, so the tests follow the documented steps
 * as written rather than a copy of them.
 */
import { docSection, fencedBlocks } from "./docs.js";

/**
 * The fenced blocks in `language` under the `## heading` of docs/browser.md,
 * or in its introduction (before the first `##`) when `heading` is undefined.
 */
export function readmeBlocks(heading: string | undefined, language: string): string[] {
  const parts = docSection("browser.md", "browser").split(/^## /m);
  const part = heading === undefined ? parts[0] : parts.find((p) => p.startsWith(`${heading}\n`));
  if (part === undefined) throw new Error(`docs/browser.md has no "## ${heading}"`);
  const blocks = fencedBlocks(part, [language]);
  if (blocks.length === 0)
    throw new Error(`docs/browser.md "${heading ?? "browser"}" has no ${language} block`);
  return blocks;
}

/** The shell commands of a documented block: one per line, without comments. */
export function readmeCommands(heading: string | undefined): string[] {
  return readmeBlocks(heading, "sh")
    .flatMap((block) => block.split("\n"))
    .map((line) => line.replace(/\s+# .*$/, "").trim())
    .filter((line) => line !== "");
}
