/** The import graph's rules (scripts/import-graph.ts reads it), and a check that they can fail. */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
const circle = (q: string) => ({
  "mocks/core/c1.ts": `export const a = () => import(${q}./c2.js${q});`,
  "mocks/core/c2.ts": `export const b = () => import(${q}./c3.js${q});`,
  "mocks/core/c3.ts": `export const c = () => import(${q}./c1.js${q});`,
});
const requireLine = 'import { createRequire } from "node:module";\n';
const proxy = /→ mocks\/server\/proxy\.ts/;
const threeCircle = /c1\.ts → mocks\/core\/c2\.ts → mocks\/core\/c3\.ts → mocks\/core\/c1\.ts/;

/** Code that, added to mocks/core/auth.ts, names a module; what the graph must find (default: the upward import). */
const lines: [string, string, (RegExp | "clean")?][] = [
  ["import() of a template literal", "export const l = () => import(`../server/proxy.js`);"],
  ["require()", 'declare const require: (s: string) => unknown;\nrequire("../server/proxy.js");'],
  [
    "a requirer createRequire makes",
    `${requireLine}createRequire(import.meta.url)("../server/proxy.js");`,
  ],
  [
    "a named requirer",
    `${requireLine}const load = createRequire(import.meta.url);\nload("../server/proxy.js");`,
  ],
  ["export * as ns from", 'export * as p from "../server/proxy.js";'],
  ["typeof import()", 'export type P = typeof import("../server/proxy.js");'],
  [
    "import type with a default over lines",
    'import type Def, {\n  Foo,\n} from "../server/proxy.js";',
  ],
  ["new URL(file, import.meta.url)", 'new URL("../server/proxy.js", import.meta.url);'],
  ["new URL(folder/, import.meta.url)", 'new URL("../server/", import.meta.url);'],
  ["import.meta.resolve", 'import.meta.resolve("../server/proxy.js");'],
  ["a comment before the specifier", 'import(\n  /* @vite-ignore */ "../server/proxy.js"\n);'],
  ["a line break before the specifier", 'import(\n  "../server/proxy.js",\n);'],
  [
    "a self-reference (package.json exports)",
    'import("petstore-mock-kit/server");',
    /→ mocks\/server\/index\.ts/,
  ],
  [
    "a tsconfig paths alias",
    'import type { Foo } from "petstore-mock-kit/playwright";',
    /→ mocks\/playwright\.ts/,
  ],
  [
    "a relative specifier naming no file",
    'import("./missing.js");',
    /cannot resolve "\.\/missing\.js"/,
  ],
  [
    "a specifier built from a relative start",
    `const n = 1;\nimport(\`../server/\${n}.js\`);`,
    /cannot resolve/,
  ],
  [
    "an unexported self-reference",
    'import("petstore-mock-kit/nowhere");',
    /cannot resolve "petstore-mock-kit\/nowhere"/,
  ],
  [
    "an import() in comments",
    '// import("../server/proxy.js")\n/* import "../server/proxy.js"; */',
    "clean",
  ],
  ["an import() in a string", 'export const doc = "import(\\"../server/proxy.js\\")";', "clean"],
];

/** Modules added beside the base; what the graph must find. */
const modules: [string, Record<string, string>, RegExp | "clean"][] = [
  ["nothing (the scratch repository as it is)", {}, "clean"],
  ...["mts", "tsx", "js", "mjs"].map((ext): [string, Record<string, string>, RegExp] => [
    `a .${ext} file`,
    { [`mocks/core/evil.${ext}`]: 'import "../server/proxy.js";' },
    new RegExp(`evil\\.${ext} → mocks/server/proxy\\.ts`),
  ]),
  ["a .cjs file", { "mocks/core/evil.cjs": 'require("../server/proxy.js");' }, proxy],
  [
    "an extensionless require in .cts",
    { "mocks/core/evil.cts": 'export = require("../server/proxy");' },
    proxy,
  ],
  ["a three-file lazy circle", circle('"'), threeCircle],
  ["a three-file lazy circle of template literals", circle("`"), threeCircle],
  [
    "a mock-side test reaching contract-tests/ through scripts/",
    {
      "scripts/relay.ts": 'export * from "../contract-tests/cli/io.js";',
      "mocks/core/auth.test.ts": 'import "../../scripts/relay.js";',
    },
    /auth\.test\.ts → scripts\/relay\.ts \(reaches contract-tests\/cli\/io\.ts\)/,
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

  it("keeps pactum out of petstore-contract and every other entry: only petstore-mock-kit/pactum reaches its modules, and none names the package", () => {
    const reached = (entry: string) => {
      const seen = new Set([entry]);
      for (const file of seen) for (const next of graph.get(file) ?? []) seen.add(next);
      return [...seen];
    };
    const isPactumModule = (file: string) =>
      file === "mocks/pactum.ts" || file.startsWith("mocks/pactum/");
    const namesPactum = (file: string) =>
      importedSpecifiers(readFileSync(join(repositoryRoot, file), "utf8"), file).some(
        (specifier) => specifier === "pactum" || specifier.startsWith("pactum/"),
      );
    const entries = [
      "contract-tests/cli/cli.ts",
      "mocks/server/cli.ts",
      "mocks/index.ts",
      "mocks/node.ts",
      "mocks/browser.ts",
      "mocks/server/index.ts",
      "mocks/playwright.ts",
      "mocks/vitest.ts",
    ];
    for (const entry of entries) {
      expect(reached(entry).filter(isPactumModule), entry).toEqual([]);
      expect(reached(entry).filter(namesPactum), entry).toEqual([]);
    }
    // The entry registers on the user's pactum: it never loads a copy of its own.
    const entry = reached("mocks/pactum.ts");
    expect(entry).toContain("mocks/pactum/session.ts");
    expect(entry.filter(namesPactum)).toEqual([]);
    // The check can fail: a test that imports pactum names it.
    expect(namesPactum("mocks/pactum.test.ts")).toBe(true);
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

  it.each([
    ...lines.map(([name, code, expected = proxy]): (typeof modules)[number] => [
      name,
      { "mocks/core/auth.ts": `export const auth = 1;\n${code}\n` },
      expected,
    ]),
    ...modules,
  ])("catches %s", (_name, changes, expected) => {
    const problems = problemsOf(changes);
    if (expected === "clean") expect(problems).toEqual([]);
    else expect(problems.join("\n")).toMatch(expected);
  });
});
