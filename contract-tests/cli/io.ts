/**
 * What the contract CLI's commands share: the exit codes, the process's
 * streams and environment as one injected `io`, and writing the report files
 * asked for (redacted, their folders created).
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { usageExitCode } from "../../mocks/util/cli.js";
import { writeFileAtomically } from "../../mocks/util/files.js";
import type { Redact } from "../../mocks/util/redact.js";
import type { Env } from "./options.js";

export const exitCodes = {
  passed: 0,
  failed: 1,
  usage: usageExitCode,
  unavailable: 3,
  maxTime: 4,
  /** `--learn FILE --check`: a choice the deployment makes otherwise than FILE says. */
  profileChanged: 5,
  reportNotWritten: 6,
} as const;

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Env;
}

/** A report a run was asked for: its flag, its file (none: not asked for) and how to render it. */
type ReportFile = readonly [flag: string, file: string | undefined, render: () => string];

/**
 * Writes the report files asked for (every one redacted), creating their
 * folders, as the kit writes its own files (`writeFileAtomically`: mode 0600,
 * replaced through a temp file and a rename, so a symbolic link or a FIFO at
 * the path is replaced, never followed or opened); returns one line for each
 * that could not be written.
 */
export async function writeReportFiles(
  files: readonly ReportFile[],
  redact: Redact,
): Promise<string[]> {
  const failures: string[] = [];
  for (const [flag, file, render] of files) {
    if (!file) continue;
    let step = "create the folder of";
    try {
      await mkdir(dirname(file), { recursive: true });
      step = "write";
      await writeFileAtomically(file, redact(render()));
    } catch (error) {
      failures.push(`cannot ${step} the ${flag} report ${file} (${(error as Error).message})`);
    }
  }
  return failures;
}
