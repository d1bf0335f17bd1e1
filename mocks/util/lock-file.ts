/**
 * The lock beside one of the kit's files (`<file>.lock`: the state file's,
 * a contract file's). Created exclusively (O_CREAT|O_EXCL: whatever already
 * has the name, a FIFO or a symbolic link included, is someone else's and
 * is never opened for writing), and whole or not at all: a write that fails
 * (a full disk) removes the file it created, so the kit never leaves an
 * empty lock behind. Read only as a regular file, without blocking (see
 * `readOwnFile`): a FIFO or a directory planted at the name is refused,
 * naming it. A lock whose owner cannot be read (empty, or not the kit's
 * text) is a live writer's only in the moment between its creation and its
 * write: older than `unreadableLockGraceMs`, it was left by a process that
 * died or could not write it, and is stale. Node only.
 *
 * @example
 * if (await createLockFile("pacts/app.json.lock", `${process.pid}\n`)) { … }
 * const held = await readLockFile("pacts/app.json.lock", (reason) => new Error(reason));
 */
import { constants } from "node:fs";
import { fileSystem, noFollow, nonBlocking, ownFileMode, readOwnFile } from "./files.js";

/** The largest lock file read: the kit's own hold a pid and a token. */
export const maxLockBytes = 256;

/** How old a lock whose owner cannot be read must be to count as stale, in ms. */
export const unreadableLockGraceMs = 5_000;

const createFlags =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow | nonBlocking;

/**
 * Creates the lock holding `text`: true once it is written, false when the
 * name is taken. Any other failure is thrown, and a lock it created but
 * could not write is removed first.
 */
export async function createLockFile(path: string, text: string): Promise<boolean> {
  let file: Awaited<ReturnType<typeof fileSystem.open>>;
  try {
    file = await fileSystem.open(path, createFlags, ownFileMode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    try {
      await file.writeFile(text);
    } finally {
      await file.close();
    }
  } catch (error) {
    await fileSystem.rm(path, { force: true }).catch(() => undefined);
    throw error;
  }
  return true;
}

/** A lock as read: its text, and how long ago it was last written. */
export interface LockText {
  readonly text: string;
  readonly ageMs: number;
}

/**
 * The lock's text, undefined when there is none; `refuse(reason)` makes the
 * error for a name that is not a regular file (a FIFO, a directory, a
 * symbolic link), cannot be read, or is larger than `maxLockBytes`.
 */
export async function readLockFile(
  path: string,
  refuse: (reason: string) => Error,
): Promise<LockText | undefined> {
  const read = await readOwnFile(path, maxLockBytes, refuse);
  return read && { text: read.text, ageMs: Date.now() - read.changedMs };
}

/** Whether a lock whose owner cannot be read is old enough to be stale. */
export const abandoned = (lock: LockText): boolean => lock.ageMs > unreadableLockGraceMs;
