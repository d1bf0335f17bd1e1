/**
 * What the standalone server puts before its listener: the mock core, or the
 * validating proxy in front of a deployment (`proxy`), and the recorder around
 * either (`record`). The proxy and the recorder load only when asked for.
 */

import type { DeploymentHealth } from "../admin/admin.js";
import type { PetstoreCore } from "../core/petstore-core.js";
import { defaultApiKey } from "../store/options.js";
import {
  type PetstoreServerOptions,
  resolveProxyOptions,
  resolveRecordOptions,
} from "./options.js";
import { createProxyHandler, type ProxyHandlerOptions } from "./proxy.js";
import { openRecording } from "./recording.js";

export interface Front {
  readonly handle: PetstoreCore;
  /** The deployment's base URL when proxying. */
  readonly proxyUrl: string | undefined;
  /** When proxying: the deployment's state, for `GET /__mock/health`. */
  readonly deployment: (() => DeploymentHealth) | undefined;
  /** The recording file in use. */
  readonly recordFile: string | undefined;
  /** Finishes the recording and drops pooled connections to the deployment. */
  close(): Promise<void>;
}

/**
 * Refuses (RangeError) a proxy that anyone could use: bound beyond loopback
 * while the only accepted key is the public default, it would lend the proxy
 * key to whoever reaches the address.
 */
export function checkProxyExposure(
  options: Pick<PetstoreServerOptions, "proxy" | "host" | "apiKeys">,
  loopback: boolean,
): void {
  const keys = options.apiKeys?.length ? options.apiKeys : [defaultApiKey];
  const publicKeyOnly = keys.every((key) => key === defaultApiKey);
  if (options.proxy && publicKeyOnly && !loopback) {
    throw new RangeError(
      `a proxy bound to ${options.host} needs an --api-key of your own: ${defaultApiKey} is public, and anyone who can reach the address would use the proxy key`,
    );
  }
}

interface FrontContext
  extends Pick<ProxyHandlerOptions, "journal" | "mock" | "secrets" | "site" | "behaviour"> {
  /** Where the recorder says that it stopped or skipped an exchange. */
  readonly log: (line: string) => void;
  /** Whether the address the server binds is loopback (not its spelling: `127.1` is). */
  readonly loopback: boolean;
}

/** The handler to serve: the mock core, or the proxy in front of a deployment, recorded when asked. */
export async function createFront(
  options: PetstoreServerOptions,
  { journal, mock, log, secrets, site, loopback, behaviour }: FrontContext,
): Promise<Front> {
  checkProxyExposure(options, loopback);
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [defaultApiKey];
  const proxy = options.proxy ? resolveProxyOptions(options.proxy) : undefined;
  const record = options.record ? resolveRecordOptions(options.record) : undefined;
  const proxying =
    proxy && createProxyHandler({ proxy, apiKeys, journal, mock, secrets, site, behaviour });
  const handle = proxying ? proxying.handle : mock(journal);
  const recorder = record
    ? await openRecording(record, {
        apiKeys,
        secrets,
        log,
        stateFile: options.stateFile,
      })
    : undefined;
  return {
    handle: recorder ? recorder.wrap(handle) : handle,
    proxyUrl: proxy?.url,
    deployment: proxying?.deployment,
    recordFile: record?.file,
    async close() {
      proxying?.close();
      await recorder?.close();
    },
  };
}
