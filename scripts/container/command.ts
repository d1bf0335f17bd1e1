/**
 * Runs a program with a deadline and captures its output: the container
 * test's one way to call podman, apt-get, debootstrap, npm and tar.
 */
import { type ChildProcess, type ExecFileException, execFile } from "node:child_process";

const running = new Set<ChildProcess>();

/** Stops every program still running (on a signal, before cleaning up after them). */
export function stopAll(): Promise<void> {
  const exits = [...running].map(
    (child) => new Promise<void>((resolve) => child.once("exit", () => resolve())),
  );
  for (const child of running) child.kill("SIGTERM");
  return Promise.all(exits).then(() => undefined);
}

export interface Ran {
  readonly stdout: string;
  readonly stderr: string;
  /** The exit code; never 0 when the program was killed by a signal. */
  readonly code: number;
}

export interface RunOptions {
  /** Killed (SIGTERM, then SIGKILL 5 s later) when it runs longer. */
  readonly timeoutMs: number;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** The last lines of a program's output, for an error message. */
export function tail(text: string, lines = 25): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/** Resolves with the exit code whatever it is; rejects only when the program cannot start or times out. */
export function run(file: string, args: readonly string[], options: RunOptions): Promise<Ran> {
  const shown = [file, ...args].join(" ");
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      { cwd: options.cwd, env: options.env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
      (error: ExecFileException | null, stdout, stderr) => {
        running.delete(child);
        clearTimeout(deadline);
        clearTimeout(hardDeadline);
        if (timedOut) {
          reject(new Error(`${shown}: no end after ${options.timeoutMs} ms\n${tail(stderr)}`));
        } else if (error && typeof error.code !== "number" && !error.signal) {
          reject(new Error(`${shown}: ${error.message}`));
        } else {
          resolve({ stdout, stderr, code: error ? Number(error.code ?? 1) || 1 : 0 });
        }
      },
    );
    running.add(child);
    let timedOut = false;
    let hardDeadline: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
      hardDeadline = setTimeout(() => child.kill("SIGKILL"), 5_000);
    }, options.timeoutMs);
  });
}

/** Like `run`, but a non-zero exit rejects with the command and the end of its output. */
export async function succeed(
  file: string,
  args: readonly string[],
  options: RunOptions,
): Promise<Ran> {
  const ran = await run(file, args, options);
  if (ran.code !== 0) {
    throw new Error(
      `${[file, ...args].join(" ")} exited ${ran.code}\n${tail(`${ran.stdout}\n${ran.stderr}`)}`,
    );
  }
  return ran;
}
