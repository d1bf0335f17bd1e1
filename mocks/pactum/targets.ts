/**
 * Where a pactum session's specs go: the kit's standalone mock in this
 * process on a free loopback port, the validating proxy in front of a
 * deployment (the deployment's key stays with the proxy; pactum holds a
 * development key only the proxy accepts), or a deployment directly.
 */
import { randomBytes } from "node:crypto";
import { defaultApiKey } from "../core/defaults.js";
import { basePathProblem, baseUrlProblem } from "../interface/base-url.js";
import { apiBasePath } from "../interface/spec.js";
import type { PetstoreServerOptions } from "../server/options.js";
import { defaultPort, startPetstoreServer } from "../server/server.js";
import { apiKeyVariable } from "../util/curl.js";

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

/** Where a failure's curl line sends its request: a target that still answers after the session. */
export interface ReproTarget {
  /** The API base URL the line names. */
  readonly baseUrl: string;
  /** What to do before pasting a line (it reads the key from `$PETSTORE_API_KEY`), in words. */
  readonly note: string;
}

/** A development key for a mock or proxy started without one: random, so no suite learns it by heart. */
const newDevelopmentKey = () => `pactum-dev-${randomBytes(12).toString("hex")}`;

/** A mock started for the session is gone after it: a line goes to one the user starts, with its key. */
const localMock: ReproTarget = {
  baseUrl: `http://127.0.0.1:${defaultPort}${apiBasePath}`,
  note: `the mock this session started is gone after the run: start one with npx petstore-mock --port ${defaultPort}, set ${apiKeyVariable} to its key, ${defaultApiKey}, and paste a curl line; it holds the default seed, not the specs' records`,
};

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

/**
 * A started target: where pactum sends, the key it presents, where a failure's
 * curl line goes, the secrets to redact (every key the session knows of:
 * pactum's, the proxy's, the mock's admin key), the server, how to stop.
 */
export async function startTarget(target: Partial<MockTarget & ProxyTarget & DeploymentTarget>) {
  chosen(target);
  if (target.baseUrl !== undefined && target.apiKey !== undefined) {
    const { apiKey } = target;
    const baseUrl = target.baseUrl.replace(/\/+$/, "");
    return {
      baseUrl,
      apiKey,
      repro: { baseUrl, note: `the curl lines read the key from $${apiKeyVariable}` },
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
    repro:
      target.proxyTo === undefined
        ? localMock
        : {
            baseUrl: target.proxyTo.replace(/\/+$/, ""),
            note: `the curl lines go to the deployment directly (the proxy is gone after the run) and read its key from $${apiKeyVariable}`,
          },
    secrets: present(...apiKeys, target.proxyKey, options.adminKey),
    server,
    close: () => server.close(),
  };
}
