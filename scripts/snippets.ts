/**
 * Runs every code block of README.md and docs/*.md that is marked to run (see
 * scripts/snippets/markers.ts), as pasted, in a fresh folder holding the packed
 * kit and only what the block's install line names, from the registry. Projects
 * that install the same packages share one install, run one after another with
 * the folder emptied back to the install in between. Needs `dist/` (`npm run build`).
 *
 *   npx tsx scripts/snippets.ts [--only NAME]... [--list]
 *
 * Prints one line per run and a closing `snippets: N passed, N failed` line;
 * exits 1 when a run failed, 2 when a block has no marker.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { repositoryRoot } from "../mocks/test-support/repository.js";
import { installKitWith, isolatedBase, pack } from "./smoke-package.js";
import { allCodeBlocks, type CodeBlock, type Project, projectsOf } from "./snippets/markers.js";
import { runProject, SnippetFailure } from "./snippets/run.js";

/** One run of a project: under one msw major when it names several. */
interface PlannedRun {
  readonly project: Project;
  readonly label: string;
  readonly packages: readonly string[];
}

function plan(projects: readonly Project[]): PlannedRun[] {
  return projects.flatMap((project) => {
    const variants = project.msw.length > 0 ? project.msw : [undefined];
    return variants.map((major) => ({
      project,
      label: major === undefined ? project.name : `${project.name} (msw ${major})`,
      packages: project.packages
        .map((spec) => (spec === "msw" && major !== undefined ? `msw@${major}` : spec))
        .sort(),
    }));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Empties an install folder back to what the install left: its top-level entries and package.json. */
async function restorer(dir: string): Promise<() => Promise<void>> {
  const kept = new Set(await readdir(dir));
  const manifest = await readFile(join(dir, "package.json"), "utf8");
  return async () => {
    for (const name of await readdir(dir)) {
      if (!kept.has(name)) await rm(join(dir, name), { recursive: true, force: true });
    }
    for (const cache of [".vite", ".cache"]) {
      await rm(join(dir, "node_modules", cache), { recursive: true, force: true });
    }
    await writeFile(join(dir, "package.json"), manifest);
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: { only: { type: "string", multiple: true }, list: { type: "boolean" } },
  });
  let blocks: CodeBlock[];
  try {
    blocks = allCodeBlocks();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const projects = projectsOf(blocks).filter(
    (project) => values.only === undefined || values.only.includes(project.name),
  );
  const runs = plan(projects);
  const notRun = blocks.filter((block) => block.marker.kind === "not run").length;
  console.log(
    `${blocks.length} code blocks: ${blocks.length - notRun} in ${projectsOf(blocks).length} snippet projects, ${notRun} marked not run`,
  );
  if (values.list) {
    for (const run of runs)
      console.log(`${run.label}: the kit, ${run.packages.join(" ") || "alone"}`);
    return 0;
  }
  if (!existsSync(join(repositoryRoot, "dist/mocks/node.js"))) {
    console.error("dist/ is missing: run npm run build first");
    return 2;
  }

  const started = performance.now();
  const packDir = await mkdtemp(join(isolatedBase(), "petstore-snippets-"));
  let passed = 0;
  let failed = 0;
  try {
    const tarball = await pack(packDir);
    const groups = new Map<string, PlannedRun[]>();
    for (const run of runs) {
      const key = run.packages.join(" ");
      groups.set(key, [...(groups.get(key) ?? []), run]);
    }
    for (const [packages, group] of groups) {
      // A CommonJS package, as npm 11's `npm init -y` writes it.
      const install = await installKitWith(group[0]?.packages ?? [], {
        tarball,
        manifest: { type: "commonjs" },
      }).catch((error: Error) => error);
      if (install instanceof Error) {
        for (const run of group) console.log(`✗ ${run.label}: install failed: ${install.message}`);
        failed += group.length;
        continue;
      }
      console.log(`installed the kit, ${packages || "alone"} (${seconds(install.installMs)})`);
      const restore = await restorer(install.dir);
      for (const run of group) {
        const runStarted = performance.now();
        try {
          await runProject(run.project, install.dir);
          passed++;
          console.log(`✓ ${run.label} (${seconds(performance.now() - runStarted)})`);
        } catch (error) {
          failed++;
          const detail = error instanceof SnippetFailure ? error.message : String(error);
          const from = run.project.blocks.map((block) => `${block.page}:${block.line}`).join(", ");
          console.log(
            `✗ ${run.label} (${seconds(performance.now() - runStarted)}), blocks ${from}`,
          );
          console.log(detail.replace(/^/gm, "    "));
        }
        await restore();
      }
      await install.remove();
    }
  } finally {
    await rm(packDir, { recursive: true, force: true });
  }
  console.log(
    `snippets: ${passed} passed, ${failed} failed, in ${seconds(performance.now() - started)}`,
  );
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
