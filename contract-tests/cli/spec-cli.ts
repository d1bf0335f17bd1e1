/**
 * `petstore-contract --consumer <file> --against-spec`: reads the contract,
 * reads it against openapi.yaml (against-spec.ts), prints the console report
 * and writes the report files asked for. Exit codes: 0 nothing relies on
 * what the interface does not promise, 1 something does (or an advisory
 * finding under `--strict`), 2 a bad file, 5 a report file not written.
 */

import { printable } from "../../mocks/util/text.js";
import { againstSpec, specFailed } from "../consumer/against-spec.js";
import { readConsumerContract } from "../consumer/contract.js";
import {
  specConsoleReport,
  specHtmlReport,
  specJsonReport,
  specJunitReport,
  specMarkdownReport,
} from "../report/against-spec.js";
import { UsageError } from "../suite/settings.js";
import { type CliIo, exitCodes, writeReportFiles } from "./io.js";
import type { SpecOptions } from "./options.js";

export async function runAgainstSpec(options: SpecOptions, io: CliIo): Promise<number> {
  let result: ReturnType<typeof againstSpec>;
  try {
    result = againstSpec(await readConsumerContract(options.consumerFile), options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`petstore-contract: ${error.message}\n`);
    return exitCodes.usage;
  }
  io.out(specConsoleReport(result));
  const unwritten = await writeReportFiles(
    [
      ["--junit", options.junitFile, () => specJunitReport(result)],
      ["--markdown", options.markdownFile, () => specMarkdownReport(result)],
      ["--json", options.jsonFile, () => specJsonReport(result)],
      ["--html", options.htmlFile, () => specHtmlReport(result)],
    ],
    // The contract holds no secret the kit knows of: its reports are written as they are.
    (text) => text,
  );
  for (const line of unwritten) io.err(printable(`petstore-contract: ${line}\n`));
  if (unwritten.length > 0) return exitCodes.reportNotWritten;
  return specFailed(result) ? exitCodes.failed : exitCodes.passed;
}
