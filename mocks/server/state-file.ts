/**
 * `--state-file`: the store kept in one JSON file (a snapshot, see
 * mocks/state.ts). Loaded at start, rewritten soon after every change and on
 * close. Every write goes to a temporary file in the same directory, is
 * fsynced, then renamed over the old one, so a crash at any moment leaves the
 * old state or the new one, never a torn file.
 */
import { open, readFile, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { checkSnapshot, SnapshotError, type StoreSnapshot } from "../state.js";
import type { PetstoreStore } from "../store.js";

/** A state file that cannot be used; the start stops and the file is left as it is. */
export class StateFileError extends Error {
  override name = "StateFileError";
}

/** How long after a change the file is written; changes in between share one write. */
export const stateFileDebounceMs = 100;
/** The largest state file read at start (a million pets take about 70 MB). */
export const maxStateFileBytes = 256 * 1024 * 1024;

/** Reads and checks the file; undefined when it does not exist yet. */
export async function readStateFile(path: string): Promise<StoreSnapshot | undefined> {
  const refuse = (reason: string) =>
    new StateFileError(
      `state file ${path}: ${reason} The file was left untouched: fix it, or move it away to start from the seed.`,
    );
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw refuse("is not a regular file.");
    size = info.size;
  } catch (error) {
    if (error instanceof StateFileError) throw error;
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw refuse(`cannot be read (${(error as Error).message}).`);
  }
  if (size > maxStateFileBytes) throw refuse(`is larger than ${maxStateFileBytes} bytes.`);
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw refuse(`is not valid JSON (${(error as Error).message}).`);
  }
  try {
    return checkSnapshot(value);
  } catch (error) {
    if (error instanceof SnapshotError) throw refuse(error.message);
    throw error;
  }
}

/** Writes `text` to `path` atomically: temp file in the same directory, fsync, rename, fsync the directory. */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const file = await open(temporary, "w", 0o644);
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  // The rename itself survives a power cut only once the directory is synced.
  const directory = await open(dirname(path), "r").catch(() => undefined);
  await directory?.sync().catch(() => undefined);
  await directory?.close();
}

export interface StateFileWriter {
  /** Writes any change not yet written and resolves once the file holds it. */
  flush(): Promise<void>;
  /** Flushes, then stops following the store; rejects when the last write failed. */
  close(): Promise<void>;
}

/**
 * Follows the store's changes into the file: one write at a time, started
 * `stateFileDebounceMs` after the first change not yet written. A failed write
 * is logged and retried on the next change or flush; the server keeps serving.
 */
export function followStoreIntoFile(
  store: PetstoreStore,
  path: string,
  logError: (message: string) => void,
): StateFileWriter {
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(async () => {
      if (!dirty) return;
      dirty = false;
      const text = `${JSON.stringify(store.snapshot())}\n`;
      try {
        await writeFileAtomically(path, text);
      } catch (error) {
        dirty = true;
        logError(`petstore-mock: could not write state file ${path}: ${(error as Error).message}`);
      }
    });
    return writing;
  };

  const unsubscribe = store.onChange(() => {
    dirty = true;
    timer ??= setTimeout(write, stateFileDebounceMs);
  });

  return {
    flush: write,
    async close() {
      unsubscribe();
      await write();
      if (dirty) throw new StateFileError(`the last changes could not be written to ${path}`);
    },
  };
}
