/**
 * The code blocks of the README's browser section, so the tests follow the
 * documented steps as written rather than a copy of them.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");

function browserSection(): string {
  const match = /<!-- section:browser -->([\s\S]*?)<!-- \/section:browser -->/.exec(readme);
  if (!match?.[1]) throw new Error("README.md has no browser section");
  return match[1];
}

/**
 * The fenced blocks in `language` under the `### heading` of the browser section,
 * or in its introduction (before the first `###`) when `heading` is undefined.
 */
export function readmeBlocks(heading: string | undefined, language: string): string[] {
  const parts = browserSection().split(/^### /m);
  const part = heading === undefined ? parts[0] : parts.find((p) => p.startsWith(`${heading}\n`));
  if (part === undefined) throw new Error(`README browser section has no "### ${heading}"`);
  const fence = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm");
  const blocks = [...part.matchAll(fence)].map((match) => match[1] ?? "");
  if (blocks.length === 0)
    throw new Error(`README "${heading ?? "browser"}" has no ${language} block`);
  return blocks;
}

/** The shell commands of a README block: one per line, without comments. */
export function readmeCommands(heading: string | undefined): string[] {
  return readmeBlocks(heading, "sh")
    .flatMap((block) => block.split("\n"))
    .map((line) => line.replace(/\s+# .*$/, "").trim())
    .filter((line) => line !== "");
}
