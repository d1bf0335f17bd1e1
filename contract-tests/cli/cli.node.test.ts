/** The `petstore-contract` bin and `npm run contract`: flags, environment, exit codes, report files. */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../mocks/server/free-port.js";
import type { RunningPetstoreServer } from "../../mocks/server/server.js";
import { fault, startMock, testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { openapiSource } from "../../mocks/test-support/openapi-source.js";
import { startTinyServer } from "../../mocks/test-support/servers.js";
import { closedAfter, runCli, runCliWithReports } from "../test-support/runs.js";
import { type CliIo, exitCodes, main } from "./cli-main.js";
import { usage } from "./options.js";

let mock: RunningPetstoreServer;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock.close());

describe("bad usage", () => {
  const target = ["--url", "http://127.0.0.1:1/v1", "--key", "k"];
  it.each([
    [["--url", "http://127.0.0.1:1/v1"], /missing the API key: export PETSTORE_API_KEY/],
    [["--key", "k"], /missing --url/],
    [["--url", "ftp://x/v1", "--key", "k"], /http or https/],
    [["--url", "http://x/v1?limit=5", "--key", "k"], /--url must not carry a query or fragment/],
    [["--url", "http://x/v1#top", "--key", "k"], /--url must not carry a query or fragment/],
    [[...target, "--timeout", "0"], /--timeout/],
    [[...target, "--only", "deletePet"], /unknown operation "deletePet"/],
    [[...target, "--bogus"], /Unknown option '--bogus'/],
    [[...target, "--max-time", "0"], /--max-time/],
    [
      [...target, "--max-answer-bytes", "1023"],
      /--max-answer-bytes must be an integer from 1024 to 16777216 bytes \(got 1023\)/,
    ],
    [[...target, "--max-answer-bytes", "16777217"], /--max-answer-bytes must be/],
    [["--url", "http://127.0.0.1:1/v1", "--key", "ke\u0007y"], /character 3 is U\+0007/],
    [["--url", "http://127.0.0.1:1/v1", "--key", "k\u001b[2Jey"], /printable ASCII/],
    [
      [...target, "--via-prism", "--compare-mock"],
      /--compare-mock is not available with --via-prism/,
    ],
    [[...target, "--fuzz", "0"], /--fuzz must be an integer/],
    [[...target, "--fuzz", "1e3"], /--fuzz must be/],
    [[...target, "--fuzz-seed", "7"], /--fuzz-seed needs --fuzz/],
    [[...target, "--fuzz-only"], /--fuzz-only needs --fuzz/],
    [
      [...target, "--fuzz", "5", "--fuzz-seed", "4294967296"],
      /--fuzz-seed must be an integer from 0 to 4294967295/,
    ],
    [[...target, "--fuzz", "5", "--fuzz-writes", "-1"], /--fuzz-writes/],
    [[...target, "--fuzz", "5", "--via-prism"], /--fuzz is not available with --via-prism/],
    [
      ["--consumer", "F", "--against-spec", "--fuzz-seed", "3"],
      /^petstore-contract: --against-spec reads .*: --fuzz-seed does not apply/,
    ],
    [
      ["--consumer", "F", "--against-spec", "--fuzz-only"],
      /^petstore-contract: --against-spec reads .*: --fuzz-only does not apply/,
    ],
    [
      ["--consumer", "F", "--against-spec", "--fuzz-writes", "3"],
      /^petstore-contract: --against-spec reads .*: --fuzz-writes does not apply/,
    ],
  ])("%j exits 2 with one line", async (args, message) => {
    const { code, err } = await runCli(args);
    expect(code).toBe(exitCodes.usage);
    expect(err).toMatch(message);
    expect(err.trim().split("\n")).toHaveLength(1);
  });
});

describe("--against-spec", () => {
  // The usage's own lines: the flags of a run against a deployment, and those --against-spec reads.
  const specAt = usage.indexOf("petstore-contract --consumer FILE --against-spec");
  const flagsOf = (text: string) =>
    [...text.matchAll(/(--[a-z-]+)( [A-Z]+)?/g)].map(([, flag = "", value]) =>
      value ? [flag, "1"] : [flag],
    );
  const specFlags = new Set(
    flagsOf(usage.slice(specAt, usage.indexOf("petstore-contract --list-checks"))).map(
      ([flag]) => flag,
    ),
  );
  const runFlags = flagsOf(usage.slice(0, specAt));
  const deploymentFlags = runFlags.filter(([flag]) => !specFlags.has(flag));

  it.each(deploymentFlags)("refuses the deployment's flag %s with exit 2", async (...flag) => {
    const { code, err } = await runCli(["--consumer", "F", "--against-spec", ...flag]);
    expect(code).toBe(exitCodes.usage);
    expect(err).toBe(
      `petstore-contract: --against-spec reads the contract against openapi.yaml alone: ${flag[0]} does not apply (see --help)\n`,
    );
  });

  it("reads the usage's flags", () => {
    expect(specFlags).toEqual(
      new Set([
        "--consumer",
        "--against-spec",
        "--strict",
        "--only",
        "--junit",
        "--markdown",
        "--json",
        "--html",
      ]),
    );
    expect(deploymentFlags.map(([flag]) => flag)).toEqual(
      expect.arrayContaining([
        "--url",
        "--key",
        "--fuzz",
        "--fuzz-seed",
        "--fuzz-only",
        "--fuzz-writes",
      ]),
    );
  });
});

