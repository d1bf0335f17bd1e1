/**
 * `stateFile` in-process: the data survives a restart and follows every
 * change soon after; what reading, locking and following refuse and report
 * (the CLI's signals and kills: state-file.node.test.ts).
 */

import { execFileSync } from "node:child_process";
import { watch } from "node:fs";
import {
  type FileHandle,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { checkSnapshot } from "../store/state.js";
import { createPetstoreStore } from "../store/store.js";
import { send } from "../test-support/http.js";
import { createPet, readState } from "../test-support/state-files.js";
import {
  fileSystem as stateFileSystem,
  temporaryPathOf,
  writeFileAtomically,
} from "../util/files.js";
import { lockOwner, processStart, unreadableLockGraceMs } from "../util/lock-file.js";
import { startPetstoreServer } from "./server.js";
import {
  followStoreIntoFile,
  lockStateFile,
  maxStateFileBytes,
  readStateFile,
  StateFileError,
} from "./state-file.js";

const dir = await mkdtemp(join(tmpdir(), "petstore-state-"));
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A file-system error as node raises it: the code leads the message. */
const fsError = (code: string, what: string) =>
  Object.assign(new Error(`${code}: ${what}`), { code });
const taken = fsError("EEXIST", "file already exists");
const denied = fsError("EACCES", "permission denied");

let files = 0;
const freshPath = () => join(dir, `state-${++files}.json`);

describe("the state file in-process", () => {
  it("is created from the seed, follows changes soon after, and is loaded at the next start", async () => {
    const path = freshPath();
    const first = await startPetstoreServer({ port: 0, seed: 9, stateFile: path });
    expect(first.stateFile).toEqual({ path, loaded: false });
    expect((await readState(path)).pets).toHaveLength(50);
    const id = await createPet(first.url, "Kept");
    await expect
      .poll(async () => (await readState(path)).pets.at(-1)?.name, { timeout: 5_000 })
      .toBe("Kept");
    await first.close();

    const second = await startPetstoreServer({ port: 0, seed: 1, stateFile: path });
    expect(second.stateFile?.loaded).toBe(true);
    expect(second.store.getPet(id)?.name).toBe("Kept");
    expect(second.store.seedOptions.seed).toBe(9);
    expect(await createPet(second.url, "Next")).toBe(id + 1);

    expect((await send(`${second.origin}/__mock/reset`, { method: "POST" })).status).toBe(200);
    await second.close();
    const seeded = await startPetstoreServer({ port: 0, seed: 9 });
    expect(await readState(path)).toEqual(seeded.store.snapshot());
    await seeded.close();
  });

  it.each([
    ["a state file it cannot read", {}, "is not valid JSON", "{"],
    ["a start-up preset it refuses", { preset: "no-such-preset" as never }, "no-such-preset"],
    ["a port it cannot listen on", { port: -1 }, "port"],
  ])("lets the state file go when the start fails on %s", async (_, failing, reason, text?) => {
    const path = freshPath();
    if (text !== undefined) await writeFile(path, text);
    await expect(startPetstoreServer({ port: 0, stateFile: path, ...failing })).rejects.toThrow(
      reason,
    );
    await rm(path, { force: true });
    const next = await startPetstoreServer({ port: 0, stateFile: path });
    expect(next.stateFile?.path).toBe(path);
    await next.close();
  });

  it("holds every change of a concurrent burst soon after", async () => {
    const path = freshPath();
    const server = await startPetstoreServer({ port: 0, stateFile: path });
    await Promise.all(Array.from({ length: 20 }, (_, n) => createPet(server.url, `Burst ${n}`)));
    await expect.poll(async () => (await readState(path)).pets.length, { timeout: 5_000 }).toBe(70);
    await server.close();
  });
});

describe("readStateFile", () => {
  const untouched = "The file was left untouched: fix it, or move it away to start from the seed.";

  it("is undefined for a file not there yet", async () => {
    expect(await readStateFile(join(dir, "absent.json"))).toBeUndefined();
  });

  it.each([
    ["a directory", async (path: string) => mkdir(path), "is not a regular file."],
    ["text that is not JSON", async (path: string) => writeFile(path, "{"), "is not valid JSON ("],
    [
      "a symbolic link, even to a valid state file",
      async (path: string) => {
        const target = `${path}.target`;
        const server = await startPetstoreServer({ port: 0, stateFile: target });
        await server.close();
        await symlink(target, path);
      },
      "is a symbolic link, which the mock never follows.",
    ],
    [
      "JSON that is no snapshot",
      async (path: string) => writeFile(path, "[]"),
      "A snapshot must be a JSON object.",
    ],
  ])("refuses %s, saying the file was left untouched", async (_, make, reason) => {
    const path = freshPath();
    await make(path);
    const error = await readStateFile(path).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(StateFileError);
    expect((error as Error).message.startsWith(`state file ${path}: ${reason}`)).toBe(true);
    expect((error as Error).message).toContain(untouched);
  });

  it("refuses a file over the size limit without reading it, and one it cannot stat", async () => {
    const path = freshPath();
    await writeFile(path, "{}");
    const real = await lstat(path);
    const lstatSpy = vi.spyOn(stateFileSystem, "lstat");
    const open = vi.spyOn(stateFileSystem, "open");
    const sized = (size: number) => Object.assign(Object.create(real), { size }) as never;
    lstatSpy.mockResolvedValueOnce(sized(maxStateFileBytes + 1));
    await expect(readStateFile(path)).rejects.toThrow(
      `state file ${path}: is larger than ${maxStateFileBytes} bytes. ${untouched}`,
    );
    expect(open).not.toHaveBeenCalled();
    lstatSpy.mockResolvedValueOnce(sized(maxStateFileBytes));
    await expect(readStateFile(path)).rejects.toThrow("Not a petstore-mock-kit/state snapshot");
    lstatSpy.mockRejectedValueOnce(fsError("EACCES", "denied"));
    await expect(readStateFile(path)).rejects.toThrow(
      `state file ${path}: cannot be read (EACCES: denied). ${untouched}`,
    );
  });

  it("checks the records against the caps it is given", async () => {
    const path = freshPath();
    const server = await startPetstoreServer({ port: 0, stateFile: path });
    await server.close();
    await expect(readStateFile(path, { pets: 10, categories: 10 })).rejects.toThrow(
      "seedOptions.pets 50 is more than the store holds: at most 10 pets (--max-pets)",
    );
    expect((await readStateFile(path))?.pets).toHaveLength(50);
  });
});

describe("lockStateFile", () => {
  it("refuses a lock without a process id, and one that cannot be created", async () => {
    const path = freshPath();
    await writeFile(`${path}.lock`, "garbage\n");
    await expect(lockStateFile(path)).rejects.toThrow(
      `state file ${path}: its lock file ${path}.lock holds no process id (another server may be taking it; remove it if no server uses the file). Only one server may keep a state file: stop the other, or use another file.`,
    );
    const nowhere = join(dir, "missing-dir", "state.json");
    await expect(lockStateFile(nowhere)).rejects.toThrow(
      `state file ${nowhere}: cannot create its lock file ${nowhere}.lock (`,
    );
  });

  it.each(["x123", "123x", ""])("refuses a lock holding %j, no process id", async (text) => {
    const path = freshPath();
    await writeFile(`${path}.lock`, text);
    await expect(lockStateFile(path)).rejects.toThrow(
      expect.objectContaining({
        name: "StateFileError",
        message: expect.stringContaining("holds no process id"),
      }),
    );
  });

  it("takes over a lock with this process id that it does not hold (a restart in a container)", async () => {
    const path = freshPath();
    await writeFile(`${path}.lock`, `${process.pid}\n`);
    const lock = await lockStateFile(path);
    await expect(lockStateFile(path)).rejects.toThrow(`in use by process ${process.pid}`);
    await lock.release();
  });

  // Another boot's start: no process running now started then.
  const elsewhen = "00000000-0000-0000-0000-000000000000:1";

  it.skipIf(processStart(process.pid) === undefined)(
    "takes over a lock naming a running process that started at another time (a reused pid)",
    async () => {
      const path = freshPath();
      await writeFile(`${path}.lock`, `${process.ppid} ${elsewhen} a-token\n`);
      const lock = await lockStateFile(path);
      expect(lockOwner(await readFile(lock.path, "utf8"))).toEqual({
        pid: process.pid,
        alive: true,
      });
      await lock.release();
      await writeFile(`${path}.lock`, `${process.ppid} ${processStart(process.ppid)} a-token\n`);
      await expect(lockStateFile(path)).rejects.toThrow(`in use by process ${process.ppid}`);
    },
  );

  it("counts a process it may not signal (EPERM: another user's) as running", async () => {
    const path = freshPath();
    await writeFile(`${path}.lock`, "4242\n");
    vi.spyOn(process, "kill").mockImplementation(() => {
      throw fsError("EPERM", "operation not permitted");
    });
    await expect(lockStateFile(path)).rejects.toThrow("in use by process 4242");
  });

  it("releases a lock whose file someone already removed", async () => {
    const path = freshPath();
    const lock = await lockStateFile(path);
    await rm(lock.path);
    await expect(lock.release()).resolves.toBeUndefined();
    const again = await lockStateFile(path);
    await again.release();
  });

  it("takes a lock whose file vanished before it could be read (its holder released it)", async () => {
    const path = freshPath();
    vi.spyOn(stateFileSystem, "open").mockRejectedValueOnce(taken);
    const lock = await lockStateFile(path);
    expect(lockOwner(await readFile(lock.path, "utf8"))).toEqual({ pid: process.pid, alive: true });
    await lock.release();
  });

  it("gives up after three tries on a lock that keeps coming back", async () => {
    const path = freshPath();
    const create = vi.spyOn(stateFileSystem, "open").mockRejectedValue(taken);
    await expect(lockStateFile(path)).rejects.toThrow(
      new StateFileError(`state file ${path}: its lock file ${path}.lock could not be taken.`),
    );
    expect(create).toHaveBeenCalledTimes(3);
  });

  it("takes over a lock without a process id once it is older than a lock being written", async () => {
    const path = freshPath();
    for (const text of ["", "garbage\n"]) {
      await writeFile(`${path}.lock`, text);
      const old = new Date(Date.now() - unreadableLockGraceMs - 1_000);
      await utimes(`${path}.lock`, old, old);
      const lock = await lockStateFile(path);
      expect(lockOwner(await readFile(lock.path, "utf8"))).toEqual({
        pid: process.pid,
        alive: true,
      });
      await lock.release();
    }
  });

  it.each([
    ["a FIFO", (lock: string) => execFileSync("mkfifo", [lock])],
    ["a directory", (lock: string) => mkdir(lock)],
  ])(
    "refuses a lock file that is %s at once, naming it, and never opens it",
    async (_kind, plant) => {
      const path = freshPath();
      await plant(`${path}.lock`);
      await expect(lockStateFile(path)).rejects.toThrow(
        new StateFileError(
          `state file ${path}: its lock file ${path}.lock is not a regular file. Remove it if no server uses the file.`,
        ),
      );
      expect((await lstat(`${path}.lock`)).isFile()).toBe(false);
    },
  );

  it("removes a lock it created but could not write (a full disk), and leaves the way free", async () => {
    const path = freshPath();
    const realOpen = stateFileSystem.open;
    vi.spyOn(stateFileSystem, "open").mockImplementationOnce(async (file, flags, mode) => {
      const handle = await realOpen(file, flags, mode);
      vi.spyOn(handle, "writeFile").mockRejectedValue(fsError("ENOSPC", "no space left on device"));
      return handle;
    });
    await expect(lockStateFile(path)).rejects.toThrow(
      new StateFileError(
        `state file ${path}: cannot create its lock file ${path}.lock (ENOSPC: no space left on device).`,
      ),
    );
    await expect(lstat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
    const lock = await lockStateFile(path);
    await lock.release();
  });

  it("refuses a lock held by a running process, and takes it back once released", async () => {
    const path = freshPath();
    await writeFile(`${path}.lock`, `${process.ppid}\n`);
    await expect(lockStateFile(path)).rejects.toThrow(
      `it is in use by process ${process.ppid} (lock file ${path}.lock)`,
    );
    await rm(`${path}.lock`);
    const lock = await lockStateFile(path);
    expect(lock.path).toBe(`${path}.lock`);
    expect(lockOwner(await readFile(lock.path, "utf8"))).toEqual({ pid: process.pid, alive: true });
    await lock.release();
    await expect(readFile(lock.path, "utf8")).rejects.toThrow(/ENOENT/);
    await writeFile(lock.path, `${process.ppid}\n`);
    await lock.release();
    expect(await readFile(lock.path, "utf8")).toBe(`${process.ppid}\n`);
  });
});

describe("followStoreIntoFile", () => {
  it("logs a failing write once per reason, reports it, and logs the recovery", async () => {
    const path = freshPath();
    const store = await createPetstoreStore({ pets: 2 });
    const logged: string[] = [];
    const writer = followStoreIntoFile(store, path, (message) => logged.push(message));
    const rename = vi
      .spyOn(stateFileSystem, "rename")
      .mockRejectedValue(new Error("EROFS: read-only file system"));
    await store.createPet({ name: "A", categoryId: 1 });
    await writer.flush();
    expect(logged).toHaveLength(1);
    await store.createPet({ name: "B", categoryId: 1 });
    await writer.flush();
    expect(writer.failure).toBe("EROFS: read-only file system");
    rename.mockRestore();
    await vi.waitFor(() => expect(writer.failure).toBeUndefined(), { timeout: 5_000 });
    expect(logged).toEqual([
      `petstore-mock: could not write state file ${path}: EROFS: read-only file system (retrying)`,
      `petstore-mock: state file ${path} written again`,
    ]);
    await writer.close();
    expect((await readState(path)).pets.map((pet) => pet.name)).toContain("B");
    await store.createPet({ name: "After close", categoryId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readState(path)).pets.map((pet) => pet.name)).not.toContain("After close");
  });

  it("retries a failed write after 0.1 s, doubling up to 5 s", async () => {
    const path = freshPath();
    const store = await createPetstoreStore({ pets: 2 });
    const writer = followStoreIntoFile(store, path, () => undefined);
    await store.createPet({ name: "Pending", categoryId: 1 });
    const open = vi.spyOn(stateFileSystem, "open").mockRejectedValue(denied);
    const delays: number[] = [];
    const timers = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
      _retry: () => void,
      ms: number,
    ) => {
      delays.push(ms);
      return 0;
    }) as unknown as typeof setTimeout);
    for (let attempt = 0; attempt < 8; attempt++) await writer.flush();
    timers.mockRestore();
    open.mockRestore();
    expect(delays).toEqual([100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000]);
    expect(writer.failure).toBe("EACCES: permission denied");
    await writer.close();
    expect((await readState(path)).pets.map((pet) => pet.name)).toContain("Pending");
  });

  it("refuses to close while the last changes are not written", async () => {
    const path = freshPath();
    const store = await createPetstoreStore({ pets: 2 });
    const writer = followStoreIntoFile(store, path, () => undefined);
    vi.spyOn(stateFileSystem, "rename").mockRejectedValue(new Error("EIO"));
    await store.createPet({ name: "Lost", categoryId: 1 });
    await expect(writer.close()).rejects.toThrow(
      new StateFileError(`the last changes could not be written to ${path}`),
    );
  });
});

