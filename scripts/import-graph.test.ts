/** The import graph's rules (scripts/import-graph.ts reads it), and a check that they can fail. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { docSection, fencedBlocks } from "../mocks/test-support/docs.js";
import { repositoryRoot } from "../mocks/test-support/repository.js";
import {
  cycles,
  files,
  folderOf,
  graph,
  graphOf,
  importedSpecifiers,
  isTest,
  layers,
  unresolved,
  wrongWay,
} from "./import-graph.js";

/** Base modules of a scratch repository for the tricks below: one per layer a trick reaches. */
const scratchBase: Record<string, string> = {
  "mocks/core/auth.ts": "export const auth = 1;\n",
  "mocks/core/auth.test.ts": 'import "./auth.js";\n',
  "mocks/server/proxy.ts": "export const proxy = 1;\n",
  "mocks/server/index.ts": 'export * from "./proxy.js";\n',
  "mocks/require/server.cts": 'export = require("../server/index.js");\n',
  "mocks/playwright.ts": "export type Foo = number;\n",
  "mocks/index.ts": 'export * from "./core/auth.js";\n',
  "contract-tests/cli/io.ts": "export const io = 1;\n",
  "fixtures/seed.ts": "export const seed = 1;\n",
  "scripts/tool.ts": "export const tool = 1;\n",
  "examples/app.ts": "export const app = 1;\n",
};
const auth = "mocks/core/auth.ts";
const upward = (line: string) => ({ [auth]: `export const auth = 1;\n${line}\n` });
const circle = (quote: string) => ({
  "mocks/core/c1.ts": `export const a = () => import(${quote}./c2.js${quote});\n`,
  "mocks/core/c2.ts": `export const b = () => import(${quote}./c3.js${quote});\n`,
  "mocks/core/c3.ts": `export const c = () => import(${quote}./c1.js${quote});\n`,
});

/** Each way a module can name another, and what the graph must make of it (`[]`: nothing wrong). */
const tricks: [string, Record<string, string>, RegExp | "clean"][] = [
  ["nothing (the scratch repository as it is)", {}, "clean"],
  [
    "import() of a template literal",
    upward("export const l = () => import(`../server/proxy.js`);"),
    /auth\.ts → mocks\/server\/proxy\.ts/,
  ],
  [
    "require()",
    upward(
      'declare const require: (s: string) => unknown;\nexport const r = () => require("../server/proxy.js");',
    ),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "a requirer made by createRequire",
    upward(
      'import { createRequire } from "node:module";\nconst load = createRequire(import.meta.url);\nexport const r = () => load("../server/proxy.js");',
    ),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "createRequire(import.meta.url)(…) at once",
    upward(
      'import { createRequire } from "node:module";\nexport const r = () => createRequire(import.meta.url)("../server/proxy.js");',
    ),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "export * as ns from",
    upward('export * as p from "../server/proxy.js";'),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "typeof import()",
    upward('export type P = typeof import("../server/proxy.js");'),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "import type with a default over lines",
    upward('import type Def, {\n  Foo,\n} from "../server/proxy.js";'),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "new URL(file, import.meta.url)",
    upward('export const w = new URL("../server/proxy.js", import.meta.url);'),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "new URL(folder/, import.meta.url)",
    upward('export const w = new URL("../server/", import.meta.url);'),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "import.meta.resolve",
    upward('export const w = import.meta.resolve("../server/proxy.js");'),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "a self-reference through package.json exports",
    upward('export const s = () => import("petstore-mock-kit/server");'),
    /→ mocks\/server\/index\.ts/,
  ],
  [
    "a tsconfig paths alias",
    upward('import type { Foo } from "petstore-mock-kit/playwright";'),
    /→ mocks\/playwright\.ts/,
  ],
  [
    "a comment before the specifier",
    upward('export const l = () =>\n  import(\n    /* @vite-ignore */ "../server/proxy.js"\n  );'),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "a line break before the specifier",
    upward('export const l = () =>\n  import(\n    "../server/proxy.js",\n  );'),
    /→ mocks\/server\/proxy\.ts/,
  ],
  [
    "an .mts file",
    { "mocks/core/evil.mts": 'import "../server/proxy.js";\n' },
    /evil\.mts → mocks\/server\/proxy\.ts/,
  ],
  [
    "a .tsx file",
    { "mocks/core/evil.tsx": 'import "../server/proxy.js";\n' },
    /evil\.tsx → mocks\/server\/proxy\.ts/,
  ],
  [
    "a .js file",
    { "mocks/core/evil.js": 'import "../server/proxy.js";\n' },
    /evil\.js → mocks\/server\/proxy\.ts/,
  ],
  [
    "an .mjs file",
    { "mocks/core/evil.mjs": 'import "../server/proxy.js";\n' },
    /evil\.mjs → mocks\/server\/proxy\.ts/,
  ],
  [
    "a .cjs file",
    { "mocks/core/evil.cjs": 'require("../server/proxy.js");\n' },
    /evil\.cjs → mocks\/server\/proxy\.ts/,
  ],
  [
    "an extensionless require in a .cts file",
    { "mocks/core/evil.cts": 'const p = require("../server/proxy");\nexport = p;\n' },
    /evil\.cts → mocks\/server\/proxy\.ts/,
  ],
  [
    "a three-file lazy circle",
    circle('"'),
    /c1\.ts → mocks\/core\/c2\.ts → mocks\/core\/c3\.ts → mocks\/core\/c1\.ts/,
  ],
  [
    "a three-file lazy circle of template literals",
    circle("`"),
    /c1\.ts → mocks\/core\/c2\.ts → mocks\/core\/c3\.ts → mocks\/core\/c1\.ts/,
  ],
  [
    "a mock-side test reaching contract-tests/ through scripts/",
    {
      "scripts/relay.ts": 'export * from "../contract-tests/cli/io.js";\n',
      "mocks/core/auth.test.ts": 'import "../../scripts/relay.js";\n',
    },
    /auth\.test\.ts → scripts\/relay\.ts \(reaches contract-tests\/cli\/io\.ts\)/,
  ],
  [
    "a relative specifier naming no file",
    upward('export const l = () => import("./missing.js");'),
    /cannot resolve "\.\/missing\.js"/,
  ],
  [
    "a specifier computed from a relative template",
    upward(`const name = "proxy";\nexport const l = () => import(\`../server/\${name}.js\`);`),
    /cannot resolve/,
  ],
  [
    "a self-reference to a subpath package.json does not export",
    upward('export const l = () => import("petstore-mock-kit/nowhere");'),
    /cannot resolve "petstore-mock-kit\/nowhere"/,
  ],
  [
    "an import() inside a comment",
    upward(
      '// e.g. import("../server/proxy.js") would be wrong\n/* import "../server/proxy.js"; */',
    ),
    "clean",
  ],
  [
    "an import() inside a string",
    upward('export const doc = "await import(\\"../server/proxy.js\\")";'),
    "clean",
  ],
];

