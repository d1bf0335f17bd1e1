/**
 * Bench section "server": the standalone mock (with its default request log)
 * against Prism's mock of openapi.yaml, a bare node:http baseline
 * (`bare-server.ts`) and, for the list, the constant-body ceiling
 * (`ceiling-server.ts`), each a child
 * process on 127.0.0.1, loaded by the same load generator with the same
 * settings: wrk (Debian's `wrk`, one thread) when it is installed, and
 * autocannon in-process. Prints requests/s and p50/p99 latency for three operations, the
 * start-up time to the first answered request, and the ratios against their
 * targets. `npm run bench -- server` (after `npm run build`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { type RequestOptions, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort } from "../../mocks/server/free-port.js";
import { compiledCli } from "../../mocks/test-support/http.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";
import { installedVersion } from "../smoke-package.js";
import { fixed, median, printTable } from "./report.js";

const prismVersion = await installedVersion(repositoryRoot, "@stoplight/prism-cli");
export const apiKey = "bench-key";

/** The same load for every server and operation. */
const load = { connections: 10, warmupSeconds: 1, seconds: 2, rounds: 5 } as const;
/**
 * The load generators, each run in full over all servers. autocannon runs in
 * this Node process and needs about a core of its own, so on a 2-core machine
 * it caps every fast server; pipelining 10 lowers its cost per request. wrk
 * (C, one thread) costs far less per request, so more of what it measures is
 * the servers' own cost; it runs when `wrk` is on the PATH (`apt-get install wrk`).
 */
interface Generator {
  readonly name: "wrk" | "autocannon";
  readonly pipelining: number;
}
const wrkPath = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((path) => existsSync(path));
const generators: readonly Generator[] = [
  ...(wrkPath ? [{ name: "wrk", pipelining: 1 } as const] : []),
  { name: "autocannon", pipelining: 1 },
  { name: "autocannon", pipelining: 10 },
];
/** Start-up launches per server, interleaved round by round. */
const launchRounds = 5;

const targets = { prismRatio: 10, startupRatio: 5 } as const;

export interface Server {
  readonly key: "ours" | "prism" | "bare" | "ceiling";
  readonly label: string;
  /** Where the API's paths start: Prism's mock serves the paths of openapi.yaml at its root. */
  readonly basePath: string;
  readonly args: (port: number) => string[];
}

export const servers: readonly Server[] = [
  {
    key: "ours",
    label: "petstore-mock",
    basePath: "/v1",
    // No --quiet: the request log is on, as `petstore-mock` runs by default (its output is dropped).
    args: (port) => [
      compiledCli,
      "--port",
      `${port}`,
      "--api-key",
      apiKey,
      // The POST cells create tens of thousands of pets: above the default cap, 409s would be measured.
      "--max-pets",
      "10000000",
    ],
  },
  {
    key: "prism",
    label: `Prism ${prismVersion} mock`,
    basePath: "",
    args: (port) => [
      realpathSync(`${repositoryRoot}node_modules/.bin/prism`),
      "mock",
      "openapi.yaml",
      "--host",
      "127.0.0.1",
      "--port",
      `${port}`,
      "--verboseLevel",
      "error",
    ],
  },
  {
    key: "bare",
    label: "bare node:http",
    basePath: "/v1",
    args: (port) => ["--import", "tsx", "scripts/bench/bare-server.ts", `${port}`, apiKey],
  },
  {
    key: "ceiling",
    label: "constant-body node:http",
    basePath: "/v1",
    args: (port) => ["--import", "tsx", "scripts/bench/ceiling-server.ts", `${port}`],
  },
];

/** The servers whose start-up is timed: not the ceiling, which is no product. */
type Timed = Exclude<Server["key"], "ceiling">;
const timedStarts = servers.filter(
  (server): server is Server & { readonly key: Timed } => server.key !== "ceiling",
);

export const serverByKey = (key: Server["key"]) =>
  servers.find((server) => server.key === key) as Server;

export interface Operation {
  readonly label: string;
  readonly path: string;
  readonly method: "GET" | "POST";
  readonly body?: string;
  /** The goal for petstore-mock's req/s ÷ the bare server's. */
  readonly bareTarget: number;
  /** The goal for petstore-mock's req/s ÷ the constant-body ceiling's, which serves only this operation. */
  readonly ceilingTarget?: number;
}

export const operations: readonly Operation[] = [
  {
    label: "GET /v1/pets?limit=20",
    path: "/pets?limit=20",
    method: "GET",
    bareTarget: 0.85,
    ceilingTarget: 0.9,
  },
  { label: "GET /v1/pets/{id}", path: "/pets/7", method: "GET", bareTarget: 0.85 },
  {
    label: "POST /v1/pets",
    path: "/pets",
    method: "POST",
    body: JSON.stringify({ name: "Bench", categoryId: 1, status: "available" }),
    bareTarget: 0.5,
  },
];

