/**
 * `--state-file`: the store kept in one JSON file (a snapshot, see
 * mocks/store/state.ts), owned by one process. A lock file beside it
 * (`<path>.lock`, naming the owner's process; ../util/lock-file.ts) keeps a
 * second server off it. Loaded at start, never through a symbolic link,
 * and only when it holds a state snapshot; rewritten soon after every
 * change and on close. Every write goes to a temp
 * file in the same directory, created exclusively with mode 0600 (an
 * existing name, a planted symlink included, is removed, never followed),
 * fsynced, then renamed over the old file: a crash at any moment leaves the
 * old state or the new one. A failed write is retried until it succeeds;
 * meanwhile `failure` says why.
 */
import { resolve } from "node:path";
import { followStore } from "../store/follow-store.js";
import { checkSnapshot, type SnapshotError, type StoreSnapshot } from "../store/state.js";
import type { PetstoreStore, RecordCounts } from "../store/store.js";
import { fileSystem, readJsonFile, temporaryPathOf, writeFileAtomically } from "../util/files.js";
import {
  abandoned,
  createLockFile,
  lockOwner,
  lockPathOf,
  lockText,
  readLockFile,
} from "../util/lock-file.js";

/** A state file that cannot be used; the start stops and the file is left as it is. */
export class StateFileError extends Error {
  override name = "StateFileError";
}

/** How long after a change the file is written; changes in between share one write. */
const stateFileDebounceMs = 100;
/** A failed write is retried after this long, doubling up to `stateFileRetryMaxMs`. */
const stateFileRetryMs = 100;
const stateFileRetryMaxMs = 5_000;
/** The largest state file read at start (a million pets take about 70 MB). */
export const maxStateFileBytes = 256 * 1024 * 1024;

/** Reads and checks the file against the store's caps; undefined when it does not exist yet. */
export async function readStateFile(
  path: string,
  limits?: RecordCounts,
): Promise<StoreSnapshot | undefined> {
  const refuse = (reason: string) =>
    new StateFileError(
      `state file ${path}: ${reason}${reason.endsWith(".") ? "" : "."} The file was left untouched: fix it, or move it away to start from the seed.`,
    );
  const value = await readJsonFile(path, maxStateFileBytes, refuse);
  if (value === undefined) return undefined;
  try {
    return checkSnapshot(value, limits);
  } catch (error) {
    // checkSnapshot throws nothing but SnapshotError.
    throw refuse((error as SnapshotError).message);
  }
}

/** The lock file beside a state file. */

/** The paths a state file owns: the file, its lock and its temp file. */
export const stateFilePaths = (path: string): string[] => [
  path,
  lockPathOf(path),
  temporaryPathOf(path),
];

/** The lock files this process holds (a lock naming this pid but not here is a previous run's). */
const heldLocks = new Set<string>();

/**
 * Why the lock cannot be taken over, or undefined when it is stale (its
 * process is gone, its pid runs another process now, or it names none and is
 * older than a lock being written).
 */
async function lockHolder(path: string, lockPath: string): Promise<string | undefined> {
  const lock = await readLockFile(
    lockPath,
    (reason) =>
      new StateFileError(
        `state file ${path}: its lock file ${lockPath} ${reason} Remove it if no server uses the file.`,
      ),
  );
  if (lock === undefined) return undefined;
  const owner = lockOwner(lock.text);
  if (owner === undefined) {
    if (abandoned(lock)) return undefined;
    return `its lock file ${lockPath} holds no process id (another server may be taking it; remove it if no server uses the file)`;
  }
  const alive = owner.pid === process.pid ? heldLocks.has(resolve(lockPath)) : owner.alive;
  return alive ? `it is in use by process ${owner.pid} (lock file ${lockPath})` : undefined;
}

/**
 * Takes the lock beside a state file, or throws `StateFileError` naming the
 * process that holds it, or the lock file when it is not a regular file. A
 * lock left by a process that is gone is taken over, and so is one that
 * names no process and is older than `unreadableLockGraceMs`.
 */
export async function lockStateFile(path: string) {
  const lockPath = lockPathOf(path);
  for (let attempt = 0; attempt < 3; attempt++) {
    let created: boolean;
    try {
      created = await createLockFile(lockPath, lockText());
    } catch (error) {
      throw new StateFileError(
        `state file ${path}: cannot create its lock file ${lockPath} (${(error as Error).message}).`,
      );
    }
    if (created) {
      heldLocks.add(resolve(lockPath));
      return {
        /** The lock file, `<state file>.lock`. */
        path: lockPath,
        async release() {
          if (heldLocks.delete(resolve(lockPath))) await fileSystem.rm(lockPath, { force: true });
        },
      };
    }
    const holder = await lockHolder(path, lockPath);
    if (holder !== undefined) {
      throw new StateFileError(
        `state file ${path}: ${holder}. Only one server may keep a state file: stop the other, or use another file.`,
      );
    }
    await fileSystem.rm(lockPath, { force: true });
  }
  throw new StateFileError(`state file ${path}: its lock file ${lockPath} could not be taken.`);
}

export interface StateFileWriter {
  /** Writes any change not yet written and resolves once the file holds it (or the write failed). */
  flush(): Promise<void>;
  /** Flushes, then stops following the store; rejects when the last write failed. */
  close(): Promise<void>;
  /** Why the file misses changes (the last write failed; it is being retried), else undefined. */
  readonly failure: string | undefined;
}

/**
 * Follows the store's changes into the file: one write at a time, started
 * `stateFileDebounceMs` after the first change not yet written. A failed write
 * is logged, reported in `failure` and retried with a growing delay until it
 * succeeds; the server decides what to refuse meanwhile.
 */
export function followStoreIntoFile(
  store: PetstoreStore,
  path: string,
  logError: (message: string) => void,
): StateFileWriter {
  let failure: string | undefined;
  const follower = followStore(
    store,
    (snapshot) => writeFileAtomically(path, `${JSON.stringify(snapshot)}\n`),
    {
      debounceMs: stateFileDebounceMs,
      retryMs: (failures) => Math.min(stateFileRetryMs * 2 ** (failures - 1), stateFileRetryMaxMs),
      onError(error) {
        const reason = (error as Error).message;
        if (failure !== reason) {
          logError(`petstore-mock: could not write state file ${path}: ${reason} (retrying)`);
        }
        failure = reason;
      },
      onRecovered() {
        logError(`petstore-mock: state file ${path} written again`);
        failure = undefined;
      },
    },
  );
  return {
    flush: () => follower.flush(),
    get failure() {
      return failure;
    },
    async close() {
      follower.stop();
      await follower.flush();
      if (follower.pending) {
        throw new StateFileError(`the last changes could not be written to ${path}`);
      }
    },
  };
}
