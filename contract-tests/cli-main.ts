/**
 * `petstore-contract`: checks a deployment against the Pet Store contract.
 * Exit codes: 0 passed, 1 a documented check failed (or an advisory one
 * under `--strict`), 2 bad usage, 3 the target is unreachable or not a JSON API.
 */
import { writeFile } from "node:fs/promises";
import { compareWithMock, comparisonReport } from "./compare-mock.js";
import { type CliOptions, parseCliOptions, UsageError, usage } from "./options.js";
import { createRedactor, secretForms } from "./redact.js";
import { consoleReport } from "./report/console.js";
import { junitReport } from "./report/junit.js";
import { markdownReport } from "./report/markdown.js";
import { runContractSuite, TargetUnavailableError } from "./runner.js";
import { type RunResult, runPassed } from "./suite/results.js";

export const exitCodes = { passed: 0, failed: 1, usage: 2, unavailable: 3 } as const;

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};

/** Writes the report files a run asked for and returns its exit code. */
export async function finish(
  result: RunResult,
  options: Pick<CliOptions, "apiKey" | "junitFile" | "markdownFile">,
  markdownExtra: readonly string[] = [],
): Promise<number> {
  const redact = createRedactor(secretForms(options.apiKey));
  if (options.junitFile) await writeFile(options.junitFile, redact(junitReport(result)));
  if (options.markdownFile) {
    await writeFile(options.markdownFile, redact(markdownReport(result, markdownExtra)));
  }
  return runPassed(result) ? exitCodes.passed : exitCodes.failed;
}

export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  let options: CliOptions | "help";
  try {
    options = parseCliOptions(args, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`petstore-contract: ${error.message} (see --help)\n`);
    return exitCodes.usage;
  }
  if (options === "help") {
    io.out(`${usage}\n`);
    return exitCodes.passed;
  }
  const redact = createRedactor(secretForms(options.apiKey));
  try {
    const result = await runContractSuite(options);
    io.out(redact(consoleReport(result)));
    let extra: string[] = [];
    if (options.compareMock) {
      const comparison = await compareWithMock(options, result);
      const report = comparisonReport(comparison);
      io.out(redact(report.text));
      extra = report.markdown;
    }
    if (options.junitFile) await writeFile(options.junitFile, redact(junitReport(result)));
    if (options.markdownFile)
      await writeFile(options.markdownFile, redact(markdownReport(result, extra)));
    return runPassed(result) ? exitCodes.passed : exitCodes.failed;
  } catch (error) {
    if (error instanceof TargetUnavailableError) {
      io.err(redact(`petstore-contract: ${error.message}\n`));
      return exitCodes.unavailable;
    }
    throw error;
  }
}
