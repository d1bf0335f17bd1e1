/**
 * Runs a parsed `petstore-mock` command against an injected `io` and resolves
 * to the exit code: 0 after a clean stop (or help, version), 1 when the server
 * cannot start or a second signal cuts the stop short, 3 when the state file
 * is damaged, incompatible, beyond the caps, cannot be written or is held by
 * another server (its lock), when the behaviour profile file is missing or
 * invalid, or when the state or recording file is not the
 * mock's to write (a symbolic link, another kind of file), or when two of
 * `--record`, `--state-file` and `--contract` name one file. (2, bad flags, is the bin's:
 * `parseCommand` throws before there is a command.)
 */

import { behaviourPath, faultsPath, requestsPath, resetPath } from "../admin/admin.js";
import { contractPath } from "../admin/contract-routes.js";
import { dashboardPath } from "../admin/dashboard.js";
import { choicesText } from "../core/journal.js";
import {
  BehaviourProfileError,
  defaultBehaviour,
  nonDefaultChoices,
} from "../interface/behaviour-profile.js";
import { defaultApiKey } from "../store/options.js";
import { usageExitCode, usageLine } from "../util/cli.js";
import { curlLine } from "../util/curl.js";
import { kitVersion } from "../util/package-root.js";
import { printable } from "../util/text.js";
import { type CliCommand, parse, usage } from "./args.js";
import type { PetstoreServerOptions } from "./options.js";
import { RecordFileError, SharedFileError } from "./own-files.js";
import { type RunningPetstoreServer, startPetstoreServer } from "./server.js";
import { StateFileError } from "./state-file.js";

export interface CliIo {
  /** Writes text to standard output. */
  out(text: string): void;
  /** Writes text to standard error. */
  err(text: string): void;
  /** Calls `listener` on every stop request (SIGINT, SIGTERM). */
  onStop(listener: (signal: string) => void): void;
}

const name = "petstore-mock";

/**
 * The default key is public, so the banner shows it and a curl line ready to
 * paste; keys the user chose are never printed (logs travel), only counted.
 */
function banner(running: RunningPetstoreServer, options: PetstoreServerOptions): string {
  const apiKeys = options.apiKeys ?? [];
  const isDefault = apiKeys.length === 1 && apiKeys[0] === defaultApiKey;
  const key = isDefault ? defaultApiKey : "$PETSTORE_API_KEY";
  const keys = isDefault
    ? `${defaultApiKey}  (send Authorization: Bearer ${defaultApiKey})`
    : `${apiKeys.length} configured key${apiKeys.length === 1 ? "" : "s"} (not printed)`;
  return [
    `${name} ${kitVersion()}: the Pet Store mock is ready`,
    `  base URL   ${running.url}`,
    `  API key    ${keys}`,
    `  data       ${dataLine(running)}`,
    `  admin      ${adminLine(running)}`,
    ...(running.adminAccess === "off" ? [] : [`  dashboard  ${running.origin}${dashboardPath}`]),
    `  pages      ${pagesLine(options.corsOrigins ?? [])}`,
    ...faultLine(running.faults.list()),
    ...(running.proxy
      ? [
          `  proxy      every API request goes to ${running.proxy}; its answers are judged (journal, petstore-violations header)`,
        ]
      : []),
    ...(running.record ? [`  recording  ${running.record} (credentials removed)`] : []),
    ...(running.contractFile
      ? [
          `  contract   ${running.contractFile} (merged on stop; GET ${running.origin}${contractPath} any time)`,
        ]
      : []),
    ...(running.behaviour === defaultBehaviour
      ? []
      : [
          `  behaviour  ${running.behaviour.name} (${running.behaviour.source}); GET ${running.origin}${behaviourPath}`,
          `  choices    ${choicesText(nonDefaultChoices(running.behaviour)) || "every one the kit's"}`,
        ]),
    ...(running.stateFile
      ? [
          `  state      ${running.stateFile.path} (${running.stateFile.loaded ? "loaded" : "created from the seed"}; kept across restarts)`,
        ]
      : []),
    `  try        ${curlLine({ method: "GET", url: `${running.url}/pets?limit=5`, headers: [{ shell: `"Authorization: Bearer ${key}"` }] })}`,
    "Press Ctrl+C to stop.",
  ].join("\n");
}

