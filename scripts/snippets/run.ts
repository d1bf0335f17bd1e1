/**
 * Runs one snippet project (see markers.ts) in a folder where its packages are
 * installed: writes its files, runs its shell lines and commands in document
 * order, and stops every server it started. What the harness changes in the
 * text, and only that: the example ports 4000, 4931, 5173 and 8080 become free
 * ports (`PORT` holds the one for 4000, the mock's default), and a URL named
 * by `mock:` becomes the started mock's. Each line runs in its own shell, but
 * an `export NAME=VALUE` line holds for the project's later lines, as it would
 * in the one terminal the docs assume.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../mocks/server/free-port.js";
import { chromiumPath, launchChromium } from "../../mocks/test-support/chromium.js";
import { userEnv } from "../smoke-package.js";
import { fixtureFiles } from "./fixtures.js";
import { type CodeBlock, installsOf, type Project } from "./markers.js";
import { replacingAll } from "./replacements.js";

const run = promisify(execFile);

/**
 * Vite's warning for an ES module config named `.ts` in a CommonJS package
 * (npm 11's `npm init -y` writes `"type": "commonjs"`): a docs' config that
 * draws it fails its snippet.
 */
const esmConfigWarning = /ESM syntax in a file loaded as CommonJS/;
const commandTimeoutMs = 240_000;
const serverStartMs = 60_000;
const examplePorts = [4000, 4931, 5173, 8080] as const;

/** A command that serves until stopped: run in the background once it prints its URL. */
const serverCommand =
  /^npx (?:--yes )?(?:petstore-mock|vite|http-server)\b(?!.*--(?:help|version)\b)/;

export class SnippetFailure extends Error {
  constructor(
    readonly step: string,
    readonly output: string,
  ) {
    super(`${step}\n${output.trim().split("\n").slice(-60).join("\n")}`);
  }
}

interface Server {
  readonly url: string;
  stop(): Promise<void>;
}

/** Runs `project` in `dir` (its packages installed there); throws a SnippetFailure. */
export async function runProject(project: Project, dir: string): Promise<void> {
  const servers: Server[] = [];
  const ports = new Map<number, string>();
  for (const port of examplePorts) ports.set(port, String(await freePort()));
  const replacements = [...ports].flatMap(([port, free]): [string, string][] => [
    [`localhost:${port}`, `localhost:${free}`],
    [`127.0.0.1:${port}`, `127.0.0.1:${free}`],
    [`--port ${port}`, `--port ${free}`],
  ]);
  const env: NodeJS.ProcessEnv = {
    ...userEnv,
    CHROMIUM_PATH: chromiumPath,
    PORT: ports.get(4000),
    ...project.env,
  };
  try {
    for (const url of project.mocks) {
      const mock = await startServer(`npx petstore-mock --port 0 --quiet`, dir, env);
      servers.push(mock);
      replacements.unshift([new URL(url).origin, new URL(mock.url).origin]);
    }
    const adapt = replacingAll(replacements);

    for (const [path, text] of Object.entries(fixtureFiles(project.fixture))) {
      await writeInto(dir, path, adapt(text));
    }
    for (const block of project.blocks) {
      const text = adapt(block.text);
      for (const install of installsOf(text)) {
        if (install.andThen) await command(install.andThen, dir, env, servers);
      }
      if (block.marker.kind !== "snippet") continue;
      const { file } = block.marker.options;
      if (file !== undefined) await writeInto(dir, file, text);
      else if (block.language === "sh") {
        for (const line of shellLines(text)) await command(line, dir, env, servers);
      } else
        throw new SnippetFailure(`${where(block)}: a ${block.language} block needs "file:"`, "");
    }
    for (const line of project.runs) await command(adapt(line), dir, env, servers);
    if (project.check === "page") await checkPage(servers.at(-1)?.url);
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

const where = (block: CodeBlock) => `${block.page}:${block.line}`;

async function writeInto(dir: string, path: string, text: string): Promise<void> {
  if (path === "package.json") {
    // The docs show the fields to add; the install made the file.
    const current = JSON.parse(await readFile(join(dir, path), "utf8")) as object;
    text = `${JSON.stringify({ ...current, ...(JSON.parse(text) as object) }, null, 2)}\n`;
  }
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

/** The commands of a shell block: comments dropped, `\` continuations joined, install lines left to the harness. */
export function shellLines(text: string): string[] {
  return text
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .map((line) => line.replace(/(^|\s)#\s.*$/, "").trim())
    .filter((line) => line !== "" && installsOf(line).length === 0);
}

async function command(
  line: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  servers: Server[],
): Promise<void> {
  const exported = /^export ([A-Za-z_]\w*)=/.exec(line)?.[1];
  if (exported !== undefined) {
    env[exported] = await shell(`${line}; printf %s "$${exported}"`, dir, env);
    return;
  }
  if (serverCommand.test(line)) {
    servers.push(await startServer(line, dir, env));
    return;
  }
  await shell(line, dir, env);
}

/** Runs `line` in bash and resolves with its stdout; throws a SnippetFailure when it fails. */
async function shell(line: string, dir: string, env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout, stderr } = await run("bash", ["-c", line], {
      cwd: dir,
      env,
      timeout: commandTimeoutMs,
      maxBuffer: 32 * 1024 * 1024,
    });
    if (esmConfigWarning.test(`${stdout}${stderr}`)) {
      const step = `$ ${line}  (Vite's warning: an ES module config in a CommonJS package)`;
      throw new SnippetFailure(step, `${stdout}${stderr}`);
    }
    return stdout;
  } catch (error) {
    if (error instanceof SnippetFailure) throw error;
    const failed = error as { stdout?: string; stderr?: string; code?: unknown };
    throw new SnippetFailure(
      `$ ${line}  (exit ${String(failed.code)})`,
      `${failed.stdout ?? ""}${failed.stderr ?? ""}`,
    );
  }
}

/** Starts a server command in its own process group and resolves with the first URL it prints. */
export function startServer(line: string, dir: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const child: ChildProcess = spawn("bash", ["-c", line], {
    cwd: dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, "SIGTERM");
    }
    await exited;
  };
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new SnippetFailure(`$ ${line}  (printed no URL within ${serverStartMs} ms)`, output));
    }, serverStartMs);
    const read = (chunk: Buffer) => {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes around the URL
      output += chunk.toString().replace(/\x1b\[[0-9;]*m/g, "");
      const url = /https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]):\d+\S*/.exec(output)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stop });
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new SnippetFailure(`$ ${line}  (exited before it served)`, output));
    });
  });
}

/** The page at `url` loads without an error and msw answers its `GET /v1/pets`. */
async function checkPage(url: string | undefined): Promise<void> {
  if (url === undefined) throw new SnippetFailure("check: page: no server was started", "");
  const browser = await launchChromium();
  const lines: string[] = [];
  try {
    const page = await browser.newPage();
    page.on("console", (message) => lines.push(`${message.type()}: ${message.text()}`));
    page.on("pageerror", (error) => lines.push(`pageerror: ${error.message}`));
    await page.goto(url);
    const deadline = Date.now() + 30_000;
    const answered = () =>
      lines.some((line) => /\[MSW\].*GET \/v1\/pets\S* \(\S*200 OK/.test(line));
    while (
      !answered() &&
      !lines.some((line) => line.startsWith("pageerror")) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!answered() || lines.some((line) => line.startsWith("pageerror"))) {
      throw new SnippetFailure(`check: page ${url} (msw answering GET /v1/pets)`, lines.join("\n"));
    }
  } finally {
    await browser.close();
  }
}
