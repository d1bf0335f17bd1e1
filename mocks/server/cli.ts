#!/usr/bin/env node
/**
 * `petstore-mock` (and `npm start`): runs the standalone mock until SIGINT or
 * SIGTERM, then lets in-flight requests finish (and writes the state file).
 * Exit codes: 0 after a clean stop, 1 when the server cannot start, 2 for bad
 * flags, 3 when the state file is damaged, incompatible or cannot be written.
 *
 * `npm run build` bundles this file with its imports into one module
 * (`postbuild`, esbuild), so start-up loads one file instead of the hundreds
 * the dependencies spread over; the core inside is the same code.
 */
import { readFileSync } from "node:fs";
import { defaultApiKey } from "../options.js";
import { faultsPath, requestsPath, resetPath } from "./admin.js";
import { CliUsageError, parseCli, usage } from "./args.js";
import { type RunningPetstoreServer, startPetstoreServer } from "./server.js";
import { StateFileError } from "./state-file.js";

const name = "petstore-mock";

/** The kit's version, from the nearest package.json above this file (src or dist). */
function version(): string {
  for (let up = "../"; up.length < 30; up += "../") {
    try {
      const manifest = JSON.parse(
        readFileSync(new URL(`${up}package.json`, import.meta.url), "utf8"),
      );
      if (manifest.name === "petstore-mock-kit") return String(manifest.version);
    } catch {}
  }
  return "unknown";
}

/**
 * The default key is public, so the banner shows it and a curl line ready to
 * paste; keys the user chose are never printed (logs travel), only counted.
 */
function banner(running: RunningPetstoreServer, apiKeys: readonly string[]): string {
  const isDefault = apiKeys.length === 1 && apiKeys[0] === defaultApiKey;
  const key = isDefault ? defaultApiKey : "$PETSTORE_API_KEY";
  const keys = isDefault
    ? `${defaultApiKey}  (send Authorization: Bearer ${defaultApiKey})`
    : `${apiKeys.length} configured key${apiKeys.length === 1 ? "" : "s"} (not printed)`;
  const { seed, pets, categories } = running.store.seedOptions;
  return [
    `${name} ${version()}: the Pet Store mock is ready`,
    `  base URL   ${running.url}`,
    `  API key    ${keys}`,
    `  data       ${pets} pets, ${categories} categories, seed ${seed}; POST ${running.origin}${resetPath} restores it`,
    `  admin      ${adminLine(running)}`,
    ...faultLines(running),
    ...(running.stateFile
      ? [
          `  state      ${running.stateFile.path} (${running.stateFile.loaded ? "loaded" : "created from the seed"}; kept across restarts)`,
        ]
      : []),
    `  try        curl -H "Authorization: Bearer ${key}" "${running.url}/pets?limit=5"`,
    "Press Ctrl+C to stop.",
  ].join("\n");
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

function faultLines(running: RunningPetstoreServer): string[] {
  const active = running.faults.list();
  if (active.length === 0) return [];
  return [
    `  faults     ${active.length} active from the start: ${active.map((f) => JSON.stringify(f)).join(" ")}`,
  ];
}

async function main(): Promise<void> {
  let command: ReturnType<typeof parseCli>;
  try {
    command = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`${name}: ${error.message} (see --help)\n`);
    process.exit(2);
  }
  if (command.kind === "help") {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (command.kind === "version") {
    process.stdout.write(`${version()}\n`);
    return;
  }

  const { options } = command;
  let running: RunningPetstoreServer;
  try {
    running = await startPetstoreServer(options);
  } catch (error) {
    if (error instanceof StateFileError) {
      process.stderr.write(`${name}: cannot start: ${error.message}\n`);
      process.exit(3);
    }
    const { code, message } = error as NodeJS.ErrnoException;
    const reason =
      code === "EADDRINUSE"
        ? `port ${options.port} on ${options.host} is already in use (try --port 0)`
        : message;
    process.stderr.write(`${name}: cannot start: ${reason}\n`);
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`${name}: ${signal} again, exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    if (!options.quiet) process.stdout.write(`${name}: ${signal}, finishing in-flight requests\n`);
    running.close().then(
      () => process.exit(0),
      (error: Error) => {
        process.stderr.write(`${name}: ${error.message}\n`);
        process.exit(error instanceof StateFileError ? 3 : 1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Printed last: whoever waits for this line can signal the process at once.
  process.stdout.write(
    options.quiet
      ? `${name} listening on ${running.url}\n`
      : `${banner(running, options.apiKeys ?? [])}\n`,
  );
}

await main();