/** What the store holds now (a loaded state file's records, not the seed's), and what a reset restores. */
function dataLine(running: RunningPetstoreServer): string {
  const { pets, categories } = running.store.count();
  const seed = running.store.seedOptions;
  const reset = `POST ${running.origin}${resetPath}`;
  const held = `${pets} pets, ${categories} categories`;
  return running.stateFile?.loaded
    ? `${held} loaded from the state file; ${reset} restores seed ${seed.seed} (${seed.pets} pets, ${seed.categories} categories)`
    : `${held}, seed ${seed.seed}; ${reset} restores it`;
}

/** Which web pages may call the API (the site rules, ./site.ts). */
function pagesLine(corsOrigins: readonly string[]): string {
  const loopback = "on localhost, 127.0.0.1 and [::1] (any port)";
  if (corsOrigins.includes("*")) return "from every origin (--cors-origin *)";
  return corsOrigins.length === 0
    ? `${loopback} may call the API; others need --cors-origin`
    : `${loopback} and ${corsOrigins.join(", ")} may call the API`;
}

/** Who may use the admin endpoints; the admin key itself is never printed. */
function adminLine(running: RunningPetstoreServer): string {
  const where = `${running.origin}${faultsPath}, ${requestsPath}`;
  if (running.adminAccess === "off") {
    return `off: bound to ${running.host}, beyond loopback, without --admin-key (they answer 403)`;
  }
  return running.adminAccess === "open"
    ? `${where}: open (loopback only, no key)`
    : `${where}: send the admin key as a Bearer token`;
}

const faultLine = (active: readonly object[]) =>
  active.length === 0
    ? []
    : [
        `  faults     ${active.length} active from the start: ${active.map((f) => JSON.stringify(f)).join(" ")}`,
      ];

export async function run(command: CliCommand, io: CliIo): Promise<number> {
  if (command.kind === "invalid") {
    io.err(usageLine(name, command.message));
    return usageExitCode;
  }
  if (command.kind === "help" || command.kind === "version") {
    io.out(`${command.kind === "help" ? usage : kitVersion()}\n`);
    return 0;
  }
  const { options } = command;
  let running: RunningPetstoreServer;
  try {
    running = await startPetstoreServer(options);
  } catch (error) {
    if (
      error instanceof StateFileError ||
      error instanceof BehaviourProfileError ||
      error instanceof RecordFileError ||
      error instanceof SharedFileError
    ) {
      io.err(printable(`${name}: cannot start: ${error.message}\n`));
      return 3;
    }
    const { code, message } = error as NodeJS.ErrnoException;
    const reason =
      code === "EADDRINUSE"
        ? `port ${options.port} on ${options.host} is already in use (try --port 0)`
        : message;
    io.err(printable(`${name}: cannot start: ${reason}\n`));
    return 1;
  }
  const exitCode = new Promise<number>((resolve) => {
    let stopping = false;
    io.onStop((signal) => {
      if (stopping) {
        io.err(`${name}: ${signal} again, exiting now\n`);
        resolve(1);
        return;
      }
      stopping = true;
      if (!options.quiet) io.out(`${name}: ${signal}, finishing in-flight requests\n`);
      running.close().then(
        () => resolve(0),
        (error: Error) => {
          io.err(printable(`${name}: ${error.message}\n`));
          resolve(error instanceof StateFileError ? 3 : 1);
        },
      );
    });
  });
  // Printed last: whoever waits for this line can signal the process at once.
  io.out(options.quiet ? `${name} listening on ${running.url}\n` : `${banner(running, options)}\n`);
  return exitCode;
}

/** `run(parse(argv, env), io)`: what the bin does, for tests. */
export function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<number> {
  return run(parse(argv, env), io);
}
