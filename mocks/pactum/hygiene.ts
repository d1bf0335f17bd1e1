/**
 * No secret in anything pactum prints, throws or hands to a reporter: its
 * log goes through the kit's one redactor (mocks/util/redact.ts), every
 * error a spec throws has its message, stack and compared values redacted,
 * and every reporter added after the kit receives redacted data.
 */
import { isSecretName, type Redact, redactedMark } from "../util/redact.js";
import { printable } from "../util/text.js";
import type { PactumLike, PactumLogAdapter, PactumReporter } from "./pactum-like.js";

/** How deep a logged value, a reporter's data or an error's compared values are walked. */
const maxDepth = 32;

/**
 * A copy of `value` with every string redacted (object keys too), walked to
 * `maxDepth` levels; a circle, a function or anything deeper becomes a note.
 */
export function redactDeep(value: unknown, redact: Redact, depth = 0, seen = new Set()): unknown {
  if (typeof value === "string") return redact(value);
  if (typeof value !== "object" || value === null) {
    return typeof value === "function" ? "[function]" : value;
  }
  if (Buffer.isBuffer(value)) return redact(value.toString("utf8"));
  if (seen.has(value)) return "[circular]";
  if (depth >= maxDepth) return "[too deep]";
  seen.add(value);
  try {
    if (value instanceof Error) {
      const cause = value.cause instanceof Error ? `\n[cause] ${value.cause.message}` : "";
      return redact(`${value.stack ?? `${value.name}: ${value.message}`}${cause}`);
    }
    if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, depth + 1, seen));
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        redact(key),
        typeof item === "string" && item !== "" && isSecretName(key)
          ? secretValue(item)
          : redactDeep(item, redact, depth + 1, seen),
      ]),
    );
  } finally {
    seen.delete(value);
  }
}

/** A credential-named field's value (`authorization`, `x-api-key`, `token`): the scheme kept, the rest masked. */
function secretValue(value: string): string {
  const scheme = /^(Bearer|Basic|Digest|Token|ApiKey)\s+\S/i.exec(value)?.[1];
  return scheme === undefined ? redactedMark : `${scheme} ${redactedMark}`;
}

/** A logged value as text: strings as they are, anything else as indented JSON; escaped as the CLI escapes. */
function logText(message: unknown, redact: Redact): string {
  const safe = redactDeep(message, redact);
  return printable(
    typeof safe === "string" ? safe : (JSON.stringify(safe, null, 2) ?? String(safe)),
  );
}

/** Where the kit's pactum log writes a line, and at which level. */
export type LogLine = (level: "trace" | "debug" | "info" | "warn" | "error", line: string) => void;

const marks = { trace: "T", debug: "D", info: "I", warn: "W", error: "E" } as const;

/** Pactum's console log, each line redacted (stdout below warnings, stderr from them). */
export const consoleLog: LogLine = (level, line) => {
  const stream = level === "warn" || level === "error" ? process.stderr : process.stdout;
  stream.write(`${line}\n`);
};

/** A pactum log adapter writing redacted lines (`[W] …`, as pactum's own does); `dropped` ones are not written. */
export function redactedLogger(
  redact: Redact,
  write: LogLine,
  dropped: (messages: readonly unknown[]) => boolean,
): PactumLogAdapter {
  const level = (name: keyof typeof marks) => (messages: unknown[]) => {
    if (!dropped(messages)) {
      write(name, `[${marks[name]}] ${messages.map((m) => logText(m, redact)).join("\n")}`);
    }
  };
  const names = Object.keys(marks) as (keyof typeof marks)[];
  return Object.fromEntries(names.map((name) => [name, level(name)])) as PactumLogAdapter;
}

/** The error with its message, stack, compared values and cause redacted (in place: its class is kept). */
export function redactError(error: unknown, redact: Redact, depth = 0): unknown {
  if (!(error instanceof Error)) {
    return typeof error === "string" ? redact(error) : redactDeep(error, redact);
  }
  const fields = error as Error & { actual?: unknown; expected?: unknown; cause?: unknown };
  const set = (name: string, value: unknown) =>
    Object.defineProperty(error, name, { value, writable: true, configurable: true });
  set("message", redact(error.message));
  if (error.stack !== undefined) set("stack", redact(error.stack));
  for (const name of ["actual", "expected"] as const) {
    if (name in fields) set(name, redactDeep(fields[name], redact));
  }
  if (fields.cause !== undefined && depth < 4) {
    set("cause", redactError(fields.cause, redact, depth + 1));
  }
  return error;
}

/** Reporter methods pactum calls with data. */
const reporterHooks = ["afterSpec", "afterStep", "afterTest", "afterInteraction"] as const;

/** A reporter that receives every piece of data redacted. */
function redactedReporter(reporter: PactumReporter, redact: Redact): PactumReporter {
  const wrapped: PactumReporter = {};
  for (const hook of reporterHooks) {
    const method = reporter[hook];
    if (typeof method === "function") {
      wrapped[hook] = (data: unknown) => method.call(reporter, redactDeep(data, redact));
    }
  }
  const end = reporter.end;
  if (typeof end === "function") wrapped.end = () => end.call(reporter);
  return wrapped;
}

/**
 * Every reporter added from now on receives redacted data; one added before
 * cannot be reached, so it is refused. Returns the undo.
 */
export function guardReporters(pactum: PactumLike, redact: Redact): () => void {
  const before = pactum.reporter.get().length;
  if (before > 0) {
    throw new Error(
      `petstore-mock-kit/pactum: ${before} pactum reporter${before === 1 ? " was" : "s were"} added before usePetstore(pactum, …), ` +
        "and would receive request headers with the key. Add reporters after usePetstore: then they receive what the kit's redactor leaves.",
    );
  }
  const reporter = pactum.reporter;
  const add = reporter.add;
  reporter.add = (added: PactumReporter) => add.call(reporter, redactedReporter(added, redact));
  return () => {
    reporter.add = add;
  };
}
