/**
 * The code blocks of README.md and docs/*.md and the marker above each, so
 * every block is either run as pasted or said not to run (and why); none is
 * left out in silence.
 *
 * A marker is the HTML comment on the last non-blank line above a fence:
 *
 *     <!-- not run: output of the command above -->
 *     <!-- snippet: NAME[ + NAME], file: PATH, run: COMMAND, msw: 2 3, … -->
 *
 * Blocks with the same NAME (in README.md, then docs/ in name order) make one
 * project, set up in a fresh folder in that order: a block with `file` is
 * written to PATH, a `sh` block without it runs line by line; then each
 * distinct `run:` command runs. The project installs the packed kit and what
 * its `npm install -D …` lines name (a `sh` line, or a `// npm install -D …`
 * comment opening a code block); what follows `&&` on such a line runs. Keys:
 *
 * - `msw: 2 3`: run the project once per msw major (`msw` becomes `msw@2`, `msw@3`);
 * - `mock: URL …`: start the installed `petstore-mock` for each URL first, and
 *   read the URL as the mock's (`https://staging.example.com/v1` included);
 * - `env: NAME=VALUE …`: variables the project's commands see;
 * - `check: page`: open the last server a command started in Chromium and
 *   expect msw to answer the page's `GET /v1/pets`;
 * - `with: FIXTURE`: files the docs assume but do not show (the user's app).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repositoryRoot } from "../../mocks/test-support/repository.js";

export interface CodeBlock {
  /** `README.md` or `docs/<name>.md`. */
  readonly page: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly language: string;
  readonly text: string;
  readonly marker: Marker;
}

export type Marker =
  | { readonly kind: "not run"; readonly reason: string }
  | { readonly kind: "snippet"; readonly projects: readonly string[]; readonly options: Options };

/** A marker's `key: value` pairs after the project names. */
export type Options = Readonly<Partial<Record<OptionKey, string>>>;
const optionKeys = ["file", "run", "msw", "mock", "env", "check", "with"] as const;
type OptionKey = (typeof optionKeys)[number];

export interface Project {
  readonly name: string;
  readonly blocks: readonly CodeBlock[];
  /** Registry specifiers from the install lines, the kit left out (it is the packed tarball). */
  readonly packages: readonly string[];
  /** The `run:` commands, run once each after every block is in place. */
  readonly runs: readonly string[];
  readonly msw: readonly string[];
  readonly mocks: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly check: string | undefined;
  readonly fixture: string | undefined;
}

