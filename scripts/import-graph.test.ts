/**
 * The layers of mocks/ and fixtures/, read from their import statements (type
 * imports included): no module reaches itself again through its imports, and
 * fixtures/ (seed data and its generation) needs nothing of mocks/ but the
 * generated document and its types.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "./smoke-package.js";

const roots = ["mocks", "fixtures"] as const;
const isTest = (file: string) => /\.test(-d)?\.ts$|\/test-support\//.test(file);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.c?ts$/.test(name))
    .map((name) => join(folder, name).replaceAll("\\", "/"));
}

/** Relative specifiers of a module's `import … from`, `export … from` and `import "…"` statements. */
function importedSpecifiers(text: string): string[] {
  const statement =
    /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm;
  const multiLine =
    /^\s*(?:import|export)\s+(?:type\s+)?\{[^}]*\}\s*from\s+["'](\.{1,2}\/[^"']+)["']/gm;
  const found = new Set<string>();
  for (const pattern of [statement, multiLine]) {
    for (const match of text.matchAll(pattern)) found.add(match[1] as string);
  }
  return [...found];
}

/** The source a specifier names (`./x.js` → `x.ts`, `./x.cjs` → `x.cts`), relative to the root. */
function resolved(from: string, specifier: string): string {
  const target = join(dirname(from), specifier).replaceAll("\\", "/");
  return target.replace(/\.js$/, ".ts").replace(/\.cjs$/, ".cts");
}

/** Each source module of mocks/ and fixtures/ (tests left out) and the modules it imports there. */
function importGraph(): Map<string, string[]> {
  const modules = roots.flatMap(sourceFiles).filter((file) => !isTest(file));
  const known = new Set(modules);
  const graph = new Map<string, string[]>();
  for (const file of modules) {
    const text = readFileSync(join(repositoryRoot, file), "utf8");
    const imports = importedSpecifiers(text)
      .map((specifier) => resolved(file, specifier))
      .filter((target) => known.has(target));
    graph.set(file, imports);
  }
  return graph;
}

/** Every circle of the graph, as the path that closes it (first module repeated at the end). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (module: string) => {
    state.set(module, "open");
    path.push(module);
    for (const next of graph.get(module) ?? []) {
      if (state.get(next) === "open") found.push([...path.slice(path.indexOf(next)), next]);
      else if (state.get(next) === undefined) visit(next);
    }
    path.pop();
    state.set(module, "done");
  };
  for (const module of [...graph.keys()].sort()) if (!state.has(module)) visit(module);
  return found;
}

describe("import graph", () => {
  const graph = importGraph();

  it("reads the imports it should (a sanity check of the parser)", () => {
    expect(graph.get("mocks/node.ts")).toContain("mocks/setup-parts.ts");
    expect(graph.get("mocks/core/operations.ts")).toContain("mocks/spec.ts");
    expect(importedSpecifiers('import type {\n  A,\n  B,\n} from "./a.js";')).toEqual(["./a.js"]);
  });

  it("finds a circle when there is one", () => {
    const circle = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(cycles(circle)).toEqual([["a", "b", "c", "a"]]);
  });

  it("has no circle in mocks/ and fixtures/, type imports included", () => {
    expect(cycles(graph).map((circle) => circle.join(" → "))).toEqual([]);
  });

  it("fixtures/ needs nothing of mocks/ but the generated document and its types", () => {
    const reaches = [...graph]
      .filter(([file]) => file.startsWith("fixtures/"))
      .flatMap(([file, imports]) => imports.map((target) => `${file} → ${target}`))
      .filter((edge) => /→ mocks\//.test(edge))
      .filter((edge) => !/→ mocks\/(generated\/|types\.ts$)/.test(edge));
    expect(reaches).toEqual([]);
  });
});
