/**
 * docs/development.md's "Where to add things" stays true: every file it names
 * exists, and every per-operation table in the sources (keyed by
 * `OperationId`, a `case` on an operation's id, an object keyed by one) is in
 * the endpoint list: adding an operation touches only those files.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { operationIds } from "../mocks/interface/spec.js";
import { docSection } from "../mocks/test-support/docs.js";
import { repositoryRoot } from "../mocks/test-support/repository.js";

const section = docSection("development.md", "extending");
const namedFiles = [
  ...section.matchAll(
    /`((?:mocks|contract-tests|fixtures|docs|scripts)\/[\w./-]+|openapi\.yaml)`/g,
  ),
].map((match) => match[1] as string);
const endpointList = section.slice(
  section.indexOf("**An endpoint**"),
  section.indexOf("**A fault kind**"),
);
const requiredSteps = endpointList.slice(0, endpointList.indexOf("As the operation needs"));

/** Every module of a root, tests and test-support included (a test's own table breaks too). */
function sources(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.[cm]?[jt]sx?$/.test(name) && !/(^|\/)generated\//.test(name))
    .map((name) => `${folder}/${name}`);
}

/** A per-operation table: keyed by `OperationId`, a `case` on an operation's id, an object keyed by one. */
const ids = operationIds.join("|");
const table = new RegExp(
  `(?<!Partial<)Record<OperationId,|case "(?:${ids})"|^\\s*"?(?:${ids})"?:`,
  "m",
);

describe("docs/development.md: where to add things", () => {
  it("names files that exist", () => {
    expect(namedFiles.length).toBeGreaterThan(10);
    expect(namedFiles.filter((file) => !existsSync(join(repositoryRoot, file)))).toEqual([]);
  });

  const texts = ["mocks", "contract-tests", "fixtures"]
    .flatMap(sources)
    .map((file) => [file, readFileSync(join(repositoryRoot, file), "utf8")] as const);

  it("lists every file with a per-operation table under the endpoint", () => {
    const tables = texts.filter(([, text]) => table.test(text)).map(([file]) => file);
    expect(tables).toContain("mocks/core/operations.ts");
    expect(tables.filter((file) => !endpointList.includes(`\`${file}\``))).toEqual([]);
  });

  it("makes every table the compiler holds to every operation a required step", () => {
    const exhaustive = texts
      .filter(([, text]) => /(?<!Partial<)Record<OperationId,/.test(text))
      .map(([file]) => file);
    expect(exhaustive).toContain("mocks/core/operations.ts");
    expect(exhaustive.filter((file) => !requiredSteps.includes(`\`${file}\``))).toEqual([]);
  });

  it("finds a table of any form, so the check above can fail", () => {
    expect(table.test("const weight = {\n  listPets: 3,\n};")).toBe(true);
    expect(table.test('switch (operation) {\n  case "getPet":')).toBe(true);
    expect(table.test("const t: Record<OperationId, number> = x;")).toBe(true);
    expect(table.test('run({ operation: "createPet" });')).toBe(false);
  });
});
