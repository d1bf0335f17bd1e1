/**
 * The loop end to end: the example app's own tests (examples/vitest/) write a
 * consumer contract; `petstore-contract --consumer` verifies it against the
 * kit's mock, against a deployment written apart from the mock that chooses
 * otherwise where the interface is silent and against three built on
 * Express, Fastify and Hono (all pass), and against faulty deployments,
 * where it fails on exactly the interactions each fault touches, naming
 * their tests. Provider states are set up through the interface itself, with
 * the deployment's ids; `--read-only` and `--consumer-writes` bound the
 * writes. A contract the kit's recorder writes from an app's sloppier
 * requests shows the other half: what `--against-spec` flags is what a
 * conforming deployment may break.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { contractText, type PactContract } from "../../mocks/contract/pact.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import {
  fault,
  listPets,
  rewriteResponse,
  startMock,
  testApiKey,
} from "../../mocks/test-support/faulty-servers.js";
import { hostileKey } from "../../mocks/test-support/hostile-servers.js";
import { secretPieces } from "../../mocks/test-support/secret-encodings.js";
import { startTinyServer } from "../../mocks/test-support/servers.js";
import { exitCodes } from "../cli/cli-main.js";
import { writeExampleContract } from "../test-support/example-contract.js";
import { startExpressDeployment } from "../test-support/express-deployment.js";
import { startFastifyDeployment } from "../test-support/fastify-deployment.js";
import { startHonoDeployment } from "../test-support/hono-deployment.js";
import { startOtherDeployment } from "../test-support/other-deployment.js";
import {
  type RecordedStep,
  recordContract,
  sloppySteps,
} from "../test-support/recorded-contract.js";
import { closedAfter, runCli, runCliWithReports } from "../test-support/runs.js";

interface Report {
  readonly tag: string;
  readonly created: readonly { collection: string; id: number; name: string }[];
  readonly cases: readonly { caseId: string; url: string; status: number | null }[];
  readonly checks: readonly { caseId: string; durationMs?: number }[];
  readonly consumer: {
    readonly file: string;
    readonly writes: number;
    readonly writeBudget: number;
    readonly interactions: readonly {
      readonly description: string;
      readonly tests: readonly string[];
      readonly caseId: string;
      readonly stateCases: readonly string[];
      readonly outcome: "passed" | "broken" | "not verified";
      readonly why: string | null;
      readonly failed: readonly string[];
    }[];
  };
}

let dir: string;
let examples: string;
let contract: PactContract;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-consumer-"));
  examples = join(dir, "pacts", "pet-app-petstore.json");
  contract = await writeExampleContract(examples);
}, 150_000);

/** `petstore-contract --consumer <file> --url <url>` with every report; what it said and wrote. */
function consumerRun(file: string, url: string, ...more: string[]) {
  return consumerRunWith(testApiKey, file, url, ...more);
}

async function consumerRunWith(key: string, file: string, url: string, ...more: string[]) {
  const args = ["--consumer", file, "--url", url, "--key", key, ...more];
  const { reports, ...output } = await runCliWithReports(args, {}, dir);
  const texts = { console: output.out, ...reports };
  return { ...output, texts, report: JSON.parse(texts.json) as Report };
}

/** `contract` in `<consumer>-petstore.json` of the test's folder; its path. */
async function written(consumer: string, contract: PactContract) {
  const file = join(dir, `${consumer}-petstore.json`);
  await writeFile(file, contractText(contract));
  return file;
}

const outcomes = (report: Report) =>
  Object.fromEntries(report.consumer.interactions.map((i) => [i.description, i.outcome]));

/** The tests of the interactions a run says would break. */
const brokenTests = (report: Report) =>
  report.consumer.interactions
    .filter((interaction) => interaction.outcome === "broken")
    .flatMap((interaction) => interaction.tests)
    .sort();

/** The examples' tests whose name ends so. */
const examplesTests = (...endings: string[]) =>
  [...new Set(contract.interactions.flatMap((i) => i.comments.petstoreMockKit.tests))]
    .filter((test) => endings.some((ending) => test.endsWith(ending)))
    .sort();

