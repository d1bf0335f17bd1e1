/**
 * Proof of `--fuzz`'s power: against the kit's own mock it finds nothing for
 * any seed; against deployments whose bug only some value combinations
 * reach (which pass every fixed check) it finds the bug for every seed tried,
 * shrunk to a minimal curl line; a seed replays a run exactly; `--read-only`
 * sends no write.
 */
import { describe, expect, it } from "vitest";
import {
  fault,
  faultyServers,
  fuzzOnlyFaults,
  startMock,
  testApiKey,
} from "../../mocks/test-support/faulty-servers.js";
import { exitCodes } from "../cli/cli-main.js";
import { failingChecks, runPassed } from "../suite/results.js";
import { closedAfter, runCliWithReports, suiteAgainst } from "../test-support/runs.js";

const seeds = [1, 2, 3];
/**
 * The smallest failing request of each: every other part left out, every
 * value at its simplest. When the first failure came from a request with a
 * mistake of its own that the bug needs too (`limit=0x10`, a missing name),
 * that mistake stays.
 */
const minimal: Readonly<Record<string, RegExp>> = {
  "500-for-a-limit-band": /\/pets\?limit=81'/,
  "500-for-a-filter-and-a-limit-range":
    /\/pets\?(status=pending&limit=(10|0x10)|limit=(10|0x10)&status=pending)'/,
  "500-for-a-body-combination":
    /--data-raw '\{("name":("ct-fuzz fuzz"|[^,"]+),)?"categoryId":2,"status":"sold"\}'/,
  // The smallest category id the run saw (2^52 + 1), never one it did not see.
  "500-for-sold-without-location":
    /--data-raw '\{("name":("ct-fuzz fuzz"|[^,"]+),)?"categoryId":4503599627370497,"status":"sold"\}'/,
};

describe("--fuzz against the kit's mock", () => {
  it.each(seeds)("finds nothing with seed %i (300 requests, fixed checks too)", async (seed) => {
    const { result } = await suiteAgainst({}, { fuzz: 300, fuzzSeed: seed, strict: true });
    expect(failingChecks(result).map((check) => `${check.id}: ${check.actual}`)).toEqual([]);
    expect(result.fuzz?.generated).toBe(300);
    expect(result.created.every((record) => record.name.startsWith(result.tag))).toBe(true);
    expect(result.fuzz?.writes).toBeLessThanOrEqual(60);
  });

  it("fuzzes only the operations --only names", async () => {
    const { result } = await suiteAgainst(
      {},
      {
        fuzz: 100,
        fuzzSeed: 6,
        fuzzOnly: true,
        only: ["getPet"],
      },
    );
    expect(runPassed(result)).toBe(true);
    expect(Object.keys(result.fuzz?.perOperation ?? {})).toEqual(["getPet"]);
  });

  it("sends GETs only with --read-only", async () => {
    const { result, server } = await suiteAgainst(
      {},
      {
        fuzz: 300,
        fuzzSeed: 5,
        fuzzOnly: true,
        readOnly: true,
      },
    );
    expect(runPassed(result)).toBe(true);
    expect(new Set(server.journal.all().map((entry) => entry.method))).toEqual(new Set(["GET"]));
    expect(server.store.count()).toEqual({ pets: 50, categories: 5 });
  });
});

