/**
 * Recording and replay, round trip: an app's session through the proxy is
 * recorded; `petstore-contract --replay` sends it to another deployment (with
 * other ids), passes against a conforming one and fails against a faulty one
 * with the right checks; a bad recording exits 2 naming the line.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { recordingLimits } from "../../mocks/server/options.js";
import { startPetstoreServer } from "../../mocks/server/server.js";
import { fault, startMock, testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { exitCodes } from "../cli/cli-main.js";
import { startOtherDeployment } from "../test-support/other-deployment.js";
import { closedAfter, runCli } from "../test-support/runs.js";

const appKey = "app-dev-key-0123";
const proxyKey = "proxy-secret-key-4567";

async function call(
  base: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

let dir: string;
let recording: string;

/** One line of a recording, as the kit writes it. */
const recordedLine = (method: string, path: string, query = "") =>
  JSON.stringify({
    v: 1,
    request: { method, path, query, credential: "valid" },
    response: { status: 200 },
  });

/** `petstore-contract --replay <file>` against the kit's mock (with a fault): its exit, stderr and JSON report. */
async function replay<Report>(file: string, name: string, wrap?: Parameters<typeof startMock>[0]) {
  const json = join(dir, `${name}.json`);
  const deployment = await startMock(wrap);
  const { code, err } = await closedAfter(deployment, () =>
    runCli(["--replay", file, "--url", deployment.url, "--key", testApiKey, "--json", json]),
  );
  return { code, err, deployment, report: JSON.parse(await readFile(json, "utf8")) as Report };
}

/** An app's session through a recording proxy in front of the kit's mock. */
async function recordSession(file: string): Promise<void> {
  const deployment = await startPetstoreServer({ port: 0, apiKeys: [proxyKey] });
  const proxy = await startPetstoreServer({
    port: 0,
    apiKeys: [appKey],
    proxy: { url: deployment.url, key: proxyKey },
    record: file,
  });
  try {
    const at = proxy.url;
    await call(at, "GET", "/pets?limit=5&status=available", { key: appKey });
    const category = await call(at, "POST", "/categories", { key: appKey, body: { name: "owl" } });
    const pet = await call(at, "POST", "/pets", {
      key: appKey,
      body: { name: "Hedwig", categoryId: category.json.id, status: "available" },
    });
    expect(pet.status).toBe(201);
    expect((await call(at, "GET", `/pets/${pet.json.id}`, { key: appKey })).status).toBe(200);
    await call(at, "GET", "/categories", { key: appKey });
    await call(at, "GET", `/pets?limit=2&api_key=${appKey}`, { key: appKey });
    await call(at, "GET", "/pets", { key: "wrong-key-of-the-app" });
    await call(at, "GET", "/pets?limit=0", { key: appKey });
  } finally {
    await proxy.close();
    await deployment.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-replay-"));
  recording = join(dir, "session.jsonl");
  await recordSession(recording);
});

describe("a recording", () => {
  it("holds every exchange in order, without any credential", async () => {
    const text = await readFile(recording, "utf8");
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(8);
    const exchanges = lines.map((line) => JSON.parse(line));
    expect(exchanges.map((line) => `${line.request.method} ${line.request.path}`)).toEqual([
      "GET /pets",
      "POST /categories",
      "POST /pets",
      "GET /pets/51",
      "GET /categories",
      "GET /pets",
      "GET /pets",
      "GET /pets",
    ]);
    expect(exchanges.map((line) => line.request.credential)).toEqual([
      ...Array(6).fill("valid"),
      "wrong",
      "valid",
    ]);
    expect(text).not.toContain(appKey);
    expect(text).not.toContain(proxyKey);
    expect(text).not.toContain("wrong-key-of-the-app");
    expect(exchanges[5].request.query).toBe("limit=2&api_key=[redacted]");
  });
});

