/**
 * `petstore-contract`: checks a deployment against the Pet Store contract.
 * Exit codes: 0 passed, 1 a documented check failed (or an advisory one
 * under `--strict`), 2 bad usage, 3 the target is unreachable or not a JSON
 * API, 4 the run reached `--max-time` (the reports hold what it had).
 */
import { writeFile } from "node:fs/promises";
import { compareWithMock, comparisonReport } from "./compare-mock.js";
import { type CliOptions, parseCliOptions, UsageError, usage } from "./options.js";
import { createRedactor, secretForms } from "./redact.js";
import { consoleReport } from "./report/console.js";
import { htmlReport } from "./report/html.js";
import { jsonReport } from "./report/json.js";
import { junitReport } from "./report/junit.js";
import { markdownReport } from "./report/markdown.js";
import { printable } from "./report/text.js";
import { runContractSuite, TargetUnavailableError } from "./runner.js";
import { type RunResult, runPassed } from "./suite/results.js";
import { fullPlan, traceMarkdown, traceRules } from "./trace.js";

export const exitCodes = { passed: 0, failed: 1, usage: 2, unavailable: 3, maxTime: 4 } as const;

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

type ReportOptions = Pick<
  CliOptions,
  "apiKey" | "junitFile" | "markdownFile" | "jsonFile" | "htmlFile"
>;

/** Writes the report files a run asked for (every one redacted) and returns its exit code. */
export async function finish(
  result: RunResult,
  options: Partial<ReportOptions> & Pick<ReportOptions, "apiKey">,
  markdownExtra: readonly string[] = [],
): Promise<number> {
  const redact = createRedactor(secretForms(options.apiKey));
  const files: Array<[string | undefined, () => string]> = [
    [options.junitFile, () => junitReport(result)],
    [options.markdownFile, () => markdownReport(result, markdownExtra)],
    [options.jsonFile, () => jsonReport(result)],
    [options.htmlFile, () => htmlReport(result)],
  ];
  for (const [file, render] of files) if (file) await writeFile(file, redact(render()));
  if (result.stoppedEarly) return exitCodes.maxTime;
  return runPassed(result) ? exitCodes.passed : exitCodes.failed;
}

export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  let options: CliOptions | "help" | "list-checks";
  try {
    options = parseCliOptions(args, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`petstore-contract: ${printable(error.message)} (see --help)\n`);
    return exitCodes.usage;
  }
  if (options === "help") {
    io.out(`${usage}\n`);
    return exitCodes.passed;
  }
  if (options === "list-checks") {
    io.out(traceMarkdown(traceRules(await fullPlan())));
    return exitCodes.passed;
  }
  const redact = createRedactor(secretForms(options.apiKey));
  try {
    const result = await runContractSuite(options);
    io.out(redact(consoleReport(result)));
    let extra: string[] = [];
    if (options.compareMock && !result.stoppedEarly) {
      const comparison = await compareWithMock(options, result);
      const report = comparisonReport(comparison);
      io.out(printable(redact(report.text)));
      extra = report.markdown;
    }
    return await finish(result, options, extra);
  } catch (error) {
    if (error instanceof TargetUnavailableError) {
      io.err(printable(redact(`petstore-contract: ${error.message}\n`)));
      return exitCodes.unavailable;
    }
    throw error;
  }
}
