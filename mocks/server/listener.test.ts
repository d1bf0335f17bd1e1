/**
 * The node:http adapter on its own, with a stub app: what the app is given
 * (method, target, headers, body, abort signal) and how its answer is written
 * (headers, Content-Length, Connection, a dropped answer, an unsendable one).
 */
import { Agent, createServer, IncomingMessage, type Server, ServerResponse } from "node:http";
import { type AddressInfo, connect, Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CoreResponse, maxBodyBytes } from "../core/exchange.js";
import { type SendOptions, send as sendWith } from "../test-support/http.js";
import { type App, type AppRequest, type NodeListenerOptions, toNodeListener } from "./listener.js";

const servers: Server[] = [];
let agent = new Agent({ keepAlive: true });
afterEach(async () => {
  vi.restoreAllMocks();
  agent.destroy();
  agent = new Agent({ keepAlive: true });
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** Listens on a free loopback port (closed after the test); resolves to the port. */
async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function serve(app: App, options?: NodeListenerOptions): Promise<string> {
  return `http://127.0.0.1:${await listen(createServer(toNodeListener(app, options)))}`;
}

/** One request over the test's keep-alive agent; rejects when the connection is reset. */
const send = (url: string, options: Omit<SendOptions, "agent"> = {}) =>
  sendWith(url, { ...options, agent });

const answer = (partial: Partial<CoreResponse> = {}): CoreResponse => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: "{}",
  ...partial,
});