describe("petstore-contract --replay", () => {
  it("passes against a conforming deployment whose ids differ, mapping created ids", async () => {
    // Other counts: the owl category and Hedwig get other ids than when recorded.
    const other = await startPetstoreServer({
      port: 0,
      apiKeys: [testApiKey],
      counts: { pets: 7, categories: 3 },
    });
    const json = join(dir, "replay.json");
    const junit = join(dir, "replay.xml");
    try {
      const args = ["--replay", recording, "--url", other.url, "--key", testApiKey];
      const output = await runCli([...args, "--json", json, "--junit", junit]);
      expect({ code: output.code, err: output.err }).toEqual({ code: exitCodes.passed, err: "" });
      // What the replay created carries the run tag, so clean-up by tag finds it.
      expect(other.store.getPet(8)).toMatchObject({
        name: expect.stringMatching(/^ct-\S+ Hedwig$/),
        categoryId: 4,
      });
      expect(other.store.listCategories().at(-1)?.name).toMatch(/^ct-\S+ owl$/);
      expect(output.out).toMatch(/\(run tag ct-\S+, replay of .*session\.jsonl\)/);
    } finally {
      await other.close();
    }
    const report = JSON.parse(await readFile(json, "utf8")) as {
      checks: { id: string; outcome: string }[];
      replayOf: string;
      created: { name: string }[];
      tag: string;
    };
    expect(report.replayOf).toBe(recording);
    expect(report.created.length).toBe(2);
    expect(report.created.every((record) => record.name.startsWith(`${report.tag} `))).toBe(true);
    const passed = report.checks.filter((check) => check.outcome === "passed").map((c) => c.id);
    expect(passed).toEqual(
      expect.arrayContaining([
        "getPet.replay-0004.status-200",
        "getPet.replay-0004.body-Pet",
        "getPet.replay-0004.same-as-created",
        "listPets.replay-0001.every-status-available",
        "listPets.replay-0007.error-body",
        "listPets.replay-0008.error-body",
      ]),
    );
    expect(await readFile(junit, "utf8")).toContain("getPet.replay-0004");
    expect(await readFile(junit, "utf8")).toContain(
      `<property name="replay.recording" value="${recording}"/>`,
    );
  });

  it("tags every create it sends, whatever answered it when recorded, and sends none a deployment could keep untagged", async () => {
    const session = join(dir, "untagged.jsonl");
    const mock = await startPetstoreServer({ port: 0, apiKeys: [testApiKey], record: session });
    const statuses = await closedAfter(mock, async () => {
      mock.faults.add({ operation: "createPet", status: 500, times: 1 });
      const create = (name: string, headers: Record<string, string> = {}) =>
        fetch(`${mock.url}/pets`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${testApiKey}`,
            "content-type": "application/json",
            ...headers,
          },
          body: JSON.stringify({ name, categoryId: 1 }),
        }).then((response) => response.status);
      return [
        await create("Hedwig"),
        await create("Errol", { prefer: "code=503" }),
        await create(""),
        await create("Pigwidgeon", { prefer: "code=400" }),
      ];
    });
    expect(statuses).toEqual([500, 503, 400, 400]);
    // The other deployment takes an empty name (the interface sets no length): its choice.
    const other = await startOtherDeployment({ apiKeys: [testApiKey] });
    const json = join(dir, "untagged.json");
    const before = other.pets().length;
    try {
      const args = ["--replay", session, "--url", other.url, "--key", testApiKey, "--json", json];
      const output = await runCli(args);
      expect({ code: output.code, err: output.err }).toEqual({ code: exitCodes.passed, err: "" });
      const tag = /run tag (ct-[\w-]+)/.exec(output.out)?.[1] ?? "";
      const pets = other.pets().slice(before) as { id: number; name: string }[];
      expect(pets.map((pet) => pet.name)).toEqual([
        `${tag} Hedwig`,
        `${tag} Errol`,
        `${tag} Pigwidgeon`,
      ]);
      const report = JSON.parse(await readFile(json, "utf8")) as {
        created: { collection: string; id: number; name: string; untagged?: string }[];
        checks: { id: string; outcome: string; note?: string }[];
      };
      expect(report.created).toEqual(
        pets.map((pet) => ({ collection: "pets", id: pet.id, name: pet.name })),
      );
      const empty = report.checks.filter((check) => check.id.startsWith("createPet.replay-0003."));
      expect(empty.length).toBeGreaterThan(0);
      for (const check of empty) {
        expect(check).toMatchObject({
          outcome: "skipped",
          note: "not sent: its name is empty (the tag would make it a valid one), and the interface lets a deployment store it: a record no clean-up by the run tag would find",
        });
      }
    } finally {
      await other.close();
    }
  });

  it.each([
    [
      "limit-off-by-one",
      ["listPets.replay-0001.at-most-limit", "listPets.replay-0006.at-most-limit"],
    ],
    ["status-filter-ignored", ["listPets.replay-0001.every-status-available"]],
    ["created-as-200", ["createPet.replay-0003.status-201"]],
    ["loses-pets", ["getPet.replay-0004.status-200"]],
    ["html-401", ["listPets.replay-0007.error-body", "listPets.replay-0007.media-type"]],
  ])("fails against the faulty deployment %s with the right checks", async (name, caughtBy) => {
    const { code, report } = await replay<{
      checks: { id: string; outcome: string; kind: string }[];
    }>(recording, `replay-${name}`, fault(name));
    expect(code).toBe(exitCodes.failed);
    const failed = report.checks
      .filter((check) => check.outcome === "failed" && check.kind === "documented")
      .map((check) => check.id);
    expect(failed).toEqual(expect.arrayContaining(caughtBy));
  });
});

describe("a replay whose key the deployment rejects", () => {
  it("paints no status passed that only the key's rejection answered: the 401s are not judged", async () => {
    const file = join(dir, "rejected-key.jsonl");
    const lines = [recordedLine("GET", "/pets", "limit=3"), recordedLine("GET", "/pets/3")];
    await writeFile(file, lines.join("\n"));
    const json = join(dir, "rejected-key.json");
    const deployment = await startMock();
    const { code, out } = await closedAfter(deployment, () =>
      runCli(["--replay", file, "--url", deployment.url, "--key", "not-the-key", "--json", json]),
    );
    expect(code).toBe(exitCodes.failed);
    const report = JSON.parse(await readFile(json, "utf8")) as {
      diagnoses: { cause: string }[];
      matrix: { operation: string; status: number; cell: string }[];
    };
    expect(report.diagnoses.map((diagnosis) => diagnosis.cause)).toEqual(["key-rejected"]);
    const cells = report.matrix.filter((row) => row.status === 401);
    expect(cells).toEqual([
      expect.objectContaining({ operation: "listPets", cell: "not judged" }),
      expect.objectContaining({ operation: "getPet", cell: "not judged" }),
    ]);
    expect(out).toMatch(/^ {2}getPet +200 never triggered, 401 not judged, 404 never triggered$/m);
    expect(out).toMatch(
      /^getPet +(\d+) passed \(\1 of them on answers rejecting the key: not judged\)$/m,
    );
  });
});

describe("what a replay leaves out", () => {
  it("sends no DELETE and nothing outside the interface, and says so in a note", async () => {
    const file = join(dir, "odd.jsonl");
    const lines = [
      ["GET", "/pets"],
      ["DELETE", "/pets/1"],
      ["GET", "/store/orders"],
    ] as const;
    await writeFile(file, lines.map(([method, path]) => recordedLine(method, path)).join("\n"));
    const { code, report, deployment } = await replay<{ notes: string[] }>(file, "odd");
    expect(code).toBe(exitCodes.passed);
    expect(deployment.journal.all().map((entry) => entry.method)).not.toContain("DELETE");
    const { notes } = report;
    expect(notes).toEqual(
      expect.arrayContaining([
        "1 recorded exchange not replayed: DELETE (the replay sends GET and POST only)",
        "1 recorded exchange not replayed: no operation of the interface at that method and path",
      ]),
    );
  });
});

describe("a recording the kit wrote is always read back", () => {
  it("GET /v1, a 5,000-character path and a M-SEARCH are recorded; the replay skips them in counted notes and judges the rest", async () => {
    const file = join(dir, "odd-session.jsonl");
    const mock = await startPetstoreServer({ port: 0, apiKeys: [appKey], record: file });
    const long = `/pets/${"1".repeat(5_000)}`;
    try {
      expect(
        (await fetch(mock.url, { headers: { authorization: `Bearer ${appKey}` } })).status,
      ).toBe(404);
      expect((await call(mock.url, "GET", long, { key: appKey })).status).toBe(400);
      await new Promise<void>((resolve, reject) => {
        const socket = connect(mock.port, "127.0.0.1", () =>
          socket.end(`M-SEARCH /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
        );
        socket
          .on("error", reject)
          .on("close", () => resolve())
          .resume();
      });
      await call(mock.url, "GET", "/pets?limit=2", { key: appKey });
      const category = await call(mock.url, "POST", "/categories", {
        key: appKey,
        body: { name: "owl" },
      });
      const pet = await call(mock.url, "POST", "/pets", {
        key: appKey,
        body: { name: "Hedwig", categoryId: category.json.id },
      });
      await call(mock.url, "GET", `/pets/${pet.json.id}`, { key: appKey });
    } finally {
      await mock.close();
    }
    const recorded = (await readFile(file, "utf8"))
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(recorded.map((line) => `${line.request.method} ${line.request.path.length}`)).toEqual([
      "GET 0",
      `GET ${long.length}`,
      "M-SEARCH 5",
      "GET 5",
      "POST 11",
      "POST 5",
      "GET 8",
    ]);
    const { code, err, report } = await replay<{
      notes: string[];
      checks: { id: string; outcome: string }[];
    }>(file, "odd-session");
    expect({ code, err }).toEqual({ code: exitCodes.passed, err: "" });
    expect(report.notes).toEqual(
      expect.arrayContaining([
        "1 recorded exchange not replayed: no operation of the interface at that method and path",
        "1 recorded exchange not replayed: its path or query is longer than 2048 characters",
        "1 recorded exchange not replayed: M-SEARCH (the replay sends GET and POST only)",
      ]),
    );
    const replayed = new Set(
      report.checks.map((check) => check.id.split(".").slice(0, 2).join(".")),
    );
    expect([...replayed].sort()).toEqual([
      "createCategory.replay-0005",
      "createPet.replay-0006",
      "getPet.replay-0007",
      "listPets.replay-0004",
    ]);
  });

  it("a line whose path or query the replay does not send is skipped with a note, not refused", async () => {
    const line = (path: string, query = "") => recordedLine("GET", path, query);
    const file = join(dir, "unsendable.jsonl");
    await writeFile(
      file,
      [
        line("/pets"),
        line("/pets/\u001b[2J"),
        line("/pets", "limit=\u00e9"),
        line("/pets", "x".repeat(2049)),
      ].join("\n"),
    );
    const { code, report } = await replay<{ notes: string[] }>(file, "unsendable");
    expect(code).toBe(exitCodes.passed);
    const { notes } = report;
    expect(notes).toEqual(
      expect.arrayContaining([
        "2 recorded exchanges not replayed: its path or query holds characters other than printable ASCII",
        "1 recorded exchange not replayed: its path or query is longer than 2048 characters",
      ]),
    );
    expect(notes.join("\n")).not.toContain("\u001b");
  });
});

