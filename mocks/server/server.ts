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
import { lookup } from "node:dns/promises";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type AdminRequest, adminRoutes, createAdminEndpoints } from "../admin/admin.js";
import { dashboardIcon, dashboardRoutes } from "../admin/dashboard.js";
import { addressOf, createSitePolicy, isLoopback } from "../admin/site.js";
import {
  checkContractFile,
  contractFilePaths,
  writeContractFile,
} from "../contract/contract-file.js";
import { contractFileOf } from "../contract/contract-names.js";
import type { PactContract } from "../contract/pact.js";
import { createContractRecorder } from "../contract/recorder.js";
import {
  type CoreResponse,
  errorResponse,
  type PetstoreCore,
  redactedError,
} from "../core/exchange.js";
import type { FaultRegistry } from "../core/faults.js";
import type { Journal } from "../core/journal.js";
import { type RecordCounts, recordLimitsOf } from "../core/limits.js";
import { loadDashboardAssets } from "../dashboard/assets.js";
import {
  behaviourFrom,
  defaultBehaviour,
  type ResolvedBehaviour,
} from "../interface/behaviour-profile.js";
import { apiBasePath } from "../interface/spec.js";
import { createPetstore } from "../runtime/lifecycle.js";
import { defaults, seedOptionsOf } from "../store/options.js";
import { createPetstoreStore, type PetstoreStore, type SeedOptions } from "../store/store.js";
import { writeFileAtomically } from "../util/files.js";
import { createRequestRedactor } from "../util/redact.js";
import { createRequestListener } from "./app.js";
import { behaviourOf } from "./behaviour-file.js";
import { defaultMaxConnections, guardConnections } from "./connections.js";
import { createFront, type Front } from "./front.js";
import { bufferLines } from "./log-buffer.js";
import {
  logsRequests,
  type PetstoreServerOptions,
  publicServerOptions,
  resolveRecordOptions,
} from "./options.js";
import { checkSeparateFiles } from "./own-files.js";
import {
  followStoreIntoFile,
  lockStateFile,
  readStateFile,
  StateFileError,
  type StateFileWriter,
  stateFilePaths,
} from "./state-file.js";

export const defaultPort = defaults.port;
export const defaultHost = defaults.host;

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
  /** The deployment's base URL behind `proxy`, else undefined. */
  readonly proxy: string | undefined;
  /** The recording file behind `record`, else undefined. */
  readonly record: string | undefined;
  /** The `stateFile` in use, and whether its state was loaded (else it was created from the seed). */
  readonly stateFile: { readonly path: string; readonly loaded: boolean } | undefined;
  /** The file `contract.file` names, written when the server closes; else undefined. */
  readonly contractFile: string | undefined;
  /** The behaviour profile the API answers by (`behaviourFile` or `behaviour`; else the kit's choices). */
  readonly behaviour: ResolvedBehaviour;
  /** What the API's requests so far relied on, as a Pact v4 consumer contract (`GET /__mock/contract`). */
  contract(): PactContract;
  /** Restores the seeded records (with options, reseeds first) and the start-up faults; empties the journal. */
  reset(options?: SeedOptions): Promise<void>;
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  close(): Promise<void>;
}

/** The host as it appears in a URL: an address in its usual spelling, wildcards become loopback, IPv6 gets brackets. */
function urlHost(host: string): string {
  const address = addressOf(host);
  if (address === "0.0.0.0") return "127.0.0.1";
  if (address === "[::]") return "[::1]";
  return address ?? host;
}

/** Hooks for the kit's own tests (proof of power, shutdown, bad input): not public options. */
export interface ServerTestHooks {
  /** Wraps the core, e.g. to inject the violation a contract check must catch. */
  readonly wrapCore?: ((handle: PetstoreCore) => PetstoreCore) | undefined;
}

export function startPetstoreServer(
  options: PetstoreServerOptions = {},
): Promise<RunningPetstoreServer> {
  return startPetstoreServerWith(options, {});
}

