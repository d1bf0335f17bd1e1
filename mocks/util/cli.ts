/**
 * The one shape of the kit's two bins (`petstore-mock`, `petstore-contract`):
 * `parse(argv, env)` gives a command, a bad flag or value included (`invalid`,
 * from a `UsageError`), and `run(command, io)` carries it out and resolves to
 * the exit code; the bin only wires `process` in.
 */
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

/** A bad flag or value: one line, said as `NAME: message (see --help)`, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** What `parse` gives for a command line it cannot run. */
export interface InvalidCommand {
  readonly kind: "invalid";
  readonly message: string;
}

/** The names in space-separated lists, as a type: `Words<"a b" | "c">` is `"a" | "b" | "c"`. */
type Words<List extends string> = List extends `${infer Name} ${infer Rest}`
  ? Name | Words<Rest>
  : List;

/** The flags a command line gave (one not given is absent), by the lists naming them. */
type Flags<Text extends string, Repeatable extends string, Switch extends string> = {
  readonly [Name in Words<Text>]?: string;
} & { readonly [Name in Words<Repeatable>]?: string[] } & {
  readonly [Name in Words<Switch> | "help" | "version"]?: boolean;
};

/**
 * A bin's flags, named in space-separated lists: those taking a value, those
 * repeated for several, the switches; `--help` (`-h`) and `--version` (`-v`)
 * come with every bin. node's `parseArgs`, strict and without positionals: a
 * bad flag throws a `UsageError` with its first line.
 */
export function parseFlags<
  const Text extends string,
  const Repeatable extends string = never,
  const Switch extends string = never,
>(
  argv: readonly string[],
  names: {
    readonly text: readonly Text[];
    readonly repeatable?: readonly Repeatable[];
    readonly switches?: readonly Switch[];
  },
): Flags<Text, Repeatable, Switch> {
  const options: ParseArgsOptionsConfig = {
    help: { type: "boolean", short: "h" },
    version: { type: "boolean", short: "v" },
  };
  const add = (lists: readonly string[] = [], option: ParseArgsOptionsConfig[string]) => {
    for (const name of lists.join(" ").split(" ")) options[name] = option;
  };
  add(names.text, { type: "string" });
  add(names.repeatable, { type: "string", multiple: true });
  add(names.switches, { type: "boolean" });
  try {
    return parseArgs({ args: [...argv], options }).values as Flags<Text, Repeatable, Switch>;
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0] ?? "invalid arguments");
  }
}

/** The exit code of bad usage, the same for both bins. */
export const usageExitCode = 2;

/** `parseOrThrow`'s command, or `invalid` with the `UsageError`'s message. */
export function parseOrInvalid<Command>(parseOrThrow: () => Command): Command | InvalidCommand {
  try {
    return parseOrThrow();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { kind: "invalid", message: error.message };
  }
}

/** The line a bin writes to stderr for bad usage. */
export const usageLine = (bin: string, message: string): string =>
  `${bin}: ${message} (see --help)\n`;
