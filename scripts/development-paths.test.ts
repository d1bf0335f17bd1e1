/**
 * docs/development.md's "Where to add things" stays true: every file it names
 * exists, and every per-operation table in the sources is in the endpoint list.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docSection } from "../mocks/test-support/docs.js";
import { repositoryRoot } from "./smoke-package.js";

const section = docSection("development.md", "extending");
const namedFiles = [
  ...section.matchAll(
    /`((?:mocks|contract-tests|fixtures|docs|scripts)\/[\w./-]+|openapi\.yaml)`/g,
  ),
].map((match) => match[1] as string);
const endpointList = section.slice(0, section.indexOf("**A fault kind**"));

function sources(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !/\.test(-d)?\.ts$|test-support/.test(name))
    .map((name) => `${folder}/${name}`);
}

describe("docs/development.md: where to add things", () => {
  it("names files that exist", () => {
    expect(namedFiles.length).toBeGreaterThan(10);
    expect(namedFiles.filter((file) => !existsSync(join(repositoryRoot, file)))).toEqual([]);
  });

  it("lists every file with a per-operation table under the endpoint", () => {
    const tables = ["mocks", "contract-tests"]
      .flatMap(sources)
      .filter((file) =>
        /(?<!Partial<)Record<OperationId,/.test(readFileSync(join(repositoryRoot, file), "utf8")),
      );
    expect(tables.length).toBeGreaterThan(3);
    expect(tables.filter((file) => !endpointList.includes(`\`${file}\``))).toEqual([]);
  });
});
