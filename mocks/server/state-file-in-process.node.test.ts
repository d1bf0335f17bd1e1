/**
 * `stateFile` in-process: the data survives a restart and follows every
 * change soon after; what reading, locking and following refuse and report
 * (the CLI's signals and kills: state-file.node.test.ts).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPetstoreStore } from "../store.js";
import { startPetstoreServer } from "./server.js";
import {
  followStoreIntoFile,
  lockStateFile,
  maxStateFileBytes,
  readStateFile,
  StateFileError,
  stateFileSystem,
  writeFileAtomically,
} from "./state-file.js";
import { send } from "./test-support/http.js";
import { createPet, readState } from "./test-support/state-files.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-state-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

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

    const reset = await send(`${second.origin}/__mock/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    await second.close();
    const seeded = await startPetstoreServer({ port: 0, seed: 9 });
    expect(await readState(path)).toEqual(seeded.store.snapshot());
    await seeded.close();
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
    const stat = vi.spyOn(stateFileSystem, "stat");
    const read = vi.spyOn(stateFileSystem, "readFile");
    try {
      stat.mockResolvedValueOnce({ isFile: () => true, size: maxStateFileBytes + 1 } as never);
      await expect(readStateFile(path)).rejects.toThrow(
        `state file ${path}: is larger than ${maxStateFileBytes} bytes. ${untouched}`,
      );
      expect(read).not.toHaveBeenCalled();
      stat.mockResolvedValueOnce({ isFile: () => true, size: maxStateFileBytes } as never);
      await expect(readStateFile(path)).rejects.toThrow("Not a petstore-mock-kit/state snapshot");
      stat.mockRejectedValueOnce(Object.assign(new Error("EACCES: denied"), { code: "EACCES" }));
      await expect(readStateFile(path)).rejects.toThrow(
        `state file ${path}: cannot be read (EACCES: denied). ${untouched}`,
      );
    } finally {
      stat.mockRestore();
      read.mockRestore();
    }
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
      `state file ${path}: its lock file ${path}.lock holds no process id (remove it if no server uses the file). Only one server may keep a state file: stop the other, or use another file.`,
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

  it("counts a process it may not signal (EPERM: another user's) as running", async () => {
    const path = freshPath();
    await writeFile(`${path}.lock`, "4242\n");
    const kill = vi.spyOn(process, "kill").mockImplementation(() => {
      throw Object.assign(new Error("EPERM"), { code: "EPERM" });
    });
    try {
      await expect(lockStateFile(path)).rejects.toThrow("in use by process 4242");
    } finally {
      kill.mockRestore();
    }
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
    expect(await readFile(lock.path, "utf8")).toBe(`${process.pid}\n`);
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
    try {
      await store.createPet({ name: "A", categoryId: 1 });
      await writer.flush();
      expect(logged).toHaveLength(1);
      await store.createPet({ name: "B", categoryId: 1 });
      await writer.flush();
      expect(writer.failure).toBe("EROFS: read-only file system");
    } finally {
      rename.mockRestore();
    }
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

  it("refuses to close while the last changes are not written", async () => {
    const path = freshPath();
    const store = await createPetstoreStore({ pets: 2 });
    const writer = followStoreIntoFile(store, path, () => undefined);
    const rename = vi.spyOn(stateFileSystem, "rename").mockRejectedValue(new Error("EIO"));
    try {
      await store.createPet({ name: "Lost", categoryId: 1 });
      await expect(writer.close()).rejects.toThrow(
        new StateFileError(`the last changes could not be written to ${path}`),
      );
    } finally {
      rename.mockRestore();
    }
  });
});

describe("writeFileAtomically", () => {
  it("still writes when the directory cannot be opened to sync it", async () => {
    const path = freshPath();
    const realOpen = stateFileSystem.open;
    const open = vi
      .spyOn(stateFileSystem, "open")
      .mockImplementation((file, flags, mode) =>
        flags === "r" ? Promise.reject(new Error("EACCES")) : realOpen(file, flags, mode),
      );
    try {
      await writeFileAtomically(path, "new\n");
    } finally {
      open.mockRestore();
    }
    expect(await readFile(path, "utf8")).toBe("new\n");
  });
});
