/**
 * The `petstore-mock` CLI as users run it: the compiled JavaScript in dist/
 * (built first), its flags and environment variables, its banner and request
 * log, its exit codes, and a clean stop on SIGTERM/SIGINT.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildOnce, runCli, type ServingCli, send, serveCli } from "../test-support/http.js";
import { repositoryRoot } from "../test-support/repository.js";
import { keyAttempts } from "../test-support/secret-encodings.js";
import { startPetstoreServer } from "./server.js";

beforeAll(buildOnce, 120_000);

const { version } = JSON.parse(readFileSync(`${repositoryRoot}package.json`, "utf8"));
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function stopped(
  cli: ServingCli,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<number | null> {
  cli.child.kill(signal);
  return cli.exited;
}

async function eventually(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !check(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("flags that exit", () => {
  it("--help lists every flag, the presets and the admin endpoints, and exits 0", async () => {
    const run = await runCli(["--help"]);
    expect(run.code).toBe(0);
    for (const flag of [
      "--port",
      "--host",
      "--api-key",
      "--seed",
      "--pets",
      "--categories",
      "--latency",
      "--state-file",
      "--quiet",
      "--help",
      "--version",
      "PORT",
      "PETSTORE_API_KEYS",
      "PETSTORE_STATE_FILE",
      "--preset",
      "--fault",
      "--journal-size",
      "--admin-key",
      "PETSTORE_ADMIN_KEY",
      "server-down",
      "/__mock/faults",
      "/__mock/health",
    ]) {
      expect(run.stdout).toContain(flag);
    }
  });

  it("--version prints the package version", async () => {
    const run = await runCli(["--version"]);
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it.each([
    [["--port", "abc"], {}, "--port"],
    [["--port", "70000"], {}, "--port"],
    [["--bogus"], {}, "--bogus"],
    [["--latency", "fast"], {}, "latency"],
    [["--latency", "400-100"], {}, "latency"],
    [["--pets", "-1"], {}, "--pets"],
    [["--seed", "1.5"], {}, "--seed"],
    [["--api-key", " "], {}, "--api-key"],
    [["--categories", "0"], {}, "--categories"],
    [["--state-file", " "], {}, "--state-file"],
    [["serve"], {}, "serve"],
    [[], { PORT: "http" }, "PORT"],
  ])("%j %j: one line on stderr naming %s, exit 2", async (args, env, mention) => {
    const run = await runCli(args, env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^petstore-mock: /);
    expect(lines[0]).toContain(mention);
  });
});

describe("serving", () => {
  it("prints no key, right or wrong, in its banner or request log", async () => {
    const key = "s3cret-key-0f9a";
    const attempts = keyAttempts(key);
    const cli = await serveCli(["--port", "0", "--api-key", key]);
    try {
      const printedBefore = cli.stdout().length;
      for (const headers of attempts) await fetch(`${cli.url}/pets`, { headers });
      const logged = () => cli.stdout().slice(printedBefore).trim().split("\n");
      await vi.waitFor(() => expect(logged().length).toBeGreaterThanOrEqual(attempts.length));
      expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect(cli.stdout()).toContain("1 configured key (not printed)");
      expect(cli.stdout()).not.toContain(key.slice(0, 8));
    } finally {
      cli.child.kill("SIGTERM");
      await cli.exited;
    }
  });

  it("prints a banner with the base URL, the key and a curl line, then logs each request", async () => {
    const cli = await serveCli([
      "--port",
      "0",
      "--api-key",
      "k1",
      "--api-key",
      "k2",
      "--pets",
      "3",
    ]);
    try {
      await eventually(() => cli.stdout().includes("Ctrl+C"));
      const banner = cli.stdout();
      expect(banner).toContain(cli.url);
      expect(banner).toContain("2 configured keys (not printed)");
      expect(banner).not.toMatch(/\bk[12]\b/);
      expect(banner).toContain(
        `curl -g '${cli.url}/pets?limit=5' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
      );

      const reply = await send(`${cli.url}/pets?limit=5`, { headers: bearer("k2") });
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text)).toHaveLength(3);
      expect((await send(`${cli.url}/pets`, { headers: bearer("petstore-dev-key") })).status).toBe(
        401,
      );
      await eventually(() => /GET \/v1\/pets 401 /.test(cli.stdout()));
      expect(cli.stdout()).toMatch(/^GET \/v1\/pets\?limit=5 200 \d+(\.\d+)?ms$/m);
      expect(cli.stdout()).toMatch(/^GET \/v1\/pets 401 \d+(\.\d+)?ms$/m);
    } finally {
      expect(await stopped(cli)).toBe(0);
    }
  });

  it("starts with the preset, says so in the banner, and never prints the admin key", async () => {
    const cli = await serveCli([
      "--port",
      "0",
      "--preset",
      "server-down",
      "--admin-key",
      "k3y-not-shown",
    ]);
    try {
      const banner = cli.stdout();
      expect(banner).toMatch(/admin .*admin key as a Bearer token/);
      expect(banner).toMatch(/faults +1 active/);
      expect(banner).not.toContain("k3y-not-shown");
      const origin = new URL(cli.url).origin;
      expect((await send(`${origin}/__mock/health`)).status).toBe(200);
      expect((await send(`${cli.url}/pets`, { headers: bearer("petstore-dev-key") })).status).toBe(
        503,
      );
      expect((await send(`${origin}/__mock/faults`)).status).toBe(403);
    } finally {
      await stopped(cli);
    }
  });

  it("--quiet prints only the listening line, and no request log", async () => {
    const cli = await serveCli(["--port", "0", "--quiet"]);
    await send(`${cli.url}/pets`, { headers: bearer("petstore-dev-key") });
    expect(await stopped(cli)).toBe(0);
    expect(cli.stdout()).toBe(`petstore-mock listening on ${cli.url}\n`);
  });

  it("takes the port from PORT and the keys from PETSTORE_API_KEYS", async () => {
    const probe = await startPetstoreServer({ port: 0 });
    const port = probe.port;
    await probe.close();
    const cli = await serveCli(["--quiet"], { PORT: String(port), PETSTORE_API_KEYS: "a, b" });
    try {
      expect(cli.url).toBe(`http://127.0.0.1:${port}/v1`);
      expect((await send(`${cli.url}/categories`, { headers: bearer("b") })).status).toBe(200);
      expect((await send(`${cli.url}/categories`, { headers: bearer("a, b") })).status).toBe(401);
    } finally {
      await stopped(cli);
    }
  });

  it("--seed, --categories and --latency shape the data and the answers", async () => {
    const cli = await serveCli(["--port", "0", "--quiet", "--seed", "7", "--categories", "2"]);
    const slow = await serveCli(["--port", "0", "--quiet", "--seed", "7", "--latency", "5-10"]);
    try {
      const categories = await send(`${cli.url}/categories`, {
        headers: bearer("petstore-dev-key"),
      });
      expect(JSON.parse(categories.text)).toHaveLength(2);
      const [fromCli, fromSlow] = await Promise.all(
        [cli, slow].map((server) =>
          send(`${server.url}/pets?limit=100`, { headers: bearer("petstore-dev-key") }),
        ),
      );
      const seed42 = await startPetstoreServer({ port: 0 });
      const fromDefault = await send(`${seed42.url}/pets?limit=100`, {
        headers: bearer("petstore-dev-key"),
      });
      await seed42.close();
      const names = (text: string) => (JSON.parse(text) as { name: string }[]).map((p) => p.name);
      expect(names(fromSlow?.text ?? "")).not.toEqual(names(fromDefault.text));
      expect(fromSlow?.status).toBe(200);
      expect(fromCli?.status).toBe(200);
    } finally {
      await Promise.all([stopped(cli), stopped(slow)]);
    }
  });

  it("stops cleanly on SIGINT too", async () => {
    const cli = await serveCli(["--port", "0"]);
    expect(await stopped(cli, "SIGINT")).toBe(0);
    expect(cli.stdout()).toContain("SIGINT, finishing in-flight requests");
  });

  it("exits 1 with one line when the port is taken", async () => {
    const taken = await startPetstoreServer({ port: 0 });
    try {
      const run = await runCli(["--port", String(taken.port)]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `petstore-mock: cannot start: port ${taken.port} on 127.0.0.1 is already in use (try --port 0)\n`,
      );
    } finally {
      await taken.close();
    }
  });
});
