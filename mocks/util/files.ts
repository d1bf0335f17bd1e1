/**
 * Files the kit writes and reads back (the state file, the recording, the
 * consumer contract) are its own: never reached through a symbolic link
 * (an lstat names the problem, O_NOFOLLOW closes the race), created readable
 * by this user only (0600), written atomically (an exclusively created temp
 * file, fsync, rename), and read within a size cap. Node only.
 */
import { constants } from "node:fs";
import { lstat, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { JsonDepthError, jsonSyntaxError, parseJson } from "./json.js";

/** `open` flags that refuse a symbolic link as the last part of the path (0 where the platform has none). */
export const noFollow = constants.O_NOFOLLOW ?? 0;
/** `open` flags that never wait: a FIFO planted at the path fails at once instead of blocking the start. */
export const nonBlocking = constants.O_NONBLOCK ?? 0;

/** Mode of every file the server creates: read and write for this user only. */
export const ownFileMode = 0o600;

/** The file-system calls the kit's files make; a test replaces one to inject a failure. */
export const fileSystem = { lstat, open, readFile, rename, rm, stat, writeFile };

/** Why a path is refused when it is a symbolic link. */
export const symlinkRefused = "is a symbolic link, which the mock never follows.";

/** Why an `open` that refuses symbolic links failed, in words for the start-up error. */
export function openFailure(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "ELOOP") return symlinkRefused;
  if (code === "ENXIO") return "is not a regular file.";
  return `cannot be opened (${message}).`;
}

/** What `readOwnFile` read: the text, and when the file was last changed (ms since the epoch). */
export interface OwnFileText {
  readonly text: string;
  readonly changedMs: number;
}

/**
 * A file's text, undefined when it does not exist (or vanished before it
 * could be opened); `refuse(reason)` makes the error for one that is a
 * symbolic link (never followed) or no regular file (a FIFO, a directory: it
 * is never opened, so nothing blocks), cannot be read, or is larger than
 * `maxBytes`.
 */
export async function readOwnFile(
  path: string,
  maxBytes: number,
  refuse: (reason: string) => Error,
): Promise<OwnFileText | undefined> {
  const refusals = new WeakSet<object>();
  const refused = (reason: string) => {
    const error = refuse(reason);
    refusals.add(error);
    return error;
  };
  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await fileSystem.lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw refused(`cannot be read (${(error as Error).message}).`);
  }
  if (info.isSymbolicLink()) throw refused(symlinkRefused);
  if (!info.isFile()) throw refused("is not a regular file.");
  if (info.size > maxBytes) throw refused(`is larger than ${maxBytes} bytes.`);
  try {
    // No symbolic link swapped in since the lstat: the read is of that file or of nothing.
    const file = await fileSystem
      .open(path, constants.O_RDONLY | noFollow | nonBlocking)
      .catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw refused(openFailure(error));
      });
    if (file === undefined) return undefined;
    try {
      const opened = await file.stat();
      if (!opened.isFile() || opened.ino !== info.ino || opened.dev !== info.dev)
        throw refused("changed while it was read.");
      return { text: await file.readFile("utf8"), changedMs: opened.mtimeMs };
    } finally {
      await file.close();
    }
  } catch (error) {
    if (refusals.has(error as object)) throw error;
    throw refused(`cannot be read (${(error as Error).message}).`);
  }
}

/**
 * A JSON file's parsed content (depth-limited), undefined when it does not
 * exist; read as `readOwnFile` reads, and `refuse(reason)` also makes the
 * error for one that is no JSON.
 */
export async function readJsonFile(
  path: string,
  maxBytes: number,
  refuse: (reason: string) => Error,
): Promise<unknown> {
  const read = await readOwnFile(path, maxBytes, refuse);
  if (read === undefined) return undefined;
  try {
    return parseJson(read.text);
  } catch (error) {
    const why = error instanceof JsonDepthError ? error.message : jsonSyntaxError(read.text, error);
    throw refuse(`is not valid JSON (${why}).`);
  }
}

/** The temp file a write of `path` goes through: `.<name>.<pid>.tmp` in the same directory. */
export const temporaryPathOf = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);

/** Creates the temp file exclusively (`wx`, 0600): whatever already has its name is removed, never followed. */
async function createTemporary(temporary: string) {
  try {
    return await fileSystem.open(temporary, "wx", ownFileMode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    await fileSystem.rm(temporary, { force: true });
    return fileSystem.open(temporary, "wx", ownFileMode);
  }
}

/**
 * Writes `text` to `path` atomically: an exclusively created temp file in the
 * same directory, fsync, rename, fsync the directory. On failure the temp file
 * is removed and `path` keeps its old content. The file is the kit's own:
 * mode 0600.
 */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = temporaryPathOf(path);
  const file = await createTemporary(temporary);
  try {
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await fileSystem.rename(temporary, path);
  } catch (error) {
    // A clean-up that fails (nothing left to remove, say) is ignored.
    await fileSystem.rm(temporary).catch(() => undefined);
    throw error;
  }
  // The rename itself survives a power cut only once the directory is synced.
  const directory = await fileSystem.open(dirname(path), "r").catch(() => undefined);
  await directory?.sync().catch(() => undefined);
  await directory?.close();
}