describe("the example app's contract, verified with --consumer", () => {
  it("passes against the kit's mock: provider states set up through the interface, with the ids it assigns", async () => {
    const run = await closedAfter(await startMock(), async (mock) => {
      const run = await consumerRun(examples, mock.url);
      // The state "pet 7 exists with status pending" is a pet the run created, tagged.
      const created = run.report.created.find((record) => record.collection === "pets");
      expect(mock.store.getPet(created?.id ?? 0)).toMatchObject({
        name: `${run.report.tag} pet`,
        status: "pending",
      });
      return run;
    });
    expect({ code: run.code, err: run.err }).toEqual({ code: exitCodes.passed, err: "" });
    const { consumer, created, tag, cases } = run.report;
    expect(consumer.interactions).toHaveLength(contract.interactions.length);
    expect(Object.values(outcomes(run.report))).toEqual(contract.interactions.map(() => "passed"));
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((record) => record.name.startsWith(`${tag} `))).toBe(true);
    // The pet the state created is the one the app's "shows the pet" read (its generator).
    const shown = consumer.interactions.find((i) =>
      i.tests.some((t) => t.endsWith("shows the pet")),
    );
    const petId = created.find((record) => record.collection === "pets")?.id;
    const read = cases.find((record) => record.caseId === shown?.caseId);
    expect(read?.url).toMatch(new RegExp(`/v1/pets/${petId}$`));
    // "no pet 999 exists": an id no deployment hands out.
    const gone = consumer.interactions.find((i) => i.tests.some((t) => t.endsWith("gone")));
    expect(cases.find((record) => record.caseId === gone?.caseId)?.url).toMatch(
      /\/pets\/9007199254740991$/,
    );
    for (const text of Object.values(run.texts)) {
      expect(text).toContain(examples);
      expect(text).not.toContain(testApiKey);
    }
    expect(run.texts.console).toMatch(
      /\(run tag ct-\S+, consumer contract .*pet-app-petstore\.json\)/,
    );
    expect(run.texts.console).toContain(
      `consumer contract ${examples} (pet-app → petstore): ${contract.interactions.length} interactions: 0 would break, ${contract.interactions.length} pass, 0 not verified`,
    );
    // JUnit: each interaction timed by its request, the testsuite by every request of the run's.
    const suite =
      /<testsuite name="consumer contract [^"]*"[^>]* time="([\d.]+)">([\s\S]*?)<\/testsuite>/.exec(
        run.texts.junit,
      );
    const times = [...(suite?.[2] ?? "").matchAll(/<testcase [^>]* time="([\d.]+)">/g)].map(
      ([, time]) => Number(time),
    );
    const measured = consumer.interactions.map((interaction) => {
      const check = run.report.checks.find((c) => c.caseId === interaction.caseId);
      return Number(((check?.durationMs ?? Number.NaN) / 1000).toFixed(3));
    });
    expect(times).toEqual(measured);
    expect(Math.max(...times)).toBeGreaterThan(0);
    const summed = times.reduce((sum, time) => sum + time, 0);
    expect(Number(suite?.[1])).toBeGreaterThanOrEqual(summed - 0.001 * times.length);
  }, 30_000);

  it("passes against a conforming deployment that chooses otherwise where the interface is silent", async () => {
    const run = await closedAfter(await startOtherDeployment({ apiKeys: [testApiKey] }), (other) =>
      consumerRun(examples, other.url),
    );
    expect({ code: run.code, err: run.err, out: run.out }).toMatchObject({
      code: exitCodes.passed,
      err: "",
    });
    expect(new Set(Object.values(outcomes(run.report)))).toEqual(new Set(["passed"]));
    // Its ids are its own: the created pet is not where the mock would put it.
    expect(run.report.created.find((record) => record.collection === "pets")?.id).toBeGreaterThan(
      30,
    );
  }, 30_000);

  it.each([
    ["Express 5 with zod", startExpressDeployment],
    ["Fastify 5 with its Ajv", startFastifyDeployment],
    ["Hono 4", startHonoDeployment],
  ])(
    "passes against a conforming deployment built on %s",
    async (_name, start) => {
      const run = await closedAfter(await start({ apiKeys: [testApiKey] }), (deployment) =>
        consumerRun(examples, deployment.url),
      );
      expect({ code: run.code, err: run.err }).toEqual({ code: exitCodes.passed, err: "" });
      expect(Object.values(outcomes(run.report))).toEqual(
        contract.interactions.map(() => "passed"),
      );
    },
    30_000,
  );

  it.each([
    ["status-filter-ignored", ["shows the sold pets", "shows the sold pets beside the categories"]],
    ["loses-pets", ["a pet's page > shows the pet"]],
    ["absent-pet-400", ["says when the pet is gone"]],
    ["accepts-pet-without-name", ["shows why a pet without a name is refused"]],
    ["html-401", ["asks for a key when the saved one is refused"]],
    // The pet of "pet 7 exists" is created too: its set-up meets the fault.
    ["created-as-200", ["adding a pet > saves it", "a pet's page > shows the pet"]],
  ])(
    "fails against the faulty deployment %s on exactly the interactions it touches, naming their tests",
    async (name, touched) => {
      const run = await closedAfter(await startMock(fault(name)), (faulty) =>
        consumerRun(examples, faulty.url),
      );
      expect(run.code).toBe(exitCodes.failed);
      const expected = examplesTests(...touched);
      expect(expected.length).toBe(touched.length);
      expect(brokenTests(run.report)).toEqual(expected);
      for (const test of expected) {
        expect(run.texts.console).toContain(test);
        expect(run.texts.markdown).toContain(test.replace(/>/g, "&gt;").replace(/'/g, "&#39;"));
        expect(run.texts.junit).toContain(test.replace(/>/g, "&gt;"));
      }
      expect(run.texts.console).toMatch(/✗ would break: /);
    },
    30_000,
  );

  it("--read-only sends no write: a pet state uses a pet the deployment lists, the creates are not verified", async () => {
    const run = await closedAfter(await startMock(), async (mock) => {
      const before = mock.store.count();
      const run = await consumerRun(examples, mock.url, "--read-only");
      expect(mock.store.count()).toEqual(before);
      expect(mock.journal.all().map((entry) => entry.method)).not.toContain("POST");
      return run;
    });
    expect(run.code).toBe(exitCodes.passed);
    const { interactions } = run.report.consumer;
    const posts = interactions.filter((i) => /^create/.test(i.caseId));
    expect(posts.length).toBe(3);
    for (const post of posts) {
      expect(post).toMatchObject({
        outcome: "not verified",
        why: "--read-only: the run sends no writes",
      });
    }
    const shown = interactions.find((i) => i.tests.some((t) => t.endsWith("shows the pet")));
    expect(shown?.outcome).toBe("passed");
    expect(run.report.created).toEqual([]);
  }, 30_000);

  it("--consumer-writes bounds the creates: past it, states use listed records and writes are not verified", async () => {
    const run = await closedAfter(await startMock(), (mock) =>
      consumerRun(examples, mock.url, "--consumer-writes", "1"),
    );
    expect(run.code).toBe(exitCodes.passed);
    const { consumer, created } = run.report;
    expect(consumer).toMatchObject({ writes: 1, writeBudget: 1 });
    expect(created).toHaveLength(1);
    const skipped = consumer.interactions.filter((i) => i.outcome === "not verified");
    expect(skipped.map((i) => i.why)).toEqual([
      "--consumer-writes: its 1 creates are spent",
      "--consumer-writes: its 1 creates are spent",
    ]);
    expect(run.texts.console).toContain("1 of 1 creates");
  }, 30_000);
});

