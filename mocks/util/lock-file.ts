/**
 * The lock beside one of the kit's files (`<file>.lock`: the state file's,
 * a contract file's). Created exclusively (O_CREAT|O_EXCL: whatever already
 * has the name, a FIFO or a symbolic link included, is someone else's and
 * is never opened for writing), and whole or not at all: a write that fails
 * (a full disk) removes the file it created, so the kit never leaves an
 * empty lock behind. Read only as a regular file, without blocking (see
 * `readOwnFile`): a FIFO or a directory planted at the name is refused,
 * naming it. A lock names its owner by pid and by when that process started
 * (Linux: the boot's id and the start tick; `-` where the platform does not
 * say), plus a token of its own: a pid that runs another process now (a
 * reused pid, or a lock left before a reboot) is no owner, and the lock is
 * stale. A lock whose owner cannot be read (empty, or not the kit's
 * text) is a live writer's only in the moment between its creation and its
 * write: older than `unreadableLockGraceMs`, it was left by a process that
 * died or could not write it, and is stale. Node only.
 *
 * @example
 * if (await createLockFile("pacts/app.json.lock", lockText())) { … }
 * const held = await readLockFile("pacts/app.json.lock", (reason) => new Error(reason));
 */
import { randomUUID } from "node:crypto";
import { constants, readFileSync } from "node:fs";
import { fileSystem, noFollow, nonBlocking, ownFileMode, readOwnFile } from "./files.js";

/** The largest lock file read: the kit's own hold a pid and a token. */
/** The lock of the file at `path`: `<path>.lock`, beside it. */
export const lockPathOf = (path: string): string => `${path}.lock`;

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

/** Whether a process with this pid runs (EPERM: it does, under another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** This boot's id (Linux's /proc), read once: it does not change while the process runs. */
let bootId: string | undefined;

/**
 * When the process `pid` started, as `<boot id>:<start tick>` (Linux's
 * /proc), or undefined where that cannot be read (another platform, a
 * process that is gone or hidden).
 */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (in parentheses, spaces allowed in it): the start tick is the 20th.
    const tick = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    bootId ??= readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return tick === undefined ? undefined : `${bootId}:${tick}`;
  } catch {
    return undefined;
  }
}

/** A new lock's text: this process's pid, when it started, and a token no other lock has. */
export const lockText = (): string =>
  `${process.pid} ${processStart(process.pid) ?? "-"} ${randomUUID()}\n`;

/** The owner a lock's text names: its pid, and whether that very process runs. */
export interface LockOwner {
  readonly pid: number;
  readonly alive: boolean;
}

/**
 * The owner a lock's text names, undefined when it names none (see
 * `abandoned`). A lock without a start (the kit's earlier `<pid>` and
 * `<pid> <token>` locks, or a platform that does not say) is judged by its
 * pid alone.
 */
export function lockOwner(text: string): LockOwner | undefined {
  const [, digits, started] =
    /^(\d{1,10})(?: ([\da-f-]{36}:\d{1,20}|-))?(?: \S+)?\n?$/.exec(text) ?? [];
  const pid = Number(digits);
  if (!(pid > 0)) return undefined;
  const now = started === undefined || started === "-" ? undefined : processStart(pid);
  return { pid, alive: running(pid) && (now === undefined || now === started) };
}
