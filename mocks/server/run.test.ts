/** `petstore-mock` in-process: `main(argv, env, io)` resolves to the exit code the bin passes on. */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PactContract } from "../contract/pact.js";
import { usage } from "./args.js";
import { type CliIo, main } from "./run.js";

function fakeIo() {
  const io = {
    out: [] as string[],
    err: [] as string[],
    stops: [] as ((signal: string) => void)[],
  };
  const cliIo: CliIo = {
    out: (text) => io.out.push(text),
    err: (text) => io.err.push(text),
    onStop: (listener) => io.stops.push(listener),
  };
  const stop = (signal = "SIGTERM") => {
    for (const listener of io.stops) listener(signal);
  };
  return { io, cliIo, stop };
}

/** Resolves once the CLI has printed `pattern` (its "listening" line by default), with its first group. */
async function printed(io: { out: string[] }, pattern = /listening on (\S+)/): Promise<string> {
  await vi.waitFor(() => expect(io.out.join("")).toMatch(pattern), { timeout: 5_000 });
  return pattern.exec(io.out.join(""))?.[1] ?? "";
}

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "petstore-run-"));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe("petstore-mock main", () => {
  it("prints the usage for --help and exits 0", async () => {
    const { io, cliIo } = fakeIo();
    expect(await main(["--help"], {}, cliIo)).toBe(0);
    expect(io.out.join("")).toBe(`${usage}\n`);
  });

  it("refuses a bad flag with one line and exit code 2", async () => {
    const { io, cliIo } = fakeIo();
    expect(await main(["--seed", "x"], {}, cliIo)).toBe(2);
    expect(io.err.join("")).toMatch(
      /^petstore-mock: --seed must be an integer .* \(see --help\)\n$/,
    );
  });

  it("says in its banner which pages may call the API: loopback ones, and those of --cors-origin", async () => {
    for (const [argv, env, line] of [
      [
        [],
        {},
        "pages      on localhost, 127.0.0.1 and [::1] (any port) may call the API; others need --cors-origin",
      ],
      [
        ["--cors-origin", "http://192.168.1.20:5173"],
        {},
        "pages      on localhost, 127.0.0.1 and [::1] (any port) and http://192.168.1.20:5173 may call the API",
      ],
      [[], { PETSTORE_CORS_ORIGINS: "*" }, "pages      from every origin (--cors-origin *)"],
    ] as const) {
      const { io, cliIo, stop } = fakeIo();
      const exit = main(["--port", "0", ...argv], env, cliIo);
      await printed(io, /Ctrl\+C/);
      expect(io.out.join("")).toContain(line);
      stop();
      expect(await exit).toBe(0);
    }
  });

  it("calls a loopback bind in another spelling loopback in its banner, and prints its usual address", async () => {
    for (const host of ["127.1", "0x7f000001", "0:0:0:0:0:0:0:1"]) {
      const { io, cliIo, stop } = fakeIo();
      const exit = main(["--port", "0", "--host", host], {}, cliIo);
      await printed(io, /Ctrl\+C/);
      const banner = io.out.join("");
      expect(banner).toContain(": open (loopback only, no key)");
      expect(banner).not.toContain("beyond loopback");
      expect(banner).toMatch(
        host.includes(":") ? /http:\/\/\[::1\]:\d+\/v1/ : /http:\/\/127\.0\.0\.1:\d+\/v1/,
      );
      stop();
      expect(await exit).toBe(0);
    }
  });

  it("serves until a stop, then exits 0; a second stop while stopping exits 1", async () => {
    const { io, cliIo, stop } = fakeIo();
    const exit = main(["--port", "0", "--quiet"], {}, cliIo);
    const url = await printed(io);
    const answer = await fetch(`${url}/pets`, {
      headers: { authorization: "Bearer petstore-dev-key" },
    });
    expect(answer.status).toBe(200);
    stop();
    expect(await exit).toBe(0);
    await expect(fetch(`${url}/pets`)).rejects.toThrow();

    const again = fakeIo();
    const held = main(["--port", "0", "--quiet"], {}, again.cliIo);
    await printed(again.io);
    again.stop("SIGINT");
    again.stop("SIGINT");
    expect(await held).toBe(1);
    expect(again.io.err.join("")).toContain("SIGINT again, exiting now");
  });

  it("reports in its banner the records a state file loaded, not the seed's counts", async () => {
    const args = ["--port", "0", "--state-file", join(directory, "state.json")];
    const first = fakeIo();
    const created = main([...args, "--quiet"], {}, first.cliIo);
    const url = await printed(first.io);
    const answer = await fetch(`${url}/pets`, {
      method: "POST",
      headers: { authorization: "Bearer petstore-dev-key", "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
    });
    expect(answer.status).toBe(201);
    first.stop();
    expect(await created).toBe(0);

    const second = fakeIo();
    const loaded = main(args, {}, second.cliIo);
    await printed(second.io, /Ctrl\+C/);
    expect(second.io.out.join("")).toMatch(
      /^ {2}data {7}51 pets, 5 categories loaded from the state file; POST \S+ restores seed 42 \(50 pets, 5 categories\)$/m,
    );
    second.stop();
    expect(await loaded).toBe(0);
  });

  it("merges the consumer contract into --contract's file on stop, and names it in the banner", async () => {
    const file = join(directory, "pacts", "web-petstore.json");
    const { io, cliIo, stop } = fakeIo();
    const exit = main(["--port", "0", "--contract", file, "--contract-consumer", "web"], {}, cliIo);
    await printed(io, /Ctrl\+C/);
    expect(io.out.join("")).toContain(
      `  contract   ${file} (merged on stop; GET http://127.0.0.1:`,
    );
    const url = /base URL {3}(\S+)/.exec(io.out.join(""))?.[1];
    await fetch(`${url}/pets/7`, { headers: { authorization: "Bearer petstore-dev-key" } });
    stop();
    expect(await exit).toBe(0);
    const contract = JSON.parse(await readFile(file, "utf8")) as PactContract;
    expect(contract.consumer.name).toBe("web");
    expect(contract.interactions.map((i) => i.providerStates?.[0]?.name)).toEqual([
      "pet 7 exists with status pending",
    ]);
  });

  it("does not start when --contract names a file it could not merge into", async () => {
    const file = join(directory, "pact.json");
    await writeFile(file, '{"consumer":{"name":"web"},"interactions":[]}\n');
    const { io, cliIo } = fakeIo();
    expect(await main(["--port", "0", "--quiet", "--contract", file], {}, cliIo)).toBe(1);
    expect(io.err.join("")).toBe(
      `petstore-mock: cannot start: contract file ${file}: it was not written by petstore-mock-kit; it was left as it is: move it away or delete it\n`,
    );
    expect(await readFile(file, "utf8")).toBe('{"consumer":{"name":"web"},"interactions":[]}\n');
  });

  it("does not start, at once, when a FIFO is planted as the state file's or the contract's lock, naming it", async () => {
    const state = join(directory, "state.json");
    const contract = join(directory, "pact.json");
    for (const lock of [`${state}.lock`, `${contract}.lock`]) execFileSync("mkfifo", [lock]);
    const first = fakeIo();
    expect(await main(["--port", "0", "--quiet", "--state-file", state], {}, first.cliIo)).toBe(3);
    expect(first.io.err.join("")).toBe(
      `petstore-mock: cannot start: state file ${state}: its lock file ${state}.lock is not a regular file. Remove it if no server uses the file.\n`,
    );
    const second = fakeIo();
    expect(await main(["--port", "0", "--quiet", "--contract", contract], {}, second.cliIo)).toBe(
      1,
    );
    expect(second.io.err.join("")).toBe(
      `petstore-mock: cannot start: contract file ${contract}: its lock file ${contract}.lock is not a regular file. Remove it if no writer runs.\n`,
    );
  });

  it("stops at once with exit 1 when a FIFO is planted as the contract's lock after the start, naming it", async () => {
    const contract = join(directory, "pact.json");
    const { io, cliIo, stop } = fakeIo();
    const exit = main(["--port", "0", "--quiet", "--contract", contract], {}, cliIo);
    await printed(io);
    execFileSync("mkfifo", [`${contract}.lock`]);
    stop();
    expect(await exit).toBe(1);
    expect(io.err.join("")).toBe(
      `petstore-mock: contract file ${contract}: its lock file ${contract}.lock is not a regular file. Remove it if no writer runs.\n`,
    );
  });

  it("exits 3 when the state file is damaged", async () => {
    const path = join(directory, "state.json");
    await writeFile(path, "{ not json");
    const { io, cliIo } = fakeIo();
    expect(await main(["--port", "0", "--quiet", "--state-file", path], {}, cliIo)).toBe(3);
    expect(io.err.join("")).toContain("cannot start");
  });

  it("escapes what a file's text puts in its start-up error, as every line of the CLIs is escaped", async () => {
    // A C1 CSI and a bidi override, which JSON quoting leaves as they are.
    const path = join(directory, "state.json");
    await writeFile(path, JSON.stringify({ format: "\u009b2J\u202e", formatVersion: 1 }));
    const { io, cliIo } = fakeIo();
    expect(await main(["--port", "0", "--quiet", "--state-file", path], {}, cliIo)).toBe(3);
    expect(io.err.join("")).toContain('snapshot (format is "\\x9b2J\\u202e").');
  });
});