describe("provider states the interface cannot set up", () => {
  it("are not verified, each saying why; an absent category's id is one no deployment hands out", async () => {
    const recorded = await recordContract("states-app", [
      {
        test: "s > refuses an unknown category",
        method: "POST",
        target: "/pets",
        json: { name: "Rex", categoryId: 999 },
      },
      { test: "s > lists the sold pets", method: "GET", target: "/pets?status=sold" },
      { test: "s > lists the categories", method: "GET", target: "/categories" },
    ]);
    const byTest = (test: string) => {
      const found = recorded.interactions.find((i) => i.comments.testname === test);
      if (!found) throw new Error(`no interaction of ${test}`);
      return found;
    };
    const edited = {
      ...recorded,
      interactions: recorded.interactions.map((interaction) =>
        interaction === byTest("s > lists the sold pets")
          ? {
              ...interaction,
              providerStates: [
                { name: "no pets exist with status sold", params: { status: "sold" } },
              ],
            }
          : interaction === byTest("s > lists the categories")
            ? { ...interaction, providerStates: [{ name: "the user is logged in", params: {} }] }
            : interaction,
      ),
    } as PactContract;
    expect(byTest("s > refuses an unknown category").providerStates).toEqual([
      { name: "no category 999 exists", params: { categoryId: 999 } },
    ]);
    const file = await written("states-app", edited);
    const run = await closedAfter(await startMock(), (mock) => consumerRun(file, mock.url));
    expect(run.code).toBe(exitCodes.passed);
    const why = Object.fromEntries(
      run.report.consumer.interactions.map((i) => [i.tests[0], [i.outcome, i.why]]),
    );
    expect(why).toEqual({
      "s > refuses an unknown category": ["passed", null],
      "s > lists the sold pets": [
        "not verified",
        'its provider state "no pets exist with status sold" is not set up: the deployment lists pets with status sold, and the interface has no way to remove them',
      ],
      "s > lists the categories": [
        "not verified",
        'its provider state "the user is logged in" is not set up: it is not one the kit sets up',
      ],
    });
    const refused = run.report.cases.find((record) =>
      record.caseId.startsWith("createPet.consumer"),
    );
    expect(refused?.status).toBe(400);
    expect(run.texts.console).toContain("- not verified: s > lists the sold pets");
  }, 30_000);
});

