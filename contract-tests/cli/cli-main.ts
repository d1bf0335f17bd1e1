/**
 * `petstore-contract`: checks a deployment against the Pet Store contract.
 * `parse(argv, env)` (options.ts) gives the command, `run(command, io)` carries
 * it out and returns the exit code; the bin (cli.ts) only wires the process in.
 * Exit codes: 0 passed, 1 a documented check failed (or an advisory one
 * under `--strict`), 2 bad usage, 3 the deployment is not answering (at the
 * start, or it stopped mid-run) or is not a JSON API, 4 the run reached
 * `--max-time` (the reports hold what it had), 5 `--learn --check` found a
 * choice changed, 6 a report file could not be written (said after the
 * verdict).
 */
import type {
  BehaviourProfile,
  ResolvedBehaviour,
} from "../../mocks/interface/behaviour-profile.js";
import { usageLine } from "../../mocks/util/cli.js";
import { kitVersion } from "../../mocks/util/package-root.js";
import { createRedactor, type Redact } from "../../mocks/util/redact.js";
import { printable } from "../../mocks/util/text.js";
import { consoleReport } from "../report/console.js";
import { htmlReport } from "../report/html.js";
import { jsonReport } from "../report/json.js";
import { junitReport } from "../report/junit.js";
import { withKeyNote } from "../report/key-note.js";
import { markdownReport } from "../report/markdown.js";
import type { ReportedRun } from "../report/run.js";
import type { LearnRun } from "../run/learn.js";
import { runContractSuite, TargetUnavailableError } from "../run/runner.js";
import { runPassed } from "../suite/results.js";
import { UsageError } from "../suite/settings.js";
import { RunBudget, RunDeadlineError } from "../transport/http.js";
import { type CliIo, exitCodes, writeReportFiles } from "./io.js";
import { type CliOptions, type Command, parse, usage } from "./options.js";

export { type CliIo, exitCodes };

function writeReports(
  result: ReportedRun,
  options: CliOptions,
  redact: Redact,
  markdownExtra: readonly string[],
): Promise<string[]> {
  return writeReportFiles(
    [
      ["--junit", options.junitFile, () => junitReport(result)],
      ["--markdown", options.markdownFile, () => markdownReport(result, markdownExtra)],
      ["--json", options.jsonFile, () => jsonReport(result)],
      ["--html", options.htmlFile, () => htmlReport(result)],
    ],
    redact,
  );
}

function verdictCode(result: ReportedRun): number {
  if (result.stopReason === undefined)
    return runPassed(result) ? exitCodes.passed : exitCodes.failed;
  return result.stopReason === "max-time" ? exitCodes.maxTime : exitCodes.unavailable;
}

/**
 * A consumer contract, a replayed recording, the suite direct (judged under
 * the `--behaviour` profile, when given), or through Prism's proxy (a module
 * not shipped in the package).
 */
