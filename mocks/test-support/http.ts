/**
 * Test helpers for the standalone server: plain node:http requests (so a test
 * sees connection reuse and raw bodies), raw socket exchanges for malformed
 * HTTP, and the compiled CLI as a child process.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { promisify } from "node:util";
import { repositoryRoot } from "./repository.js";

export const compiledCli = `${repositoryRoot}dist/mocks/server/cli.js`;
export const devAuth = { authorization: "Bearer petstore-dev-key" } as const;

export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The header lines as sent, names and values in turn. */
  readonly rawHeaders: readonly string[];
  readonly text: string;
  /** True when the request went over a kept-alive connection that an earlier one used. */
  readonly reusedSocket: boolean;
}

export interface SendOptions {
  readonly method?: string;
  /** A header given as a list is sent once per value. */
  readonly headers?: Readonly<Record<string, string | string[]>>;
  readonly body?: string | Buffer;
  readonly agent?: Agent;
}

export function send(url: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            rawHeaders: response.rawHeaders,
            text: Buffer.concat(chunks).toString("utf8"),
            reusedSocket: outgoing.reusedSocket,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/**
 * Sends `count` requests at once from one client (a keep-alive agent of its
 * own, so no connection left over from earlier requests is reused) and
 * counts the outcomes: a status, or the error code of a request that failed.
 */
export async function burst(
  count: number,
  url: string,
  options: (index: number) => Omit<SendOptions, "agent">,
): Promise<Record<string, number>> {
  const agent = new Agent({ keepAlive: true });
  try {
    const settled = await Promise.allSettled(
      Array.from({ length: count }, (_, index) => send(url, { ...options(index), agent })),
    );
    const counts: Record<string, number> = {};
    for (const result of settled) {
      const outcome =
        result.status === "fulfilled"
          ? String(result.value.status)
          : String((result.reason as NodeJS.ErrnoException).code ?? result.reason);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    return counts;
  } finally {
    agent.destroy();
  }
}

/** Writes raw bytes to host:port and resolves with everything the server sends before closing. */
export function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

/**
 * `npm run build`, so the CLI tests run the JavaScript users run. Under
 * `npm test` the build has just run (and other test files may be reading
 * dist/), so it is not repeated.
 */
export async function buildOnce(): Promise<void> {
  if (process.env.npm_lifecycle_event === "test") return;
  await promisify(execFile)("npm", ["run", "build"], { cwd: repositoryRoot });
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the compiled CLI to completion (for flags that exit). */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [compiledCli, ...args],
      {
        cwd: repositoryRoot,
        env: { ...process.env, PORT: "", PETSTORE_API_KEYS: "", PETSTORE_STATE_FILE: "", ...env },
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr });
      },
    );
  });
}

export interface ServingCli {
  readonly child: ChildProcess;
  /** The base URL the CLI printed. */
  readonly url: string;
  /** Everything printed to stdout so far. */
  stdout(): string;
  /** Resolves with the exit code once the process ends. */
  readonly exited: Promise<number | null>;
}

/** Starts the compiled CLI and resolves once it prints its base URL. */
export function serveCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ServingCli> {
  const child = spawn(process.execPath, [compiledCli, ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: "", PETSTORE_API_KEYS: "", PETSTORE_STATE_FILE: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    child.stdout?.setEncoding("utf8");
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.stdout?.on("data", (chunk: string) => {
      stdout += chunk;
      const url = /(http:\/\/\S+\/v1)\b/.exec(stdout)?.[1];
      if (url) resolve({ child, url, stdout: () => stdout, exited });
    });
    void exited.then((code) => reject(new Error(`CLI exited (${code}) early: ${stderr}`)));
  });
}
