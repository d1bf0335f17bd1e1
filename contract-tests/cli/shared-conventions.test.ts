import { describe, expect, it } from "vitest";
import { parse as parseMock } from "../../mocks/server/args.js";
import { run as runMock } from "../../mocks/server/run.js";
import { usageExitCode } from "../../mocks/util/cli.js";
import { kitVersion } from "../../mocks/util/package-root.js";
import { run as runContract } from "./cli-main.js";
import { parse as parseContract } from "./options.js";

function capture() {
  const err: string[] = [];
  const out: string[] = [];
  return {
    err,
    out,
    io: {
      out: (text: string) => void out.push(text),
      err: (text: string) => void err.push(text),
      onStop: () => {},
      env: {},
    },
  };
}

describe("both bins have one shape: parse(argv, env) → command, run(command, io) → exit code", () => {
  it("a bad flag is an invalid command, one stderr line and exit code 2 in both", async () => {
    const mock = parseMock(["--no-such-flag"], {});
    const contract = parseContract(["--no-such-flag"], {});
    expect(mock.kind).toBe("invalid");
    expect(contract.kind).toBe("invalid");
    const mockRun = capture();
    const contractRun = capture();
    expect(await runMock(mock, mockRun.io)).toBe(usageExitCode);
    expect(await runContract(contract, contractRun.io)).toBe(usageExitCode);
    expect(mockRun.err.join("")).toMatch(/^petstore-mock: .*--no-such-flag.* \(see --help\)\n$/);
    expect(contractRun.err.join("")).toMatch(
      /^petstore-contract: .*--no-such-flag.* \(see --help\)\n$/,
    );
  });

  it("the version is the package's", async () => {
    const { out, io } = capture();
    expect(await runMock(parseMock(["--version"], {}), io)).toBe(0);
    expect(out.join("")).toBe(`${kitVersion()}\n`);
    expect(kitVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
