/**
 * `petstore-contract --learn`: a deployment's silent choices learned into a
 * profile, under which the kit's mock answers like it. Done when, for each
 * conforming deployment of the kit's tests that chooses otherwise, `--learn`
 * then `--compare-mock --behaviour <learned>` leaves at most 5 % of the
 * compared requests different, each a difference of data (a record one side
 * holds), and the kit's own mock teaches the default profile.
 */
import { lstat, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractText } from "../../mocks/contract/pact.js";
import type { PetstoreCore } from "../../mocks/core/petstore-core.js";
import {
  type BehaviourProfile,
  type BehaviourProfileInput,
  type ChoiceId,
  choiceIds,
  type JsonValue,
  parseBehaviourProfile,
  resolveBehaviour,
  valueKindOf,
} from "../../mocks/interface/behaviours.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import {
  fault,
  rewriteResponse,
  startMock,
  testApiKey,
} from "../../mocks/test-support/faulty-servers.js";
import { frontOf, hostileKey, hostileServers } from "../../mocks/test-support/hostile-servers.js";
import { walkProfiles } from "../../mocks/test-support/profile-walk.js";
import { encodedForms, secretPieces } from "../../mocks/test-support/secret-encodings.js";
import { startTinyServer } from "../../mocks/test-support/servers.js";
import { isObject } from "../../mocks/util/json.js";
import { exitCodes } from "../cli/cli-main.js";
import { parse } from "../cli/options.js";
import { startExpressDeployment } from "../test-support/express-deployment.js";
import { startFastifyDeployment } from "../test-support/fastify-deployment.js";
import { startHonoDeployment } from "../test-support/hono-deployment.js";
import { startOtherDeployment } from "../test-support/other-deployment.js";
import { recordContract, sloppySteps } from "../test-support/recorded-contract.js";
import { closedAfter, runCli } from "../test-support/runs.js";
import { startThirdDeployment, thirdChoices } from "../test-support/third-deployment.js";
import { bodyShape } from "./compare-answers.js";
import { learningNote } from "./learn.js";
import { type Probes, sendProbes } from "./learn-probes.js";
import { canonical } from "./learn-readings.js";
import { standIn } from "./learn-records.js";
import { runCases } from "./runner.js";

interface Started {
  readonly url: string;
  close(): Promise<unknown>;
}

const folder = () => mkdtemp(join(tmpdir(), "petstore-learn-"));

async function learn(deployment: Started, extra: readonly string[] = []) {
  const file = join(await folder(), "staging.behaviour.json");
  const run = await runCli([
    "--url",
    deployment.url,
    "--key",
    testApiKey,
    "--learn",
    file,
    ...extra,
  ]);
  const text = await readFile(file, "utf8").catch(() => undefined);
  // Read back as the mock reads it (which fills an undecided choice with the default)…
  const profile = text === undefined ? undefined : parseBehaviourProfile(text, file);
  // …and as written: an undecided choice names no alternative, only why.
  const written = text === undefined ? undefined : (JSON.parse(text) as BehaviourProfile);
  return { ...run, file, text, profile, choices: written?.choices ?? {} };
}

interface Difference {
  readonly caseId: string;
  readonly aspect: string;
  readonly deployment: string;
  readonly mock: string;
  /** The choice, data, or nothing known behind it. */
  readonly because: string;
}

