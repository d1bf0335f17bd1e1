/**
 * Writes docs/behaviour.md's table of choices from `mocks/interface/behaviours.ts`
 * (`npx tsx scripts/behaviour-table.ts`, then `npm run format` aligns it);
 * `mocks/interface/behaviours.test.ts` fails while the two differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { behaviourTableMarkdown } from "../mocks/interface/behaviours.js";
import { repositoryRoot } from "../mocks/test-support/repository.js";

const path = join(repositoryRoot, "docs", "behaviour.md");
const doc = readFileSync(path, "utf8");
const start = doc.indexOf("| choice ", doc.indexOf("<!-- section:choices -->"));
const end = doc.indexOf("\n\n", start);
if (start < 0 || end < 0) throw new Error("docs/behaviour.md: no table in section:choices");
writeFileSync(path, `${doc.slice(0, start)}${behaviourTableMarkdown()}${doc.slice(end)}`);
