import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../mocks/test-support/repository.js";
import { nodeFlagsOf } from "./bin-node-flags.js";

describe("nodeFlagsOf", () => {
  it("reads the flags after `env -S node`", () => {
    expect(
      nodeFlagsOf("#!/usr/bin/env -S node --max-semi-space-size=4 --trace-gc\nimport x;"),
    ).toEqual(["--max-semi-space-size=4", "--trace-gc"]);
  });

  it("reads none from a plain `env node` line", () => {
    expect(nodeFlagsOf("#!/usr/bin/env node\n")).toEqual([]);
  });

  it("refuses a file whose first line does not run node", () => {
    expect(() => nodeFlagsOf("/** no shebang */\n")).toThrow(/no `#!\/usr\/bin\/env/);
    expect(() => nodeFlagsOf("#!/usr/bin/env -S deno run\n")).toThrow(/no `#!\/usr\/bin\/env/);
  });
});

describe("the server's node flags", () => {
  const binFlags = nodeFlagsOf(readFileSync(`${repositoryRoot}mocks/server/cli.ts`, "utf8"));
  const { scripts } = JSON.parse(readFileSync(`${repositoryRoot}package.json`, "utf8")) as {
    scripts: Record<string, string>;
  };

  it("cap V8's young generation in the petstore-mock bin", () => {
    expect(binFlags).toContain("--max-semi-space-size=4");
  });

  it("are the same for `npm start` as for the bin", () => {
    expect(scripts.start).toBe(["node", ...binFlags, "dist/mocks/server/cli.js"].join(" "));
  });
});