/** `startPetstoreServer` with the test hooks. */
export async function startPetstoreServerWith(
  options: PetstoreServerOptions,
  hooks: ServerTestHooks,
): Promise<RunningPetstoreServer> {
  const host = options.host ?? defaultHost;
  // The address `server.listen(port, host)` binds: Node looks the host up just so (`dns.lookup`,
  // the system's resolver: `127.1` and `0x7f000001` are 127.0.0.1). The server listens on it, so
  // whether it is loopback is decided by the address bound, never by the host's spelling.
  const { address } = await lookup(host);
  const loopback = isLoopback(address);
  // Checked before anything is opened: a bad origin rejects the start (RangeError).
  const site = createSitePolicy({ loopback, corsOrigins: options.corsOrigins });
  const limits = recordLimitsOf(options);
  const contractFile = contractFileOf(options.contract);
  const recordFile =
    options.record === undefined ? undefined : resolveRecordOptions(options.record).file;
  // No file in two roles: checked before any of them is read or opened.
  await checkSeparateFiles([
    { flag: "--record", file: recordFile, paths: (file) => [file] },
    { flag: "--state-file", file: options.stateFile, paths: stateFilePaths },
    { flag: "--contract", file: contractFile, paths: contractFilePaths },
  ]);
  // A contract file the close could not merge into stops the start, before anything is changed.
  if (contractFile !== undefined) await checkContractFile(contractFile, options.contract);
  const given = await behaviourOf(options);
  // Resolved before the store: its records take the profile's shapes.
  const behaviour =
    given === undefined ? undefined : behaviourFrom(given, "given as the behaviour option");
  const lock = options.stateFile === undefined ? undefined : await lockStateFile(options.stateFile);
  let stateFile: StateFileWriter | undefined;
  /** Lets the state file and its lock go (and the front, once made) when a start-up step fails. */
  const orRelease = <T>(step: Promise<T>, made?: Front) =>
    step.catch(async (error: unknown) => {
      await made?.close();
      await stateFile?.close();
      await lock?.release();
      throw error;
    });
  const { store, saved, writer } = await orRelease(openStore(options, limits, behaviour));
  stateFile = writer;
  /** While the state file misses changes, every change is refused: nothing is answered as stored that is not. */
  const refuseWrites = (): CoreResponse | undefined => {
    const failure = stateFile?.failure;
    return failure === undefined
      ? undefined
      : errorResponse(
          "state_not_saved",
          `The state file cannot be written (${failure}); changes are refused until it is (retrying; GET /__mock/health shows the state).`,
          { "retry-after": "1" },
        );
  };
  // The one set of secrets every output of the server is redacted of.
  const secrets = secretsOf(options);
  const redactorFor = createRequestRedactor(secrets);
  const petstore = await orRelease(
    createPetstore({
      ...options,
      store,
      secrets,
      refuseWrites,
      contractRecorder: createContractRecorder,
      behaviour,
    }),
  );
  const maxConnections = options.maxConnections ?? defaultMaxConnections();
  const wrap = hooks.wrapCore ?? options.wrapHandler ?? ((core: PetstoreCore) => core);
  const mock = (journal: Journal) => wrap(petstore.handleWith(journal));
  // Standard output gets the lines in batches: one write per request would cost a system call each.
  const stdout = options.log ? undefined : bufferLines((bytes) => process.stdout.write(bytes));
  const front = await orRelease(
    createFront(options, {
      journal: petstore.journal,
      mock,
      log: (line) => process.stderr.write(`${line}\n`),
      secrets,
      site,
      loopback,
      behaviour: petstore.behaviour,
    }),
  );

  let closing = false;
  const closed = new AbortController();
  const trust = { adminKey: options.adminKey, loopback };
  const adminEndpoints = createAdminEndpoints(trust, [
    ...adminRoutes({
      petstore,
      state: store,
      problems: () => {
        const failure = stateFile?.failure;
        return failure === undefined
          ? undefined
          : { stateFile: `${options.stateFile}: ${failure}` };
      },
      deployment: front.deployment,
      refuseWrites,
    }),
    ...dashboardRoutes({
      journal: petstore.journal,
      store,
      options: publicServerOptions({
        ...options,
        maxConnections,
        behaviour: petstore.behaviour ?? defaultBehaviour,
      }),
      closed: closed.signal,
      assets: loadDashboardAssets,
      deployment: front.deployment,
    }),
  ]);
  const admin = async (request: AdminRequest) =>
    redactedError(await adminEndpoints(request), redactorFor(request.header("authorization")));
  const server = createServer({
    headersTimeout: serverTimeouts.headers,
    requestTimeout: serverTimeouts.request,
    keepAliveTimeout: serverTimeouts.keepAlive,
    connectionsCheckingInterval: serverTimeouts.checkEvery,
  });
  const guard = guardConnections(server, maxConnections);
  server.on(
    "request",
    guard.track(
      createRequestListener(front.handle, {
        log: logsRequests(options) ? (options.log ?? stdout) : undefined,
        logAdminReads: options.logAdminReads,
        favicon: () => dashboardIcon(loadDashboardAssets),
        admin,
        saturated: guard.saturated,
        closing: () => closing,
        closed: closed.signal,
        redactTarget: (target, authorization) => redactorFor(authorization)(target),
        site,
      }),
    ),
  );
  // In an async step: a bad port throws at once, and the files are let go as for a failed listen.
  const listening = async () =>
    once(server.listen(options.port ?? defaultPort, address), "listening");
  await orRelease(listening(), front);

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
    faults: petstore.faults,
    journal: petstore.journal,
    adminAccess: trust.adminKey !== undefined ? "key" : trust.loopback ? "open" : "off",
    reset: (seedOptions) => petstore.reset(seedOptions),
    proxy: front.proxyUrl,
    record: front.recordFile,
    stateFile:
      options.stateFile !== undefined
        ? { path: options.stateFile, loaded: saved !== undefined }
        : undefined,
    contractFile,
    behaviour: petstore.behaviour ?? defaultBehaviour,
    contract: () => petstore.contract(),
    close() {
      stopped ??= new Promise<void>((resolve, reject) => {
        closing = true;
        closed.abort();
        const deadline = setTimeout(() => server.closeAllConnections(), serverTimeouts.shutdown);
        deadline.unref();
        server.close((error) => {
          clearTimeout(deadline);
          stdout?.flush();
          // Every answered change reaches the file before close() resolves, and the contract its file.
          const contract =
            contractFile === undefined
              ? undefined
              : writeContractFile(contractFile, petstore.contract());
          const saved = Promise.all([front.close(), stateFile?.close(), contract]).then(() => {});
          const released = saved.finally(() => lock?.release());
          released.then(() => (error ? reject(error) : resolve()), reject);
        });
        // Idle keep-alive connections go now; busy ones close after their answer.
        server.closeIdleConnections();
      });
      return stopped;
    },
  };
}