async function suiteRun(options: CliOptions, behaviour?: ResolvedBehaviour): Promise<ReportedRun> {
  if (options.learnFile !== undefined) {
    const { runLearn } = await import("../run/learn.js");
    return runLearn(options);
  }
  if (options.consumerFile !== undefined) {
    const { readConsumerContract } = await import("../consumer/contract.js");
    const { runConsumer } = await import("../consumer/run.js");
    // The clock starts before the file is read: compiling its patterns takes the run's time.
    const budget = new RunBudget(options.maxTimeMs, options.maxRetryTotalMs);
    const contract = await readConsumerContract(options.consumerFile, () => budget.stopIfExpired());
    return runConsumer({ ...options, budget }, contract);
  }
  if (options.replayFile !== undefined) {
    const { readRecording, runReplay } = await import("../run/replay.js");
    return runReplay(options, await readRecording(options.replayFile), options.replayFile);
  }
  if (!options.viaPrism) return runContractSuite({ ...options, behaviour });
  const prism = await import("../run/prism-proxy.js").catch((error: { code?: unknown }) => {
    if (error.code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new UsageError(
      "--via-prism runs from a checkout of petstore-mock-kit (npm ci, then npm run contract:proxy); the installed package does not include it",
    );
  });
  return prism.runViaPrism(options).catch((error: unknown) => {
    throw error instanceof prism.PrismMissingError ? new UsageError(error.message) : error;
  });
}

/**
 * `--learn`: the profile the run learned, written (or, with `--check`,
 * compared with the file) unless the run cannot judge (said on stderr). The
 * exit code it decides: 5 a choice changed, 6 the file not written;
 * undefined: the run's own.
 */
async function finishLearn(
  result: ReportedRun,
  options: CliOptions,
  redact: Redact,
  io: CliIo,
  before: BehaviourProfile | undefined,
): Promise<number | undefined> {
  const file = options.learnFile;
  const run = result as Partial<LearnRun>;
  if (file === undefined || run.learned === undefined) return undefined;
  const say = (line: string) => io.err(printable(redact(`petstore-contract: ${line}\n`)));
  const learn = await import("../run/learn.js");
  const why = learn.whyNoProfile(run as LearnRun);
  if (why !== undefined) {
    say(
      `${options.learnCheck ? "nothing compared with" : "no profile written to"} ${file}: ${why}`,
    );
    return undefined;
  }
  if (before !== undefined) {
    const drift = learn.learnedDrift(before, run.learned.choices);
    io.out(printable(redact(learn.driftSummary(drift, file))));
    return drift.changed.length > 0 ? exitCodes.profileChanged : undefined;
  }
  try {
    await learn.writeLearnedProfile(file, run.learned, redact);
  } catch (error) {
    say(`cannot write the --learn profile ${file} (${(error as Error).message})`);
    return exitCodes.reportNotWritten;
  }
  io.out(printable(redact(learn.learnSummary(run.learned, file))));
  return undefined;
}

/** The `--behaviour` profile `--compare-mock` runs the mock under; a bad file is a usage error. */
async function behaviourOf(options: CliOptions) {
  if (options.behaviourFile === undefined) return undefined;
  const { readBehaviourFile } = await import("../../mocks/server/behaviour-file.js");
  const { BehaviourProfileError } = await import("../../mocks/interface/behaviours.js");
  try {
    return await readBehaviourFile(options.behaviourFile);
  } catch (error) {
    if (error instanceof BehaviourProfileError) throw new UsageError(error.message);
    throw error;
  }
}

async function runSuite(options: CliOptions, io: CliIo): Promise<number> {
  const redact = createRedactor([options.apiKey]);
  try {
    // Read before the deployment is asked anything: a bad profile is a usage error.
    const behaviour = await behaviourOf(options);
    // `--learn FILE --check`: the file as written.
    const before =
      options.learnCheck && options.learnFile !== undefined
        ? await (await import("../run/learn.js")).readLearnedFile(options.learnFile)
        : undefined;
    const result = withKeyNote(await suiteRun(options, behaviour), options.keyFrom);
    io.out(redact(consoleReport(result)));
    let extra: string[] = [];
    if (options.compareMock && !result.stopReason) {
      // The kit's mock (and its data generator) loads only for the runs that need it.
      const { compareWithMock, comparisonReport } = await import("../run/compare-mock.js");
      const report = comparisonReport(await compareWithMock(options, result, behaviour));
      io.out(printable(redact(report.text)));
      extra = report.markdown;
    }
    const learnCode = await finishLearn(result, options, redact, io, before);
    if (verdictCode(result) === exitCodes.unavailable) {
      io.err(printable(redact(`petstore-contract: ${result.stoppedEarly}\n`)));
    }
    const unwritten = await writeReports(result, options, redact, extra);
    for (const line of unwritten) io.err(printable(redact(`petstore-contract: ${line}\n`)));
    if (unwritten.length > 0) return exitCodes.reportNotWritten;
    return learnCode ?? verdictCode(result);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(printable(`petstore-contract: ${error.message}\n`));
      return exitCodes.usage;
    }
    if (error instanceof TargetUnavailableError) {
      io.err(printable(redact(`petstore-contract: ${error.message}\n`)));
      return exitCodes.unavailable;
    }
    if (error instanceof RunDeadlineError) {
      // Only reading a --consumer file stops so: a run's own deadline is its result's.
      io.err(
        `petstore-contract: the run reached its --max-time of ${options.maxTimeMs / 1000} s while it compiled the --consumer file's regex patterns; nothing was sent\n`,
      );
      return exitCodes.maxTime;
    }
    throw error;
  }
}

export async function run(command: Command, io: CliIo): Promise<number> {
  switch (command.kind) {
    case "invalid":
      io.err(usageLine("petstore-contract", printable(command.message)));
      return exitCodes.usage;
    case "help":
      io.out(`${usage}\n`);
      return exitCodes.passed;
    case "version":
      io.out(`${kitVersion()}\n`);
      return exitCodes.passed;
    case "list-checks": {
      const { fullPlan, traceMarkdown, traceRules } = await import("../report/trace.js");
      io.out(traceMarkdown(traceRules(await fullPlan())));
      return exitCodes.passed;
    }
    case "run":
      return runSuite(command.options, io);
    case "against-spec": {
      const { runAgainstSpec } = await import("./spec-cli.js");
      return runAgainstSpec(command.options, io);
    }
  }
}

/** `run(parse(argv, io.env), io)`: what the bin does, for tests. */
export function main(argv: readonly string[], io: CliIo): Promise<number> {
  return run(parse(argv, io.env), io);
}
