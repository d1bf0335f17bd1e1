/** The suite's runs for its tests: the CLI in this process, the suite against a started mock. */
import {
  type PetstoreServerOptions,
  type ServerTestHooks,
  startPetstoreServerWith,
} from "../../mocks/server/server.js";
import { testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { type CliIo, main } from "../cli/cli-main.js";
import { runContractSuite, type SuiteOptions } from "../run/runner.js";

/** `petstore-contract ARGS` with `env` as its environment: its exit code and what it printed. */
export async function runCli(args: string[], env: CliIo["env"] = {}) {
  const output = { out: "", err: "" };
  const io: CliIo = {
    out: (text) => (output.out += text),
    err: (text) => (output.err += text),
    env,
  };
  return { code: await main(args, io), ...output };
}

/** `use(server)`, then the server closed, whether `use` resolved or threw. */
export async function closedAfter<S extends { close(): Promise<unknown> }, T>(
  server: S,
  use: (server: S) => Promise<T>,
): Promise<T> {
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

/** The suite with `testApiKey` against the kit's mock started with `options`, closed after. */
export async function suiteAgainst(
  options: PetstoreServerOptions & ServerTestHooks = {},
  suite: Partial<Omit<SuiteOptions, "baseUrl" | "apiKey">> = {},
) {
  const server = await startPetstoreServerWith(
    { port: 0, apiKeys: [testApiKey], ...options },
    options,
  );
  const result = await closedAfter(server, () =>
    runContractSuite({ baseUrl: server.url, apiKey: testApiKey, ...suite }),
  );
  return { result, server };
}
