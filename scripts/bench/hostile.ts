/**
 * Bench section "hostile": the standalone mock (from `dist/`, default limits)
 * under one hostile pattern at a time, each in a fresh server process on
 * 127.0.0.1, while a normal client sends `GET /v1/pets?limit=20` every 20 ms
 * on a new connection each time (the worst case: it needs a free connection
 * slot for every request). Reports the normal client's success rate and
 * p50/p99 latency over the whole attack and from the header timeout on, and
 * the server's peak RSS (VmHWM). `npm run bench -- hostile`.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { serverTimeouts } from "../../mocks/server/server.js";
import { printTable } from "./report.js";
import { apiKey, type Launched, launch, type Server, servers, stop } from "./server.js";

/** Attack sizes, modest so the section can run on a shared 2-core machine. */
const scale = {
  /** Sockets of the slow-client patterns (the issue's own figure is 300). */
  slowSockets: 300,
  /** Creates with 1 MB names. */
  hugeCreates: 300,
  /** Seconds each pattern runs at least. */
  seconds: 16,
  /** Seconds a slow-client pattern is measured after the timeouts have cut it. */
  judgedSeconds: 5,
} as const;
/** When the server's header and request timeouts have surely cut a slow client. */
const timeoutMs =
  Math.max(serverTimeouts.headers, serverTimeouts.request) + serverTimeouts.checkEvery;
const goals = { successRate: 0.99, p99Ms: 100, rssMb: 300 } as const;

const ours = servers.find((server) => server.key === "ours") as Server;
const auth = `Bearer ${apiKey}`;

interface Sample {
  readonly at: number;
  readonly ok: boolean;
  readonly ms: number;
}

/** One GET on a fresh connection; ok when it is answered 200 within 2 s. */
function normalRequest(origin: string): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (ok: boolean) => resolve({ ok, ms: performance.now() - started });
    const sent = request(
      `${origin}/v1/pets?limit=20`,
      { headers: { authorization: auth }, agent: false, timeout: 2_000 },
      (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode === 200));
        response.on("error", () => done(false));
      },
    );
    sent.on("timeout", () => sent.destroy());
    sent.on("error", () => done(false));
    sent.end();
  });
}

async function normalClient(
  origin: string,
  until: () => number,
  started: number,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (performance.now() < until()) {
    const at = performance.now() - started;
    const { ok, ms } = await normalRequest(origin);
    samples.push({ at, ok, ms });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return samples;
}

/** Opens a socket, writes the bytes, then neither reads nor closes until `release`. */
function silentSocket(origin: string, bytes: string | Buffer, held: Socket[]): Promise<void> {
  const { port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.pause();
      socket.write(bytes, () => resolve());
    });
    socket.on("error", () => resolve());
    held.push(socket);
  });
}

function post(origin: string, path: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const sent = request(
      `${origin}${path}`,
      {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json" },
        agent: false,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on("error", () => resolve(0));
    sent.end(body);
  });
}

