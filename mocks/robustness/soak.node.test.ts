/**
 * Load and faults on the standalone server, bounded in count and time:
 * a soak of concurrent keep-alive clients with mixed operations (zero failed
 * requests, stable memory), 1,000 parallel creates (1,000 unique, retrievable
 * ids), and clients that abort mid-body or stall while others carry on.
 */
import { Agent } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petStatuses } from "../interface/spec.js";
import type { Pet } from "../interface/types.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";
import { collectGarbage } from "../test-support/gc.js";
import { type Reply, send } from "../test-support/http.js";

const key = "soak-key";
const auth = { authorization: `Bearer ${key}` };
const json = { ...auth, "content-type": "application/json" };

const heapMb = (): number => {
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

interface Operation {
  readonly name: string;
  readonly status: number;
  run(agent: Agent, index: number): Promise<Reply>;
}

let server: RunningPetstoreServer;
beforeAll(async () => {
  server = await startPetstoreServer({ port: 0, apiKeys: [key] });
});
afterAll(() => server.close());

/** A GET of `path` below the API base, with the key. */
const get = (agent: Agent, path: string) => send(`${server.url}${path}`, { headers: auth, agent });
/** A createPet of `pet`. */
const create = (agent: Agent, pet: object) =>
  send(`${server.url}/pets`, { method: "POST", headers: json, body: JSON.stringify(pet), agent });

const operations = (): readonly Operation[] => [
  { name: "listPets", status: 200, run: (agent) => get(agent, "/pets") },
  {
    name: "listPets?status",
    status: 200,
    run: (agent, i) => get(agent, `/pets?status=${petStatuses[i % petStatuses.length]}&limit=100`),
  },
  { name: "getPet", status: 200, run: (agent, i) => get(agent, `/pets/${1 + (i % 50)}`) },
  {
    name: "createPet",
    status: 201,
    run: (agent, i) => create(agent, { name: `soak-${i}`, categoryId: 1 + (i % 5) }),
  },
  { name: "listCategories", status: 200, run: (agent) => get(agent, "/categories") },
  { name: "getPet absent", status: 404, run: (agent) => get(agent, "/pets/987654321") },
  { name: "listPets bad limit", status: 400, run: (agent) => get(agent, "/pets?limit=0") },
  { name: "no credential", status: 401, run: (agent) => send(`${server.url}/pets`, { agent }) },
];

/** Runs `clients` keep-alive clients cycling through the operations for `ms` (at most `cap` requests). */
async function soak(clients: number, ms: number, cap: number) {
  const mix = operations();
  const failures: string[] = [];
  const deadline = Date.now() + ms;
  let sent = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const client = async (id: number) => {
    for (let i = id; Date.now() < deadline && sent < cap; i += clients) {
      sent++;
      const operation = mix[i % mix.length] as Operation;
      try {
        const reply = await operation.run(agent, i);
        if (reply.status !== operation.status) {
          failures.push(`${operation.name}: ${reply.status} ${reply.text.slice(0, 200)}`);
        }
      } catch (error) {
        failures.push(`${operation.name}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
  agent.destroy();
  return { sent, failures };
}

describe("soak: concurrent clients, mixed operations", () => {
  it("answers every request as expected, with stable memory", async () => {
    const clients = 16;
    const warmUp = await soak(clients, 500, 10_000);
    const warmHeap = heapMb();
    const warmPets = server.store.pets.count();
    const run = await soak(clients, 2_000, 30_000);
    const endHeap = heapMb();
    const created = server.store.pets.count() - warmPets;

    console.info(
      `soak: ${warmUp.sent} + ${run.sent} requests from ${clients} clients, ` +
        `${warmUp.failures.length + run.failures.length} failed; heap after warm-up ` +
        `${warmHeap.toFixed(1)} MiB, after the soak ${endHeap.toFixed(1)} MiB (${created} pets created)`,
    );
    expect([...warmUp.failures, ...run.failures].slice(0, 5)).toEqual([]);
    expect(run.sent).toBeGreaterThan(clients * operations().length);
    // A stored pet costs well under 1 KiB; anything beyond that and some slack is a leak.
    expect(endHeap - warmHeap).toBeLessThan(16 + created / 1024);
  }, 30_000);
});

describe("1,000 parallel creates", () => {
  it("give 1,000 unique ids, all retrievable", async () => {
    await server.reset();
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    try {
      const replies = await Promise.all(
        Array.from({ length: 1_000 }, (_, i) =>
          create(agent, { name: `parallel-${i}`, categoryId: 1 + (i % 5), status: "sold" }),
        ),
      );
      expect(replies.filter((reply) => reply.status !== 201)).toEqual([]);
      const pets = replies.map((reply) => JSON.parse(reply.text) as Pet);
      expect(new Set(pets.map((pet) => pet.id)).size).toBe(1_000);
      expect(new Set(pets.map((pet) => pet.name)).size).toBe(1_000);

      const fetched = await Promise.all(pets.map((pet) => get(agent, `/pets/${pet.id}`)));
      expect(fetched.map((reply) => reply.status).filter((status) => status !== 200)).toEqual([]);
      expect(fetched.map((reply) => JSON.parse(reply.text) as Pet)).toEqual(pets);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});

/** Opens a raw connection and writes `bytes`, leaving it open. */
function openRaw(bytes: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.write(bytes, () => resolve(socket));
    });
    socket.on("error", reject);
  });
}

describe("aborting and stalling clients", () => {
  it("do not hurt other clients, and an aborted create stores nothing", async () => {
    await server.reset();
    const petsBefore = server.store.pets.count();
    const body = JSON.stringify({ name: "never-stored", categoryId: 1 });
    const head = (length: number) =>
      `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

    // 40 stalled clients: half stop inside their headers, half after the headers, before the body.
    const stalled = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        openRaw(i % 2 ? "GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthor" : head(body.length)),
      ),
    );
    // 40 clients that abort mid-body.
    for (let i = 0; i < 40; i++) {
      const socket = await openRaw(`${head(body.length)}${body.slice(0, 10)}`);
      socket.destroy();
    }

    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    try {
      const replies = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          i % 4 === 0
            ? create(agent, { name: `meanwhile-${i}`, categoryId: 1 })
            : get(agent, `/pets/${1 + (i % 50)}`),
        ),
      );
      expect(replies.map((reply) => reply.status).filter((s) => s !== 200 && s !== 201)).toEqual(
        [],
      );
    } finally {
      agent.destroy();
      for (const socket of stalled) socket.destroy();
    }
    const names = server.store.pets.all().map((pet) => pet.name);
    expect(names).not.toContain("never-stored");
    expect(server.store.pets.count()).toBe(petsBefore + 50);
  }, 30_000);
});
