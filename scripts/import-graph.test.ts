/**
 * The layers of mocks/ and fixtures/, read from their import statements (type
 * imports included): no module reaches itself again through its imports;
 * fixtures/ (seed data and its generation) needs nothing of mocks/ but the
 * generated document and its types; mocks/core/ needs nothing above it, not
 * even through a lazy `import()`.
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

/**
 * Relative specifiers of a module's `import … from`, `export … from` and
 * `import "…"` statements, and with `lazy` its `import("…")` and `require("…")`.
 */
function importedSpecifiers(text: string, { lazy = false } = {}): string[] {
  const statement =
    /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm;
  const multiLine =
    /^\s*(?:import|export)\s+(?:type\s+)?\{[^}]*\}\s*from\s+["'](\.{1,2}\/[^"']+)["']/gm;
  const dynamic = /\b(?:import|require)\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;
  const found = new Set<string>();
  for (const pattern of lazy ? [statement, multiLine, dynamic] : [statement, multiLine]) {
    for (const match of text.matchAll(pattern)) found.add(match[1] as string);
  }
  return [...found];
}

/** The source a specifier names (`./x.js` → `x.ts`, `./x.cjs` → `x.cts`), relative to the root. */
function resolved(from: string, specifier: string): string {
  const target = join(dirname(from), specifier).replaceAll("\\", "/");
  return target.replace(/\.js$/, ".ts").replace(/\.cjs$/, ".cts");
}

const modules = roots.flatMap(sourceFiles).filter((file) => !isTest(file));

/** The sources a module imports by relative path, wherever they are (lazily too with `lazy`). */
function importsOf(file: string, lazy = false): string[] {
  const text = readFileSync(join(repositoryRoot, file), "utf8");
  return importedSpecifiers(text, { lazy }).map((specifier) => resolved(file, specifier));
}
const allImportsOf = (file: string) => importsOf(file, true);

/** Each source module of mocks/ and fixtures/ (tests left out) and the modules it loads there with it. */
function importGraph(): Map<string, string[]> {
  const known = new Set(modules);
  return new Map(
    modules.map((file) => [file, importsOf(file).filter((target) => known.has(target))]),
  );
}

/**
 * What mocks/core/ may import besides itself, npm packages and node builtins:
 * the layers below it, which read nothing of mocks/ above them: the
 * interface's facts and the one judge (`interface/`, shared with the contract
 * suite), and under those the generated document, its type names
 * (`types.ts`), the lookups in it (`spec.ts`), the Error catalogue
 * (`errors.ts`) and runtime-neutral helpers (`util/`). Tests may assemble
 * layers (a core test on a real store).
 */
const inCore = (file: string) => file.startsWith("mocks/core/");
const document = (file: string) =>
  /^mocks\/(generated\/|util\/|(types|spec|errors)\.ts$)/.test(file);
const belowCore = (file: string) => file.startsWith("mocks/interface/") || document(file);

/** Each import of `files` that `allowed` refuses, as `file → import`. */
function importsOutside(
  files: readonly string[],
  allowed: (target: string) => boolean,
  importsOf: (file: string) => readonly string[],
): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) => !allowed(target))
      .map((target) => `${file} → ${target}`),
  );
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
    expect(graph.get("mocks/node.ts")).toContain("mocks/runtime/setup-parts.ts");
    expect(graph.get("mocks/core/operations.ts")).toContain("mocks/interface/spec.ts");
    expect(importedSpecifiers('import type {\n  A,\n  B,\n} from "./a.js";')).toEqual(["./a.js"]);
    const lazyImport = 'const { b } = await import("../b.js");';
    expect(importedSpecifiers(lazyImport)).toEqual([]);
    expect(importedSpecifiers(lazyImport, { lazy: true })).toEqual(["../b.js"]);
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

  it("mocks/core/ imports nothing above it, type imports included", () => {
    const core = modules.filter(inCore);
    expect(core.length).toBeGreaterThan(10);
    const allowed = (target: string) => inCore(target) || belowCore(target);
    expect(importsOutside(core, allowed, allImportsOf)).toEqual([]);
  });

  it("the layers below mocks/core/ import nothing above them", () => {
    const below = modules.filter(belowCore);
    expect(below).toContain("mocks/interface/judge.ts");
    expect(importsOutside(below, belowCore, allImportsOf)).toEqual([]);
    const bottom = modules.filter(document);
    expect(bottom).toContain("mocks/interface/spec.ts");
    expect(importsOutside(bottom, document, allImportsOf)).toEqual([]);
  });

  it("names the file and the import that leaves a layer", () => {
    const imports = new Map([["mocks/core/a.ts", ["mocks/core/b.ts", "mocks/store/store.ts"]]]);
    const outside = importsOutside([...imports.keys()], inCore, (file) => imports.get(file) ?? []);
    expect(outside).toEqual(["mocks/core/a.ts → mocks/store/store.ts"]);
  });
});
