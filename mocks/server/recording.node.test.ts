/**
 * `record` / `--record` in plain mock mode: one JSON line per exchange,
 * credentials removed, appended to what the file holds, and a cap after
 * which the file stops growing with one log line.
 */
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { CliUsageError, parseCommand, usage } from "./args.js";
import { startPetstoreServer } from "./server.js";
import { devAuth, send } from "./test-support/http.js";

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

describe("the --record and --proxy flags", () => {
  const serve = (argv: string[], env: Record<string, string> = {}) => {
    const command = parseCommand(argv, env);
    if (command.kind !== "serve") throw new Error(command.kind);
    return command.options;
  };

  it("come from flags, else from the environment", () => {
    expect(
      serve([
        "--proxy",
        "https://staging.example.com/v1/",
        "--proxy-key",
        "k1",
        "--fallback",
        "mock",
      ]),
    ).toMatchObject({
      proxy: { url: "https://staging.example.com/v1/", key: "k1", fallback: "mock" },
    });
    expect(
      serve([], {
        PETSTORE_PROXY_URL: "http://127.0.0.1:9/v1",
        PETSTORE_PROXY_KEY: "k2",
        PETSTORE_RECORD_FILE: "s.jsonl",
      }),
    ).toMatchObject({
      proxy: { url: "http://127.0.0.1:9/v1", key: "k2" },
      record: { file: "s.jsonl", maxBytes: 16 * 1024 * 1024 },
    });
  });

  it.each([
    [["--proxy", "staging.example.com"], "--proxy"],
    [["--proxy", "https://u:p@staging.example.com/v1"], "credentials"],
    [["--proxy-key", "k"], "need --proxy"],
    [["--proxy", "http://127.0.0.1:9/v1", "--fallback", "prism"], "--fallback"],
    [["--record", " "], "--record"],
    [["--proxy", "http://127.0.0.1:9/v1", "--host", "0.0.0.0"], "an --api-key of your own"],
  ])("%j is refused naming %s", (argv, mention) => {
    expect(() => parseCommand(argv, {})).toThrow(CliUsageError);
    expect(() => parseCommand(argv, {})).toThrow(mention);
  });

  it("bind a proxy beyond loopback only with a key of one's own", async () => {
    const exposed = { port: 0, host: "0.0.0.0", proxy: { url: "http://127.0.0.1:9/v1" } };
    await expect(startPetstoreServer(exposed)).rejects.toThrow("is public");
    const keyed = serve([
      "--proxy",
      "http://127.0.0.1:9/v1",
      "--host",
      "0.0.0.0",
      "--api-key",
      "k",
    ]);
    expect(keyed).toMatchObject({ host: "0.0.0.0", apiKeys: ["k"] });
  });

  it("are listed in --help with their variables", () => {
    for (const name of ["--proxy", "--proxy-key", "--fallback", "--record", "PETSTORE_PROXY_URL"]) {
      expect(usage).toContain(name);
    }
  });
});
