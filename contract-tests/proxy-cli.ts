/**
 * `npm run contract:proxy`: the suite through Prism's validation proxy in
 * front of the target (see prism-proxy.ts). Same flags and environment as
 * `petstore-contract`, except `--compare-mock`; same exit codes. Fails on
 * any violation Prism reports in the target's answers.
 */
import { globalAgent } from "node:http";
import { exitCodes, finish } from "./cli-main.js";
import { parseCliOptions, UsageError, usage } from "./options.js";
import {
  freePort,
  type PrismProxy,
  prismAnswer,
  startPrismProxy,
  withProxyChecks,
} from "./prism-proxy.js";
import { createRedactor, secretForms } from "./redact.js";
import { consoleReport } from "./report/console.js";
import { preflight, runContractSuite, TargetUnavailableError } from "./runner.js";
import type { RunResult } from "./suite/results.js";

/** Points a result at the target rather than the (gone) proxy, for reports and curl lines. */
function throughProxy(result: RunResult, proxyUrl: string, targetUrl: string): RunResult {
  const retarget = (text: string | undefined) => text?.split(proxyUrl).join(targetUrl);
  return {
    ...result,
    baseUrl: `${targetUrl} (through Prism's validation proxy)`,
    checks: result.checks.map((check) =>
      check.curl ? { ...check, curl: retarget(check.curl) ?? "" } : check,
    ),
  };
}

async function run(args: readonly string[]): Promise<number> {
  let options: ReturnType<typeof parseCliOptions>;
  try {
    options = parseCliOptions(args);
    if (options === "list-checks")
      throw new UsageError("--list-checks: run petstore-contract --list-checks");
    if (options !== "help" && options.compareMock)
      throw new UsageError("--compare-mock is not available through the proxy");
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`contract:proxy: ${error.message}\n`);
    return exitCodes.usage;
  }
  if (options === "help") {
    process.stdout.write(`${usage.replace("petstore-contract", "npm run contract:proxy --")}\n`);
    return exitCodes.passed;
  }
  const redact = createRedactor(secretForms(options.apiKey));
  let proxy: PrismProxy;
  try {
    // Through Prism a dead target looks like a 500 problem: ask it directly first.
    await preflight({ ...options, wrongKey: "", maxRetries: 0 });
    proxy = await startPrismProxy(options.baseUrl, await freePort());
  } catch (error) {
    process.stderr.write(redact(`contract:proxy: ${(error as Error).message}\n`));
    return exitCodes.unavailable;
  }
  try {
    const raw = await runContractSuite({
      ...options,
      baseUrl: proxy.url,
      foreignAnswer: prismAnswer,
    });
    const result = throughProxy(
      withProxyChecks(raw, proxy.url, options.apiKey),
      proxy.url,
      options.baseUrl,
    );
    process.stdout.write(redact(consoleReport(result)));
    return await finish(result, options);
  } catch (error) {
    if (!(error instanceof TargetUnavailableError)) throw error;
    process.stderr.write(redact(`contract:proxy: ${error.message}\n`));
    return exitCodes.unavailable;
  } finally {
    await proxy.close();
  }
}

process.exitCode = await run(process.argv.slice(2));
globalAgent.destroy();
