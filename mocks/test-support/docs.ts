/**
 * The marked sections of the docs (`<!-- section:NAME -->` … `<!-- /section:NAME -->`
 * in docs/*.md) and their code blocks, so tests run the documented steps as
 * written rather than a copy of them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repositoryRoot } from "./repository.js";

/** The text of the section `name` of `docs/<file>`; throws when it has none. */
export function docSection(file: string, name: string): string {
  const text = readFileSync(join(repositoryRoot, "docs", file), "utf8");
  const section = new RegExp(`<!-- section:${name} -->([\\s\\S]*?)<!-- /section:${name} -->`).exec(
    text,
  )?.[1];
  if (section === undefined) throw new Error(`docs/${file} has no section:${name}`);
  return section;
}

/** The fenced blocks of a text in any of `languages`, in order. */
export function fencedBlocks(text: string, languages: readonly string[]): string[] {
  const fence = new RegExp(`^\`\`\`(?:${languages.join("|")})\\n([\\s\\S]*?)^\`\`\`$`, "gm");
  return [...text.matchAll(fence)].map((match) => match[1] ?? "");
}
