/**
 * The files the server writes (`--record`, `--state-file`) are its own: it
 * never follows a symbolic link to one (O_NOFOLLOW, after an lstat that
 * names the problem), creates them readable by this user only (0600), and
 * never gives one file two roles. What each role accepts as its own is
 * checked where it is opened: a recording's first line (./recording.ts), a
 * state file's snapshot (./state-file.ts).
 */
import { resolve } from "node:path";

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
