/**
 * One bounded HTTP exchange over node:http(s): a deadline for the whole
 * request, a cap on the body read, no redirect followed. The contract suite
 * sends with it, and so does the mock's validating proxy.
 */
import { type Agent, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

/** The answer's body passed the read cap: an answer came, too large to read. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
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
    outgoing.on("error", fail);
    outgoing.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBodyBytes) {
          outgoing.destroy(
            new BodyTooLargeError(
              `answer body larger than ${maxBodyBytes} bytes (HTTP ${incoming.statusCode}): stopped reading`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      });
      incoming.on("error", fail);
      incoming.on("end", () => {
        clearTimeout(timer);
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined)
            responseHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
        }
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
