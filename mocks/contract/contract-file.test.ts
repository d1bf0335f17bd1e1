/**
 * Contract files on disk: created with their folder and mode 0600, merged
 * under a lock (writers at once all land; a lock that is no regular file
 * refused, one the kit could not write removed, an unreadable one taken
 * over once old), never written through a planted symlink (before the read
 * or between the read and the write), and a file that is not the kit's
 * contract left as it is.
 */
import { execFileSync } from "node:child_process";
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileSystem } from "../util/files.js";
import { processStart, unreadableLockGraceMs } from "../util/lock-file.js";
import { checkContractFile, contractLockWaitMs, writeContractFile } from "./contract-file.js";
import { ContractFileError, contractFileOf } from "./contract-names.js";
import { contractText, type PactContract, pactOf, type RecordedInteraction } from "./pact.js";

const names = { consumer: "web", provider: "petstore" };

const contractOf = (...keys: string[]): PactContract =>
  pactOf(
    keys.map(
      (key): RecordedInteraction => ({
        key,
        facts: {
          operationId: "listCategories",
          tests: [`test ${key}`],
          credential: "valid",
          shape: key,
        },
        testname: `test ${key}`,
        providerStates: [],
        request: { method: "GET", path: "/categories" },
        response: { status: 200 },
      }),
    ),
    names,
  );