describe("a bad recording exits 2 with one line naming the problem", () => {
  const valid = recordedLine("GET", "/pets");
  it.each([
    ["missing", undefined, /cannot read it \(ENOENT\)/],
    ["empty", "", /no recorded exchange/],
    ["not-json", `${valid}\n{oops\n`, /line 2: not JSON/],
    ["wrong-version", `{"v":2}\n`, /line 1: v must be 1/],
    ["bad-method", valid.replace('"GET"', '"get me"'), /request.method/],
    ["bad-credential", valid.replace('"valid"', '"Bearer abc"'), /request.credential/],
    ["path-not-text", valid.replace('"/pets"', "7"), /request.path must be a string/],
    ["first-line-not-recording", `{"not":"mine"}\n${valid}\n`, /line 1: v must be 1/],
    ["too-long", "x".repeat(recordingLimits.maxLineBytes + 1), /line 1 is longer than/],
  ])("%s", async (name, content, message) => {
    const file = join(dir, `bad-${name}.jsonl`);
    if (content !== undefined) await writeFile(file, content);
    const args = ["--replay", file, "--url", "http://127.0.0.1:1/v1", "--key", testApiKey];
    const { code, err } = await runCli(args);
    expect(code).toBe(exitCodes.usage);
    expect(err).toMatch(message);
    expect(err.trim().split("\n")).toHaveLength(1);
  });

  it("and --replay goes with neither --compare-mock nor --via-prism", async () => {
    for (const other of ["--compare-mock", "--via-prism"]) {
      const args = ["--replay", recording, other, "--url", "http://127.0.0.1:1/v1", "--key", "k"];
      const { code, err } = await runCli(args);
      expect(code).toBe(exitCodes.usage);
      expect(err).toMatch(/--replay is not available with/);
    }
  });

  it("and a directory is not a recording", async () => {
    const args = ["--replay", dir, "--url", "http://127.0.0.1:1/v1", "--key", testApiKey];
    const { code, err } = await runCli(args);
    expect(code).toBe(exitCodes.usage);
    expect(err).toMatch(/not a regular file/);
  });
});
