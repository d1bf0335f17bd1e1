/**
 * The one shape of the kit's two bins (`petstore-mock`, `petstore-contract`):
 * `parse(argv, env)` gives a command, a bad flag or value included (`invalid`,
 * from a `UsageError`), and `run(command, io)` carries it out and resolves to
 * the exit code; the bin only wires `process` in.
 */

/** A bad flag or value: one line, said as `NAME: message (see --help)`, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** What `parse` gives for a command line it cannot run. */
export interface InvalidCommand {
  readonly kind: "invalid";
  readonly message: string;
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
