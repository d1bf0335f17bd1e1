/**
 * The hostile patterns of the bench's "hostile" section, and their runner:
 * `node --import tsx scripts/bench/hostile-attacks.ts <pattern index> <origin> <seconds>`
 * sends one attack from its own process (so its work does not slow the
 * measuring client), prints `{"summary": ...}` once the attack is delivered,
 * and holds its sockets until it is sent SIGTERM.
 */
import { connect, type Socket } from "node:net";
import { pathToFileURL } from "node:url";
import { apiKey, statusOf } from "./server.js";

/** Attack sizes, modest so the section can run on a shared 2-core machine. */
export const scale = {
  /** Sockets of the slow-client patterns: 300, the load the server is sized to survive. */
  slowSockets: 300,
  /** Creates with 1 MB names. */
  hugeCreates: 300,
} as const;

const auth = `Bearer ${apiKey}`;

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

/** A create's status; 0 when the connection failed. */
async function post(origin: string, path: string, body: string): Promise<number> {
  const headers = { authorization: auth, "content-type": "application/json" };
  const status = await statusOf(`${origin}${path}`, { method: "POST", headers }, body);
  return typeof status === "number" ? status : 0;
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

export interface Pattern {
  readonly name: string;
  /**
   * Which of the normal client's requests the goal is judged on: all of them;
   * those after the attack was delivered (a filled store); or those after the
   * server's timeouts have cut what the attack delivered (slow clients).
   */
  readonly judged: "all" | "after delivery" | "after timeouts";
  /** Starts the attack; resolves when it has been sent. Sockets it holds go into `held`. */
  attack(origin: string, held: Socket[], until: number): Promise<string>;
}

const mib = 1024 * 1024;
const uploadHead = (length: number) =>
  `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

export const patterns: readonly Pattern[] = [
  {
    name: `${scale.slowSockets} half requests, never read`,
    judged: "after timeouts",
    async attack(origin, held) {
      await Promise.all(
        Array.from({ length: scale.slowSockets }, () =>
          silentSocket(origin, "GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", held),
        ),
      );
      return `${scale.slowSockets} sockets`;
    },
  },
  {
    name: `${scale.slowSockets} stalled 1 MiB uploads`,
    judged: "after timeouts",
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
    judged: "all",
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
    judged: "after delivery",
    async attack(origin) {
      const body = JSON.stringify({ name: "n".repeat(1_000), categoryId: 1 });
      let created = 0;
      let full = false;
      await pool(20_000, 10, async () => {
        if (full) return;
        const status = await post(origin, "/v1/pets", body);
        if (status === 201) created++;
        if (status === 409) full = true;
      });
      return `${created} created${full ? ", then 409 store_full" : ""}`;
    },
  },
  {
    name: "pipelined junk after valid creates",
    judged: "all",
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
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [index = "0", origin = "", seconds = "16"] = process.argv.slice(2);
  const pattern = patterns[Number(index)];
  if (!pattern) throw new Error(`no pattern ${index}`);
  const held: Socket[] = [];
  const until = performance.now() + Number(seconds) * 1000;
  const summary = await pattern.attack(origin, held, until);
  console.log(JSON.stringify({ summary }));
  process.once("SIGTERM", () => {
    for (const socket of held) socket.destroy();
    process.exit(0);
  });
  setInterval(() => {}, 60_000);
}