describe("--fuzz against bugs only some value combinations reach", () => {
  it.each(fuzzOnlyFaults)("$name passes every fixed check", async (fault) => {
    const { result } = await suiteAgainst({ wrapCore: fault.wrap });
    expect(failingChecks(result).map((check) => check.id)).toEqual([]);
  });

  it.each(
    fuzzOnlyFaults.flatMap((fault) => seeds.map((seed) => [fault.name, seed, fault] as const)),
  )("%s is caught with seed %i, shrunk to one minimal curl line", async (name, seed, fault) => {
    const { result } = await suiteAgainst(
      { wrapCore: fault.wrap },
      {
        fuzz: 300,
        fuzzSeed: seed,
        fuzzOnly: true,
        tag: "ct-fuzz",
      },
    );
    const failing = failingChecks(result);
    expect(failing.map((check) => check.id)).toEqual([...fault.caughtBy]);
    expect(failing[0]?.curl).toMatch(minimal[name] as RegExp);
    expect(failing[0]?.actual).toContain(`--fuzz-seed ${seed}`);
  });

  // Every create answered without the optional Location header is an advisory
  // cause: shrinking it may not spend the creates that the generation needs.
  it.each([1, 2, 3, 4, 5])(
    "a 500 for any sold pet, with no Location header, is caught by 150 generated requests, seed %i",
    async (seed) => {
      const { result } = await suiteAgainst(
        { wrapCore: fault("500-for-sold-without-location") },
        { fuzz: 150, fuzzSeed: seed, fuzzOnly: true, tag: "ct-fuzz" },
      );
      expect(failingChecks(result).map((check) => check.id)).toEqual(["createPet.fuzz.no-5xx"]);
      expect(result.fuzz?.failures.map((failure) => failure.key)).toContain(
        "createPet header-Location",
      );
      expect(result.fuzz?.writes).toBeLessThanOrEqual(60);
    },
  );

  const noMaximum = faultyServers.find((candidate) => candidate.name === "no-maximum");
  // Boundary mistakes (limit=101, limit=0) come first and then one time in two: every seed finds them.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "no-maximum (limit above 100 not bounded) is caught by 200 generated requests, seed %i",
    async (seed) => {
      const { result } = await suiteAgainst(
        { ...noMaximum?.server, wrapCore: noMaximum?.wrap },
        { fuzz: 200, fuzzSeed: seed, fuzzOnly: true, tag: "ct-fuzz" },
      );
      expect(failingChecks(result).map((check) => check.id)).toEqual([
        "listPets.fuzz.never-over-maximum",
      ]);
    },
  );

  it("replays a run exactly from its seed", async () => {
    const [fault] = fuzzOnlyFaults;
    const runs = await Promise.all(
      [1, 2].map(() =>
        suiteAgainst(
          { wrapCore: fault?.wrap },
          { fuzz: 120, fuzzSeed: 9, fuzzOnly: true, tag: "ct-same" },
        ),
      ),
    );
    const [first, second] = runs.map(({ result, server }) => ({
      failures: result.fuzz?.failures.map((f) => [
        f.key,
        f.count,
        f.curl.replace(/127\.0\.0\.1:\d+/, "host"),
      ]),
      requests: server.journal
        .all()
        .map((entry) => `${entry.method} ${entry.path} ${entry.status}`),
    }));
    expect(second).toEqual(first);
  });
});

describe("--fuzz in every report", () => {
  it("shows the seed and each cause's shrunk curl line on the console, in JUnit, Markdown, HTML and JSON", async () => {
    const faulty = await startMock(fault("500-for-a-body-combination"));
    const args = ["--url", faulty.url, "--key", testApiKey, "--fuzz", "300", "--fuzz-seed", "2"];
    args.push("--fuzz-only");
    const { code, out, reports } = await closedAfter(faulty, () => runCliWithReports(args));
    const { junit, markdown, html } = reports;
    expect(code).toBe(exitCodes.failed);
    const curl = /curl -g -sS -i -X POST '[^']+\/pets' .*"categoryId":2,"status":"sold"\}'/;
    expect(out).toMatch(
      /^fuzz: 300 of 300 requests generated from openapi\.yaml \(seed 2; replay: --fuzz 300 --fuzz-seed 2\)/m,
    );
    expect(out).toMatch(curl);
    expect(junit).toContain('<property name="fuzz.seed" value="2"/>');
    // The fuzz testsuite holds what the generated requests came to, each timed by its requests.
    const suite =
      /<testsuite name="fuzz" tests="(\d+)" failures="(\d+)"[^>]* time="([\d.]+)">([\s\S]*?)<\/testsuite>/.exec(
        junit,
      );
    const [, tests, failures, time, body = ""] = suite ?? [];
    const cases = [
      ...body.matchAll(/<testcase classname="(\w+)" name="([^"]+)" time="([\d.]+)">/g),
    ];
    expect({ tests: Number(tests), failures: Number(failures) }).toEqual({
      tests: cases.length,
      failures: 1,
    });
    const failed = cases.find(([, , name]) => name === "createPet.fuzz.no-5xx [documented]");
    expect(failed?.[1]).toBe("createPet");
    expect(Number(failed?.[3])).toBeGreaterThan(0);
    // One passed testcase per operation whose requests kept every rule, timed by them.
    expect(
      cases.filter(([, , name]) => name?.endsWith(".fuzz.every-rule [documented]")).length,
    ).toBe(cases.length - 1);
    expect(cases.every(([, , , seconds]) => Number(seconds) > 0)).toBe(true);
    const summed = cases.reduce((sum, [, , , seconds]) => sum + Number(seconds), 0);
    expect(Number(time)).toBeGreaterThanOrEqual(summed - 0.001 * cases.length);
    // Not a second time in createPet's own testsuite.
    expect(junit.match(/name="createPet\.fuzz\.no-5xx/g)).toHaveLength(1);
    expect(markdown).toContain("### Generated requests (--fuzz)");
    expect(markdown).toMatch(/seed 2/);
    expect(html).toContain('<h2 id="fuzz">');
    expect(html).toContain("--fuzz-seed 2");
    const json = JSON.parse(reports.json);
    expect(json.fuzz).toMatchObject({ seed: 2, requested: 300, generated: 300 });
    expect(json.fuzz.failures).toEqual([
      expect.objectContaining({ key: "createPet no-5xx", curl: expect.stringMatching(curl) }),
    ]);
  });
});
