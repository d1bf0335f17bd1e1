/**
 * `record` / `--record` in plain mock mode: one JSON line per exchange,
 * credentials removed, appended to what the file holds, and a cap after
 * which the file stops growing with one log line. No secret reaches the file
 * whichever way a client sends it, and the recorder writes only a file of
 * its own: never through a symbolic link, never the state file, never an
 * existing file that is no recording.
 */
import { execFile } from "node:child_process";
import { link, mkdtemp, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { coreRequest } from "../test-support/core-request.js";
import { devAuth, send } from "../test-support/http.js";
import { encodedForms } from "../test-support/secret-encodings.js";
import { openRecording } from "./recording.js";
import { main } from "./run.js";
import { startPetstoreServer } from "./server.js";

const dir = await mkdtemp(join(tmpdir(), "petstore-record-"));
const lines = async (file: string) =>
  (await readFile(file, "utf8"))
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));

describe("recording the plain mock", () => {
  it("writes each exchange, request and answer, without the credential", async () => {
    const file = join(dir, "plain.jsonl");
    const earlier = {
      v: 1,
      at: "2026-11-26T08:00:00.000Z",
      request: { method: "GET", path: "/categories", query: "", credential: "valid" },
      response: { status: 200 },
    };
    await writeFile(file, `${JSON.stringify(earlier)}\n`);
    const server = await startPetstoreServer({ port: 0, record: file });
    await send(`${server.url}/pets`, {
      method: "POST",
      headers: { ...devAuth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Recorded", categoryId: 1 }),
    });
    await send(`${server.url}/pets/51?token=petstore-dev-key`, { headers: devAuth });
    await send(`${server.url}/categories`);
    await server.close();
    const [kept, created, read, refused] = await lines(file);
    expect(kept).toEqual(earlier);
    expect(created).toMatchObject({
      v: 1,
      request: {
        method: "POST",
        path: "/pets",
        query: "",
        credential: "valid",
        contentType: "application/json",
        body: '{"name":"Recorded","categoryId":1}',
      },
      response: { status: 201, contentType: "application/json", location: "/v1/pets/51" },
    });
    expect(JSON.parse(created.response.body)).toMatchObject({ id: 51, name: "Recorded" });
    expect(read.request).toMatchObject({ path: "/pets/51", query: "token=[redacted]" });
    expect(refused).toMatchObject({
      request: { credential: "missing" },
      response: { status: 401 },
    });
    expect(await readFile(file, "utf8")).not.toContain("petstore-dev-key");
  });

  it("stops at its cap with one log line, every line whole", async () => {
    const file = join(dir, "capped.jsonl");
    const log = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const server = await startPetstoreServer({ port: 0, record: { file, maxBytes: 6000 } });
    try {
      for (let round = 0; round < 20; round++) {
        await send(`${server.url}/pets?limit=3`, { headers: devAuth });
      }
      await server.close();
      const stopped = log.mock.calls
        .map(([text]) => String(text))
        .filter((text) => /recording stopped/.test(text));
      expect(stopped).toHaveLength(1);
      expect(stopped[0]).toContain("cap of 6000 bytes");
    } finally {
      log.mockRestore();
    }
    expect((await stat(file)).size).toBeLessThanOrEqual(6000);
    const recorded = await lines(file);
    expect(recorded.length).toBeGreaterThan(1);
    expect(recorded.length).toBeLessThan(20);
  });
});

describe("no secret reaches the recording", () => {
  it("whether the keys come in bodies, paths, oddly named parameters or any encoding", async () => {
    const apiKey = "client-api-key-2468";
    const adminKey = "admin-key-13579-xyz";
    const proxyKey = "proxy-key-for-staging-42";
    const file = join(dir, "secrets.jsonl");
    const deployment = await startPetstoreServer({ port: 0, apiKeys: [proxyKey] });
    const server = await startPetstoreServer({
      port: 0,
      apiKeys: [apiKey],
      adminKey,
      proxy: { url: deployment.url, key: proxyKey, fallback: "mock" },
      record: file,
    });
    const auth = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
    const oddValue = "not-a-configured-key-but-secret";
    try {
      for (const key of [apiKey, adminKey, proxyKey]) {
        for (const [encoding, form] of Object.entries(encodedForms(key))) {
          const url = encodeURIComponent(form);
          await send(`${server.url}/pets/${url}`, { headers: auth });
          await send(`${server.url}/pets?name=${url}`, { headers: auth });
          await send(`${server.url}/pets`, {
            method: "POST",
            headers: auth,
            body: JSON.stringify({ name: form, categoryId: 1, note: encoding }),
          });
        }
        await send(`${server.url}/categories`, {
          method: "POST",
          headers: auth,
          body: `{"name":"${[...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"}`,
        });
        await send(`${server.url}/pets`, { headers: { authorization: `Bearer ${key}x` } });
      }
      for (const name of [
        "%6Bey",
        "%6bEY",
        "ke%2579",
        "api%5Fkey",
        "X-Api-Key",
        "access_token",
        "sig",
      ]) {
        await send(`${server.url}/pets?limit=1&${name}=${oddValue}`, { headers: auth });
      }
    } finally {
      await server.close();
      await deployment.close();
    }
    const text = await readFile(file, "utf8");
    expect(text.trimEnd().split("\n").length).toBeGreaterThan(100);
    const decoded = text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    for (const key of [apiKey, adminKey, proxyKey]) {
      for (const [encoding, form] of Object.entries(encodedForms(key))) {
        expect(text.includes(form), `${key} ${encoding}`).toBe(false);
        expect(decoded.includes(form), `${key} ${encoding}, decoded`).toBe(false);
      }
    }
    expect(text).not.toContain(oddValue);
    expect(text).toContain("%6Bey=[redacted]");
  });
});

describe("a recording file that is not the recorder's", () => {
  const stops: ((signal: string) => void)[] = [];
  /** The CLI in-process: its exit code and what it said. */
  async function cli(argv: string[]): Promise<{ code: number; err: string }> {
    let err = "";
    const code = await main(
      ["--port", "0", "--quiet", ...argv],
      {},
      {
        out: () => {},
        err: (text) => (err += text),
        onStop: (stop) => stops.push(stop),
      },
    );
    return { code, err };
  }

  it("is refused when it is a symbolic link, even to a recording: exit 3, the target untouched", async () => {
    const target = join(dir, "target.jsonl");
    const line = '{"v":1,"request":{},"response":{}}\n';
    await writeFile(target, line);
    const planted = join(dir, "planted.jsonl");
    await symlink(target, planted);
    const { code, err } = await cli(["--record", planted]);
    expect(code).toBe(3);
    expect(err).toContain(
      `recording ${planted}: is a symbolic link, which the mock never follows.`,
    );
    expect(await readFile(target, "utf8")).toBe(line);
    const dangling = join(dir, "dangling.jsonl");
    await symlink(join(dir, "not-there-yet.jsonl"), dangling);
    expect((await cli(["--record", dangling])).code).toBe(3);
    await expect(stat(join(dir, "not-there-yet.jsonl"))).rejects.toThrow(/ENOENT/);
  });

  it("is refused when it is a hard link to the state file (every spelling: own-files.test.ts)", async () => {
    const state = join(dir, "both.json");
    const first = await startPetstoreServer({ port: 0, stateFile: state });
    await first.close();
    const alias = join(dir, "alias.json");
    await link(state, alias);
    const aliased = await cli(["--state-file", state, "--record", alias]);
    expect(aliased.code).toBe(3);
    expect(aliased.err).toContain(`--record ${alias} and --state-file ${state} are the same file`);
  });

  it("is refused when it exists and is no recording, or is no regular file", async () => {
    const notes = join(dir, "notes.txt");
    await writeFile(notes, "my notes\n");
    const notRecording = await cli(["--record", notes]);
    expect(notRecording.code).toBe(3);
    expect(notRecording.err).toContain("exists and is not a recording");
    expect(await readFile(notes, "utf8")).toBe("my notes\n");
    const fifo = join(dir, "fifo.jsonl");
    await promisify(execFile)("mkfifo", [fifo]);
    const piped = await cli(["--record", fifo]);
    expect(piped.code).toBe(3);
    expect(piped.err).toContain("is not a regular file");
    expect((await cli(["--record", dir])).code).toBe(3);
  });

  it("is created readable by its user only (0600), and an empty one is taken", async () => {
    const fresh = join(dir, "fresh.jsonl");
    const server = await startPetstoreServer({ port: 0, record: fresh });
    await send(`${server.url}/categories`, { headers: devAuth });
    await server.close();
    expect((await stat(fresh)).mode & 0o777).toBe(0o600);
    const empty = join(dir, "empty.jsonl");
    await writeFile(empty, "");
    const again = await startPetstoreServer({ port: 0, record: empty });
    await again.close();
  });
});

describe("what the recorder writes, the replay reads", () => {
  it("a line the replay would refuse is not written, and the log says why", async () => {
    const file = join(dir, "read-back.jsonl");
    const logged: string[] = [];
    const recorder = await openRecording(
      { file, maxBytes: 1 << 20 },
      { apiKeys: ["k"], secrets: ["k"], log: (line) => logged.push(line) },
    );
    const handle = recorder.wrap(async () => ({ status: 200, headers: {}, body: "[]" }));
    await handle(coreRequest("get me", "/pets"));
    await handle(coreRequest("GET", "/pets"));
    await recorder.close();
    expect((await lines(file)).map((line) => line.request.method)).toEqual(["GET"]);
    expect(logged).toEqual([
      "petstore-mock: get me /pets not recorded: request.method must be an upper-case method (letters and hyphens), which a recording line may not hold",
    ]);
  });
});
