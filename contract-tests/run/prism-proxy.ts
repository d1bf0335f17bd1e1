/**
 * `petstore-contract --via-prism` (`npm run contract:proxy`): the suite through
 * Prism's validation proxy. Prism runs as `prism proxy openapi.yaml <target>
 * --errors --validate-request=false`: every request the suite sends reaches
 * the target (the suite sends invalid ones on purpose), and every answer is
 * validated against openapi.yaml; violations come back in the `sl-violations`
 * header, and with `--errors` an answer whose body breaks the document is
 * replaced by a 500 problem.
 *
 * Prism still answers requests without a usable Bearer credential itself
 * (401 problem+json): those never reach the target, so their checks are
 * skipped here (the direct run covers them). A status the document does not
 * list for an answer to a request the suite sent to be rejected (e.g. 401 on
 * the category operations, 400 for `limit=0`) is where the interface is
 * silent: reported as a note, not a failure.
 *
 * Needs the dev dependency @stoplight/prism-cli, so this module is not
 * shipped in the package; the CLI imports it only for `--via-prism`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { freePort } from "../../mocks/server/free-port.js";
import { kitFile } from "../../mocks/util/package-root.js";
import { type CheckResult, checkId, type RunResult } from "../suite/results.js";
import type { RunOptions } from "../suite/settings.js";
import type { Exchange } from "../transport/http.js";
import { newRunTag } from "../transport/run-tag.js";
import { preflight, runContractSuite, TargetUnavailableError } from "./runner.js";

const prismErrorType = "https://stoplight.io/prism/errors#";

interface Violation {
  readonly location?: readonly string[];
  readonly severity?: string;
  readonly code?: string | number;
  readonly message?: string;
}

interface Problem {
  readonly type?: string;
  readonly title?: string;
  readonly validation?: readonly Violation[];
}

function problemOf(exchange: Exchange): Problem | undefined {
  const response = exchange.response;
  if (!response?.headers["content-type"]?.includes("application/problem+json")) return undefined;
  const body = response.json as Problem | undefined;
  return typeof body?.type === "string" ? body : undefined;
}

/** Prism's own body parser rejects malformed JSON before proxying, with this body. */
function prismBodyParserAnswer(exchange: Exchange): boolean {
  const body = exchange.response?.json as { error?: { code?: unknown } } | undefined;
  return (
    exchange.response?.status === 400 &&
    body?.error?.code === "invalid_json" &&
    !("status" in (body ?? {}))
  );
}

/** Why an answer came from Prism rather than the target, or undefined when the target answered. */
export function prismAnswer(exchange: Exchange): string | undefined {
  if (prismBodyParserAnswer(exchange)) {
    return "answered by Prism's body parser (malformed JSON); the request did not reach the target";
  }
  const problem = problemOf(exchange);
  if (!problem?.type) return undefined;
  if (problem.type === `${prismErrorType}VIOLATIONS`) {
    return "Prism replaced the target's answer, which breaks openapi.yaml (see the proxy check)";
  }
  if (problem.type.startsWith(prismErrorType)) {
    return `answered by Prism itself (${problem.title ?? problem.type}); the request did not reach the target`;
  }
  if (problem.type === "FetchError")
    return `Prism could not read the target's answer: ${problem.title ?? ""}`;
  return undefined;
}

function violationsOf(exchange: Exchange): Violation[] {
  const header = exchange.response?.headers["sl-violations"];
  if (!header) return [];
  try {
    const parsed = JSON.parse(header) as unknown;
    return Array.isArray(parsed) ? (parsed as Violation[]) : [];
  } catch {
    return [{ message: `unreadable sl-violations header: ${header.slice(0, 200)}` }];
  }
}

const undocumentedStatus = /Unable to match the returned status code/;

const describeViolation = (violation: Violation) =>
  `${(violation.location ?? []).join(".") || "?"}: ${violation.message ?? "violation"} (${violation.severity ?? "?"})`;

