/**
 * The standalone server under hostile clients, bounded in count and time on
 * loopback: clients that never read nor close cannot keep descriptors after
 * their Error answer, connections beyond the limit get a 503, and a valid
 * request followed by junk in the same write is answered (and stored) once.
 */
import { connect, type Socket } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { closeGraceMs } from "../server/connections.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";
import { devAuth, rawExchange, send } from "../server/test-support/http.js";

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
    `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${devAuth.authorization}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};

describe("clients that never read nor close", () => {
  const half = {
    "stall in their headers (408)": "GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Slow: ",
    "stall in their body (408)": `POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"na`,
    "send malformed HTTP (400)": "NOT HTTP AT ALL\r\n\r\n",
  };

  it.each(Object.entries(half))("%s release their descriptors", async (_what, bytes) => {
    const server = await startPetstoreServer({ port: 0 });
    server.server.headersTimeout = 200;
    server.server.requestTimeout = 300;
    try {
      await Promise.all(Array.from({ length: 40 }, () => silentClient(server.port, bytes)));
      // The timeouts are checked every second; then the answer's grace period.
      const released = await until(
        async () => (await connections(server)) === 0,
        5_000 + closeGraceMs,
      );
      expect(released).toBe(true);
      const reply = await send(`${server.url}/pets?limit=1`, { headers: devAuth });
      expect(reply.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("more connections than the limit", () => {
  it("get a 503 too_many_connections Error and are closed; the others are served", async () => {
    const server = await startPetstoreServer({ port: 0, maxConnections: 5 });
    try {
      const idle = await Promise.all(
        Array.from({ length: 5 }, () => silentClient(server.port, "")),
      );
      const raw = await rawExchange(
        server.port,
        "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n",
      );
      expect(raw).toMatch(/^HTTP\/1\.1 503 /);
      expect(raw.toLowerCase()).toContain("retry-after: 1");
      expect(answersOf(raw)).toEqual([{ status: 503, code: "too_many_connections" }]);
      for (const socket of idle) socket.destroy();
      expect(await until(async () => (await connections(server)) === 0, 5_000)).toBe(true);
      const reply = await send(`${server.url}/pets?limit=1`, { headers: devAuth });
      expect(reply.status).toBe(200);
    } finally {
      await server.close();
    }
  });
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