describe("an enum filter's values, each its own interaction", () => {
  it("a deployment whose status=sold filter is broken fails exactly the sold interaction, naming its test", async () => {
    const recorded = await recordContract(
      "filters-app",
      (["pending", "sold", "available"] as const).map((status, index) => ({
        test: `f${index + 1}.test.ts > lists the ${status} pets`,
        method: "GET",
        target: `/pets?limit=${index + 1}&status=${status}`,
      })),
    );
    expect(recorded.interactions).toHaveLength(3);
    const file = await written("filters-app", recorded);
    // Its sold pets come back as available: the filter is broken for sold only.
    const soldBroken = rewriteResponse(
      (request) => listPets(request) && new URLSearchParams(request.query).get("status") === "sold",
      (response) => ({
        ...response,
        body: JSON.stringify(
          (JSON.parse(response.body ?? "[]") as object[]).map((pet) => ({
            ...pet,
            status: "available",
          })),
        ),
      }),
    );
    const run = await closedAfter(await startMock(soldBroken), (faulty) =>
      consumerRun(file, faulty.url),
    );
    expect(run.code).toBe(exitCodes.failed);
    expect(outcomes(run.report)).toEqual({
      "f1.test.ts > lists the pending pets: listPets 200": "passed",
      "f2.test.ts > lists the sold pets: listPets 200": "broken",
      "f3.test.ts > lists the available pets: listPets 200": "passed",
    });
    expect(brokenTests(run.report)).toEqual(["f2.test.ts > lists the sold pets"]);
    expect(run.texts.console).toContain(
      "✗ would break: f2.test.ts > lists the sold pets: listPets 200",
    );
  }, 30_000);
});

