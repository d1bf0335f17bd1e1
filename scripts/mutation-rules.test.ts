/**
 * The mutation run's rules (docs/development.md, "Mutation testing") stay
 * true: at most ten `Stryker disable` comments in the sources, every pattern
 * of modules to mutate still names modules (a move cannot empty it quietly),
 * and every module the run leaves out exists and has its own test.
 */
import { existsSync, globSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../mocks/test-support/repository.js";

const configFile = pathToFileURL(join(repositoryRoot, "scripts/config/stryker.config.mjs"));
const stryker: { mutate: string[] } = (await import(configFile.href)).default;

const roots = ["mocks", "contract-tests", "scripts", "fixtures", "examples"];
const skipped = /(^|\/)(node_modules|dist|generated)\//;

function sources(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.[cm]?[jt]sx?$/.test(name) && !skipped.test(name))
    .map((name) => `${folder}/${name}`);
}

/** The `Stryker disable` comments of a module, line or block. */
const disables = (text: string) =>
  [...text.matchAll(/\/\/.*|\/\*[\s\S]*?\*\//g)].filter(([comment]) =>
    /\bStryker\s+disable\b/.test(comment),
  ).length;

describe("the mutation run's rules", () => {
  it("keeps at most ten Stryker disable comments in the sources", () => {
    const found = roots
      .flatMap(sources)
      .flatMap((file) =>
        Array(disables(readFileSync(join(repositoryRoot, file), "utf8"))).fill(file),
      );
    expect(found.length, found.join("\n")).toBeLessThanOrEqual(10);
  });

  it("counts a disable comment of every form", () => {
    expect(disables("// Stryker disable next-line all\nx;")).toBe(1);
    expect(disables("x; /* Stryker disable all */ y; /* Stryker restore all */")).toBe(1);
    expect(disables("/**\n * Stryker disable next-line ConditionalExpression: why\n */")).toBe(1);
    expect(disables("//Stryker disable all\n/*Stryker disable all*/")).toBe(2);
    expect(disables("// a Stryker run\nconst s = 1;")).toBe(0);
  });

  it("leaves out only modules that exist, each with its own test", () => {
    const left = stryker.mutate
      .filter((pattern) => pattern.startsWith("!") && !pattern.includes("*"))
      .map((pattern) => pattern.slice(1));
    expect(left.length).toBeGreaterThan(0);
    expect(
      left.filter(
        (file) =>
          !existsSync(join(repositoryRoot, file)) ||
          !existsSync(join(repositoryRoot, file.replace(/\.ts$/, ".test.ts"))),
      ),
    ).toEqual([]);
  });

  it("mutates modules that exist: every pattern names at least one", () => {
    const empty = stryker.mutate
      .filter((pattern) => !pattern.startsWith("!"))
      .filter((pattern) => globSync(pattern, { cwd: repositoryRoot }).length === 0);
    expect(empty).toEqual([]);
  });
});
