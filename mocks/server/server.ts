/**
 * The standalone mock server: the core behind node:http, with sane timeouts,
 * a 400/408/431 Error for malformed HTTP, and a graceful close.
 *
 * @example
 * const petstore = await startPetstoreServer({ port: 0 });
 * await fetch(`${petstore.url}/pets`, { headers: { Authorization: "Bearer petstore-dev-key" } });
 * await petstore.reset();
 * await petstore.close();
 */
import { createServer, type Server, STATUS_CODES } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createPetstoreHandler, type PetstoreHandler } from "../core/handler.js";
import type { Latency } from "../core/latency.js";
import { type ErrorCode, errorBody } from "../errors.js";
import { seedOptionsOf } from "../setup-options.js";
import { apiBasePath } from "../spec.js";
import { createPetstoreStore, type PetstoreStore, type SeedOptions } from "../store.js";
import { createRequestListener } from "./listener.js";
import {
  followStoreIntoFile,
  readStateFile,
  StateFileError,
  type StateFileWriter,
  writeFileAtomically,
} from "./state-file.js";

export const defaultPort = 4000;
export const defaultHost = "127.0.0.1";

/** Timeouts against slow or stalled clients, in ms. */
export const serverTimeouts = {
  /** Until a request's headers have arrived. */
  headers: 10_000,
  /** Until the whole request (headers and body) has arrived. */
  request: 30_000,
  /** How often the header and request timeouts are checked. */
  checkEvery: 1_000,
  /** An idle keep-alive connection. */
  keepAlive: 5_000,
  /** How long `close()` waits for in-flight requests before cutting connections. */
  shutdown: 10_000,
} as const;

export interface PetstoreServerOptions {
  /** TCP port; default 4000; 0 picks a free one. */
  port?: number;
  /** Address to bind; default `127.0.0.1`. */
  host?: string;
  /** Accepted bearer keys; default `["petstore-dev-key"]`. */
  apiKeys?: readonly string[];
  /** Faker seed of the store; default 42. */
  seed?: number;
  /** How many records to seed; default 5 categories and 50 pets. */
  counts?: { pets?: number; categories?: number };
  /** Added delay before every answer, in ms or a `[min, max]` range; default none. */
  latency?: Latency;
  /** No request log; default true here (the CLI logs unless `--quiet`). */
  quiet?: boolean;
  /** Where log lines go; default stdout. */
  log?: (line: string) => void;
  /**
   * Keeps the store in this JSON file: loaded at start when it exists (its
   * records and seed options win over `seed`/`counts`), else seeded and
   * created; rewritten soon after every change and on `close()`. A damaged or
   * incompatible file rejects the start with `StateFileError`.
   */
  stateFile?: string;
  /** Wraps the core handler, e.g. to inject faults in tests. */
  wrapHandler?: (handle: PetstoreHandler) => PetstoreHandler;
}

export interface RunningPetstoreServer {
  /** The API base URL, e.g. `http://127.0.0.1:4000/v1`. */
  readonly url: string;
  /** Scheme, host and port, e.g. `http://127.0.0.1:4000`. */
  readonly origin: string;
  readonly port: number;
  readonly host: string;
  /** The store behind the server: arrange and inspect records. */
  readonly store: PetstoreStore;
  readonly server: Server;
  /** The `stateFile` in use, and whether its state was loaded (else it was created from the seed). */
  readonly stateFile: { readonly path: string; readonly loaded: boolean } | undefined;
  /** Restores the seeded records; with options, reseeds first. */
  reset(options?: SeedOptions): Promise<void>;
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  close(): Promise<void>;
}

const clientErrorAnswers: Readonly<Record<string, readonly [ErrorCode, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: ["request_timeout", "The request did not arrive in time."],
  HPE_HEADER_OVERFLOW: ["headers_too_large", "The request headers are too large."],
};

/** Answers a request node could not parse (or that timed out) with an Error body. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [code, message] = clientErrorAnswers[error.code ?? ""] ?? [
    "malformed_request",
    `The request is not valid HTTP/1.1 (${error.code ?? error.message}).`,
  ];
  const answer = errorBody(code, message);
  const body = JSON.stringify(answer);
  const { status } = answer;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** The host as it appears in a URL: wildcards become loopback, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

export async function startPetstoreServer(
  options: PetstoreServerOptions = {},
): Promise<RunningPetstoreServer> {
  const host = options.host ?? defaultHost;
  const saved =
    options.stateFile === undefined ? undefined : await readStateFile(options.stateFile);
  const store = await createPetstoreStore(saved?.seedOptions ?? seedOptionsOf(options));
  if (saved) await store.restore(saved);
  const stateFile =
    options.stateFile === undefined
      ? undefined
      : await persistInto(store, options.stateFile, saved === undefined);
  const core = createPetstoreHandler({
    store,
    apiKeys: options.apiKeys,
    latency: options.latency,
  });
  const handle = options.wrapHandler ? options.wrapHandler(core) : core;
  const write = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));

  let closing = false;
  const server = createServer({
    headersTimeout: serverTimeouts.headers,
    requestTimeout: serverTimeouts.request,
    keepAliveTimeout: serverTimeouts.keepAlive,
    connectionsCheckingInterval: serverTimeouts.checkEvery,
  });
  server.on(
    "request",
    createRequestListener(handle, {
      log: (options.quiet ?? true) ? undefined : write,
      reset: async (seedOptions) => {
        await store.reset(seedOptions);
        return store.seedOptions;
      },
      state: store,
      closing: () => closing,
    }),
  );
  server.on("clientError", answerClientError);
  try {
    await listen(server, options.port ?? defaultPort, host);
  } catch (error) {
    await stateFile?.close();
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  const origin = `http://${urlHost(host)}:${port}`;
  let closed: Promise<void> | undefined;

  return {
    url: `${origin}${apiBasePath}`,
    origin,
    port,
    host,
    store,
    server,
    stateFile:
      options.stateFile !== undefined
        ? { path: options.stateFile, loaded: saved !== undefined }
        : undefined,
    reset: (seedOptions) => store.reset(seedOptions),
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        closing = true;
        const deadline = setTimeout(() => server.closeAllConnections(), serverTimeouts.shutdown);
        deadline.unref();
        server.close((error) => {
          clearTimeout(deadline);
          // Every answered change reaches the file before close() resolves.
          const saved = stateFile ? stateFile.close() : Promise.resolve();
          saved.then(() => (error ? reject(error) : resolve()), reject);
        });
        // Idle keep-alive connections go now; busy ones close after their answer.
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}

/** Creates the state file from the fresh store when asked, then follows the store into it. */
async function persistInto(
  store: PetstoreStore,
  path: string,
  create: boolean,
): Promise<StateFileWriter> {
  if (create) {
    try {
      await writeFileAtomically(path, `${JSON.stringify(store.snapshot())}\n`);
    } catch (error) {
      throw new StateFileError(`state file ${path} cannot be created: ${(error as Error).message}`);
    }
  }
  return followStoreIntoFile(store, path, (line) => process.stderr.write(`${line}\n`));
}

export { createRequestListener, type RequestListenerOptions } from "./listener.js";
