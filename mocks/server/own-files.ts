/**
 * The files the server writes (`--record`, `--state-file`) are its own: it
 * never follows a symbolic link to one (O_NOFOLLOW, after an lstat that
 * names the problem), creates them readable by this user only (0600), and
 * never gives one file two roles. What each role accepts as its own is
 * checked where it is opened: a recording's first line (./recording.ts), a
 * state file's snapshot (./state-file.ts).
 */
import { constants } from "node:fs";
import { resolve } from "node:path";

/** `open` flags that refuse a symbolic link as the last part of the path (0 where the platform has none). */
export const noFollow = constants.O_NOFOLLOW ?? 0;
/** `open` flags that never wait: a FIFO planted at the path fails at once instead of blocking the start. */
export const nonBlocking = constants.O_NONBLOCK ?? 0;

/** Mode of every file the server creates: read and write for this user only. */
export const ownFileMode = 0o600;

/** A recording file that cannot be used; the start stops and the file is left as it is. */
export class RecordFileError extends Error {
  override name = "RecordFileError";
}

/**
 * Refuses (RecordFileError) a recording path that is one of the state file's
 * own paths (the file, its lock, its temp file), whatever its spelling.
 */
export function checkSeparateFiles(recordFile: string, statePaths: readonly string[]): void {
  if (statePaths.map((path) => resolve(path)).includes(resolve(recordFile))) {
    throw new RecordFileError(
      `recording ${recordFile}: it is the state file (or its lock or temp file); --record and --state-file need two different files.`,
    );
  }
}

/** Why a path is refused when it is a symbolic link. */
export const symlinkRefused = "is a symbolic link, which the mock never follows.";

/** Why an `open` that refuses symbolic links failed, in words for the start-up error. */
export function openFailure(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "ELOOP") return symlinkRefused;
  if (code === "ENXIO") return "is not a regular file.";
  return `cannot be opened (${message}).`;
}