/** Every secret the server holds: the API keys, the admin key, the proxy key. */
function secretsOf(options: PetstoreServerOptions): string[] {
  return [
    ...(options.apiKeys?.length ? options.apiKeys : defaults.apiKeys),
    ...(options.adminKey === undefined ? [] : [options.adminKey]),
    ...(options.proxy?.key === undefined ? [] : [options.proxy.key]),
  ];
}

/** The store, from the state file when there is one (then followed into it), else from the seed. */
async function openStore(
  options: PetstoreServerOptions,
  limits: RecordCounts,
  behaviour: ResolvedBehaviour | undefined,
) {
  // Checked against the caps before any seed is built from the file's options.
  const saved =
    options.stateFile === undefined ? undefined : await readStateFile(options.stateFile, limits);
  const store = await createPetstoreStore(saved?.seedOptions ?? seedOptionsOf(options), limits, {
    behaviour,
  });
  if (saved) await store.restore(saved);
  const path = options.stateFile;
  if (path === undefined) return { store, saved, writer: undefined };
  // A new state file is created from the fresh store, then the store is followed into it.
  if (!saved) {
    try {
      await writeFileAtomically(path, `${JSON.stringify(store.snapshot())}\n`);
    } catch (error) {
      throw new StateFileError(`state file ${path} cannot be created: ${(error as Error).message}`);
    }
  }
  const writer = followStoreIntoFile(store, path, (line) => process.stderr.write(`${line}\n`));
  return { store, saved, writer };
}

export { createRequestListener, type RequestListenerOptions } from "./app.js";
export type { PetstoreServerOptions } from "./options.js";