const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };

/**
 * One request on a connection of its own (the bench's helpers share it):
 * resolves with the status once the body is read, or with the error's code.
 */
export function statusOf(url: string, options: RequestOptions, body?: string) {
  return new Promise<number | string>((resolve) => {
    const failed = (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message);
    const sent = request(url, { ...options, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", failed);
    });
    sent.on("timeout", () =>
      sent.destroy(Object.assign(new Error("timeout"), { code: "timeout" })),
    );
    sent.on("error", failed);
    sent.end(body);
  });
}

export interface Launched {
  readonly child: ChildProcess;
  readonly origin: string;
  /** Milliseconds from spawn to the first answered request. */
  readonly startupMs: number;
}

export async function launch(server: Server): Promise<Launched> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const readyUrl = `${origin}${server.basePath}/pets?limit=20`;
  const started = performance.now();
  const child = spawn(process.execPath, server.args(port), {
    cwd: repositoryRoot,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  while (performance.now() - started < 60_000) {
    if (child.exitCode !== null) break;
    // Nothing answers yet while the request fails (an error code, not a status).
    const status = await statusOf(readyUrl, { headers });
    if (typeof status === "number") {
      if (status !== 200) throw new Error(`${server.label}: first answer was ${status}`);
      return { child, origin, startupMs: performance.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill("SIGKILL");
  throw new Error(`${server.label} did not answer within 60 s: ${stderr.slice(0, 500)}`);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export interface Cell {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

async function hammerAutocannon(
  url: string,
  operation: Operation,
  seconds: number,
  pipelining: number,
): Promise<Cell> {
  const result = await autocannon({
    url,
    method: operation.method,
    headers,
    ...(operation.body === undefined ? {} : { body: operation.body }),
    connections: load.connections,
    pipelining,
    duration: seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A wrk Lua script that sends the operation's method and body (GETs need none). */
async function wrkScript(operation: Operation): Promise<string[]> {
  if (operation.body === undefined) return [];
  const file = join(await mkdtemp(join(tmpdir(), "petstore-bench-")), "request.lua");
  await writeFile(
    file,
    `wrk.method = "${operation.method}"\nwrk.body = ${JSON.stringify(operation.body)}\n`,
  );
  return ["-s", file];
}

/** wrk prints latencies as `0.88ms`, `712.00us` or `1.02s`. */
function wrkMs(output: string, percentile: string): number {
  const found = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(output);
  if (!found) return Number.NaN;
  const value = Number(found[1]);
  return found[2] === "us" ? value / 1000 : found[2] === "s" ? value * 1000 : value;
}

async function hammerWrk(
  url: string,
  operation: Operation,
  seconds: number,
  connections: number = load.connections,
): Promise<Cell> {
  const args = [
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    ...(await wrkScript(operation)),
    url,
  ];
  const child = spawn(wrkPath ?? "wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (code !== 0 || !perSecond) throw new Error(`wrk failed (${code}): ${output.slice(0, 300)}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    requestsPerSecond: Number(perSecond[1]),
    p50: wrkMs(output, "50"),
    p99: wrkMs(output, "99"),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

function hammer(
  url: string,
  operation: Operation,
  seconds: number,
  generator: Generator,
): Promise<Cell> {
  return generator.name === "wrk"
    ? hammerWrk(url, operation, seconds)
    : hammerAutocannon(url, operation, seconds, generator.pipelining);
}

/** The median of each figure over the rounds; failures are summed. */
function combine(cells: readonly Cell[]): Cell {
  const of = (pick: (cell: Cell) => number) => median(cells.map(pick));
  return {
    requestsPerSecond: of((cell) => cell.requestsPerSecond),
    p50: of((cell) => cell.p50),
    p99: of((cell) => cell.p99),
    non2xx: cells.reduce((sum, cell) => sum + cell.non2xx, 0),
    errors: cells.reduce((sum, cell) => sum + cell.errors, 0),
  };
}

/** Round `round` visits the servers in a rotated order, so none is always measured first. */
const rotated = <T>(items: readonly T[], round: number): T[] =>
  items.map((_, index) => items[(index + round) % items.length] as T);

const ratio = (value: number) => `${fixed(value, value < 10 ? 2 : 1)}×`;
const verdict = (value: number, target: number) => (value >= target ? "met" : "NOT met");

type PerServer<T> = Record<Server["key"], T>;

/** The servers loaded with an operation: the ceiling only with the one it has a goal for. */
const serversOf = (operation: Operation) =>
  servers.filter((server) => server.key !== "ceiling" || operation.ceilingTarget !== undefined);

/**
 * Start-up times, one launch of each timed server per round; the last
 * round's servers keep running, and the ceiling is launched beside them.
 */
async function launchAll(): Promise<{
  startup: Record<Timed, number[]>;
  running: PerServer<Launched>;
}> {
  const startup: Record<Timed, number[]> = { ours: [], prism: [], bare: [] };
  const running: Partial<PerServer<Launched>> = {};
  try {
    for (let round = 0; round < launchRounds; round++) {
      for (const server of rotated(timedStarts, round)) {
        const launched = await launch(server);
        startup[server.key].push(launched.startupMs);
        if (round < launchRounds - 1) await stop(launched.child);
        else running[server.key] = launched;
      }
    }
    running.ceiling = await launch(serverByKey("ceiling"));
  } catch (error) {
    await Promise.all(Object.values(running).map(({ child }) => stop(child)));
    throw error;
  }
  return { startup, running: running as PerServer<Launched> };
}

export async function run(): Promise<void> {
  console.log(
    `Load: ${generators.map((g) => `${g.name} (pipelining ${g.pipelining})`).join(", ")}${wrkPath ? "" : " (wrk not installed)"}; ` +
      `${load.connections} connections, ` +
      `${load.rounds} rounds × ${load.seconds} s per server after a ${load.warmupSeconds} s warm-up, ` +
      "servers interleaved in rotated order each round. req/s (each cell's mean) and latencies: medians over the " +
      "rounds; ratios: the median of each round's ratio (the servers of a round ran back to back).\n",
  );

  const { startup, running } = await launchAll();
  try {
    const url = (server: Server, operation: Operation) =>
      `${running[server.key].origin}${server.basePath}${operation.path}`;
    for (const generator of generators) {
      console.log(
        `\n### ${generator.name}, ${load.connections} connections, pipelining ${generator.pipelining}\n`,
      );
      const cells = new Map<Operation, PerServer<Cell[]>>();
      for (const operation of operations) {
        const perServer: PerServer<Cell[]> = { ours: [], prism: [], bare: [], ceiling: [] };
        for (const server of serversOf(operation))
          await hammer(url(server, operation), operation, load.warmupSeconds, generator);
        for (let round = 0; round < load.rounds; round++) {
          for (const server of rotated(serversOf(operation), round)) {
            perServer[server.key].push(
              await hammer(url(server, operation), operation, load.seconds, generator),
            );
          }
        }
        cells.set(operation, perServer);
      }

      printTable(
        ["operation", "server", "req/s", "p50 ms", "p99 ms", "non-2xx/errors"],
        operations.flatMap((operation) =>
          serversOf(operation).map((server) => {
            const cell = combine((cells.get(operation) as PerServer<Cell[]>)[server.key]);
            return [
              operation.label,
              server.label,
              fixed(cell.requestsPerSecond),
              fixed(cell.p50),
              fixed(cell.p99),
              `${cell.non2xx + cell.errors}`,
            ];
          }),
        ),
      );

      console.log("");
      const roundRatio = (operation: Operation, versus: Server["key"]) => {
        const perServer = cells.get(operation) as PerServer<Cell[]>;
        return median(
          perServer.ours.map(
            (cell, round) =>
              cell.requestsPerSecond / (perServer[versus][round] as Cell).requestsPerSecond,
          ),
        );
      };
      printTable(
        [
          "operation",
          "vs Prism",
          `target ≥ ${targets.prismRatio}×`,
          "vs bare",
          "target",
          "÷ constant-body ceiling",
          "target",
        ],
        operations.map((operation) => {
          const prism = roundRatio(operation, "prism");
          const bare = roundRatio(operation, "bare");
          const { ceilingTarget } = operation;
          const ceiling =
            ceilingTarget === undefined
              ? ["–", "–"]
              : [
                  ratio(roundRatio(operation, "ceiling")),
                  `≥ ${ceilingTarget}×: ${verdict(roundRatio(operation, "ceiling"), ceilingTarget)}`,
                ];
          return [
            operation.label,
            ratio(prism),
            verdict(prism, targets.prismRatio),
            ratio(bare),
            `≥ ${operation.bareTarget}×: ${verdict(bare, operation.bareTarget)}`,
            ...ceiling,
          ];
        }),
      );
    }

    console.log("\n### Start-up\n");
    printTable(
      ["server", "start-up to first answer (median ms)", "all launches (ms)"],
      timedStarts.map((server) => [
        server.label,
        fixed(median(startup[server.key])),
        startup[server.key].map((ms) => fixed(ms)).join(", "),
      ]),
    );
    const startupRatio = median(
      startup.prism.map((ms, round) => ms / (startup.ours[round] as number)),
    );
    console.log(
      `\nStart-up: petstore-mock is ${ratio(startupRatio)} faster than Prism (median of the ` +
        `per-round ratios; target ≥ ${targets.startupRatio}×: ${verdict(startupRatio, targets.startupRatio)}).`,
    );
  } finally {
    await Promise.all(Object.values(running).map(({ child }) => stop(child)));
  }
}
