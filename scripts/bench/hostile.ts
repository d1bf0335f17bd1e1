/**
 * Bench section "hostile": the standalone mock (from `dist/`, default limits)
 * under one hostile pattern at a time, each in a fresh server process on
 * 127.0.0.1, while a normal client sends `GET /v1/pets?limit=20` every 20 ms
 * on a new connection each time (the worst case: it needs a free connection
 * slot for every request). Reports the normal client's success rate and
 * p50/p99 latency over the whole attack and from the header timeout on, and
 * the server's peak RSS (VmHWM). `npm run bench -- hostile`.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { serverTimeouts } from "../../mocks/server/server.js";
import { repositoryRoot } from "../../mocks/test-support/repository.js";
import { type Pattern, patterns } from "./hostile-attacks.js";
import { fixed, percentile, printTable } from "./report.js";
import { apiKey, type Launched, launch, serverByKey, statusOf, stop } from "./server.js";

/** How long each pattern runs. */
const timing = {
  /** Seconds each pattern runs at least. */
  seconds: 16,
  /** Seconds the normal client runs at least from when judging starts. */
  judgedSeconds: 5,
} as const;
/** When the server's header and request timeouts have surely cut a slow client. */
const timeoutMs =
  Math.max(serverTimeouts.headers, serverTimeouts.request) + serverTimeouts.checkEvery;
const goals = { successRate: 0.99, p99Ms: 100, rssMb: 300 } as const;

const ours = serverByKey("ours");
const auth = `Bearer ${apiKey}`;

interface Sample {
  readonly at: number;
  readonly ok: boolean;
  readonly ms: number;
  /** The status, or the error code, of a failed request. */
  readonly failure?: string;
}

/** One GET on a fresh connection; ok when it is answered 200 within 2 s. */
async function normalRequest(origin: string): Promise<Omit<Sample, "at">> {
  const started = performance.now();
  const status = await statusOf(`${origin}/v1/pets?limit=20`, {
    headers: { authorization: auth },
    timeout: 2_000,
  });
  const ms = performance.now() - started;
  return status === 200 ? { ok: true, ms } : { ok: false, ms, failure: `${status}` };
}

async function normalClient(
  origin: string,
  until: () => number,
  started: number,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (performance.now() < until()) {
    const at = performance.now() - started;
    samples.push({ at, ...(await normalRequest(origin)) });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return samples;
}

/** Peak resident memory of a process (Linux VmHWM), MiB. */
function peakRssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

interface Outcome {
  readonly pattern: Pattern;
  readonly attackSummary: string;
  readonly all: readonly Sample[];
  /** Milliseconds into the run from which the goal is judged. */
  readonly judgedFrom: number;
  readonly peakRssMb: number;
}

/** Starts the pattern's attacker process; resolves with it and its summary once the attack is delivered. */
function startAttack(
  index: number,
  origin: string,
): Promise<{ summary: string; attacker: ReturnType<typeof spawn> }> {
  const attacker = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/bench/hostile-attacks.ts",
      `${index}`,
      origin,
      `${timing.seconds}`,
    ],
    { cwd: repositoryRoot, stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    attacker.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((text) => text.startsWith("{"));
      if (line) resolve({ summary: (JSON.parse(line) as { summary: string }).summary, attacker });
    });
    attacker.once("exit", (code) => reject(new Error(`attacker exited (${code}) early`)));
  });
}

async function measure(pattern: Pattern, index: number): Promise<Outcome> {
  const server: Launched = await launch(ours);
  let attacker: ReturnType<typeof spawn> | undefined;
  try {
    const started = performance.now();
    // Runs until the attack is delivered; then long enough to judge the pattern.
    let until = Number.POSITIVE_INFINITY;
    const client = normalClient(server.origin, () => until, started);
    const attack = await startAttack(index, server.origin);
    attacker = attack.attacker;
    const delivered = performance.now() - started;
    const judgedFrom =
      pattern.judged === "all"
        ? 0
        : delivered + (pattern.judged === "after timeouts" ? timeoutMs : 0);
    until = started + Math.max(timing.seconds * 1000, judgedFrom + timing.judgedSeconds * 1000);
    const all = await client;
    return {
      pattern,
      attackSummary: attack.summary,
      all,
      judgedFrom,
      peakRssMb: peakRssMb(server.child.pid),
    };
  } finally {
    if (attacker) await stop(attacker);
    await stop(server.child);
  }
}

function figures(samples: readonly Sample[]): string[] {
  if (samples.length === 0) return ["n/a", "n/a", "n/a"];
  const ok = samples.filter((sample) => sample.ok);
  const rate = ok.length / samples.length;
  const ms = ok.map((sample) => sample.ms);
  return [
    `${fixed(rate * 100, 1)} % of ${samples.length}`,
    fixed(percentile(ms, 50), 1),
    fixed(percentile(ms, 99), 1),
  ];
}

/** The failed requests by cause, e.g. `12× 503, 3× ECONNRESET`. */
function failures(samples: readonly Sample[]): string {
  const counts = new Map<string, number>();
  for (const { failure } of samples) {
    if (failure !== undefined) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  }
  return [...counts].map(([cause, count]) => `${count}× ${cause}`).join(", ") || "none";
}

function meetsGoal(samples: readonly Sample[], rssMb: number): boolean {
  const ok = samples.filter((sample) => sample.ok);
  return (
    ok.length / samples.length >= goals.successRate &&
    percentile(
      ok.map((sample) => sample.ms),
      99,
    ) < goals.p99Ms &&
    rssMb < goals.rssMb
  );
}

export async function run(): Promise<void> {
  console.log(
    `Each pattern: a fresh server (default limits), ${timing.seconds} s; a normal client sends ` +
      "GET /v1/pets?limit=20 every 20 ms on a new connection. Goal: ≥ 99 % success, p99 < 100 ms " +
      `(slow-client patterns: from ${timeoutMs / 1000} s after the attack was delivered, when the ` +
      "timeouts have cut it; the filled store: once it is full), peak RSS < 300 MB.\n",
  );
  const outcomes: Outcome[] = [];
  for (const [index, pattern] of patterns.entries()) outcomes.push(await measure(pattern, index));
  printTable(
    [
      "pattern",
      "attack",
      "success (all)",
      "p50 ms",
      "p99 ms",
      "judged from s",
      "success (judged)",
      "p50 ms",
      "p99 ms",
      "judged failures",
      "peak RSS MiB",
      "goal",
    ],
    outcomes.map(({ pattern, attackSummary, all, judgedFrom, peakRssMb }) => {
      const judged = all.filter((sample) => sample.at >= judgedFrom);
      return [
        pattern.name,
        attackSummary,
        ...figures(all),
        fixed(judgedFrom / 1000, 1),
        ...figures(judged),
        failures(judged),
        fixed(peakRssMb),
        meetsGoal(judged, peakRssMb) ? "met" : "NOT met",
      ];
    }),
  );
}