/** Adds one documented check per request: the proxy reports no violation by the target. */
export function withProxyChecks(result: RunResult): RunResult {
  const checks: CheckResult[] = [];
  const silent: string[] = [];
  for (const record of result.cases) {
    const base = {
      id: checkId(record.caseId, "proxy-no-violations"),
      caseId: record.caseId,
      operation: record.operation,
      kind: "documented" as const,
      expected:
        "Prism's validation proxy finds no violation of openapi.yaml in the target's answer",
      durationMs: record.exchange.durationMs,
    };
    const problem = problemOf(record.exchange);
    const foreign = prismAnswer(record.exchange);
    const replaced =
      problem?.type === `${prismErrorType}VIOLATIONS` || problem?.type === "FetchError";
    if (foreign && !replaced) {
      checks.push({ ...base, outcome: "skipped", note: foreign });
      continue;
    }
    const violations = [
      ...violationsOf(record.exchange),
      ...(replaced ? (problem?.validation ?? []) : []),
    ];
    // Where the interface is silent: an unlisted status answering a request sent to be rejected.
    const real = violations.filter(
      (violation) => !(record.provocation && undocumentedStatus.test(violation.message ?? "")),
    );
    if (real.length < violations.length) {
      silent.push(`${record.caseId} (${record.exchange.response?.status})`);
    }
    if (real.length === 0 && !(replaced && problem?.type === "FetchError")) {
      checks.push({ ...base, outcome: "passed" });
      continue;
    }
    const unique = [...new Set(real.map(describeViolation))];
    checks.push({
      ...base,
      outcome: "failed",
      actual: problem?.type === "FetchError" ? `Prism: ${problem.title}` : unique.join("; "),
      curl: record.curl,
    });
  }
  const notes = silent.length
    ? [
        `Prism flags ${silent.length} answer(s) whose status openapi.yaml does not list, all to requests the suite sent to be rejected; the interface is silent there, so they are not failures: ${silent.join(", ")}.`,
      ]
    : [];
  return { ...result, checks: [...result.checks, ...checks], notes: [...result.notes, ...notes] };
}

/** Thrown when the dev dependency @stoplight/prism-cli is not installed. */
export class PrismMissingError extends Error {
  override readonly name = "PrismMissingError";
}

function prismBin(): string {
  const require = createRequire(import.meta.url);
  let manifestPath: string;
  try {
    manifestPath = require.resolve("@stoplight/prism-cli/package.json");
  } catch {
    throw new PrismMissingError(
      "--via-prism needs @stoplight/prism-cli: run it from a checkout of the kit after npm ci",
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: { prism: string } };
  return join(dirname(manifestPath), manifest.bin.prism);
}

export interface PrismProxy {
  /** The proxy's base URL: Prism serves the document's paths at its root (no /v1). */
  readonly url: string;
  close(): Promise<void>;
}

const startupTimeoutMs = 60_000;

/** Starts `prism proxy` in front of `targetUrl` on `port` and waits until it listens. */
export async function startPrismProxy(targetUrl: string, port: number): Promise<PrismProxy> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      prismBin(),
      "proxy",
      kitFile("openapi.yaml"),
      targetUrl,
      "--errors",
      "--validate-request=false",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`Prism did not start within ${startupTimeoutMs} ms:\n${log.slice(-2000)}`),
        ),
      startupTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}) before listening:\n${log.slice(-2000)}`));
    });
  });
  // Drop Prism's request log from here on: nobody reads it, and it must not fill a pipe.
  child.stdout?.removeAllListeners("data").resume();
  child.stderr?.removeAllListeners("data").resume();
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Points a result at the target rather than the (gone) proxy, for reports and curl lines. */
function throughProxy(result: RunResult, proxyUrl: string, targetUrl: string): RunResult {
  const retarget = (text: string) => text.split(proxyUrl).join(targetUrl);
  return {
    ...result,
    baseUrl: `${targetUrl} (through Prism's validation proxy)`,
    checks: result.checks.map((check) =>
      check.curl ? { ...check, curl: retarget(check.curl) } : check,
    ),
  };
}

/**
 * The whole suite through a fresh Prism proxy in front of `options.baseUrl`,
 * with the proxy's own check on every answer.
 */
export async function runViaPrism(options: RunOptions): Promise<RunResult> {
  // Through Prism a dead target looks like a 500 problem: ask it directly first.
  const started = performance.now();
  try {
    await preflight({ ...options, wrongKey: "", maxRetries: 0, tag: "" });
  } catch (error) {
    if (!(error instanceof TargetUnavailableError)) throw error;
    // No check ran: the reports carry the diagnosis.
    return {
      baseUrl: options.baseUrl,
      tag: newRunTag(),
      readOnly: options.readOnly,
      strict: options.strict,
      checks: [],
      cases: [],
      created: [],
      notes: [],
      durationMs: performance.now() - started,
      stopReason: error.reason,
      stoppedEarly: error.message,
    };
  }
  let proxy: PrismProxy;
  try {
    proxy = await startPrismProxy(options.baseUrl, await freePort());
  } catch (error) {
    if (error instanceof PrismMissingError) throw error;
    throw new TargetUnavailableError((error as Error).message);
  }
  try {
    const raw = await runContractSuite({
      ...options,
      baseUrl: proxy.url,
      foreignAnswer: prismAnswer,
    });
    return throughProxy(withProxyChecks(raw), proxy.url, options.baseUrl);
  } finally {
    await proxy.close();
  }
}
