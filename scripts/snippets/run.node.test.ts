import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { codeBlocks, projectsOf } from "./markers.js";
import { runProject } from "./run.js";

const fence = "```";
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-snippet-run-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const projectOf = (shell: string, env = "") => {
  const page = `<!-- snippet: one${env} -->\n${fence}sh\n${shell}\n${fence}\n`;
  const [project] = projectsOf(codeBlocks("docs/test.md", page));
  if (!project) throw new Error("no project");
  return project;
};

describe("a shell block run as pasted", () => {
  it("keeps an export for the lines after it, as one terminal would", async () => {
    const project = projectOf(
      'export PROXY_KEY="$STAGING_KEY"   # a comment\ntest "$PROXY_KEY" = staging-secret',
      ", env: STAGING_KEY=staging-secret",
    );
    await expect(runProject(project, dir)).resolves.toBeUndefined();
  });

  it("fails on a line that draws Vite's warning about an ES module config loaded as CommonJS", async () => {
    const warning =
      "  - ESM syntax in a file loaded as CommonJS (vitest.config.ts:1:1). Use a .mjs extension";
    const project = projectOf(`echo '${warning}' >&2`);
    await expect(runProject(project, dir)).rejects.toThrow(
      `$ echo '${warning}' >&2  (Vite's warning: an ES module config in a CommonJS package)`,
    );
  });

  it("fails on the line that fails, naming it", async () => {
    const project = projectOf('export PROXY_KEY=one\ntest "$PROXY_KEY" = two');
    await expect(runProject(project, dir)).rejects.toThrow('$ test "$PROXY_KEY" = two  (exit 1)');
  });
});
