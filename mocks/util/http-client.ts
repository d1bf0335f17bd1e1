/**
 * One bounded HTTP exchange over node:http(s): a deadline for the whole
 * request, a cap on the body read, no redirect followed. The contract suite
 * sends with it, and so does the mock's validating proxy.
 */
import { type Agent, request as httpRequest, maxHeaderSize } from "node:http";
import { request as httpsRequest } from "node:https";

/**
 * An answer came but broke one of the kit's bounds on reading it: its body
 * passed the read cap, or its headers passed Node's header limit
 * (`http.maxHeaderSize`, 16 KiB). Carries what was seen: the status (when
 * the status line was seen) and, for a body too large, the headers.
 */
export class AnswerTooLargeError extends Error {
  override readonly name = "AnswerTooLargeError";

  constructor(
    message: string,
    readonly status: number | undefined,
    /** Lower-case names; empty when the headers were not read. */
    readonly headers: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** A header overflow (Node's parser gave up on the headers) as what was seen of the answer. */
function headersTooLarge(error: Error): Error {
  const { code, rawPacket } = error as { code?: string; rawPacket?: unknown };
  if (code !== "HPE_HEADER_OVERFLOW") return error;
  // The status of the status line the packet starts with, if it does.
  const start = Buffer.isBuffer(rawPacket) ? rawPacket.subarray(0, 32).toString("latin1") : "";
  const found = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(start);
  const status = found ? Number(found[1]) : undefined;
  return new AnswerTooLargeError(
    `answer headers larger than ${maxHeaderSize} bytes (${status === undefined ? "status not seen" : `HTTP ${status}`}): not read`,
    status,
    {},
  );
}

/** A transport error in one line: its code and message. */
export function describeError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  return code && !text.includes(code) ? `${code}: ${text}` : text;
}

/** The raw answer: status, headers (lower-case names), body text. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly text: string;
}

/**
 * One HTTP exchange with a deadline for the whole request (connect, headers
 * and body) and a cap on the body read: a trickling or endless answer costs at
 * most `deadlineMs`, a huge one at most `maxBodyBytes` of reading. Redirects
 * are answers like any other: none is followed.
 */
export function exchangeOnce(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  deadlineMs: number,
  maxBodyBytes: number,
  /** The connection pool (http or https, as the URL); default Node's global one. */
  agent?: Agent,
): Promise<RawAnswer> {
  const request = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, agent ? { method, headers, agent } : { method, headers });
    const timer = setTimeout(
      () => outgoing.destroy(new Error(`timeout: no complete answer within ${deadlineMs} ms`)),
      deadlineMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    outgoing.on("error", (error) => fail(headersTooLarge(error)));
    outgoing.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined)
          responseHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      let overCap = false;
      incoming.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (overCap) return;
        if (size > maxBodyBytes) {
          overCap = true;
          chunks.length = 0;
          fail(
            new AnswerTooLargeError(
              `answer body larger than ${maxBodyBytes} bytes (HTTP ${incoming.statusCode}): not read`,
              incoming.statusCode,
              responseHeaders,
            ),
          );
          outgoing.destroy();
          return;
        }
        chunks.push(chunk);
      });
      incoming.on("error", fail);
      incoming.on("end", () => {
        if (overCap) return;
        clearTimeout(timer);
        resolve({
          status: incoming.statusCode ?? 0,
          headers: responseHeaders,
          text: Buffer.concat(chunks).toString("utf8"),
        });
      });
    });
    outgoing.end(body);
  });
}

/** Parses `Retry-After` (seconds or an HTTP date) into ms, or undefined. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
