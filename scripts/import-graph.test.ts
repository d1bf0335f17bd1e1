/** The import graph's rules (scripts/import-graph.ts reads it), and a check that they can fail. */
import { describe, expect, it } from "vitest";
import { docSection, fencedBlocks } from "../mocks/test-support/docs.js";
import {
  cycles,
  files,
  folderOf,
  graph,
  importedSpecifiers,
  isTest,
  layers,
  wrongWay,
} from "./import-graph.js";

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
});
