/** The suite's runs for its tests: the CLI in this process, the suite against a started mock. */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

const reportFiles = {
  junit: "junit.xml",
  markdown: "summary.md",
  json: "result.json",
  html: "report.html",
} as const;
type ReportFormat = keyof typeof reportFiles;

/** `runCli` writing every report (JUnit, Markdown, JSON, HTML) to a fresh folder (in `under`); also their texts. */
export async function runCliWithReports(
  args: readonly string[],
  env: CliIo["env"] = {},
  under = tmpdir(),
) {
  const dir = await mkdtemp(join(under, "contract-reports-"));
  const formats = Object.keys(reportFiles) as ReportFormat[];
  const file = (format: ReportFormat) => join(dir, reportFiles[format]);
  const output = await runCli([...args, ...formats.flatMap((f) => [`--${f}`, file(f)])], env);
  const texts = await Promise.all(formats.map((format) => readFile(file(format), "utf8")));
  const reports = Object.fromEntries(formats.map((format, at) => [format, texts[at]]));
  return { ...output, reports: reports as Record<ReportFormat, string> };
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
