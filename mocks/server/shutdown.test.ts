/** Graceful shutdown: `close()` stops new connections and lets in-flight requests finish. */
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import type { PetstoreCore } from "../core/petstore-core.js";
import { devAuth, send } from "../test-support/http.js";
import { startPetstoreServer, startPetstoreServerWith } from "./server.js";

/** A handler wrapper that holds every request until `release()` is called. */
function gate() {
  let entered!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  const wrap =
    (handle: PetstoreCore): PetstoreCore =>
    async (request) => {
      entered();
      await opened;
      return handle(request);
    };
  return { wrap, arrived, release };
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

describe("close()", () => {
  it("lets an in-flight request finish, refuses new connections, then resolves", async () => {
    const held = gate();
    const server = await startPetstoreServerWith({ port: 0 }, { wrapCore: held.wrap });
    const inFlight = send(`${server.url}/pets?limit=2`, { headers: devAuth });
    await held.arrived;

    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    expect(await connectionRefused(server.port)).toBe(true);
    expect(closed).toBe(false);

    held.release();
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toHaveLength(2);
    expect(reply.headers.connection).toBe("close");
    await closing;
    expect(closed).toBe(true);
  });

  it("closes idle kept-alive connections at once", async () => {
    const server = await startPetstoreServer({ port: 0 });
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true });
    await send(`${server.url}/categories`, { headers: devAuth, agent });
    await server.close();
    expect(server.server.listening).toBe(false);
    agent.destroy();
  });

  it("can be called twice: both calls resolve and the server is closed", async () => {
    const server = await startPetstoreServer({ port: 0 });
    const { port } = server.server.address() as { port: number };
    await expect(Promise.all([server.close(), server.close()])).resolves.toEqual([
      undefined,
      undefined,
    ]);
    expect(server.server.listening).toBe(false);
    expect(await connectionRefused(port)).toBe(true);
    await expect(server.close()).resolves.toBeUndefined();
  });
});
