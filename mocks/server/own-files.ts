/**
 * The files the server writes (`--record`, `--state-file`, `--contract`) are
 * its own: it never follows a symbolic link to one (O_NOFOLLOW, after an
 * lstat that names the problem), creates them readable by this user only
 * (0600), and never gives one file two roles. What each role accepts as its
 * own is checked where it is opened: a recording's first line
 * (./recording.ts), a state file's snapshot (./state-file.ts), a contract's
 * names (../contract/contract-file.ts).
 */
import { readlink, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/** A recording file that cannot be used; the start stops and the file is left as it is. */
export class RecordFileError extends Error {
  override name = "RecordFileError";
}

/** Two of the server's files (`--record`, `--state-file`, `--contract`) that are one; the start stops before either is opened. */
export class SharedFileError extends Error {
  override name = "SharedFileError";
}

/** One file role: its flag, its file when given, and every path it writes for a file (the file, its lock and temp file). */
export interface FileRole {
  readonly flag: string;
  readonly file: string | undefined;
  readonly paths: (file: string) => readonly string[];
}

/**
 * Where a path leads with every symbolic link on the way followed (a dangling
 * one too: the file it would create), as far as the path exists.
 */
async function canonical(path: string, hops = 0): Promise<string> {
  const absolute = resolve(path);
  const found = await realpath(absolute).catch(() => undefined);
  if (found !== undefined) return found;
  const parent = dirname(absolute);
  if (parent === absolute) return absolute;
  const target = hops < 40 ? await readlink(absolute).catch(() => undefined) : undefined;
  if (target !== undefined) return canonical(resolve(parent, target), hops + 1);
  return join(await canonical(parent, hops), basename(absolute));
}

/** What names one file: an existing file's device and inode (hard links too), else its canonical path. */
async function identity(path: string): Promise<string> {
  const found = await stat(path).catch(() => undefined);
  return found ? `inode ${found.dev}:${found.ino}` : `path ${await canonical(path)}`;
}

/**
 * Refuses (SharedFileError) two roles one of whose paths is one of the
 * other's, whatever its spelling: `./x` and `x`, a symbolic link to x or to
 * its folder, a hard link, or x's lock or temp file.
 */
export async function checkSeparateFiles(roles: readonly FileRole[]): Promise<void> {
  const given = roles.flatMap(({ flag, file, paths }) =>
    file === undefined ? [] : [{ flag, file, paths: paths(file) }],
  );
  const owned = await Promise.all(
    given.map(async (role) => ({
      ...role,
      ids: new Set(await Promise.all(role.paths.map(identity))),
    })),
  );
  for (const [index, first] of owned.entries()) {
    for (const second of owned.slice(index + 1)) {
      if ([...second.ids].some((id) => first.ids.has(id))) {
        throw new SharedFileError(
          `${first.flag} ${first.file} and ${second.flag} ${second.file} are the same file (or one is the other's lock or temp file); each needs a file of its own.`,
        );
      }
    }
  }
}