describe("the request the app is given", () => {
  it("carries the method, the target, the headers (repeated ones joined) and no body for a GET", async () => {
    const seen: AppRequest[] = [];
    const url = await serve(async (request) => {
      seen.push(request);
      return answer();
    });
    await send(`${url}/v1/pets?limit=2`, {
      headers: { "x-one": "a", "set-cookie": ["b=1", "c=2"] },
    });
    const [request] = seen;
    expect(request?.method).toBe("GET");
    expect(request?.url).toBe("/v1/pets?limit=2");
    expect(request?.header("x-one")).toBe("a");
    expect(request?.header("set-cookie")).toBe("b=1, c=2");
    expect(request?.header("x-absent")).toBeUndefined();
    expect(request?.body).toBeUndefined();
    expect(request?.bodyTooLarge).toBe(false);
  });

  it("carries the body of a POST, and a body over the limit as too large", async () => {
    const seen: Array<Pick<AppRequest, "body" | "bodyTooLarge">> = [];
    const url = await serve(async ({ body, bodyTooLarge }) => {
      seen.push({ body, bodyTooLarge });
      return answer();
    });
    const created = await send(`${url}/v1/pets`, { method: "POST", body: '{"name":"Rex"}' });
    expect(created.headers.connection).toBe("keep-alive");
    await send(`${url}/v1/pets`, { method: "POST", body: "x".repeat(maxBodyBytes + 1) });
    expect(seen).toEqual([
      { body: '{"name":"Rex"}', bodyTooLarge: false },
      { body: undefined, bodyTooLarge: true },
    ]);
  });

  it.each(["GET", "HEAD"])("never reads the body of a %s", async (method) => {
    const seen: Array<Pick<AppRequest, "method" | "body" | "bodyTooLarge">> = [];
    const url = await serve(({ method, body, bodyTooLarge }) => {
      seen.push({ method, body, bodyTooLarge });
      return answer({ body: undefined });
    });
    const reply = await send(`${url}/v1/pets`, {
      method,
      headers: { connection: "close", "content-length": "14" },
      body: '{"name":"Rex"}',
    });
    expect(reply.status).toBe(200);
    expect(seen).toEqual([{ method, body: undefined, bodyTooLarge: false }]);
  });

  it("does not call the app for a body its client abandoned", async () => {
    const calls: string[] = [];
    const server = createServer(
      toNodeListener(async (request) => {
        calls.push(request.url);
        return answer();
      }),
    );
    const socket = connect(await listen(server), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("POST /cut HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n0123456789");
    const connections = (open: number) =>
      vi.waitFor(async () => {
        const count = await new Promise((resolve) => server.getConnections((_, n) => resolve(n)));
        expect(count).toBe(open);
      });
    await connections(1);
    socket.destroy();
    await connections(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it("gives a signal that aborts when the client goes away, and one already aborted after the answer", async () => {
    let signal: AbortSignal | undefined;
    let late: AppRequest | undefined;
    const url = await serve(async (request) => {
      if (request.url === "/late") {
        late = request;
        return answer();
      }
      signal = request.signal;
      await new Promise((resolve) => signal?.addEventListener("abort", resolve));
      return answer();
    });
    const client = new AbortController();
    const pending = fetch(`${url}/hang`, { signal: client.signal }).catch(() => undefined);
    await vi.waitFor(() => expect(signal).toBeDefined());
    expect(signal?.aborted).toBe(false);
    client.abort();
    await pending;
    await vi.waitFor(() => expect(signal?.aborted).toBe(true));

    await send(`${url}/late`);
    await vi.waitFor(() => expect(late?.signal.aborted).toBe(true));
  });

  it("gives a signal already aborted when the client left before the app asked for it", async () => {
    const server = createServer();
    const connectionClosed = new Promise<void>((resolve) =>
      server.once("connection", (socket) => socket.once("close", () => resolve())),
    );
    let called = false;
    let aborted: boolean | undefined;
    server.on(
      "request",
      toNodeListener(async (request) => {
        called = true;
        await connectionClosed;
        aborted = request.signal.aborted;
        return answer();
      }),
    );
    const port = await listen(server);
    const client = new AbortController();
    const pending = fetch(`http://127.0.0.1:${port}/gone`, { signal: client.signal }).catch(
      () => undefined,
    );
    await vi.waitFor(() => expect(called).toBe(true));
    client.abort();
    await pending;
    await vi.waitFor(() => expect(aborted).toBe(true));
  });

  it("gives a signal that aborts when the server closes", async () => {
    const closed = new AbortController();
    let signal: AbortSignal | undefined;
    const url = await serve(
      async (request) => {
        signal = request.signal;
        await new Promise((resolve) => signal?.addEventListener("abort", resolve));
        return answer({ dropped: true });
      },
      { closed: closed.signal },
    );
    const pending = send(`${url}/hang`).catch(() => "reset");
    await vi.waitFor(() => expect(signal).toBeDefined());
    closed.abort();
    expect(await pending).toBe("reset");
    expect(signal?.aborted).toBe(true);
  });
});

describe("the answer written back", () => {
  it("writes the app's headers and a Content-Length in bytes, never the app's own", async () => {
    const url = await serve(async () =>
      answer({ headers: { "x-a": "1", "content-length": "999" }, body: '"ключ"' }),
    );
    const reply = await send(`${url}/`);
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('"ключ"');
    expect(reply.headers["x-a"]).toBe("1");
    expect(reply.headers["content-length"]).toBe(String(Buffer.byteLength('"ключ"')));
    expect(reply.rawHeaders.filter((name) => name.toLowerCase() === "content-length")).toHaveLength(
      1,
    );
    expect(reply.headers.connection).toBe("keep-alive");
  });

  it("gives each body its own Content-Length when one is answered again after another of the same length", async () => {
    // Two texts of 6 UTF-16 units: 6 bytes and 10 bytes.
    const bodies: Record<string, string> = { "/ascii": '"abcd"', "/cyrillic": '"ключ"' };
    const url = await serve(async (request) => answer({ body: bodies[request.url] }));
    for (const path of ["/ascii", "/ascii", "/cyrillic", "/cyrillic", "/ascii"]) {
      const reply = await send(`${url}${path}`);
      expect(reply.text).toBe(bodies[path]);
      expect(reply.headers["content-length"]).toBe(String(Buffer.byteLength(bodies[path] ?? "")));
    }
  });

  it("writes the headers each answer has: the same frozen ones again, changed ones, a new length, a close", async () => {
    const frozen = Object.freeze({ "content-type": "application/json", vary: "Origin" });
    const changing: Record<string, string> = { "content-type": "application/json", "x-n": "1" };
    let closing = false;
    const url = await serve(
      (request) => {
        if (request.url === "/changing") return answer({ headers: changing });
        return answer({ headers: frozen, body: request.url === "/long" ? '{"a":1}' : "{}" });
      },
      { closing: () => closing },
    );
    const headersOf = async (path: string) => (await send(`${url}${path}`)).headers;
    for (const path of ["/same", "/same"]) {
      expect(await headersOf(path)).toMatchObject({ vary: "Origin", "content-length": "2" });
    }
    expect((await headersOf("/long"))["content-length"]).toBe("7");
    expect((await headersOf("/same"))["content-length"]).toBe("2");
    expect((await headersOf("/changing"))["x-n"]).toBe("1");
    changing["x-n"] = "2";
    expect((await headersOf("/changing"))["x-n"]).toBe("2");
    closing = true;
    expect((await headersOf("/same")).connection).toBe("close");
    closing = false;
    expect((await headersOf("/same")).connection).toBe("keep-alive");
  });

  it("answers a HEAD with the Content-Length its GET would have, and 0 without one", async () => {
    const url = await serve(async (request) =>
      answer({
        body: undefined,
        headers: request.url === "/sized" ? { "content-length": "42" } : {},
      }),
    );
    expect((await send(`${url}/sized`, { method: "HEAD" })).headers["content-length"]).toBe("42");
    expect((await send(`${url}/bare`, { method: "HEAD" })).headers["content-length"]).toBe("0");
  });

  it("resets the connection for a dropped answer", async () => {
    const url = await serve(async () => answer({ dropped: true }));
    await expect(send(`${url}/`)).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it("answers 500 internal_error when node refuses the app's headers, and survives", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const url = await serve(async (request) =>
      request.url === "/bad" ? answer({ headers: { "x-bad": "line\nbreak" } }) : answer(),
    );
    const reply = await send(`${url}/bad`);
    expect(reply.status).toBe(500);
    expect(JSON.parse(reply.text)).toMatchObject({ code: "internal_error", status: 500 });
    expect(logged).toHaveBeenCalledWith("petstore-mock: unsendable response", expect.any(Error));
    expect((await send(`${url}/good`)).status).toBe(200);
  });
});

/** The app answers either at once (a plain value) or later (a promise): both paths write the same. */
const givenAtOnce = (app: App): App => app;
const givenLater =
  (app: App): App =>
  async (request) =>
    app(request);

describe.each([
  ["at once", givenAtOnce],
  ["later", givenLater],
])("an answer given %s", (_, given) => {
  it("closes the connection while closing() says so, unless the answer sets Connection", async () => {
    let closing = false;
    const url = await serve(
      given((request) =>
        answer(request.url === "/own" ? { headers: { connection: "keep-alive" } } : {}),
      ),
      { closing: () => closing },
    );
    expect((await send(`${url}/`)).headers.connection).toBe("keep-alive");
    closing = true;
    expect((await send(`${url}/`)).headers.connection).toBe("close");
    expect((await send(`${url}/own`)).headers.connection).toBe("keep-alive");
  });

  it("keeps the connection open without closing()", async () => {
    const url = await serve(given(() => answer()));
    const reply = await send(`${url}/`);
    expect(reply.status).toBe(200);
    expect(reply.headers.connection).toBe("keep-alive");
  });

  it("closes the connection after a body too large to drain, whatever closing() says", async () => {
    const url = await serve(
      given(({ bodyTooLarge }) => answer({ status: bodyTooLarge ? 413 : 200 })),
      { closing: () => false },
    );
    const reply = await send(`${url}/v1/pets`, {
      method: "POST",
      headers: { "content-length": String(64 * maxBodyBytes) },
    });
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe("close");
  });

  it("closes only that connection when the app fails, and keeps serving", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const url = await serve(
      given((request) => {
        if (request.url.startsWith("/fail")) throw new Error("boom");
        return answer();
      }),
    );
    await expect(send(`${url}/fail`)).rejects.toThrow(/socket hang up|ECONNRESET/);
    await expect(send(`${url}/fail`, { method: "POST", body: "{}" })).rejects.toThrow();
    expect(logged).toHaveBeenCalledWith(
      "petstore-mock: could not answer a request",
      expect.objectContaining({ message: "boom" }),
    );
    expect((await send(`${url}/good`)).status).toBe(200);
  });
});

describe("when an answer is written", () => {
  /** A request with its whole body (if any) already received, on a socket nothing is written to. */
  function made(
    method: string,
    path: string,
    body?: string,
  ): { incoming: IncomingMessage; response: ServerResponse } {
    const incoming = new IncomingMessage(new Socket());
    incoming.method = method;
    incoming.url = path;
    if (body !== undefined) {
      incoming.headers = { "content-length": String(body.length) };
      incoming.push(body);
    }
    incoming.push(null);
    return { incoming, response: new ServerResponse(incoming) };
  }

  /** Calls the listener with the made POSTs in one turn; `events` says when the app saw each and when each was written. */
  function postTogether(app: App, paths: readonly string[], events: string[]) {
    const listener = toNodeListener(app);
    return paths.map((path) => {
      const post = made("POST", path, '{"name":"Rex"}');
      const end = post.response.end.bind(post.response);
      post.response.end = ((...args: Parameters<ServerResponse["end"]>) => {
        events.push(`written ${path}`);
        return end(...args);
      }) as ServerResponse["end"];
      listener(post.incoming, post.response);
      return post;
    });
  }

  const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("late answers go out together once the turn's requests have all reached the app", async () => {
    const events: string[] = [];
    const app: App = (request) => {
      events.push(`app ${request.url}`);
      return request.url === "/later" ? Promise.resolve(answer()) : answer();
    };
    const posts = postTogether(app, ["/now", "/later", "/third"], events);
    await nextTurn();
    expect(events.slice(0, 3)).toEqual(["app /now", "app /later", "app /third"]);
    expect(events.slice(3).sort()).toEqual(["written /later", "written /now", "written /third"]);
    expect(posts.map(({ response }) => response.writableEnded)).toEqual([true, true, true]);
  });

  it("a GET answered at once is written at once", () => {
    const { incoming, response } = made("GET", "/v1/pets");
    toNodeListener(() => answer())(incoming, response);
    expect(response.writableEnded).toBe(true);
  });

  it("an answer that cannot be written is abandoned alone; the rest of the turn's are written", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const events: string[] = [];
    const [broken, fine] = postTogether(() => answer(), ["/broken", "/fine"], events).map(
      ({ response }) => response,
    ) as [ServerResponse, ServerResponse];
    broken.end = () => {
      throw new Error("socket gone");
    };
    await nextTurn();
    expect(broken.destroyed).toBe(true);
    expect(fine.writableEnded).toBe(true);
    expect(logged).toHaveBeenCalledWith(
      "petstore-mock: could not answer a request",
      expect.objectContaining({ message: "socket gone" }),
    );
  });
});
