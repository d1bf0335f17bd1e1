/**
 * The standalone mock server: the core behind node:http, with sane timeouts,
 * a connection limit, a 400/408/431 Error for malformed HTTP (`connections.ts`),
 * and a graceful close.
 *
 * @example
 * const petstore = await startPetstoreServer({ port: 0 });
 * await fetch(`${petstore.url}/pets`, { headers: { Authorization: "Bearer petstore-dev-key" } });
 * await petstore.reset();
 * await petstore.close();
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMockControls } from "../core/controls.js";
import type { FaultInput, FaultPreset, FaultRegistry } from "../core/faults.js";
import type { Journal } from "../core/journal.js";
import type { Latency } from "../core/latency.js";
import { createPetstoreCore, type PetstoreCore } from "../core/petstore-core.js";
import { seedOptionsOf } from "../setup-options.js";
import { apiBasePath } from "../spec.js";
import { createPetstoreStore, type PetstoreStore, type SeedOptions } from "../store.js";
import { adminRoutes, createAdminEndpoints, isLoopback } from "./admin.js";
import { defaultMaxConnections, guardConnections } from "./connections.js";
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
  /** Until the whole request (headers and body) has arrived: 1 MiB needs 100 KiB/s. */
  request: 10_000,
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
  /** At most this many pets are stored; creates beyond get a 409 `store_full`. Default 10,000. */
  maxPets?: number;
  /** At most this many categories are stored; default 1,000. */
  maxCategories?: number;
  /** Open connections beyond this many get a 503 `too_many_connections`; default 128. */
  maxConnections?: number;
  /**
   * Keeps the store in this JSON file: loaded at start when it exists (its
   * records and seed options win over `seed`/`counts`), else seeded and
   * created; rewritten soon after every change and on `close()`. A damaged or
   * incompatible file rejects the start with `StateFileError`.
   */
  stateFile?: string;
  /** Wraps the core handler, e.g. to inject faults in tests. */
  wrapHandler?: (handle: PetstoreCore) => PetstoreCore;
  /** Faults active from the start and again after every reset. */
  faults?: readonly FaultInput[];
  /** A named fault preset active from the start and again after every reset. */
  preset?: FaultPreset;
  /** Requests the journal keeps; default 1,000. */
  journalSize?: number;
  /**
   * The key the admin endpoints (`/__mock/...`) want as a Bearer token. Without
   * one they are open on loopback and refused (403) on any other address.
   */
  adminKey?: string;
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
  /** The faults in effect: add, list, remove, clear, preset. */
  readonly faults: FaultRegistry;
  /** Every request to the API: all, forOperation, clear. */
  readonly journal: Journal;
  /**
   * Who may use the admin endpoints: `open` (loopback, no key), `key` (the
   * admin key as a Bearer token), `off` (beyond loopback without a key: 403).
   */
  readonly adminAccess: "open" | "key" | "off";
  /** The `stateFile` in use, and whether its state was loaded (else it was created from the seed). */
  readonly stateFile: { readonly path: string; readonly loaded: boolean } | undefined;
  /** Restores the seeded records (with options, reseeds first) and the start-up faults; empties the journal. */
  reset(options?: SeedOptions): Promise<void>;
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  close(): Promise<void>;
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
  const controls = createMockControls(options);
  const core = createPetstoreCore({
    store,
    apiKeys: options.apiKeys,
    latency: options.latency,
    maxPets: options.maxPets,
    maxCategories: options.maxCategories,
    faults: controls.faults,
    journal: controls.journal,
  });
  const handle = options.wrapHandler ? options.wrapHandler(core) : core;
  const write = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));

  let closing = false;
  const closed = new AbortController();
  const trust = { adminKey: options.adminKey, loopback: isLoopback(host) };
  const admin = createAdminEndpoints(
    trust,
    adminRoutes({
      controls,
      reset: async (seedOptions) => {
        await store.reset(seedOptions);
        return store.seedOptions;
      },
      state: store,
    }),
  );
  const server = createServer({
    headersTimeout: serverTimeouts.headers,
    requestTimeout: serverTimeouts.request,
    keepAliveTimeout: serverTimeouts.keepAlive,
    connectionsCheckingInterval: serverTimeouts.checkEvery,
  });
  const tracked = guardConnections(server, options.maxConnections ?? defaultMaxConnections);
  server.on(
    "request",
    tracked(
      createRequestListener(handle, {
        log: (options.quiet ?? true) ? undefined : write,
        admin,
        closing: () => closing,
        closed: closed.signal,
      }),
    ),
  );
  try {
    await listen(server, options.port ?? defaultPort, host);
  } catch (error) {
    await stateFile?.close();
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  const origin = `http://${urlHost(host)}:${port}`;
  let stopped: Promise<void> | undefined;

  return {
    url: `${origin}${apiBasePath}`,
    origin,
    port,
    host,
    store,
    server,
    faults: controls.faults,
    journal: controls.journal,
    adminAccess: trust.adminKey !== undefined ? "key" : trust.loopback ? "open" : "off",
    async reset(seedOptions) {
      await store.reset(seedOptions);
      controls.restore();
    },
    stateFile:
      options.stateFile !== undefined
        ? { path: options.stateFile, loaded: saved !== undefined }
        : undefined,
    close() {
      stopped ??= new Promise<void>((resolve, reject) => {
        closing = true;
        closed.abort();
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
      return stopped;
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
