/**
 * A lock file is read without ever blocking, and names its owner by pid and
 * by when that process started, so a reused pid owns nothing.
 */
import { execFileSync } from "node:child_process";
import { constants } from "node:fs";
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { fileSystem } from "./files.js";
import { lockOwner, lockText, processStart, readLockFile } from "./lock-file.js";

const dir = await mkdtemp(join(tmpdir(), "petstore-lock-file-"));
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe("readLockFile", () => {
  it("never waits on a FIFO swapped in between the type check and the open (O_NONBLOCK)", async () => {
    const path = join(dir, "swapped.lock");
    await writeFile(path, lockText());
    const realLstat = fileSystem.lstat;
    vi.spyOn(fileSystem, "lstat").mockImplementationOnce(async (file) => {
      const info = await realLstat(file);
      await rm(path);
      execFileSync("mkfifo", [path]);
      return info;
    });
    const read = readLockFile(path, (reason) => new Error(reason)).then(
      () => "read",
      (error: Error) => error.message,
    );
    const late = new Promise((resolve) => setTimeout(resolve, 2_000, "still waiting after 2 s"));
    try {
      expect(await Promise.race([read, late])).toBe("changed while it was read.");
    } finally {
      // An open blocked on the FIFO is let go by a writer, so the test ends either way.
      const writer = await open(path, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => null);
      await writer?.close();
      await read;
    }
  });
});

describe.skipIf(processStart(process.pid) === undefined)("lockOwner", () => {
  it("names this process, alive, in a lock this process writes", () => {
    expect(lockText()).toMatch(/^\d+ [\da-f-]{36}:\d+ [\da-f-]{36}\n$/);
    expect(lockOwner(lockText())).toEqual({ pid: process.pid, alive: true });
  });

  it("counts a running pid as no owner when it started at another time than the lock says", () => {
    const now = processStart(process.ppid);
    expect(lockOwner(`${process.ppid} ${now} t\n`)).toEqual({ pid: process.ppid, alive: true });
    const otherBoot = `00000000-0000-0000-0000-000000000000:${now?.split(":")[1]}`;
    expect(lockOwner(`${process.ppid} ${otherBoot} t\n`)?.alive).toBe(false);
    const otherTick = `${now?.split(":")[0]}:1`;
    expect(lockOwner(`${process.ppid} ${otherTick} t\n`)?.alive).toBe(false);
  });

  it("judges a lock without a start (the kit's earlier locks) by its pid alone", () => {
    expect(lockOwner(`${process.ppid}\n`)).toEqual({ pid: process.ppid, alive: true });
    expect(lockOwner(`${process.ppid} 0c5e1ad4-52b6-4c2c-9d6b-0d2f6f3b3e2a\n`)?.alive).toBe(true);
    expect(lockOwner(`${process.ppid} - t\n`)?.alive).toBe(true);
    expect(lockOwner("2147483646 - t\n")?.alive).toBe(false);
    expect(lockOwner("garbage\n")).toBeUndefined();
    expect(lockOwner("0\n")).toBeUndefined();
  });
});
