/**
 * What the kit adds to every pactum spec, through the prototype of the
 * user's own pactum's specs (reached from one it builds, never by importing
 * pactum): a retry is checked before anything is sent (a write is never
 * re-sent: a retry on a write without a strategy of the user's own is
 * refused), the kit's GET retry waits what `Retry-After` asks (bounded), and
 * whatever a spec throws is redacted.
 */
import { retryAfterMs } from "../util/http-client.js";
import type { Redact } from "../util/redact.js";
import { printable } from "../util/text.js";
import { type LogLine, redactError } from "./hygiene.js";
import type { PactumContext, PactumLike, PactumSpecLike } from "./pactum-like.js";

/** The kit's retry strategy for GETs: `.retry({ count: 3, strategy: "petstore:retry-after" })`. */
export const retryStrategy = "petstore:retry-after";
/** The response handler that waits before the kit's retries. */
const waitHandler = "petstore:retry-after-wait";

/** The statuses the kit's strategy retries: the interface's rate limit and a busy service. */
const retriedStatuses = [429, 503];
/** Bounds of the kit's strategy: attempts, one wait, and the wait without `Retry-After`. */
export const retryBounds = { maxCount: 5, maxWaitMs: 5_000, defaultWaitMs: 1_000 } as const;

const safeMethods = ["GET", "HEAD", "OPTIONS"];

/** Why a spec's retry is refused, or undefined when it may run. */
export function refusedRetry(method: string, options: PactumContext["req"]["retryOptions"]) {
  if (options === undefined) return undefined;
  if (options.strategy === retryStrategy) {
    if (method !== "GET") return `${retryStrategy} retries GETs only; this spec sends ${method}`;
    const count = options.count ?? 1;
    if (!Number.isInteger(count) || count < 0 || count > retryBounds.maxCount) {
      return `${retryStrategy} retries at most ${retryBounds.maxCount} times; count ${String(count)} asked`;
    }
    return undefined;
  }
  const strategy = typeof options.strategy;
  if (safeMethods.includes(method) || strategy === "function" || strategy === "string") return;
  return (
    `a ${method} would be sent again: pactum's retry re-sends the request, and a write sent twice may write twice. ` +
    "Give the retry a strategy of your own that decides when sending it again is safe, or retry GETs only"
  );
}

/** Per spec: how many of the kit's retries are left (the wait before the last answer is skipped). */
const retriesLeft = new WeakMap<object, number>();

/** pactum's line for a retry the kit waited before (it says "waiting 0 seconds"), once per wait. */
const pactumRetryLine = "Request retry initiated, waiting 0 seconds for attempt";
/** Waits the kit announced whose pactum line is still to come. */
let replacedLines = 0;

/** Whether a log line is pactum's for a retry the kit announced itself (then it is not written). */
export function replacedRetryLine([message]: readonly unknown[]): boolean {
  if (replacedLines === 0 || typeof message !== "string" || !message.startsWith(pactumRetryLine)) {
    return false;
  }
  replacedLines--;
  return true;
}

const status = (context: PactumContext) =>
  context.res instanceof Error ? undefined : context.res.statusCode;

/**
 * Registers the kit's retry strategy and its wait; the strategy says "done"
 * unless 429 or 503. Each wait is announced on `log` in pactum's words.
 */
export function registerRetry(pactum: PactumLike, log: () => LogLine | undefined): void {
  pactum.handler.addRetryHandler(retryStrategy, (context) => {
    const code = status(context);
    return code === undefined || !retriedStatuses.includes(code);
  });
  pactum.handler.addResponseHandler(waitHandler, async (context) => {
    const code = status(context);
    const spec = context.spec as PactumSpecLike;
    const left = retriesLeft.get(spec) ?? 0;
    if (code === undefined || !retriedStatuses.includes(code) || left <= 0) return;
    retriesLeft.set(spec, left - 1);
    const headers = (context.res as { headers: Record<string, unknown> }).headers;
    const asked = retryAfterMs(String(headers["retry-after"] ?? "").slice(0, 64) || undefined);
    const wait = Math.min(asked ?? retryBounds.defaultWaitMs, retryBounds.maxWaitMs);
    const count = spec._request?.retryOptions?.count ?? 1;
    replacedLines++;
    log()?.(
      "info",
      `[I] Request retry initiated (${retryStrategy}, HTTP ${code}), waiting ${wait / 1000} seconds for attempt ${count - left + 1} of ${count}`,
    );
    await new Promise((resolve) => setTimeout(resolve, wait));
  });
}

/** How many values, and how deep, `circularAt` looks: a request is small. */
const walkBounds = { values: 100_000, depth: 500 } as const;

/**
 * Where a value refers back to itself (`headers.x-trace.self`), walked as
 * pactum's data processor walks a request; undefined when it does not, or
 * is larger or deeper than `walkBounds`. `path` is where `value` stands.
 */
function circularAt(
  value: unknown,
  path: string[],
  open: Set<object>,
  walked: { count: number },
): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (open.has(value)) return path.join(".");
  if (++walked.count > walkBounds.values || path.length > walkBounds.depth) return undefined;
  open.add(value);
  for (const key in value) {
    path.push(key);
    const found = circularAt((value as Record<string, unknown>)[key], path, open, walked);
    path.pop();
    if (found !== undefined) return found;
  }
  open.delete(value);
  return undefined;
}

/**
 * Wraps `toss` of every spec the user's pactum builds: a request holding a
 * circular value refused (pactum walks every request once a data template
 * exists, the kit's included, and would overflow the stack on it), the
 * retry checked, errors redacted. Returns the undo.
 */
export function guardSpecs(pactum: PactumLike, redactNow: () => Redact): () => void {
  const prototype = Object.getPrototypeOf(pactum.spec()) as PactumSpecLike;
  const toss = prototype.toss;
  prototype.toss = async function (this: PactumSpecLike) {
    const request = this._request;
    const circular = circularAt(request, [], new Set(), { count: 0 });
    if (circular !== undefined) {
      throw new TypeError(
        `petstore-mock-kit/pactum: this spec's request refers back to itself at ${printable(circular.slice(0, 200))}: ` +
          "pactum's data templates walk every value of a request and cannot walk that one; send plain data",
      );
    }
    const method = String(request?.method ?? "GET").toUpperCase();
    const options = request?.retryOptions;
    const refused = refusedRetry(method, options);
    if (refused !== undefined) {
      throw new Error(`petstore-mock-kit/pactum refused this spec's retry: ${refused}.`);
    }
    if (options?.strategy === retryStrategy) {
      // The kit's wait runs before each retry (a response handler); pactum's own delay is none.
      options.delay = 0;
      retriesLeft.set(this, options.count ?? 1);
      this._response_handlers?.push(waitHandler);
    }
    try {
      return await toss.call(this);
    } catch (error) {
      throw redactError(error, redactNow());
    }
  };
  return () => {
    prototype.toss = toss;
  };
}