describe("writeFileAtomically", () => {
  /** Every handle the writes open, by the flags they were opened with. */
  function recordHandles(fail?: (handle: FileHandle) => void) {
    const handles: { flags: unknown; handle: FileHandle }[] = [];
    const realOpen = stateFileSystem.open;
    vi.spyOn(stateFileSystem, "open").mockImplementation(async (file, flags, mode) => {
      const handle = await realOpen(file, flags, mode);
      vi.spyOn(handle, "sync");
      if (flags === "wx") fail?.(handle);
      handles.push({ flags, handle });
      return handle;
    });
    return handles;
  }

  it("syncs the temp file and the directory, and closes both", async () => {
    const path = freshPath();
    const handles = recordHandles();
    await writeFileAtomically(path, "new\n");
    expect(await readFile(path, "utf8")).toBe("new\n");
    expect(handles.map(({ flags }) => flags)).toEqual(["wx", "r"]);
    for (const { handle } of handles) {
      expect(handle.sync).toHaveBeenCalledOnce();
      expect(handle.fd).toBe(-1);
    }
  });

  it("closes the temp file when writing it fails, removes it and keeps the old file", async () => {
    const path = freshPath();
    await writeFile(path, "old\n");
    const handles = recordHandles((handle) => {
      vi.mocked(handle.sync).mockRejectedValue(new Error("EIO: i/o error"));
    });
    await expect(writeFileAtomically(path, "new\n")).rejects.toThrow("EIO: i/o error");
    expect(handles).toHaveLength(1);
    expect(handles[0]?.handle.fd).toBe(-1);
    expect(await readFile(path, "utf8")).toBe("old\n");
    await expect(readFile(temporaryPathOf(path))).rejects.toThrow(/ENOENT/);
  });

  it("still writes when the temp name it found taken is freed before it removes it", async () => {
    const path = freshPath();
    vi.spyOn(stateFileSystem, "open").mockRejectedValueOnce(taken);
    await writeFileAtomically(path, "new\n");
    expect(await readFile(path, "utf8")).toBe("new\n");
  });

  it("fails a write whose temp file cannot be created for any reason but a taken name", async () => {
    const path = freshPath();
    await writeFile(path, "old\n");
    vi.spyOn(stateFileSystem, "open").mockRejectedValueOnce(denied);
    await expect(writeFileAtomically(path, "new\n")).rejects.toThrow(denied);
    expect(await readFile(path, "utf8")).toBe("old\n");
  });

  it("still writes when the directory cannot be opened to sync it", async () => {
    const path = freshPath();
    const realOpen = stateFileSystem.open;
    vi.spyOn(stateFileSystem, "open").mockImplementation((file, flags, mode) =>
      flags === "r" ? Promise.reject(new Error("EACCES")) : realOpen(file, flags, mode),
    );
    await writeFileAtomically(path, "new\n");
    expect(await readFile(path, "utf8")).toBe("new\n");
  });
});

