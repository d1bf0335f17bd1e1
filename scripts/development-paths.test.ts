/**
 * docs/development.md's "Where to add things" stays true: every file it names
 * exists, every per-operation table in the sources (keyed by `OperationId`, a
 * `case` on an operation's id, an object keyed by one) is in the endpoint
 * list, and every per-collection table (the same, by `Collection`) in the
 * collection list: adding an operation or a collection touches only those files.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { interfaceOperations } from "../mocks/interface/operations.js";
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
  section.indexOf("**A collection**"),
);
const collectionList = section.slice(
  section.indexOf("**A collection**"),
  section.indexOf("**A fault kind**"),
);
const requiredSteps = endpointList.slice(0, endpointList.indexOf("As the operation needs"));

/** Every module of a root, tests and test-support included (a test's own table breaks too). */
function sources(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.[cm]?[jt]sx?$/.test(name) && !/(^|\/)generated\//.test(name))
    .map((name) => `${folder}/${name}`);
}

/** A table keyed by `type`: a `Record<type, …>`, a `case` on one of `names`, an object keyed by one. */
const tableOf = (type: string, names: readonly string[]) =>
  new RegExp(
    `(?<!Partial<)Record<${type},|case "(?:${names.join("|")})"|^\\s*"?(?:${names.join("|")})"?:`,
    "m",
  );
const table = tableOf("OperationId", operationIds);
const collectionTable = tableOf("Collection", [
  ...new Set(interfaceOperations.map((operation) => operation.collection)),
]);

describe("docs/development.md: where to add things", () => {
  it("names files that exist", () => {
    expect(namedFiles.length).toBeGreaterThan(10);
    expect(namedFiles.filter((file) => !existsSync(join(repositoryRoot, file)))).toEqual([]);
  });

  const texts = ["mocks", "contract-tests", "fixtures"]
    .flatMap(sources)
    .map((file) => [file, readFileSync(join(repositoryRoot, file), "utf8")] as const);
  /** Files with such a table: a test's own data naming a few operations is no table of them all. */
  const filesMatching = (pattern: RegExp) =>
    texts
      .filter(([file, text]) => !/\.test(-d)?\.[cm]?[jt]sx?$/.test(file) && pattern.test(text))
      .map(([file]) => file);

  it("lists every file with a per-operation table under the endpoint", () => {
    const tables = filesMatching(table);
    expect(tables).toContain("mocks/core/operations.ts");
    expect(tables.filter((file) => !endpointList.includes(`\`${file}\``))).toEqual([]);
  });

  it("lists every file with a per-collection table under the collection", () => {
    const tables = filesMatching(collectionTable);
    expect(tables).toContain("contract-tests/consumer/states.ts");
    expect(tables.filter((file) => !collectionList.includes(`\`${file}\``))).toEqual([]);
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
    expect(collectionTable.test("const ids: Record<Collection, number[]> = x;")).toBe(true);
    expect(collectionTable.test('switch (kind) {\n  case "categories":')).toBe(true);
    expect(collectionTable.test("const caps = {\n  pets: 10,\n};")).toBe(true);
    expect(collectionTable.test('list("pets");')).toBe(false);
  });
});