/** `--compare-mock` (with `--behaviour FILE` when given): the count and each difference it printed. */
async function compare(deployment: Started, behaviourFile?: string) {
  const args = ["--url", deployment.url, "--key", testApiKey, "--compare-mock"];
  const { code, out, err } = await runCli(
    behaviourFile ? [...args, "--behaviour", behaviourFile] : args,
  );
  const head = /compare-mock: (\d+) of (\d+) requests answered differently/.exec(out);
  expect(head, `${out}\n${err}`).not.toBeNull();
  const differences: Difference[] = [];
  let caseId = "";
  for (const line of out.split("\n")) {
    const request = /^ {2}(\S+) {2}\(/.exec(line);
    if (request) caseId = request[1] as string;
    const aspect = /^ {6}(.+?): deployment (.*) \| mock (.*?) {2}<- (.*)$/.exec(line);
    if (aspect) {
      const [, name, left, right, because] = aspect as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      differences.push({ caseId, aspect: name, deployment: left, mock: right, because });
    }
  }
  return { code, different: Number(head?.[1]), compared: Number(head?.[2]), differences };
}

/** A difference of data, not of a choice: `--compare-mock` lists it as such, uncounted. */
const explainedByData = (difference: Difference): boolean => difference.because.startsWith("data:");

const conforming: ReadonlyArray<readonly [string, () => Promise<Started>]> = [
  ["the other deployment", () => startOtherDeployment({ apiKeys: [testApiKey] })],
  ["the third deployment", () => startThirdDeployment({ apiKeys: [testApiKey] })],
];

/** Deployments built on frameworks as they answer by default (contract-tests/test-support/). */
const builtOnFrameworks: ReadonlyArray<readonly [string, () => Promise<Started>]> = [
  ["Express 5 with zod", () => startExpressDeployment({ apiKeys: [testApiKey] })],
  ["Fastify 5 with Ajv", () => startFastifyDeployment({ apiKeys: [testApiKey] })],
  ["Hono 4", () => startHonoDeployment({ apiKeys: [testApiKey] })],
];

describe("--learn, then --compare-mock --behaviour with what it learned", () => {
  it("learns the default profile from the kit's own mock, under which nothing differs", async () => {
    await closedAfter(await startMock(), async (mock) => {
      const learned = await learn(mock, ["--learn-untagged"]);
      expect(learned.code, learned.err).toBe(exitCodes.passed);
      const { choices } = learned;
      const undecided = choiceIds.filter((id) => choices[id]?.alternative === undefined);
      expect(undecided.map((id) => `${id}: ${choices[id]?.reason}`)).toEqual([]);
      expect(resolveBehaviour(learned.profile).isDefault).toBe(true);
      const { different, differences } = await compare(mock, learned.file);
      expect(differences.filter((difference) => !explainedByData(difference))).toEqual([]);
      expect(different).toBe(0);
    });
  }, 60_000);

  it.each(conforming)(
    "%s: at most 5 per cent of the requests differ, each by data",
    async (_name, start) => {
      await closedAfter(await start(), async (deployment) => {
        const today = await compare(deployment);
        expect(today.different).toBeGreaterThan(today.compared / 3);
        const learned = await learn(deployment);
        expect(learned.code, learned.out).toBe(exitCodes.passed);
        const after = await compare(deployment, learned.file);
        expect(after.code).toBe(exitCodes.passed);
        expect(after.compared).toBe(today.compared);
        expect(after.different).toBeLessThanOrEqual(Math.floor(after.compared * 0.05));
        expect(after.differences.filter((difference) => !explainedByData(difference))).toEqual([]);
      });
    },
    60_000,
  );

  it.each(builtOnFrameworks)(
    "%s: at most 5 per cent of the requests differ",
    async (_name, start) => {
      await closedAfter(await start(), async (deployment) => {
        const today = await compare(deployment);
        expect(today.different).toBeGreaterThan(today.compared / 3);
        const learned = await learn(deployment);
        expect(learned.code, learned.out).toBe(exitCodes.passed);
        const after = await compare(deployment, learned.file);
        expect(after.code).toBe(exitCodes.passed);
        expect(after.different).toBeLessThanOrEqual(Math.floor(after.compared * 0.05));
      });
    },
    60_000,
  );
});

describe("the loop: learn from staging, test the app against a mock that answers like it", () => {
  /**
   * An app's tests that rely on choices the interface leaves open (an empty
   * page, a bad link, an old key on the categories), and one more create
   * without a status. Left out: the sloppy app's blank name, a choice
   * `--learn` cannot probe without a record whose name carries no run tag.
   */
  const steps = [
    ...sloppySteps("app.spec.ts").filter((step) => !/empty name/.test(step.test)),
    {
      test: "app.spec.ts > adds a pet",
      method: "POST" as const,
      target: "/pets",
      json: { name: "Rex", categoryId: 1 },
    },
  ];

  const verify = async (staging: Started, contract: Awaited<ReturnType<typeof recordContract>>) => {
    const file = join(await folder(), "app-petstore.json");
    await writeFile(file, contractText(contract));
    return runCli(["--consumer", file, "--url", staging.url, "--key", testApiKey]);
  };

  it("the consumer contract recorded against the learned mock passes against staging; against the kit's choices it does not", async () => {
    await closedAfter(await startOtherDeployment({ apiKeys: [testApiKey] }), async (staging) => {
      const learned = await learn(staging);
      expect(learned.code).toBe(exitCodes.passed);
      const likeStaging = resolveBehaviour(learned.profile);
      const recorded = await verify(staging, await recordContract("app", steps, likeStaging));
      expect({ code: recorded.code, out: recorded.code === 0 ? "" : recorded.out }).toEqual({
        code: exitCodes.passed,
        out: "",
      });
      const unlearned = await verify(staging, await recordContract("app", steps));
      expect(unlearned.code).toBe(exitCodes.failed);
    });
  }, 60_000);
});

describe("what --learn writes", () => {
  it("names each alternative with its evidence: the request in words, the status, what told it", async () => {
    await closedAfter(await startThirdDeployment({ apiKeys: [testApiKey] }), async (third) => {
      const { choices, code } = await learn(third);
      expect(code).toBe(exitCodes.passed);
      expect(choices.limitBelowMinimum).toMatchObject({
        alternative: "default",
        evidence: expect.arrayContaining([
          expect.objectContaining({ request: "GET /pets?limit=0", status: 200 }),
        ]),
      });
      expect(choices.createdStatus?.alternative).toBe(thirdChoices.createdStatus);
      expect(choices.wwwAuthenticate).toMatchObject({
        alternative: "custom",
        value: thirdChoices.wwwAuthenticate,
      });
      expect(choices.deprecationDate).toMatchObject({
        alternative: "date",
        value: thirdChoices.deprecation,
      });
      expect(choices.categoryRefusalStatus?.evidence?.[0]).toEqual({
        request: "POST /categories {description, no name}",
        status: 422,
      });
      expect(choices.deprecationDate?.evidence?.[0]).toEqual({
        request: "GET /pets/{id}",
        status: 200,
        headers: { deprecation: thirdChoices.deprecation },
      });
      // Extra fields carry a stand-in of the deployment's value, never its data.
      expect(choices.errorFields).toMatchObject({
        alternative: "extra",
        value: { traceId: "text" },
      });
    });
  }, 30_000);

  it("under --read-only sends no write and leaves the choices that need one at the default, saying why", async () => {
    await closedAfter(await startOtherDeployment({ apiKeys: [testApiKey] }), async (other) => {
      const before = other.pets().length;
      const { choices, code } = await learn(other, ["--read-only"]);
      expect(code).toBe(exitCodes.passed);
      expect(other.pets()).toHaveLength(before);
      for (const id of [
        "createdStatus",
        "unknownCategory",
        "createLocation",
        "categoryRefusalStatus",
      ] as const) {
        expect(choices[id]).toMatchObject({ reason: expect.stringMatching(/--read-only forbids/) });
        expect(choices[id]?.alternative).toBeUndefined();
      }
      expect(choices.petsOrder?.alternative).toBe("descending");
    });
  }, 30_000);

  it("sends at most --consumer-writes creates, each named with the run tag", async () => {
    await closedAfter(await startOtherDeployment({ apiKeys: [testApiKey] }), async (other) => {
      const before = other.pets().length;
      const { choices, out } = await learn(other, ["--consumer-writes", "2"]);
      const created = other.pets().slice(before) as Array<{ name: string }>;
      expect(created).toHaveLength(2);
      const tag = /run tag (ct-[\w-]+)/.exec(out)?.[1] as string;
      expect(created.every(({ name }) => name.startsWith(tag))).toBe(true);
      expect(choices.createdStatus?.alternative).toBe("available");
      expect(choices.unknownCategory?.reason).toMatch(/--consumer-writes: its 2 creates are spent/);
    });
  }, 30_000);

  it("leaves a choice the answers cannot tell at the default, saying why", async () => {
    // One pet: a clamped limit=0 and the default 20 both list it.
    await closedAfter(
      await startThirdDeployment({ apiKeys: [testApiKey], pets: 1 }),
      async (third) => {
        const { choices } = await learn(third);
        expect(choices.limitBelowMinimum?.alternative).toBeUndefined();
        expect(choices.limitBelowMinimum?.reason).toMatch(
          /`clamped` and `default`( and `zeroDefault`)? answer alike/,
        );
        expect(choices.petsOrder?.reason).toMatch(/`ascending` and `descending` answer alike/);
      },
    );
  }, 30_000);

  it("reports a broken statement as any run does and writes no profile, saying why", async () => {
    await closedAfter(await startMock(fault("created-as-200")), async (faulty) => {
      const learned = await learn(faulty);
      expect(learned.code).toBe(exitCodes.failed);
      expect(learned.out).toMatch(/createPet\.learn-create-without-status\.status-201/);
      expect(learned.text).toBeUndefined();
      expect(learned.err).toMatch(/no profile written to .*: \d+ answers broke a statement/);
    });
  }, 30_000);

  it("never writes the key, wherever the deployment echoes it", async () => {
    const echo = rewriteResponse(
      () => true,
      (response) => ({
        ...response,
        headers: {
          ...response.headers,
          ...(response.status === 401
            ? { "www-authenticate": `Bearer realm="${testApiKey}"` }
            : {}),
        },
        body:
          response.status >= 400 && response.body
            ? response.body
                .replace(/^\{/, `{"seen":"Bearer ${testApiKey}",`)
                .replace(/"code":"[^"]*"/, `"code":"${testApiKey}"`)
            : response.body,
      }),
    );
    await closedAfter(await startMock(echo), async (mock) => {
      const learned = await learn(mock);
      const leaked = secretPieces(testApiKey).filter(
        (piece) => learned.text?.includes(piece) || learned.out.includes(piece),
      );
      expect(leaked).toEqual([]);
      expect(learned.choices.wwwAuthenticate?.reason).toMatch(/holds a secret/);
      expect(learned.choices.errorCodes?.reason).toMatch(/holds a secret/);
      expect(learned.code).toBe(exitCodes.passed);
    });
  }, 30_000);

  it("warns of no advice about the choices it learns, saying so in one note", async () => {
    await closedAfter(await startOtherDeployment({ apiKeys: [testApiKey] }), async (other) => {
      const learned = await learn(other);
      expect(learned.code).toBe(exitCodes.passed);
      expect(learned.out.split("\n").filter((line) => line.includes("[advisory]"))).toEqual([]);
      expect(learned.out.split("\n").filter((line) => line.startsWith("note: "))).toEqual([
        `note: ${learningNote}`,
      ]);
      expect(learned.choices.limitBelowMinimum?.alternative).not.toBe("refused");
    });
  }, 30_000);

  it("never writes the key echoed in every encoding into the texts a reason or the evidence quotes", async () => {
    const forms = Object.values(encodedForms(testApiKey));
    const echoed = forms.join(" ");
    // Codes and field names no profile carries (a reason quotes them), and the headers evidence keeps.
    const echo = rewriteResponse(
      () => true,
      (response) => {
        const headers = { ...response.headers };
        if (response.status === 401) headers["www-authenticate"] = `Bearer realm="${echoed}"`;
        if (headers.link !== undefined) headers.link = `<${echoed}>; rel="successor-version"`;
        if (response.status < 400 || !response.body) return { ...response, headers };
        const fields = Object.fromEntries(forms.map((form) => [`echo ${form}`, form]));
        // One code for every answer (an Error's class agrees with itself), naming the key in every form.
        const code = `echo ${echoed}`;
        const body = { ...JSON.parse(response.body), code, ...fields };
        return { ...response, headers, body: JSON.stringify(body) };
      },
    );
    await closedAfter(await startMock(echo), async (mock) => {
      const learned = await learn(mock);
      expect(learned.code, learned.err).toBe(exitCodes.passed);
      expect(learned.text).toBeDefined();
      const leaked = secretPieces(testApiKey).filter(
        (piece) => learned.text?.includes(piece) || learned.out.includes(piece),
      );
      expect(leaked).toEqual([]);
    });
  }, 30_000);

  it("names every create it sends with the run tag, the second and later ones too", async () => {
    const sent: string[] = [];
    const recording =
      (handle: PetstoreCore): PetstoreCore =>
      (request) => {
        if (request.method === "POST") sent.push(request.body ?? "");
        return handle(request);
      };
    await closedAfter(await startMock(recording), async (mock) => {
      const { out } = await learn(mock);
      const tag = /run tag (ct-[\w-]+)/.exec(out)?.[1];
      expect(tag, out).toBeDefined();
      expect(sent.length).toBeGreaterThan(1);
      // Every body carries the tag, a body cut short too; only the probes that send none do not.
      const untagged = sent.filter((body) => !body.includes(`"${tag}`));
      expect(untagged).toEqual(["", ""]);
    });
  }, 30_000);

  it("replaces a symbolic link at the path instead of writing through it", async () => {
    await closedAfter(await startMock(), async (mock) => {
      const dir = await folder();
      const target = join(dir, "elsewhere.txt");
      await writeFile(target, "untouched");
      const file = join(dir, "profile.json");
      await symlink(target, file);
      const { code } = await runCli(["--url", mock.url, "--key", testApiKey, "--learn", file]);
      expect(code).toBe(exitCodes.passed);
      expect(await readFile(target, "utf8")).toBe("untouched");
      expect((await lstat(file)).isSymbolicLink()).toBe(false);
      parseBehaviourProfile(await readFile(file, "utf8"), file);
    });
  }, 30_000);

  it("writes no profile when the deployment stops answering: reported and exited as any run (3)", async () => {
    let answered = 0;
    const fading = await startMock((handle) => async (request) => {
      // The preflight and the first probes are answered; then nothing comes.
      if (++answered > 3) await new Promise((resolve) => setTimeout(resolve, 5_000));
      return handle(request);
    });
    await closedAfter(fading, async (deployment) => {
      const learned = await learn(deployment, ["--timeout", "200", "--max-time", "20"]);
      expect(learned.code).toBe(exitCodes.unavailable);
      expect(learned.text).toBeUndefined();
    });
  }, 30_000);

  it("exits 6 when the profile cannot be written", async () => {
    await closedAfter(await startMock(), async (mock) => {
      const dir = await folder();
      const blocker = join(dir, "a-file");
      await writeFile(blocker, "");
      const file = join(blocker, "profile.json");
      const { code, err } = await runCli(["--url", mock.url, "--key", testApiKey, "--learn", file]);
      expect(code).toBe(exitCodes.reportNotWritten);
      expect(err).toMatch(/cannot write the --learn profile/);
    });
  }, 30_000);
});

describe("--learn against hostile deployments", () => {
  /** The slow ones (a trickle, a deployment that stops) are the stops-answering test's above. */
  const quick = hostileServers.filter(
    (hostile) => !["trickling-getPet", "stops-answering"].includes(hostile.name),
  );
  const keyPieces = secretPieces(hostileKey);

  it.each(quick)(
    "stays bounded, and neither its output nor the profile shows the key: $name",
    async (hostile) => {
      const mock = await startMock(undefined, hostileKey);
      const front = await startTinyServer(frontOf(mock.url, hostile));
      const file = join(await folder(), "hostile.behaviour.json");
      // --only is a flag --learn does not take: the probes go to every operation.
      const args = hostile.args.filter(
        (arg, at, all) => arg !== "--only" && all[at - 1] !== "--only",
      );
      const started = performance.now();
      const run = await closedAfter(mock, () =>
        closedAfter(front, () =>
          runCli(["--url", front.url, "--learn", file, ...args], { PETSTORE_API_KEY: hostileKey }),
        ),
      );
      expect((performance.now() - started) / 1000).toBeLessThan(hostile.maxSeconds);
      expect([0, 1, 3, 4]).toContain(run.code);
      const text = await readFile(file, "utf8").catch(() => "");
      if (text) parseBehaviourProfile(text, file);
      for (const [name, output] of Object.entries({ out: run.out, err: run.err, profile: text })) {
        const leaked = keyPieces.filter((piece) => output.includes(piece));
        expect(leaked, `${name} shows part of the key`).toEqual([]);
      }
      for (const raw of ["\u0007", "\u001b", "\u202e"]) expect(text + run.out).not.toContain(raw);
    },
    20_000,
  );
});

describe("--learn's flags", () => {
  const base = ["--url", "http://127.0.0.1:1/v1", "--key", testApiKey];
  it.each([
    [["--learn", ""], /--learn needs a file/],
    [["--learn", "p.json", "--compare-mock"], /--learn is not available with --compare-mock/],
    [["--learn", "p.json", "--fuzz", "5"], /--learn is not available with --fuzz/],
    [["--learn", "p.json", "--replay", "r.jsonl"], /--learn is not available with --replay/],
    [["--learn", "p.json", "--only", "getPet"], /--learn is not available with --only/],
    [["--learn", "p.json", "--consumer", "c.json"], /--learn is not available with --consumer/],
    [["--consumer-writes", "3"], /--consumer-writes needs --consumer FILE or --learn FILE/],
    [["--check"], /--check needs --learn FILE/],
    [["--learn-untagged"], /--learn-untagged needs --learn FILE/],
  ])("%j is refused", (args, message) => {
    const command = parse([...base, ...args], {});
    expect(command).toMatchObject({ kind: "invalid", message: expect.stringMatching(message) });
  });

  it("takes --read-only, --consumer-writes, --timeout and --max-time", () => {
    const command = parse(
      [
        ...base,
        "--learn",
        "p.json",
        "--read-only",
        "--consumer-writes",
        "2",
        "--timeout",
        "500",
        "--max-time",
        "9",
        "--check",
        "--learn-untagged",
      ],
      {},
    );
    expect(command).toMatchObject({
      kind: "run",
      options: {
        learnFile: "p.json",
        readOnly: true,
        consumerWrites: 2,
        timeoutMs: 500,
        maxTimeMs: 9000,
        learnCheck: true,
        learnUntagged: true,
      },
    });
  });
});

/** What a client sees of each probe's answer, but the values that change per answer. */
async function probeAnswers(behaviour: BehaviourProfileInput, fresh: readonly string[]) {
  const mock = await startPetstoreServer({
    port: 0,
    apiKeys: [testApiKey],
    quiet: true,
    behaviour,
  });
  let probes: Probes = new Map();
  await closedAfter(mock, () =>
    runCases({ baseUrl: mock.url, apiKey: testApiKey, tag: "ct-walk" }, async (ctx) => {
      probes = await sendProbes(ctx, { learnUntagged: true });
    }),
  );
  const unread = ["date", "connection", "keep-alive", "content-length", ...fresh];
  return Object.fromEntries(
    [...probes].map(([name, probe]) => {
      const response = "exchange" in probe ? probe.exchange.response : undefined;
      if (!response) return [name, "no answer"];
      const headers = Object.entries(response.headers)
        .map(([header, value]) => `${header}: ${unread.includes(header) ? "…" : value}`)
        .map((line) => line.replace(/^location: http:\/\/[^/]+/, "location: {origin}"))
        .sort();
      const body = response.json as { code?: unknown; message?: unknown } | undefined;
      const error = response.status >= 400 ? [body?.code, body?.message] : [];
      return [name, [response.status, bodyShape(response.json), ...error, ...headers]];
    }),
  );
}

/** How a choice of a walk profile reads: its alternative, and its value as a learned one holds it. */
function given(choice: unknown, id: ChoiceId) {
  if (typeof choice === "string") return { alternative: choice };
  const { alternative, value } = choice as { alternative: string; value?: JsonValue };
  const shaped = valueKindOf(id, alternative)?.kind === "fields" ? standIn(value) : value;
  return { alternative, ...(value === undefined ? {} : { value: shaped }) };
}

/**
 * The id sequence as a listing shows it: listed newest first, a start that
 * only a full page would hide is read as the sequence's first positive id
 * (learn-records.ts), so a growing store writes the same profile.
 */
function seenSequence(
  choice: { alternative?: string; value?: unknown },
  choices: Record<ChoiceId, unknown>,
) {
  if (choice.alternative !== "from" || !isObject(choice.value)) return choice;
  const order = { pets: "petsOrder", categories: "categoriesOrder" } as const;
  const value = Object.fromEntries(
    Object.entries(choice.value).map(([collection, sequence]) => {
      const { start, step } = sequence as { start: number; step: number };
      const descending =
        given(
          choices[order[collection as keyof typeof order]],
          order[collection as keyof typeof order],
        ).alternative === "descending";
      return [collection, { start: descending ? ((start - 1) % step) + 1 : start, step }];
    }),
  );
  return { ...choice, value };
}

describe("learning the kit's own mock under each profile of the table's walk", () => {
  /** The choices whose effect learnErrors splits between globals and classes: judged by the answers. */
  const errorChoices: readonly ChoiceId[] = [
    "errorCodes",
    "errorFields",
    "errorClasses",
    "wwwAuthenticate",
  ];

  it.each(walkProfiles.map((profile) => [profile.name, profile] as const))(
    "%s: every choice its answers tell comes back, and the mock under the learned profile answers every probe alike",
    async (_name, profile) => {
      const mock = await startPetstoreServer({
        port: 0,
        apiKeys: [testApiKey],
        quiet: true,
        behaviour: profile,
      });
      const learned = await closedAfter(mock, () => learn(mock, ["--learn-untagged"]));
      expect(learned.code, learned.err).toBe(exitCodes.passed);
      const choices = profile.choices as Record<ChoiceId, unknown>;
      const alternative = (id: ChoiceId) => given(choices[id], id).alternative;
      // `limit=` and `status=` tell asGiven from ignored only where limitNotInteger refuses and
      // statusUnknown does not ignore: with fewer than two such answers, emptyQuery is not told.
      const emptyTold =
        Number(alternative("limitNotInteger") === "refused") +
        Number(alternative("statusUnknown") !== "ignored");
      const expected = Object.fromEntries(
        choiceIds
          .filter((id) => !errorChoices.includes(id))
          .map((id) => [
            id,
            id === "emptyQuery" && emptyTold < 2
              ? {}
              : id === "idSequence"
                ? seenSequence(given(choices[id], id), choices)
                : given(choices[id], id),
          ]),
      );
      const got = Object.fromEntries(
        Object.keys(expected).map((id) => {
          const { alternative: name, value } = learned.choices[id as ChoiceId] ?? {};
          const canonicalValue = value === undefined ? {} : { value: JSON.parse(canonical(value)) };
          return [id, name === undefined ? {} : { alternative: name, ...canonicalValue }];
        }),
      );
      const canonicalExpected = JSON.parse(canonical(expected));
      expect(got).toEqual(canonicalExpected);
      expect(learned.choices.emptyQuery?.reason ?? "").toMatch(
        emptyTold < 2 ? /answer alike|only .* tells it/ : /read like any other value|as if/,
      );

      const learnedProfile = parseBehaviourProfile(learned.text as string, learned.file);
      const fresh = Object.entries(
        (given(choices.commonHeaders, "commonHeaders").value ?? {}) as Record<string, object>,
      )
        .filter(([, header]) => !("value" in header))
        .map(([name]) => name);
      // Listed newest first, a sequence's start is learned as its first positive id (the ids
      // are the records' data): the answers are held to the given one.
      const withSequence = {
        ...learnedProfile,
        choices: { ...learnedProfile.choices, idSequence: choices.idSequence },
      } as BehaviourProfileInput;
      expect(await probeAnswers(withSequence, fresh)).toEqual(await probeAnswers(profile, fresh));
    },
    60_000,
  );
});

describe("a learned profile moves only with the deployment's choices", () => {
  it.each(conforming)(
    "%s: two learns, creates in between, write the same bytes",
    async (_name, start) => {
      await closedAfter(await start(), async (deployment) => {
        const first = await learn(deployment);
        const second = await learn(deployment);
        expect(first.code).toBe(exitCodes.passed);
        expect(second.text).toBe(first.text);
        expect(first.text).not.toMatch(/\d{4}-\d{2}-\d{2}(?!T00:00:00\.000Z)/);
      });
    },
    60_000,
  );

  it("writes no profile when the key is refused, and says so", async () => {
    await closedAfter(await startMock(), async (mock) => {
      const file = join(await folder(), "refused.behaviour.json");
      const run = await runCli(["--url", mock.url, "--key", "not-the-key-0123", "--learn", file]);
      expect(run.code).toBe(exitCodes.failed);
      expect(await readFile(file, "utf8").catch(() => undefined)).toBeUndefined();
      expect(run.err).toMatch(/no profile written to .*: the deployment refused the key \(401/);
    });
  }, 30_000);

  it("leaves a choice whose two inputs disagree undecided, naming both answers", async () => {
    // /pets/abc answered as an absent pet (404), /pets/1.5 refused (400): two alternatives.
    const wordAbsent =
      (handle: PetstoreCore): PetstoreCore =>
      (request) =>
        handle(
          request.path === "/pets/abc" ? { ...request, path: "/pets/9007199254740991" } : request,
        );
    await closedAfter(await startMock(wordAbsent), async (mock) => {
      const { choices } = await learn(mock);
      expect(choices.petIdMalformed?.alternative).toBeUndefined();
      expect(choices.petIdMalformed?.reason).toMatch(
        /^undecided: the answers disagree: GET \/pets\/abc answered 404, which fits `notFound`; GET \/pets\/1\.5 answered 400, which fits `refused`/,
      );
    });
  }, 30_000);

  it("learns a split the table holds: /pets/0 absent (404), /pets/-1 refused (400)", async () => {
    const zeroAbsent =
      (handle: PetstoreCore): PetstoreCore =>
      (request) =>
        handle(
          request.path === "/pets/0" ? { ...request, path: "/pets/9007199254740991" } : request,
        );
    await closedAfter(await startMock(zeroAbsent), async (mock) => {
      const { choices } = await learn(mock);
      expect(choices.petIdOutOfRange?.alternative).toBe("zeroNotFound");
    });
  }, 30_000);
});

describe("errors learned by class of failure", () => {
  it("keeps a class's own extra fields, their nested shapes cut to what a profile holds", async () => {
    // Refusals (400) list their issues, nested; no other answer carries them.
    const issues = rewriteResponse(
      (request) => request.path.startsWith("/pets"),
      (response) =>
        response.status === 400 && response.body
          ? {
              ...response,
              body: response.body.replace(
                /^\{/,
                '{"issues":[{"path":["limit"],"meta":{"deep":{"deeper":[1]}}}],',
              ),
            }
          : response,
    );
    await closedAfter(await startMock(issues), async (mock) => {
      const learned = await learn(mock);
      expect(learned.code, learned.err).toBe(exitCodes.passed);
      expect(learned.choices.errorFields?.alternative).toBe("none");
      expect(learned.choices.errorClasses).toMatchObject({
        alternative: "perClass",
        value: { badQuery: { fields: { issues: [{}] } }, badPath: { fields: { issues: [{}] } } },
      });
    });
  }, 30_000);
});

describe("--learn-untagged", () => {
  it("sends the creates with a blank name only with the flag; without it blankName says why", async () => {
    await closedAfter(await startOtherDeployment({ apiKeys: [testApiKey] }), async (other) => {
      const blank = () => other.pets().filter((pet) => (pet as { name: string }).name === "");
      const without = await learn(other);
      expect(blank()).toEqual([]);
      expect(without.choices.blankName?.alternative).toBeUndefined();
      expect(without.choices.blankName?.reason).toMatch(/sent only with --learn-untagged/);
      const withFlag = await learn(other, ["--learn-untagged"]);
      expect(blank()).toHaveLength(1);
      expect(withFlag.out).toMatch(/no run tag, --learn-untagged: a blank name/);
      // This deployment stores a blank pet and refuses a blank category: both answers named.
      expect(withFlag.choices.blankName?.reason).toMatch(
        /POST \/pets \{name: "", categoryId\} answered 201.*POST \/categories \{name: ""\} answered 422/,
      );
    });
  }, 30_000);
});

describe("--learn FILE --check", () => {
  const check = (deployment: Started, file: string) =>
    runCli(["--url", deployment.url, "--key", testApiKey, "--learn", file, "--check"]);

  it("exits 0 when every choice is as the file says, and writes nothing", async () => {
    await closedAfter(await startThirdDeployment({ apiKeys: [testApiKey] }), async (third) => {
      const { file, text } = await learn(third);
      const again = await check(third, file);
      expect(again.code, again.out).toBe(exitCodes.passed);
      expect(again.out).toMatch(/learn --check: every choice is as .* says/);
      expect(await readFile(file, "utf8")).toBe(text);
    });
  }, 30_000);

  it("reports a choice only now decided as new, and still exits 0", async () => {
    await closedAfter(await startThirdDeployment({ apiKeys: [testApiKey] }), async (third) => {
      const { file, text } = await learn(third);
      const profile = JSON.parse(text as string) as BehaviourProfile;
      const { alternative: _dropped, ...rest } = profile.choices.petsOrder ?? {};
      const older = { ...profile, choices: { ...profile.choices, petsOrder: rest } };
      await writeFile(file, JSON.stringify(older));
      const again = await check(third, file);
      expect(again.code).toBe(exitCodes.passed);
      expect(again.out).toMatch(
        /new \(decided now, undecided in the file\):\n {2}petsOrder: ascending/,
      );
    });
  }, 30_000);

  it("exits 5 naming each choice that changed and how", async () => {
    const { file } = await closedAfter(await startMock(), (mock) => learn(mock));
    await closedAfter(await startThirdDeployment({ apiKeys: [testApiKey] }), async (third) => {
      const drift = await check(third, file);
      expect(drift.code).toBe(exitCodes.profileChanged);
      expect(drift.out).toMatch(/learn --check: \d+ of \d+ choices changed since/);
      expect(drift.out).toMatch(/^ {2}limitBelowMinimum: refused, now default$/m);
      expect(drift.out).toMatch(/^ {2}createdStatus: none, now pending$/m);
    });
  }, 30_000);

  it("exits 1 when the deployment breaks a statement, comparing nothing", async () => {
    const { file } = await closedAfter(await startMock(), (mock) => learn(mock));
    await closedAfter(await startMock(fault("created-as-200")), async (faulty) => {
      const broken = await check(faulty, file);
      expect(broken.code).toBe(exitCodes.failed);
      expect(broken.err).toMatch(/nothing compared with .*: \d+ answers broke a statement/);
      expect(broken.out).not.toMatch(/learn --check/);
    });
  }, 30_000);

  it("refuses a file it cannot read before asking the deployment anything (exit 2)", async () => {
    const missing = join(await folder(), "none.json");
    const run = await runCli([
      "--url",
      "http://127.0.0.1:1/v1",
      "--key",
      testApiKey,
      "--learn",
      missing,
      "--check",
    ]);
    expect(run.code).toBe(exitCodes.usage);
    expect(run.err).toMatch(/--check: the file does not exist/);
  });
});
