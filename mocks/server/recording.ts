/**
 * Recording (`--record <file>`): every exchange the server answers, appended
 * as one JSON line, in the order the answers were sent. The file is opened
 * with O_APPEND and each line goes out in one write, so a line is never
 * interleaved with another writer's. No credential is written: the
 * `Authorization` header is reduced to whether it was valid, missing or
 * wrong, query parameters named like secrets are masked, and every
 * configured key is redacted from the whole line. The file stops growing at
 * its cap (a log line says so). `petstore-contract --replay` reads it back.
 *
 * @example
 * const recorder = await openRecording({ file: "session.jsonl", maxBytes: 1 << 20 }, { secrets: ["k"], apiKeys: ["k"], log: console.log });
 * const handle = recorder.wrap(core);
 * await recorder.close();
 */
import { type FileHandle, open } from "node:fs/promises";
import { createRedactor, secretForms } from "../../contract-tests/redact.js";
import { checkCredential } from "../core/auth.js";
import type { CoreRequest, CoreResponse } from "../core/exchange.js";
import type { PetstoreCore } from "../core/petstore-core.js";
import { recordingLimits, type resolveRecordOptions } from "../options.js";
import { redactedMark } from "../util/redact.js";

/** The recording format's version, the `v` of every line. */
export const recordingVersion = 1;

/** How the request's credential was, without the credential itself. */
export type RecordedCredential = "valid" | "missing" | "wrong";

/** One line of a recording. */
export interface RecordedExchange {
  readonly v: typeof recordingVersion;
  /** When the answer was sent (ISO 8601). */
  readonly at: string;
  readonly request: {
    readonly method: string;
    /** Below the API base, percent-encoded as received, e.g. `/pets/3`. */
    readonly path: string;
    /** The raw query without `?`, secrets masked. */
    readonly query: string;
    readonly credential: RecordedCredential;
    readonly contentType?: string;
    readonly body?: string;
  };
  readonly response: {
    /** 0: no answer was sent (a fault dropped the connection). */
    readonly status: number;
    readonly contentType?: string;
    readonly location?: string;
    readonly body?: string;
  };
}

export interface RecorderOptions {
  /** Accepted client keys, to tell a valid credential from a wrong one. */
  readonly apiKeys: readonly string[];
  /** Every key to redact from the lines (the client keys, the proxy key). */
  readonly secrets: readonly string[];
  /** Where the recorder says that it stopped or skipped an exchange. */
  readonly log: (line: string) => void;
}

export interface Recorder {
  /** The handler that records every exchange of `handle`. */
  wrap(handle: PetstoreCore): PetstoreCore;
  /** Waits for the lines under way, then closes the file. */
  close(): Promise<void>;
}

/** Query parameters whose values are never written: anything named like a credential. */
const secretParameter = /key|token|secret|password|passwd|auth|credential|session|signature/i;

export function maskedQuery(query: string): string {
  if (query === "") return query;
  return query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      const name = at < 0 ? pair : pair.slice(0, at);
      return at >= 0 && secretParameter.test(name) ? `${name}=${redactedMark}` : pair;
    })
    .join("&");
}

function credentialOf(request: CoreRequest, apiKeys: readonly string[]): RecordedCredential {
  const authorization = request.header("authorization");
  if (authorization === undefined) return "missing";
  return checkCredential(authorization, apiKeys).ok ? "valid" : "wrong";
}

/** The bearer token a request presents, to redact it even when it is wrong. */
function presentedToken(request: CoreRequest): string | undefined {
  const token = request.header("authorization")?.trim().split(/\s+/)[1];
  return token !== undefined && token.length >= 4 ? token.slice(0, 4096) : undefined;
}

export function exchangeLine(
  request: CoreRequest,
  response: CoreResponse,
  apiKeys: readonly string[],
): RecordedExchange {
  const contentType = request.header("content-type");
  const answerType = response.headers["content-type"];
  const location = response.headers.location;
  return {
    v: recordingVersion,
    at: new Date().toISOString(),
    request: {
      method: request.method,
      path: request.path,
      query: maskedQuery(request.query),
      credential: credentialOf(request, apiKeys),
      ...(contentType !== undefined ? { contentType } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
    },
    response: {
      status: response.dropped ? 0 : response.status,
      ...(answerType !== undefined ? { contentType: answerType } : {}),
      ...(location !== undefined ? { location } : {}),
      ...(response.body !== undefined ? { body: response.body } : {}),
    },
  };
}

export async function openRecording(
  settings: ReturnType<typeof resolveRecordOptions>,
  options: RecorderOptions,
): Promise<Recorder> {
  const { file, maxBytes } = settings;
  const { log } = options;
  const output: FileHandle = await open(file, "a", 0o600);
  let size = (await output.stat()).size;
  let count = 0;
  let stopped = false;
  let queue = Promise.resolve();
  const stop = (why: string) => {
    stopped = true;
    log(`petstore-mock: recording stopped: ${why}; ${file} keeps what it has`);
  };
  const keyRedact = createRedactor(options.secrets.flatMap(secretForms));

  async function write(request: CoreRequest, response: CoreResponse): Promise<void> {
    if (stopped) return;
    const token = presentedToken(request);
    const redact = token ? createRedactor(secretForms(token)) : (text: string) => text;
    const line = `${redact(keyRedact(JSON.stringify(exchangeLine(request, response, options.apiKeys))))}\n`;
    const bytes = Buffer.from(line);
    if (bytes.length > recordingLimits.maxLineBytes) {
      log(
        `petstore-mock: ${request.method} ${request.path.slice(0, 100)} not recorded: ${bytes.length} bytes, over the ${recordingLimits.maxLineBytes} a line may hold`,
      );
      return;
    }
    if (size + bytes.length > maxBytes) return stop(`${file} reached its cap of ${maxBytes} bytes`);
    if (count >= recordingLimits.maxExchanges) {
      return stop(`${recordingLimits.maxExchanges} exchanges recorded, the most a recording holds`);
    }
    try {
      await output.write(bytes);
    } catch (error) {
      return stop(`cannot write ${file}: ${(error as Error).message}`);
    }
    size += bytes.length;
    count++;
  }

  return {
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      queue = queue.then(() => write(request, response));
      return response;
    },
    async close() {
      await queue;
      stopped = true;
      await output.close();
    },
  };
}