/** What the graph finds wrong in a scratch repository: the base modules with `changes` on top. */
function problemsOf(changes: Record<string, string>): string[] {
  const root = mkdtempSync(join(tmpdir(), "import-graph-"));
  try {
    for (const name of ["package.json", "tsconfig.json"]) {
      cpSync(join(repositoryRoot, name), join(root, name));
    }
    for (const [file, text] of Object.entries({ ...scratchBase, ...changes })) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    const { graph, unresolved } = graphOf(root);
    const sources = new Map([...graph].filter(([file]) => !isTest(file)));
    return [...unresolved, ...wrongWay(graph), ...cycles(sources).map((c) => c.join(" → "))];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe("the import graph of every source root", () => {
  it("reads the imports it should, lazy ones included (a check of the parser)", () => {
    expect(graph.get("mocks/node.ts")).toContain("mocks/runtime/setup-parts.ts");
    expect(graph.get("mocks/core/operations.ts")).toContain("mocks/interface/spec.ts");
    expect(importedSpecifiers('import type {\n  A,\n  B,\n} from "./a.js";')).toEqual(["./a.js"]);
    expect(importedSpecifiers('const { b } = await import("../b.js");')).toEqual(["../b.js"]);
    expect(files.length).toBeGreaterThan(250);
  });

  it("puts every module in a layer, and every layer holds modules", () => {
    expect(files.filter((file) => folderOf(file) === undefined)).toEqual([]);
    const used = new Set(files.map(folderOf));
    expect(layers.flat().filter((folder) => !used.has(folder))).toEqual([]);
  });

  it("keeps one test-support folder per side: the mock's and the contract suite's", () => {
    const folders = new Set(files.flatMap((file) => file.match(/^.*\/test-support\//) ?? []));
    expect([...folders].sort()).toEqual(["contract-tests/test-support/", "mocks/test-support/"]);
  });

  it("is the picture docs/development.md draws, top layer first", () => {
    const picture = fencedBlocks(docSection("development.md", "extending"), ["text"])[0] ?? "";
    const drawn = picture
      .split("\n")
      .map((line) => line.match(/^(?:[\w-]+\/)+(?: +(?:[\w-]+\/)+)*(?= |$)/)?.[0])
      .filter((folders) => folders !== undefined)
      .map((folders) => folders.split(/ +/));
    expect(drawn).toEqual([...layers].reverse());
  });

  it("resolves every relative, self-referencing and aliased specifier of the source", () => {
    expect(unresolved).toEqual([]);
  });

  it("has no circle, type and lazy imports included", () => {
    const sources = new Map([...graph].filter(([file]) => !isTest(file)));
    expect(cycles(sources).map((circle) => circle.join(" → "))).toEqual([]);
  });

  it("imports only downward: no module reaches a layer above or beside its own", () => {
    expect(wrongWay(graph)).toEqual([]);
  });

  it("finds a circle and a wrong-way import when there is one", () => {
    const circle = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(cycles(circle)).toEqual([["a", "b", "c", "a"]]);
    const edges = new Map([
      ["mocks/core/a.ts", ["mocks/core/b.ts", "mocks/store/store.ts", "mocks/util/json.ts"]],
      ["mocks/server/x.ts", ["mocks/playwright/route.ts"]],
      ["mocks/core/a.test.ts", ["mocks/test-support/http.ts", "contract-tests/cli/io.ts"]],
      ["contract-tests/run/a.ts", ["mocks/server/server.ts"]],
    ]);
    expect(wrongWay(edges)).toEqual([
      "mocks/core/a.ts → mocks/store/store.ts",
      "mocks/server/x.ts → mocks/playwright/route.ts",
      "mocks/core/a.test.ts → contract-tests/cli/io.ts",
    ]);
  });

  it.each(tricks)("catches %s", (_name, changes, expected) => {
    const problems = problemsOf(changes);
    if (expected === "clean") expect(problems).toEqual([]);
    else expect(problems.join("\n")).toMatch(expected);
  });
});