describe("URL credentials", () => {
  it.each([
    "http://admin:hunter2secret@exa mple.com/v1",
    "admin:hunter2secret@staging.example.com/v1",
    "http://admin:hunter2secret@[::1/v1",
  ])("never prints them, even for an unparsable --url %j", async (url) => {
    const { code, err } = await runCli(["--url", url, "--key", "k"]);
    expect(code).toBe(exitCodes.usage);
    expect(err).toMatch(/--url/);
    expect(err).not.toContain("hunter2");
  });
});

describe("an unusable target", () => {
  it("exits 3 with a clear message when nothing listens, and still writes its reports", async () => {
    const url = `http://127.0.0.1:${await freePort()}/v1`;
    const markdown = join(await mkdtemp(join(tmpdir(), "contract-cli-")), "summary.md");
    const output = await runCli(["--url", url, "--key", "k", "--markdown", markdown]);
    expect(output.code).toBe(exitCodes.unavailable);
    expect(output.err).toMatch(/cannot reach .*ECONNREFUSED.*including \/v1/);
    expect(output.out).toMatch(/^✗ The deployment is not answering \[not-answering\]$/m);
    expect(await readFile(markdown, "utf8")).toMatch(
      /STOPPED: the deployment is not answering: no check ran[\s\S]*### Diagnosis[\s\S]*ECONNREFUSED/,
    );
  });

  it("exits 3 when the target answers HTML", async () => {
    const html = await startTinyServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><title>Login</title>");
    });
    const { code, err } = await closedAfter(html, () => runCli(["--url", html.url, "--key", "k"]));
    expect(code).toBe(exitCodes.unavailable);
    expect(err).toMatch(/text\/html, not JSON/);
  });
});