describe("optional fields: what openapi.yaml does not require", () => {
  const listing: readonly RecordedStep[] = [
    { test: "c > lists categories", method: "GET", target: "/categories" },
  ];
  /** The kit's mock with a category created by name only, as the interface allows (§2 NewCategory). */
  const withNameOnlyCategory = async () => {
    const mock = await startMock();
    await mock.store.createCategory({ name: "Owls" });
    return mock;
  };

  it("are not expected by a recorded contract, though every seeded category had a description", async () => {
    const recorded = await recordContract("cats-app", listing);
    const file = await written("cats-app", recorded);
    const run = await closedAfter(await withNameOnlyCategory(), (mock) =>
      consumerRun(file, mock.url),
    );
    expect({ code: run.code, outcomes: outcomes(run.report) }).toEqual({
      code: exitCodes.passed,
      outcomes: { "c > lists categories: listCategories 200": "passed" },
    });
  }, 30_000);

  it("relied on anyway (an older contract), they warn in --consumer as in --against-spec, and fail both under --strict", async () => {
    const recorded = await recordContract("old-app", listing);
    const [listed] = recorded.interactions;
    if (!listed?.response.body) throw new Error("no listing recorded");
    const [first] = listed.response.body.content as Record<string, unknown>[];
    const old = {
      ...recorded,
      interactions: [
        {
          ...listed,
          response: {
            ...listed.response,
            body: { ...listed.response.body, content: [{ ...first, description: "Dogs" }] },
          },
        },
      ],
    } as PactContract;
    const file = await written("old-app", old);
    const spec = await runCli(["--consumer", file, "--against-spec"]);
    expect(spec.code).toBe(exitCodes.passed);
    expect(spec.out).toContain("optional-field [advisory]: relies on the field description");
    const run = await closedAfter(await withNameOnlyCategory(), (mock) =>
      consumerRun(file, mock.url),
    );
    expect(run.code).toBe(exitCodes.passed);
    expect(Object.values(outcomes(run.report))).toEqual(["passed"]);
    expect(run.texts.console).toContain(
      "consumer-optional-fields [advisory]: $[5].description: expected this field; it is missing",
    );
    const strictSpec = await runCli(["--consumer", file, "--against-spec", "--strict"]);
    expect(strictSpec.code).toBe(exitCodes.failed);
    const strict = await closedAfter(await withNameOnlyCategory(), (mock) =>
      consumerRun(file, mock.url, "--strict"),
    );
    expect(strict.code).toBe(exitCodes.failed);
    expect(Object.values(outcomes(strict.report))).toEqual(["broken"]);
  }, 30_000);
});

describe("a provider state whose set-up fails", () => {
  it("leaves its interactions not verified, naming the state and the failed set-up; the set-up's own failure fails the run", async () => {
    const recorded = await recordContract("set-up-app", [
      { test: "p > also pet 7", method: "GET", target: "/pets/3" },
      { test: "p > lists categories", method: "GET", target: "/categories" },
    ]);
    const state = recorded.interactions.find((i) => i.comments.testname === "p > also pet 7")
      ?.providerStates?.[0] ?? { name: "none" };
    expect(state.name).toMatch(/^pet 3 exists/);
    const file = await written("set-up-app", recorded);
    const server = await startPetstoreServer({
      port: 0,
      apiKeys: [testApiKey],
      faults: [{ operation: "createPet", status: 503 }],
    });
    const run = await closedAfter(server, (mock) => consumerRun(file, mock.url));
    // The 503 broke the interface (§7: no 5xx), so the run fails; the app's read was never sent.
    expect(run.code).toBe(exitCodes.failed);
    const [read, list] = [
      "p > also pet 7: getPet 200",
      "p > lists categories: listCategories 200",
    ].map((description) =>
      run.report.consumer.interactions.find((i) => i.description === description),
    );
    expect(read).toMatchObject({
      outcome: "not verified",
      why: `its provider state ${JSON.stringify(state.name)} is not set up: its pet could not be created (HTTP 503)`,
    });
    expect(read?.failed).toContain("createPet.state-002.no-5xx");
    expect(list?.outcome).toBe("passed");
    expect(run.report.cases.map((record) => record.caseId)).not.toContain(read?.caseId);
    expect(run.texts.console).toContain(
      "- not verified: p > also pet 7: getPet 200 (its provider state",
    );
    expect(run.texts.console).not.toContain("would break: p > also pet 7");
    expect(run.texts.junit).toMatch(
      /name="p &gt; also pet 7: getPet 200"[^>]*><skipped message="its provider state/,
    );
  }, 30_000);
});

