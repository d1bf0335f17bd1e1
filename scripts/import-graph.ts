/**
 * The layers of the source, read from every import (type imports and lazy
 * `import()`s included) of every root: each folder is a layer, and a module
 * imports only from its own folder or a layer below (docs/development.md
 * draws them). No module reaches itself again through its imports. Tests may
 * import any layer of their own side and below (test-support included), but
 * the mock's side never imports the contract suite's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { repositoryRoot } from "./smoke-package.js";

/** The layers, bottom first: a module may import from its own layer and those before it. */
export const layers: readonly (readonly string[])[] = [
  ["mocks/generated/"],
  ["mocks/util/"],
  ["mocks/interface/"],
  ["fixtures/"],
  ["mocks/core/"],
  ["mocks/store/"],
  ["mocks/contract/"],
  ["mocks/runtime/"],
  ["mocks/admin/"],
  ["mocks/server/", "mocks/playwright/", "mocks/dashboard/"],
  ["mocks/"],
  ["mocks/require/"],
  ["contract-tests/transport/"],
  ["contract-tests/suite/"],
  ["contract-tests/fuzz/"],
  ["contract-tests/run/"],
  ["contract-tests/consumer/"],
  ["contract-tests/report/"],
  ["contract-tests/cli/"],
  ["mocks/test-support/", "mocks/robustness/", "contract-tests/test-support/"],
  ["scripts/", "examples/"],
];

const roots = ["mocks", "fixtures", "contract-tests", "scripts", "examples"] as const;
export const isTest = (file: string) =>
  /\.(test|spec)\.ts$|\.test-d\.ts$|\/test-support\/|\/robustness\/|^examples\//.test(file);

/** A module's folder: the layer entry it belongs to (the longest that holds it). */
export function folderOf(file: string): string | undefined {
  const folders = layers.flat().filter((folder) => {
    if (!file.startsWith(folder)) return false;
    // `mocks/` holds only the entries at its root; every other folder holds its subfolders too.
    return folder !== "mocks/" || !file.slice(folder.length).includes("/");
  });
  return folders.sort((a, b) => b.length - a.length)[0];
}

const rankOf = (folder: string) => layers.findIndex((layer) => layer.includes(folder));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.c?ts$/.test(name) && !name.includes("node_modules"))
    .map((name) => join(folder, name).replaceAll("\\", "/"));
}

/**
 * Relative specifiers of a module's `import … from`, `export … from`,
 * `import "…"`, `import("…")` and `require("…")`.
 */
export function importedSpecifiers(text: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm,
    /^\s*(?:import|export)\s+(?:type\s+)?\{[^}]*\}\s*from\s+["'](\.{1,2}\/[^"']+)["']/gm,
    /\b(?:import|require)\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
  ];
  const found = new Set<string>();
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.add(match[1] as string);
  }
  return [...found];
}

/** The source a specifier names (`./x.js` → `x.ts`, `./x.cjs` → `x.cts`), relative to the root. */
function resolved(from: string, specifier: string): string {
  const target = join(dirname(from), specifier).replaceAll("\\", "/");
  return target.replace(/\.js$/, ".ts").replace(/\.cjs$/, ".cts");
}

export const files = roots.flatMap(sourceFiles);
const known = new Set(files);

/** Each module and the modules of the repository it imports. */
export const graph = new Map(
  files.map((file) => {
    const text = readFileSync(join(repositoryRoot, file), "utf8");
    const targets = importedSpecifiers(text)
      .map((specifier) => resolved(file, specifier))
      .filter((target) => known.has(target));
    return [file, targets] as const;
  }),
);

/** Each import that leaves its layer upward or sideways, as `file → import`. */
export function wrongWay(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const wrong: string[] = [];
  for (const [file, targets] of edges) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (from === undefined || to === undefined) {
        wrong.push(`${file} → ${target} (no layer)`);
        continue;
      }
      if (from === to) continue;
      const allowed = isTest(file)
        ? !(file.startsWith("mocks/") && target.startsWith("contract-tests/"))
        : rankOf(to) < rankOf(from);
      if (!allowed) wrong.push(`${file} → ${target}`);
    }
  }
  return wrong;
}

/** Every circle of the graph, as the path that closes it (first module repeated at the end). */
export function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (module: string) => {
    state.set(module, "open");
    path.push(module);
    for (const next of edges.get(module) ?? []) {
      if (state.get(next) === "open") found.push([...path.slice(path.indexOf(next)), next]);
      else if (state.get(next) === undefined) visit(next);
    }
    path.pop();
    state.set(module, "done");
  };
  for (const module of [...edges.keys()].sort()) if (!state.has(module)) visit(module);
  return found;
}
