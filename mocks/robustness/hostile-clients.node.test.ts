/**
 * The standalone server under hostile clients, bounded in count and time on
 * loopback: clients that never read nor close cannot keep descriptors after
 * their Error answer; when connections run short idle ones make room, API
 * requests beyond the limit get a 503 while health and admin still answer, and
 * a 503 at the door comes only when every connection is at work; a valid
 * request followed by junk in the same write is answered (and stored) once.
 */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { faultsPath, healthPath } from "../admin/admin.js";
import { closeGraceMs, spareConnections } from "../server/connections.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";
import { devAuth, rawExchange, send } from "../test-support/http.js";

const opened: Socket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy();
});

/** Connects, writes the bytes and then neither reads nor closes. */
function silentClient(port: number, bytes: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.pause();
      socket.write(bytes, () => resolve(socket));
    });
    opened.push(socket);
    socket.on("error", reject);
  });
}

const connections = (server: RunningPetstoreServer): Promise<number> =>
  new Promise((resolve, reject) =>
    server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

async function until(condition: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

function answersOf(raw: string): { status: number; code?: string }[] {
  return [
    ...raw.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n[\s\S]*?\r\n\r\n(\{[^\r]*?\})(?=HTTP|$)/g),
  ].map(([, status, body]) => ({ status: Number(status), code: JSON.parse(body ?? "{}").code }));
}

const createRequest = (name: string) => {
  const body = JSON.stringify({ name, categoryId: 1 });
  return (
    `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${devAuth.authorization}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};

/** Runs `use` against a fresh server with these options, then closes the server. */
async function withServer(
  options: Omit<Parameters<typeof startPetstoreServer>[0], "port">,
  use: (server: RunningPetstoreServer) => Promise<void>,
): Promise<void> {
  const server = await startPetstoreServer({ port: 0, ...options });
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

describe("clients that never read nor close", () => {
  const half = {
    "stall in their headers (408)": "GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
    "stall in their body (408)": `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{"na`,
    "send malformed HTTP (400)": "NOT HTTP AT ALL\r\n\r\n",
  };

  it.each(Object.entries(half))("%s release their descriptors", (_what, bytes) =>
    withServer({}, async (server) => {
      server.server.headersTimeout = 200;
      server.server.requestTimeout = 300;
      await Promise.all(Array.from({ length: 40 }, () => silentClient(server.port, bytes)));
      // The timeouts are checked every second; then the answer's grace period.
      const released = await until(
        async () => (await connections(server)) === 0,
        5_000 + closeGraceMs,
      );
      expect(released).toBe(true);
      const reply = await send(`${server.url}/pets?limit=1`, { headers: devAuth });
      expect(reply.status).toBe(200);
    }),
  );
});

/** Sends `count` list requests that a hang fault holds; resolves once the server holds them all. */
async function holdRequests(server: RunningPetstoreServer, count: number): Promise<void> {
  server.faults.add({ operation: "listPets", network: "hang" });
  for (let index = 0; index < count; index++) {
    const held = request(`${server.url}/pets`, { headers: devAuth, agent: false });
    held.on("error", () => {});
    held.on("socket", (socket) => opened.push(socket));
    held.end();
  }
  const held = await until(async () => server.journal.all().length >= count, 20_000);
  expect(held).toBe(true);
}

/** Opens `count` connections one after another that send nothing: the first has waited longest. */
async function fillConnections(server: RunningPetstoreServer, count: number): Promise<Socket[]> {
  const idle: Socket[] = [];
  for (let index = 0; index < count; index++) idle.push(await silentClient(server.port, ""));
  return idle;
}

/** A newcomer is served, and of the `idle` connections exactly `evicted` closes to make room. */
async function expectRoomMadeBy(
  server: RunningPetstoreServer,
  idle: readonly Socket[],
  evicted: Socket | undefined,
): Promise<void> {
  const closed = new Set<Socket>();
  for (const socket of idle) socket.resume().once("close", () => closed.add(socket));
  const reply = await send(`${server.url}/pets?limit=1`, { headers: devAuth });
  expect(reply.status).toBe(200);
  expect(await until(async () => closed.size > 0, 2_000)).toBe(true);
  expect([...closed]).toEqual([evicted]);
  for (const socket of idle) socket.destroy();
}

describe("when connections run short", () => {
  it("the longest-waiting idle connection makes room; the newcomer is served", () =>
    withServer({ maxConnections: 4 }, async (server) => {
      const idle = await fillConnections(server, 4 + spareConnections);
      await expectRoomMadeBy(server, idle, idle[0]);
    }));

  it("a connection that has just been answered has waited least: an older idle one makes room", () =>
    withServer({ maxConnections: 4 }, async (server) => {
      const idle = await fillConnections(server, 4 + spareConnections);
      const [first, second] = idle as [Socket, Socket];
      // The oldest connection asks for something on keep-alive and reads its answer.
      const answered = new Promise<string>((resolve) => {
        let text = "";
        first.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("\r\n\r\n[")) resolve(text);
        });
      });
      first.resume();
      first.write(
        `GET /v1/pets?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${devAuth.authorization}\r\n\r\n`,
      );
      expect(await answered).toMatch(/^HTTP\/1\.1 200/);
      await expectRoomMadeBy(server, idle, second);
    }));

  it("API requests get a 503 while all are at work; health and admin still answer", () =>
    withServer({ maxConnections: 8 }, async (server) => {
      await holdRequests(server, 8);
      const refused = await send(`${server.url}/categories`, { headers: devAuth });
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("1");
      expect(JSON.parse(refused.text)).toMatchObject({ code: "too_many_connections" });
      expect((await send(`${server.origin}${healthPath}`)).status).toBe(200);
      expect((await send(`${server.origin}${faultsPath}`, { method: "DELETE" })).status).toBe(204);
    }));

  it("with default limits, 130 hung requests leave health, admin and the API answering", () =>
    withServer({}, async (server) => {
      await holdRequests(server, 130);
      expect((await send(`${server.origin}${healthPath}`)).status).toBe(200);
      expect((await send(`${server.origin}${faultsPath}`, { method: "DELETE" })).status).toBe(204);
      expect((await send(`${server.url}/pets?limit=1`, { headers: devAuth })).status).toBe(200);
    }));

  it("a new connection gets a 503 Error only when every connection is at work", () =>
    withServer({ maxConnections: 4 }, async (server) => {
      // Uploads stalled in their body are requests at work.
      await Promise.all(
        Array.from({ length: 4 + spareConnections }, () =>
          silentClient(
            server.port,
            "POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{",
          ),
        ),
      );
      const raw = await rawExchange(
        server.port,
        "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
      );
      expect(raw).toMatch(/^HTTP\/1\.1 503 /);
      expect(raw.toLowerCase()).toContain("retry-after: 1");
      expect(answersOf(raw)).toEqual([{ status: 503, code: "too_many_connections" }]);
      for (const socket of opened.splice(0)) socket.destroy();
      expect(await until(async () => (await connections(server)) === 0, 5_000)).toBe(true);
      const reply = await send(`${server.url}/pets?limit=1`, { headers: devAuth });
      expect(reply.status).toBe(200);
    }));
});

describe("a valid request followed by junk in the same write", () => {
  let server: RunningPetstoreServer;
  afterAll(() => server?.close());

  it("is answered 201 and stored once, then the junk gets a 400", async () => {
    server = await startPetstoreServer({ port: 0 });
    const before = server.store.count().pets;
    const raw = await rawExchange(server.port, `${createRequest("Pipelined")}JUNK JUNK\r\n\r\n`);
    expect(answersOf(raw).map(({ status }) => status)).toEqual([201, 400]);
    expect(server.store.count().pets).toBe(before + 1);
    expect(server.store.snapshot().pets.filter((pet) => pet.name === "Pipelined")).toHaveLength(1);
  });
});
