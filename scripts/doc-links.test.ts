/**
 * Every relative link in README.md and docs/*.md reaches a file of the
 * repository, and every `#anchor` a heading of its page, with the anchors
 * GitHub gives headings (lower case, punctuation dropped, spaces as hyphens,
 * `-1`, `-2` … for repeats); and every address they give for the kit's own
 * repository is the one package.json names.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../mocks/test-support/repository.js";
import { documentPages } from "./snippets/markers.js";

/** The page's prose: fenced blocks and inline code spans removed. */
const prose = (text: string) =>
  text.replace(/^\s*```[\s\S]*?^\s*```\s*$/gm, "").replace(/`[^`\n]*`/g, "");

/** GitHub's anchor for a heading's text. */
function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a page's headings, repeats numbered as GitHub numbers them. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of text
    .replace(/^\s*```[\s\S]*?^\s*```\s*$/gm, "")
    .matchAll(/^#{1,6} (.+)$/gm)) {
    const base = anchorOf(match[1] ?? "");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

interface Link {
  readonly page: string;
  readonly target: string;
}

function relativeLinks(page: string): Link[] {
  const text = prose(readFileSync(join(repositoryRoot, page), "utf8"));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => ({ page, target }));
}

/** Why `link` does not resolve, or undefined when it does. */
function brokenBecause({ page, target }: Link): string | undefined {
  const [path = "", anchor] = target.split("#");
  const file = path === "" ? page : normalize(join(dirname(page), path));
  if (!existsSync(join(repositoryRoot, file))) return `${file} does not exist`;
  if (anchor === undefined || !file.endsWith(".md")) return undefined;
  const anchors = anchorsOf(readFileSync(join(repositoryRoot, file), "utf8"));
  return anchors.has(anchor) ? undefined : `${file} has no heading with the anchor #${anchor}`;
}

describe("links in README.md and docs/", () => {
  it("gives headings GitHub's anchors", () => {
    expect(anchorOf("In your tests (msw/node)")).toBe("in-your-tests-mswnode");
    expect(anchorOf("Admin endpoints (standalone server)")).toBe(
      "admin-endpoints-standalone-server",
    );
    expect(anchorOf("`petstore-mock` in a [container](x.md)")).toBe("petstore-mock-in-a-container");
    expect([...anchorsOf("# A\n## A\n```sh\n# not a heading\n```\n### A\n")]).toEqual([
      "a",
      "a-1",
      "a-2",
    ]);
  });

  it("reach an existing file and, for #anchors, a heading of it", () => {
    const links = documentPages().flatMap(relativeLinks);
    expect(links.length).toBeGreaterThan(10);
    const broken = links.flatMap((link) => {
      const reason = brokenBecause(link);
      return reason ? [`${link.page}: (${link.target}): ${reason}`] : [];
    });
    expect(broken).toEqual([]);
  });
});

describe("the kit's repository in README.md and docs/", () => {
  it("is package.json's repository, homepage and issue tracker wherever it is named", () => {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")) as {
      repository: { url: string };
      homepage: string;
      bugs: { url: string };
    };
    const repository = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(manifest.homepage).toBe(`${repository}#readme`);
    expect(manifest.bugs.url).toBe(`${repository}/issues`);
    const named = documentPages().flatMap((page) =>
      [
        ...readFileSync(join(repositoryRoot, page), "utf8").matchAll(
          /https:\/\/github\.com\/[\w.-]+\/petstore-mock-kit\b/g,
        ),
      ].map((match) => `${page}: ${match[0]}`),
    );
    expect(named.length).toBeGreaterThan(2);
    expect(named.filter((line) => !line.endsWith(`: ${repository}`))).toEqual([]);
  });
});