describe("a run", () => {
  it("takes the URL and key from the environment and writes JUnit and Markdown", async () => {
    const dir = await mkdtemp(join(tmpdir(), "contract-cli-"));
    const junit = join(dir, "junit.xml");
    const markdown = join(dir, "summary.md");
    const env = { PETSTORE_URL: mock.url, PETSTORE_API_KEY: testApiKey };
    const output = await runCli(["--junit", junit, "--markdown", markdown], env);
    expect(output.code).toBe(exitCodes.passed);
    expect(output.out).toMatch(/^PASSED \(\d+ passed, 0 advisory warnings/m);
    expect(output.out).toMatch(/^created: pets \d+, \d+, \d+; categories \d+, \d+/m);
    const xml = await readFile(junit, "utf8");
    expect(xml).toMatch(/<testsuites name="petstore-contract [^"]+" tests="\d+" failures="0"/);
    expect(xml).toContain('<testsuite name="getPet"');
    expect(await readFile(markdown, "utf8")).toMatch(/^## ✅ Pet Store contract/);
  });

  it("exits 1 and names the failed check, what came back and a curl line", async () => {
    const faulty = await startMock(fault("absent-pet-400"));
    const junit = join(await mkdtemp(join(tmpdir(), "contract-cli-")), "junit.xml");
    const args = ["--url", faulty.url, "--only", "getPet", "--junit", junit];
    const { code, out } = await closedAfter(faulty, () =>
      runCli(args, { PETSTORE_API_KEY: testApiKey }),
    );
    expect(code).toBe(exitCodes.failed);
    expect(await readFile(junit, "utf8")).toMatch(
      /<testcase classname="getPet" name="getPet\.absent\.status-404 \[documented\]" time="\d+\.\d{3}"><failure message="HTTP 404 \(or 200 with the record of that very id: this deployment holds it\)" type="documented">/,
    );
    expect(out).toContain("✗ getPet.absent.status-404 [documented]");
    expect(out).toContain("expected: HTTP 404 (or 200 with the record of that very id");
    expect(out).toMatch(/got: +HTTP 400 \| content-type: application\/json \| /);
    expect(out).not.toContain("HTTP 400 — got");
    expect(out).toContain(
      `curl -g -sS -i '${faulty.url}/pets/9007199254740991' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
    );
    expect(out).not.toMatch(/^listPets /m);
  });

  it("fails on advisory findings only under --strict", async () => {
    const noLocation = await startMock((handle) => async (request) => {
      const response = await handle(request);
      const { location: _dropped, ...headers } = response.headers;
      return { ...response, headers };
    });
    const args = ["--url", noLocation.url, "--key", testApiKey, "--only", "createPet"];
    const [lenient, strict] = await closedAfter(noLocation, async () => [
      await runCli(args),
      await runCli([...args, "--strict"]),
    ]);
    expect(lenient.code).toBe(exitCodes.passed);
    expect(lenient.out).toContain("! createPet.full.header-Location [advisory]");
    expect(strict.code).toBe(exitCodes.failed);
  });
});

describe("--version and what every report names", () => {
  const kit = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };

  it("--version prints the kit's version from package.json", async () => {
    for (const flag of ["--version", "-v"]) {
      expect(await runCli([flag])).toEqual({
        code: exitCodes.passed,
        out: `${kit.version}\n`,
        err: "",
      });
    }
  });

  it("names the kit's and the interface's versions in every report, and times each JUnit test case", async () => {
    // A known delay on every getPet answer: its test cases' times must show it.
    const slow = await startMock((handle) => async (request) => {
      if (/^\/pets\/[^/]+$/.test(request.path)) await new Promise((done) => setTimeout(done, 150));
      return handle(request);
    });
    const args = ["--url", slow.url, "--key", testApiKey, "--only", "getPet"];
    const output = await closedAfter(slow, () => runCliWithReports(args));
    expect(output.code).toBe(exitCodes.passed);
    const said = `petstore-contract ${kit.version}, interface ${openapiSource.info.version}`;
    expect(output.out.split("\n")[0]).toMatch(new RegExp(`^${said} → `));
    expect(output.reports.markdown).toContain(said);
    expect(output.reports.html).toContain(said);
    const json = JSON.parse(output.reports.json);
    expect([json.tool.version, json.interface.version]).toEqual([
      kit.version,
      openapiSource.info.version,
    ]);
    const { junit } = output.reports;
    expect(junit).toContain(`<testsuites name="${said} ${slow.url}"`);
    expect(junit).toContain(`<property name="petstore-contract.version" value="${kit.version}"/>`);
    expect(junit).toContain(
      `<property name="interface.version" value="${openapiSource.info.version}"/>`,
    );
    const cases = [...junit.matchAll(/<testcase [^>]*>/g)].map(([tag]) => tag);
    expect(cases.length).toBeGreaterThan(3);
    const times = cases.map((tag) => Number(/ time="(\d+\.\d{3})"/.exec(tag)?.[1]));
    expect(times.every((time) => time >= 0)).toBe(true);
    // Every getPet request waited 150 ms, so every test case judged at least that long an exchange.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(0.15);
    const suiteTime = Number(/<testsuite name="getPet"[^>]* time="([\d.]+)"/.exec(junit)?.[1]);
    expect(suiteTime).toBeGreaterThanOrEqual(0.15);
  });
});

describe("repro lines and the key", () => {
  const failingRun = async (args: readonly string[], env: Record<string, string> = {}) => {
    const { code, out, reports } = await closedAfter(
      await startMock(fault("absent-pet-400")),
      (faulty) => runCliWithReports(["--url", faulty.url, "--only", "getPet", ...args], env),
    );
    expect(code).toBe(exitCodes.failed);
    return { console: out, files: Object.values(reports) };
  };

  it("from --key, every report says how to set $PETSTORE_API_KEY for its curl lines, never the key", async () => {
    const run = await failingRun(["--key", testApiKey]);
    expect(run.console).toContain('-H "Authorization: Bearer $PETSTORE_API_KEY"');
    expect(run.console).toContain(
      "note: The curl lines read the key from $PETSTORE_API_KEY, and this run's key came from --key: export that variable, set to the key you passed to --key, before pasting one.",
    );
    for (const text of [run.console, ...run.files]) {
      // Markdown escapes the underscores (`\_`), which it renders as they were.
      expect(text.replace(/\\_/g, "_")).toContain(
        "export that variable, set to the key you passed to --key",
      );
      expect(text).not.toContain(testApiKey);
    }
  });

  it("from PETSTORE_API_KEY the curl lines work as they are: no note", async () => {
    const run = await failingRun([], { PETSTORE_API_KEY: testApiKey });
    expect(run.console).toContain('-H "Authorization: Bearer $PETSTORE_API_KEY"');
    for (const text of [run.console, ...run.files])
      expect(text).not.toContain("export that variable");
  });
});

describe("report files", () => {
  it("the README's command passes in a folder without reports/: the folder is created", async () => {
    const project = await mkdtemp(join(tmpdir(), "contract-readme-"));
    const args = ["--url", mock.url, "--key", testApiKey];
    args.push("--junit", join(project, "reports/contract.xml"));
    args.push("--markdown", join(project, "reports/contract.md"));
    const { code, err } = await runCli(args);
    expect({ code, err }).toEqual({ code: exitCodes.passed, err: "" });
    expect((await readdir(join(project, "reports"))).sort()).toEqual([
      "contract.md",
      "contract.xml",
    ]);
  });

  it("a report that cannot be written: the others are written, a clear line after the verdict, exit 5", async () => {
    const dir = await mkdtemp(join(tmpdir(), "contract-unwritable-"));
    const notAFolder = join(dir, "plain-file");
    await writeFile(notAFolder, "");
    const said: string[] = [];
    const io: CliIo = {
      out: (text) => said.push(`out: ${text}`),
      err: (text) => said.push(`err: ${text}`),
      env: {},
    };
    const args = ["--url", mock.url, "--key", testApiKey, "--only", "getPet"];
    args.push("--junit", join(notAFolder, "junit.xml"), "--markdown", join(dir, "summary.md"));
    expect(await main(args, io)).toBe(exitCodes.reportNotWritten);
    expect(said.at(-2)).toMatch(/^out: [\s\S]*\nPASSED \(/);
    expect(said.at(-1)).toMatch(
      /^err: petstore-contract: cannot create the folder of the --junit report .*plain-file\/junit\.xml \(EEXIST: .*\)\n$/,
    );
    expect(await readFile(join(dir, "summary.md"), "utf8")).toMatch(/^## ✅/);

    const folder = join(dir, "a-folder.md");
    await mkdir(folder);
    args.push("--markdown", folder);
    const again = await runCli(args);
    expect(again.code).toBe(exitCodes.reportNotWritten);
    expect(again.err).toMatch(/cannot write the --markdown report .*a-folder\.md \(EISDIR: /);
  });
});

describe("reports", () => {
  it("shows the status matrix on the console, in Markdown and as JUnit properties, and writes JSON and HTML", async () => {
    const faulty = await startMock(fault("absent-pet-400"));
    const args = ["--url", faulty.url, "--only", "getPet,listCategories"];
    const output = await closedAfter(faulty, () =>
      runCliWithReports(args, { PETSTORE_API_KEY: testApiKey }),
    );
    const { markdown, junit, html } = output.reports;
    expect(output.code).toBe(exitCodes.failed);
    expect(output.out).toMatch(/^ {2}getPet +200 passed, 401 passed, 404 FAILED$/m);
    expect(output.out).toMatch(/^ {2}listCategories +200 passed$/m);
    expect(output.out).not.toMatch(/^ {2}listPets /m);
    expect(markdown).toContain("| `getPet` | 200 ✅ · 401 ✅ · 404 ❌ |");
    expect(junit).toContain('<property name="status.404" value="failed"/>');
    expect(junit).toContain('<property name="status.200" value="passed"/>');
    const json = JSON.parse(output.reports.json);
    expect(json.tool).toEqual({ name: "petstore-contract", version: expect.any(String) });
    expect(json.tool.version).not.toBe("unknown");
    expect(json.interface).toEqual({ version: "1.0.0" });
    expect(json.passed).toBe(false);
    expect(json.matrix).toContainEqual({
      operation: "getPet",
      status: 404,
      cell: "failed",
      answers: { fixed: expect.any(Number), fuzz: 0 },
    });
    expect(json.checks.length).toBeGreaterThan(50);
    expect(json.cases[0]).toMatchObject({ method: "GET", status: expect.any(Number) });
    expect(json.created.map((record: { collection: string }) => record.collection)).toContain(
      "pets",
    );
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("getPet.absent.status-404");
    expect(html).not.toMatch(/<(script|link)\b|src=|href=/i);
  });

  it("--list-checks prints the rule traceability table", async () => {
    const output = await runCli(["--list-checks"]);
    expect(output.code).toBe(exitCodes.passed);
    expect(output.out).toMatch(
      /^\| `§4\.media-type` \| 4 \| .* \| documented \(\d+ checks, \d+ advisory\) \|$/m,
    );
    expect(output.out).toContain("| `§9.version` | 9.1 |");
  });
});

describe("npm run contract", () => {
  it("runs with PETSTORE_URL and PETSTORE_API_KEY exactly so", async () => {
    const { stdout } = await promisify(execFile)(
      "npm",
      ["run", "--silent", "contract", "--", "--read-only"],
      {
        env: { ...process.env, PETSTORE_URL: mock.url, PETSTORE_API_KEY: testApiKey },
      },
    );
    expect(stdout).toMatch(/^PASSED/m);
    expect(stdout).toContain("read-only");
  }, 60_000);
});
