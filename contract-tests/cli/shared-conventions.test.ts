import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseMock } from "../../mocks/server/args.js";
import { run as runMock } from "../../mocks/server/run.js";
import { usageExitCode } from "../../mocks/util/cli.js";
import { kitVersion } from "../../mocks/util/package-root.js";
import { printable } from "../../mocks/util/text.js";
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

  it("a file's text in an error is escaped alike in both, and a syntax error quotes none of the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "bins-file-errors-"));
    const profile = join(dir, "profile.json");
    const hostile = "\u001b]0;owned\u0007\u001b[2J\u009b31m";
    await writeFile(profile, JSON.stringify({ version: 1, choices: { [hostile]: "x" } }));
    const environment = join(dir, "environ");
    await writeFile(environment, "SHELL=/bin/bash\u0000API_KEY=secret\u0000");
    const target = ["--url", "http://127.0.0.1:9/v1", "--key", "k"];
    const mock = async (argv: string[]) => {
      const { err, io } = capture();
      expect(await runMock(parseMock(argv, {}), io)).toBe(3);
      return err.join("");
    };
    const contract = async (argv: string[]) => {
      const { err, io } = capture();
      expect(await runContract(parseContract([...argv, ...target], {}), io)).toBe(usageExitCode);
      return err.join("");
    };
    const lines = [
      await mock(["--port", "0", "--behaviour", profile]),
      await contract(["--compare-mock", "--behaviour", profile]),
      await mock(["--port", "0", "--behaviour", environment]),
      await contract(["--consumer", environment]),
    ];
    for (const line of lines) expect(printable(line)).toBe(line);
    const escaped = "choices.\\x1b]0;owned\\x07\\x1b[2J\\x9b31m: unknown choice";
    expect(lines[0]).toContain(escaped);
    expect(lines[1]).toContain(escaped);
    for (const line of lines.slice(2)) {
      expect(line).not.toContain("SHELL");
      expect(line).toContain("is not valid JSON (Unexpected character in JSON at position 0");
    }
  });
});