const keysIn = async (path: string) =>
  (JSON.parse(await readFile(path, "utf8")) as PactContract).interactions.map((i) => i.key).sort();

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-contract-file-"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe("writeContractFile", () => {
  it("creates the file and its folder, mode 0600, as the contract's text", async () => {
    const path = join(dir, "pacts", "deep", "web-petstore.json");
    expect(await writeContractFile(path, contractOf("a"))).toBe(0);
    expect(await readFile(path, "utf8")).toBe(contractText(contractOf("a")));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await expect(lstat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
  });

  it("merges into what the file holds", async () => {
    const path = join(dir, "web-petstore.json");
    await writeContractFile(path, contractOf("a", "b"));
    await writeContractFile(path, contractOf("b", "c"));
    expect(await keysIn(path)).toEqual(["a", "b", "c"]);
  });

  it("loses no part when many writers merge at once", async () => {
    const path = join(dir, "web-petstore.json");
    const parts = Array.from({ length: 12 }, (_, index) => contractOf(`k${index}`));
    await Promise.all(parts.map((part) => writeContractFile(path, part)));
    expect(await keysIn(path)).toEqual(parts.map((_, index) => `k${index}`).sort());
  });

  it("takes over a lock left by a process that is gone", async () => {
    const path = join(dir, "web-petstore.json");
    await writeFile(`${path}.lock`, "2147483646 a-token\n");
    await writeContractFile(path, contractOf("a"));
    expect(await keysIn(path)).toEqual(["a"]);
  });

  it.skipIf(processStart(process.pid) === undefined)(
    "takes over a lock naming a running process that started at another time (a reused pid), at once",
    async () => {
      const path = join(dir, "web-petstore.json");
      const otherBoot = "00000000-0000-0000-0000-000000000000:1";
      await writeFile(`${path}.lock`, `${process.ppid} ${otherBoot} a-token\n`);
      const started = performance.now();
      await writeContractFile(path, contractOf("a"));
      expect(performance.now() - started).toBeLessThan(contractLockWaitMs / 10);
      expect(await keysIn(path)).toEqual(["a"]);
    },
  );

  it("refuses a symlink planted at the path, dangling or not, and writes through neither", async () => {
    const path = join(dir, "web-petstore.json");
    const victim = join(dir, "victim.txt");
    await writeFile(victim, "precious\n");
    await symlink(victim, path);
    await expect(writeContractFile(path, contractOf("a"))).rejects.toThrow(ContractFileError);
    expect(await readFile(victim, "utf8")).toBe("precious\n");
    await rm(path);
    await symlink(join(dir, "missing.json"), path);
    await expect(writeContractFile(path, contractOf("a"))).rejects.toThrow(/symbolic link/);
    expect((await lstat(path)).isSymbolicLink()).toBe(true);
    await expect(lstat(join(dir, "missing.json"))).rejects.toThrow(/ENOENT/);
  });

  it("replaces a symlink planted at the path between its read and its write, never following it", async () => {
    const path = join(dir, "web-petstore.json");
    const victim = join(dir, "victim.txt");
    await writeFile(victim, "precious\n");
    await writeContractFile(path, contractOf("a"));
    const realOpen = fileSystem.open;
    // Once the file has been read (its handle closed), a symlink to the victim takes its place.
    vi.spyOn(fileSystem, "open").mockImplementation(async (file, flags, mode) => {
      const handle = await realOpen(file, flags, mode);
      if (file === path) {
        const close = handle.close.bind(handle);
        vi.spyOn(handle, "close").mockImplementation(async () => {
          await close();
          await rm(path);
          await symlink(victim, path);
        });
      }
      return handle;
    });
    await writeContractFile(path, contractOf("b"));
    expect(await readFile(victim, "utf8")).toBe("precious\n");
    expect((await lstat(path)).isFile()).toBe(true);
    expect(await keysIn(path)).toEqual(["a", "b"]);
  });

  it.each([
    ["a FIFO", (lock: string) => execFileSync("mkfifo", [lock])],
    ["a directory", (lock: string) => mkdir(lock)],
  ])(
    "refuses a lock file that is %s at once, at the start check and at the write, naming it",
    async (_kind, plant) => {
      const path = join(dir, "web-petstore.json");
      await plant(`${path}.lock`);
      const refusal = new ContractFileError(
        `contract file ${path}: its lock file ${path}.lock is not a regular file. Remove it if no writer runs.`,
      );
      await expect(checkContractFile(path, names)).rejects.toThrow(refusal);
      await expect(writeContractFile(path, contractOf("a"))).rejects.toThrow(refusal);
      await expect(lstat(path)).rejects.toThrow(/ENOENT/);
    },
  );

  it("removes a lock it created but could not write (a full disk): the next write takes it at once", async () => {
    const path = join(dir, "web-petstore.json");
    const realOpen = fileSystem.open;
    vi.spyOn(fileSystem, "open").mockImplementationOnce(async (file, flags, mode) => {
      const handle = await realOpen(file, flags, mode);
      vi.spyOn(handle, "writeFile").mockRejectedValue(
        Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }),
      );
      return handle;
    });
    await expect(writeContractFile(path, contractOf("a"))).rejects.toThrow(
      new ContractFileError(
        `contract file ${path}: cannot create its lock file ${path}.lock (ENOSPC: no space left on device)`,
      ),
    );
    await expect(lstat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
    const started = performance.now();
    await writeContractFile(path, contractOf("a"));
    expect(performance.now() - started).toBeLessThan(contractLockWaitMs / 2);
    expect(await keysIn(path)).toEqual(["a"]);
  });

  it("takes over an empty or garbled lock once it is older than a lock being written, without waiting", async () => {
    const path = join(dir, "web-petstore.json");
    for (const [index, text] of ["", "garbage", "123"].entries()) {
      await writeFile(`${path}.lock`, text);
      const old = new Date(Date.now() - unreadableLockGraceMs - 1_000);
      await utimes(`${path}.lock`, old, old);
      const started = performance.now();
      await writeContractFile(path, contractOf(`k${index}`));
      expect(performance.now() - started).toBeLessThan(contractLockWaitMs / 2);
      await expect(lstat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
    }
    expect(await keysIn(path)).toEqual(["k0", "k1", "k2"]);
  });

  it.each([
    [
      "another tool's file",
      '{"consumer":{"name":"web"},"interactions":[]}\n',
      /not written by petstore-mock-kit/,
    ],
    ["no JSON", "{ nope\n", /is not valid JSON/],
    [
      "no JSON, with escape sequences (quoting none of it)",
      '{"a": \u001b]0;title\u0007}',
      /is not valid JSON \(Unexpected character in JSON at position 6 \(line 1 column 7\)\)\.;/,
    ],
    [
      "a format holding terminal controls (escaped)",
      JSON.stringify({ metadata: { petstoreMockKit: { format: "\u009b2J\u202e" } } }),
      /its format "\\x9b2J\\u202e" is not /,
    ],
    [
      "another consumer's contract",
      contractText(pactOf([], { ...names, consumer: "other" })),
      /consumer "other"/,
    ],
  ])("leaves %s as it is, and says so", async (_, text, message) => {
    const path = join(dir, "web-petstore.json");
    await writeFile(path, text);
    const refusal = writeContractFile(path, contractOf("a"));
    await expect(refusal).rejects.toThrow(ContractFileError);
    await expect(refusal).rejects.toThrow(message);
    await expect(refusal).rejects.toThrow(/it was left as it is: move it away or delete it/);
    await expect(checkContractFile(path, names)).rejects.toThrow(message);
    expect(await readFile(path, "utf8")).toBe(text);
  });
});

describe("checkContractFile and contractFileOf", () => {
  it("pass a missing file and one of the same names", async () => {
    const path = join(dir, "web-petstore.json");
    await checkContractFile(path, names);
    await writeContractFile(path, contractOf("a"));
    await checkContractFile(path, names);
  });

  it("refuse an empty file name", () => {
    expect(() => contractFileOf({ file: " " })).toThrow("contract file must not be empty");
    expect(contractFileOf({ file: "x.json" })).toBe("x.json");
    expect(contractFileOf(undefined)).toBeUndefined();
  });
});
