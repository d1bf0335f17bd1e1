/**
 * `--record`, `--state-file` and `--contract` never share a file: every pair,
 * however the second names the first's file (`./x`, a symbolic link to it or
 * to its folder, its lock or temp file), stops the start with exit 3 and one
 * line naming both flags, before any of them is created.
 */
import { mkdir, mkdtemp, readdir, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "./run.js";

const root = await mkdtemp(join(tmpdir(), "petstore-own-files-"));

/** The CLI in-process; a server that starts is stopped at once (its exit code then tells). */
async function cli(argv: readonly string[]): Promise<{ code: number; err: string }> {
  let err = "";
  const stops: ((signal: string) => void)[] = [];
  const code = await main(
    ["--port", "0", "--quiet", ...argv],
    {},
    {
      out: (text) => {
        if (text.includes("listening on")) for (const stop of stops) stop("SIGTERM");
      },
      err: (text) => (err += text),
      onStop: (stop) => stops.push(stop),
    },
  );
  return { code, err };
}

const flags = ["--record", "--state-file", "--contract"] as const;
type Flag = (typeof flags)[number];
const pairs: [Flag, Flag][] = flags.flatMap((first, index) =>
  flags.slice(index + 1).flatMap((second): [Flag, Flag][] => [
    [first, second],
    [second, first],
  ]),
);

/** Ways to name the file `x` in `folder` (`link` is a symbolic link to the folder). */
const spellings: Record<string, (folder: string) => Promise<string> | string> = {
  "the same path": (folder) => join(folder, "x.json"),
  "./x, relative": (folder) => `./${relative(process.cwd(), join(folder, "x.json"))}`,
  "a dotted detour": (folder) => join(folder, "sub", "..", "x.json"),
  "a symbolic link to x": async (folder) => {
    await symlink(join(folder, "x.json"), join(folder, "to-x.json"));
    return join(folder, "to-x.json");
  },
  "x through a symlinked folder": async (folder) => {
    await symlink(folder, `${folder}-link`);
    return join(`${folder}-link`, "x.json");
  },
};

/** The lock or temp file of `x`, for the roles that have them. */
const ownedBy: Record<Flag, string[]> = {
  "--record": [],
  "--state-file": ["x.json.lock", `.x.json.${process.pid}.tmp`],
  "--contract": ["x.json.lock", `.x.json.${process.pid}.tmp`],
};

const rows = pairs.flatMap(([first, second]) => [
  ...Object.keys(spellings).map((spelling) => ({
    first,
    second,
    spelling,
    owned: undefined as string | undefined,
  })),
  ...ownedBy[first].map((owned) => ({ first, second, spelling: `its ${owned}`, owned })),
]);

let made = 0;

describe("two file flags naming one file", () => {
  it.each(rows)("$first x, $second as $spelling: exit 3 before either is created", async (row) => {
    const folder = join(root, `case-${made++}`);
    await mkdir(folder);
    const x = join(folder, "x.json");
    const other =
      row.owned === undefined
        ? await (spellings[row.spelling] as (folder: string) => Promise<string>)(folder)
        : join(folder, row.owned);
    const { code, err } = await cli([row.first, x, row.second, other]);
    expect(code).toBe(3);
    const named = [`${row.first} ${x}`, `${row.second} ${other}`];
    if (flags.indexOf(row.first) > flags.indexOf(row.second)) named.reverse();
    expect(err).toContain(`cannot start: ${named.join(" and ")} are the same file`);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(
      (await readdir(folder)).filter((name) => name.startsWith("x") || name.startsWith(".x")),
    ).toEqual([]);
  });

  it("two different files in each pair start and stop cleanly", async () => {
    for (const [first, second] of pairs) {
      const folder = join(root, `apart-${made++}`);
      await mkdir(folder);
      const { code, err } = await cli([
        first,
        join(folder, "a.json"),
        second,
        join(folder, "b.json"),
      ]);
      expect({ first, second, code, err }).toEqual({ first, second, code: 0, err: "" });
    }
  });
});