export const kitName = "petstore-mock-kit";
const installLine =
  /^(?:\/\/ )?npm install (?:-D|--save-dev) ([^#&]+?)\s*(?:&&\s*(.*?))?\s*(?:#.*)?$/;

/** README.md and every docs/*.md page, relative to the repository root. */
export function documentPages(root = repositoryRoot): string[] {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

/** Every fenced block of `text`, with its marker; throws naming each unmarked block. */
export function codeBlocks(page: string, text: string): CodeBlock[] {
  const lines = text.split("\n");
  const blocks: CodeBlock[] = [];
  const problems: string[] = [];
  for (let at = 0; at < lines.length; at++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[at] ?? "");
    if (!open) continue;
    const indent = open[1] ?? "";
    const end = lines.findIndex((line, index) => index > at && line.trim() === "```");
    if (end < 0) throw new Error(`${page}:${at + 1}: a code block that never closes`);
    const body = lines.slice(at + 1, end).map((line) => line.slice(indent.length));
    const above = lines
      .slice(0, at)
      .reverse()
      .find((line) => line.trim() !== "");
    const marker = parseMarker(above?.trim() ?? "");
    if (marker instanceof Error) problems.push(`${page}:${at + 1}: ${marker.message}`);
    else {
      blocks.push({
        page,
        line: at + 1,
        language: open[2] ?? "",
        text: `${body.join("\n")}\n`,
        marker,
      });
    }
    at = end;
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
  return blocks;
}

/** The marker comment `line` holds, or an Error saying what is wrong with it. */
export function parseMarker(line: string): Marker | Error {
  const comment = /^<!-- (snippet|not run): (.+?) -->$/.exec(line);
  if (!comment) {
    return new Error(
      "no <!-- snippet: … --> or <!-- not run: … --> marker on the line above this code block",
    );
  }
  if (comment[1] === "not run") return { kind: "not run", reason: comment[2] ?? "" };
  const [names = "", ...pairs] = (comment[2] ?? "").split(/,\s*/);
  const options: Partial<Record<OptionKey, string>> = {};
  for (const pair of pairs) {
    const [key = "", value = ""] = pair.split(/:\s+(.*)/s);
    if (!(optionKeys as readonly string[]).includes(key) || value === "") {
      return new Error(
        `unknown or empty snippet option "${pair}" (known: ${optionKeys.join(", ")})`,
      );
    }
    options[key as OptionKey] = value;
  }
  return { kind: "snippet", projects: names.split(/\s*\+\s*/), options };
}

/** Every block of README.md and docs/*.md. */
export function allCodeBlocks(root = repositoryRoot): CodeBlock[] {
  const problems: string[] = [];
  const blocks = documentPages(root).flatMap((page) => {
    try {
      return codeBlocks(page, readFileSync(join(root, page), "utf8"));
    } catch (error) {
      problems.push((error as Error).message);
      return [];
    }
  });
  if (problems.length > 0) throw new Error(problems.join("\n"));
  return blocks;
}

/** The projects the snippet markers make, in order of first appearance. */
export function projectsOf(blocks: readonly CodeBlock[]): Project[] {
  const byName = new Map<string, CodeBlock[]>();
  for (const block of blocks) {
    if (block.marker.kind !== "snippet") continue;
    for (const name of block.marker.projects) {
      byName.set(name, [...(byName.get(name) ?? []), block]);
    }
  }
  return [...byName].map(([name, members]) => assemble(name, members));
}

function assemble(name: string, blocks: readonly CodeBlock[]): Project {
  const option = (key: OptionKey) =>
    blocks.flatMap((block) =>
      block.marker.kind === "snippet" && block.marker.options[key] !== undefined
        ? [block.marker.options[key]]
        : [],
    );
  const words = (key: OptionKey) => [
    ...new Set(option(key).flatMap((value) => value.split(/\s+/))),
  ];
  const packages = [
    ...new Set(blocks.flatMap((block) => installsOf(block.text).flatMap((i) => i.packages))),
  ];
  if (option("run").length === 0 && option("check").length === 0) {
    const runsLines = blocks.some((block) => block.language === "sh" && !isFileBlock(block));
    if (!runsLines)
      throw new Error(`snippet ${name}: nothing runs (no "run:", "check:" or sh lines)`);
  }
  const env = Object.fromEntries(
    words("env").map((pair) => {
      const [key = "", value = ""] = pair.split(/=(.*)/s);
      return [key, value];
    }),
  );
  return {
    name,
    blocks,
    packages: packages.filter((spec) => spec !== kitName),
    runs: [...new Set(option("run"))],
    msw: words("msw"),
    mocks: words("mock"),
    env,
    check: option("check")[0],
    fixture: option("with")[0],
  };
}

export const isFileBlock = (block: CodeBlock): boolean =>
  block.marker.kind === "snippet" && block.marker.options.file !== undefined;

/** The `npm install -D` lines of a block: the packages, and the command after `&&`. */
export function installsOf(text: string): { packages: string[]; andThen: string | undefined }[] {
  return text.split("\n").flatMap((line) => {
    const match = installLine.exec(line.trim());
    if (!match) return [];
    return [{ packages: (match[1] ?? "").split(/\s+/), andThen: match[2] || undefined }];
  });
}