describe("a hostile deployment in a consumer run", () => {
  it("gets its key echoes, escape sequences and markup into no report, though the app's checks quote its values", async () => {
    const mock = await startMock(undefined, hostileKey);
    const origin = new URL(mock.url).origin;
    // In front of the mock: every pet's status becomes the credential, a screen clear and markup.
    const front = await startTinyServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", async () => {
        const headers = { ...request.headers } as Record<string, string>;
        delete headers.host;
        delete headers.connection;
        const answer = await fetch(`${origin}${request.url}`, {
          method: request.method ?? "GET",
          headers,
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        });
        const payload = `${request.headers.authorization} \u001b[2J\u202e <img src=x onerror=alert(1)>`;
        const text = (await answer.text()).replace(
          /"status":"\w+"/g,
          `"status":${JSON.stringify(payload)}`,
        );
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(text);
      });
    });
    const run = await closedAfter(mock, () =>
      closedAfter(front, () => consumerRunWith(hostileKey, examples, front.url)),
    );
    expect(run.code).toBe(exitCodes.failed);
    expect(brokenTests(run.report)).toEqual(
      examplesTests(
        "shows the sold pets",
        "shows the sold pets beside the categories",
        "shows the pet",
        "shows the first page",
      ),
    );
    expect(run.texts.console).toContain("consumer-body [the app's expectation]: expected the body");
    for (const [name, text] of Object.entries(run.texts)) {
      const leaked = secretPieces(hostileKey).filter((piece) => text.includes(piece));
      expect(leaked, `${name} shows part of the key`).toEqual([]);
    }
    for (const raw of ["\u001b", "\u202e"]) expect(run.texts.console).not.toContain(raw);
    for (const text of [run.texts.markdown, run.texts.html]) expect(text).not.toMatch(/<img/i);
  }, 30_000);
});

describe("the example app's contract against openapi.yaml alone (--against-spec)", () => {
  it("relies only on what the interface promises, even under --strict: no optional field the seed happened to have", async () => {
    const output = await runCli(["--consumer", examples, "--against-spec"]);
    expect({ code: output.code, err: output.err }).toEqual({ code: exitCodes.passed, err: "" });
    expect(output.out).not.toContain("optional-field");
    expect(output.out).toContain(
      `\nPASSED: the ${contract.interactions.length} interactions rely only on what openapi.yaml promises (0 findings, 0 advisory)`,
    );
    const strict = await runCli(["--consumer", examples, "--against-spec", "--strict"]);
    expect(strict.code).toBe(exitCodes.passed);
  });
});

describe("a contract that relies on the mock's own choices", () => {
  let sloppy: string;
  const flagged = [
    "shows an error for an empty page",
    "shows an error for a bad link",
    "asks for a key on the categories",
    "refuses an empty name",
  ].map((name) => `sloppy.spec.ts > ${name}`);

  beforeAll(async () => {
    sloppy = await written(
      "sloppy-app",
      await recordContract("sloppy-app", sloppySteps("sloppy.spec.ts")),
    );
  });

  it("--against-spec flags exactly the interactions that rely on what the interface does not promise", async () => {
    const json = join(dir, "sloppy-spec.json");
    const { code } = await runCli(["--consumer", sloppy, "--against-spec", "--json", json]);
    expect(code).toBe(exitCodes.failed);
    const report = JSON.parse(await readFile(json, "utf8")) as {
      interactions: { tests: string[]; findings: { severity: string }[] }[];
    };
    const failing = report.interactions
      .filter((i) => i.findings.some((f) => f.severity === "documented"))
      .flatMap((i) => i.tests)
      .sort();
    expect(failing).toEqual([...flagged].sort());
  });

  it("passes against the kit's mock, and a conforming deployment breaks no more than --against-spec flagged", async () => {
    const onMock = await closedAfter(await startMock(), (mock) => consumerRun(sloppy, mock.url));
    expect(onMock.code).toBe(exitCodes.passed);
    const run = await closedAfter(await startOtherDeployment({ apiKeys: [testApiKey] }), (other) =>
      consumerRun(sloppy, other.url),
    );
    expect(run.code).toBe(exitCodes.failed);
    // Every choice the mock made that the app relied on, the other deployment made otherwise;
    // the empty name, which a deployment may store, is not sent (it could not carry the run tag).
    const emptyName = "sloppy.spec.ts > refuses an empty name";
    expect(brokenTests(run.report)).toEqual(flagged.filter((test) => test !== emptyName).sort());
    expect(run.report.consumer.interactions.find((i) => i.tests.includes(emptyName))).toMatchObject(
      { outcome: "not verified", why: expect.stringMatching(/^not sent: its name is empty/) },
    );
    // And none of the interface's own checks failed: only the app's expectations did.
    const failed = run.report.consumer.interactions.flatMap((i) => i.failed);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((id) => /\.consumer-(status|headers|body)$/.test(id))).toBe(true);
  }, 30_000);
});
