/**
 * The flags a bin's shebang gives node (`#!/usr/bin/env -S node --flag`):
 * the benchmark starts the built server with them, as the bin starts.
 *
 * @example
 * nodeFlagsOf("#!/usr/bin/env -S node --max-semi-space-size=4\n…"); // ["--max-semi-space-size=4"]
 */
export function nodeFlagsOf(source: string): string[] {
  const shebang = /^#!\/usr\/bin\/env (?:-S )?node((?: [^ \n]+)*)\n/.exec(source);
  if (!shebang) throw new Error("no `#!/usr/bin/env [-S] node …` line at the top");
  return (shebang[1] ?? "").split(" ").filter((flag) => flag !== "");
}