describe("the state file is never half-written", () => {
  it("every write is a whole temp file (0600), synced and closed, then renamed over the file; the directory and the file show only that", async () => {
    const path = freshPath();
    const directory = dirname(path);
    const temporary = temporaryPathOf(path);
    const server = await startPetstoreServer({ port: 0, stateFile: path });
    const events: string[] = [];
    // What the directory itself reports, beside the calls: the temp name appears, then the rename.
    const watcher = watch(directory, (kind, name) => {
      if (name === basename(temporary) || name === basename(path))
        events.push(`watch ${kind} ${name}`);
    });
    const realOpen = stateFileSystem.open;
    const realRename = stateFileSystem.rename;
    vi.spyOn(stateFileSystem, "open").mockImplementation(async (file, flags, mode) => {
      const handle = await realOpen(file, flags, mode);
      if (file !== temporary) return handle;
      events.push(`open ${flags} ${(mode as number).toString(8)}`);
      for (const step of ["writeFile", "sync", "close"] as const) {
        const real = handle[step].bind(handle) as (...args: unknown[]) => Promise<void>;
        vi.spyOn(handle, step).mockImplementation((async (...args: unknown[]) => {
          await real(...args);
          events.push(step);
        }) as never);
      }
      return handle;
    });
    const renamed: { temp: string; target: string }[] = [];
    vi.spyOn(stateFileSystem, "rename").mockImplementation(async (from, to) => {
      events.push("rename");
      // At the moment of the rename the temp file is whole and private, and the file still holds the old whole state.
      const temp = await readFile(String(from), "utf8");
      renamed.push({ temp, target: await readFile(String(to), "utf8") });
      expect((await lstat(String(from))).mode & 0o777).toBe(0o600);
      await realRename(from, to);
    });
    // A reader that keeps reading the file sees whole snapshots only.
    const seen: string[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        seen.push(await readFile(path, "utf8"));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      for (let round = 0; round < 3; round++) {
        await createPet(server.url, `Round ${round}`);
        await vi.waitFor(async () =>
          expect((await readState(path)).pets.map((pet) => pet.name)).toContain(`Round ${round}`),
        );
      }
    } finally {
      reading = false;
      await reader;
      await server.close();
      watcher.close();
    }
    const calls = events.filter((event) => !event.startsWith("watch"));
    expect(calls.length).toBeGreaterThanOrEqual(3 * 5);
    for (let at = 0; at < calls.length; at += 5) {
      expect(calls.slice(at, at + 5)).toEqual([
        "open wx 600",
        "writeFile",
        "sync",
        "close",
        "rename",
      ]);
    }
    expect(events).toContain(`watch rename ${basename(temporary)}`);
    for (const { temp, target } of renamed) {
      expect(() => checkSnapshot(JSON.parse(temp))).not.toThrow();
      expect(() => checkSnapshot(JSON.parse(target))).not.toThrow();
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect(() => checkSnapshot(JSON.parse(text))).not.toThrow();
    expect((await lstat(path)).mode & 0o777).toBe(0o600);
    await expect(lstat(temporary)).rejects.toThrow(/ENOENT/);
  });
});
