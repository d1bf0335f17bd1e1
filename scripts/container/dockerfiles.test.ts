/**
 * The two Dockerfiles build one image: the repository's (from the sources)
 * and the npm package's docs/container/Dockerfile (from the registry or a
 * packed tarball). Only how the kit arrives differs; the runtime after it
 * (environment, user, port, volume, health check, entry point) is the same
 * text in both, and the package ships the file with the entry point it uses.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { packageDockerfile } from "./commands.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const marker = "# From here on, the same runtime as ";

/** The lines after the marker comment: the runtime both files share. */
function runtime(path: string): string {
  const text = read(path);
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${path} has no "${marker}…" line`);
  return text.slice(text.indexOf("\n", at) + 1);
}

describe("the repository's Dockerfile and the package's build the same image", () => {
  it("with the same runtime after the kit is in place", () => {
    expect(runtime(packageDockerfile)).toBe(runtime("Dockerfile"));
    expect(runtime("Dockerfile")).toContain('ENTRYPOINT ["petstore-entrypoint"]');
  });

  it("on the same default base", () => {
    const base = (path: string) => /^ARG BASE=(.+)$/m.exec(read(path))?.[1];
    expect(base(packageDockerfile)).toBe(base("Dockerfile"));
  });

  it("from files the npm package ships", () => {
    const { files } = JSON.parse(read("package.json")) as { files: string[] };
    expect(files).toContain(packageDockerfile.split("/")[0]);
    expect(read("docs/container/entrypoint.sh")).toMatch(/^#!\/bin\/sh\n/);
  });
});