/** Runs `count` tasks, `parallel` at a time. */
async function pool(count: number, parallel: number, task: (index: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

interface Pattern {
  readonly name: string;
  /** True when the pattern holds connections until the server's timeouts cut them. */
  readonly slow: boolean;
  /** Starts the attack; resolves when it has been sent. Sockets it holds go into `held`. */
  attack(origin: string, held: Socket[], until: number): Promise<string>;
}

const mib = 1024 * 1024;
const uploadHead = (length: number) =>
  `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

const patterns: readonly Pattern[] = [
  {
    name: `${scale.slowSockets} half requests, never read`,
    slow: true,
    async attack(origin, held) {
      await Promise.all(
        Array.from({ length: scale.slowSockets }, () =>
          silentSocket(origin, "GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Slow: ", held),
        ),
      );
      return `${scale.slowSockets} sockets`;
    },
  },
  {
    name: `${scale.slowSockets} stalled 1 MiB uploads`,
    slow: true,
    async attack(origin, held) {
      const body = Buffer.alloc(mib - 1, "x");
      await Promise.all(
        Array.from({ length: scale.slowSockets }, () =>
          silentSocket(origin, Buffer.concat([Buffer.from(uploadHead(mib)), body]), held),
        ),
      );
      return `${scale.slowSockets} sockets`;
    },
  },
  {
    name: `${scale.hugeCreates} creates with 1 MB names`,
    slow: false,
    async attack(origin) {
      const body = JSON.stringify({ name: "n".repeat(1_000_000), categoryId: 1 });
      const statuses: Record<number, number> = {};
      await pool(scale.hugeCreates, 10, async () => {
        const status = await post(origin, "/v1/pets", body);
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
      return Object.entries(statuses)
        .map(([status, count]) => `${count}× ${status}`)
        .join(", ");
    },
  },
  {
    name: "store filled: 1,000-char names to the pet limit",
    slow: false,
    async attack(origin, _held, until) {
      const body = JSON.stringify({ name: "n".repeat(1_000), categoryId: 1 });
      let created = 0;
      let full = false;
      await pool(20_000, 10, async () => {
        if (full || performance.now() > until) return;
        const status = await post(origin, "/v1/pets", body);
        if (status === 201) created++;
        if (status === 409) full = true;
      });
      return `${created} created${full ? ", then 409 store_full" : ""}`;
    },
  },
  {
    name: "pipelined junk after valid creates",
    slow: false,
    async attack(origin, _held, until) {
      const body = JSON.stringify({ name: "Junk", categoryId: 1 });
      const bytes = `${uploadHead(Buffer.byteLength(body))}${body}JUNK\r\n\r\n`;
      const { port } = new URL(origin);
      let sent = 0;
      await pool(5_000, 4, async () => {
        if (performance.now() > until) return;
        await new Promise<void>((resolve) => {
          const socket = connect(Number(port), "127.0.0.1", () => socket.end(bytes));
          socket.resume();
          socket.on("close", () => resolve());
          socket.on("error", () => resolve());
        });
        sent++;
      });
      return `${sent} writes`;
    },
  },
];

/** Peak resident memory of a process (Linux VmHWM), MiB. */
function peakRssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Outcome {
  readonly pattern: Pattern;
  readonly attackSummary: string;
  readonly all: readonly Sample[];
  /** Milliseconds into the run from which the goal is judged. */
  readonly judgedFrom: number;
  readonly peakRssMb: number;
}

async function measure(pattern: Pattern): Promise<Outcome> {
  const server: Launched = await launch(ours);
  const held: Socket[] = [];
  try {
    const started = performance.now();
    let until = started + scale.seconds * 1000;
    const client = normalClient(server.origin, () => until, started);
    const attackSummary = await pattern.attack(server.origin, held, until);
    // Slow clients are judged from the timeouts on, counted from when the attack was delivered.
    const judgedFrom = performance.now() - started + timeoutMs;
    if (pattern.slow) until = Math.max(until, started + judgedFrom + scale.judgedSeconds * 1000);
    const all = await client;
    return {
      pattern,
      attackSummary,
      all,
      judgedFrom: pattern.slow ? judgedFrom : 0,
      peakRssMb: peakRssMb(server.child.pid),
    };
  } finally {
    for (const socket of held) socket.destroy();
    await stop(server.child);
  }
}

const fixed = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toFixed(digits) : "n/a";

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
    `Each pattern: a fresh server (default limits), ${scale.seconds} s; a normal client sends ` +
      "GET /v1/pets?limit=20 every 20 ms on a new connection. Goal: ≥ 99 % success, p99 < 100 ms " +
      `(slow-client patterns: from ${timeoutMs / 1000} s after the attack was delivered, when the ` +
      "timeouts have cut it), peak RSS < 300 MB.\n",
  );
  const outcomes: Outcome[] = [];
  for (const pattern of patterns) outcomes.push(await measure(pattern));
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
        fixed(peakRssMb),
        meetsGoal(judged, peakRssMb) ? "met" : "NOT met",
      ];
    }),
  );
}
