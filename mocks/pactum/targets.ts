/**
 * Where a pactum session's specs go: the kit's standalone mock in this
 * process on a free loopback port, the validating proxy in front of a
 * deployment (the deployment's key stays with the proxy; pactum holds a
 * development key only the proxy accepts), or a deployment directly.
 */
import { randomBytes } from "node:crypto";
import { basePathProblem, baseUrlProblem } from "../interface/base-url.js";
import type { PetstoreServerOptions } from "../server/options.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";

/** The mock's options, as `startPetstoreServer` takes them; it listens on 127.0.0.1, a free port. */
export type PactumMockOptions = Omit<PetstoreServerOptions, "port" | "host" | "proxy">;

/** The in-process mock (the default target). */
export interface MockTarget {
  readonly mock: PactumMockOptions;
}

/** The validating proxy in front of a deployment. */
export interface ProxyTarget {
  /** The deployment's API base URL, ending in `/v1`. */
  readonly proxyTo: string;
  /** The key the proxy sends to the deployment; pactum never holds it. */
  readonly proxyKey?: string | undefined;
  /** The proxy's own options (its `apiKeys` are the development keys pactum may present). */
  readonly mock?: PactumMockOptions | undefined;
}

/** A deployment, directly: pactum sends it `apiKey`. */
export interface DeploymentTarget {
  /** The deployment's API base URL, ending in `/v1`. */
  readonly baseUrl: string;
  readonly apiKey: string;
}

export type PactumTarget = MockTarget | ProxyTarget | DeploymentTarget;

/** A started target: where pactum sends, the key it presents, the secrets to redact, how to stop. */
export interface StartedTarget {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Every key the session knows of: pactum's, the proxy's, the mock's admin key. */
  readonly secrets: readonly string[];
  readonly server: RunningPetstoreServer | undefined;
  close(): Promise<void>;
}

/** A development key for a mock or proxy started without one: random, so no suite learns it by heart. */
const newDevelopmentKey = () => `pactum-dev-${randomBytes(12).toString("hex")}`;

const present = (...keys: (string | undefined)[]): string[] =>
  keys.filter((key): key is string => typeof key === "string" && key !== "");

/** Where each target's key goes instead of its URL. */
const keyOption = { baseUrl: "apiKey", proxyTo: "proxyKey" } as const;

/**
 * Checks that one target is named, with what it needs, and that each URL is
 * an API base as the CLI and the proxy take one (mocks/interface/base-url.ts).
 */
function chosen(target: Partial<MockTarget & ProxyTarget & DeploymentTarget>) {
  const named = [
    target.baseUrl !== undefined && "baseUrl",
    target.proxyTo !== undefined && "proxyTo",
    target.mock !== undefined && target.proxyTo === undefined && "mock",
  ].filter(Boolean);
  if (named.length > 1) {
    throw new TypeError(
      `petstore-mock-kit/pactum: name one target: { mock }, { proxyTo } or { baseUrl, apiKey }, not ${named.join(" and ")}`,
    );
  }
  if (target.baseUrl !== undefined && (typeof target.apiKey !== "string" || target.apiKey === "")) {
    throw new TypeError(
      "petstore-mock-kit/pactum: { baseUrl } needs { apiKey }, the key the deployment accepts",
    );
  }
  for (const name of ["baseUrl", "proxyTo"] as const) {
    const url = target[name];
    if (url === undefined) continue;
    const problem =
      baseUrlProblem(String(url), `give the key as ${keyOption[name]}`) ??
      basePathProblem(String(url), (fixed) => `${name}: "${fixed}"`);
    if (problem !== undefined) throw new TypeError(`petstore-mock-kit/pactum: ${name} ${problem}`);
  }
}

export async function startTarget(
  target: Partial<MockTarget & ProxyTarget & DeploymentTarget>,
): Promise<StartedTarget> {
  chosen(target);
  if (target.baseUrl !== undefined && target.apiKey !== undefined) {
    const { apiKey } = target;
    return {
      baseUrl: target.baseUrl.replace(/\/+$/, ""),
      apiKey,
      secrets: [apiKey],
      server: undefined,
      close: async () => {},
    };
  }
  const options = target.mock ?? {};
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [newDevelopmentKey()];
  const server = await startPetstoreServer({
    ...options,
    apiKeys,
    port: 0,
    host: "127.0.0.1",
    ...(target.proxyTo !== undefined
      ? { proxy: { url: target.proxyTo, key: target.proxyKey } }
      : {}),
  });
  return {
    baseUrl: server.url,
    apiKey: apiKeys[0] as string,
    secrets: present(...apiKeys, target.proxyKey, options.adminKey),
    server,
    close: () => server.close(),
  };
}
