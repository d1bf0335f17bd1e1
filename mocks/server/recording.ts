/**
 * Recording (`--record <file>`): every exchange the server answers, appended
 * as one JSON line, in the order the answers were sent. The file is opened
 * with O_APPEND and each line goes out in one write, so a line is never
 * interleaved with another writer's. It is the recorder's own (./own-files.ts):
 * never opened through a symbolic link, created 0600, and an existing file
 * is appended to only when it is a recording (its first line says so), of
 * this user, with no other hard link, and not the state file. No credential
 * is written: the `Authorization` header is reduced to whether it was valid,
 * missing or wrong, and the whole line goes through the kit's one redactor
 * (every secret the server holds and the presented token in every encoding,
 * secret-named parameters, whatever their name's encoding). The file stops
 * growing at its cap (a log line says so). `petstore-contract --replay`
 * reads it back.
 *
 * @example
 * const recorder = await openRecording({ file: "session.jsonl", maxBytes: 1 << 20 }, { secrets: ["k"], apiKeys: ["k"], log: console.log });
 * const handle = recorder.wrap(core);
 * await recorder.close();
 */
import { constants } from "node:fs";
import { type FileHandle, lstat, open, stat } from "node:fs/promises";
import { checkCredential } from "../core/auth.js";
import type { CoreRequest, CoreResponse } from "../core/exchange.js";
import { clip } from "../core/journal.js";
import type { PetstoreCore } from "../core/petstore-core.js";
import { noFollow, nonBlocking, openFailure, ownFileMode, symlinkRefused } from "../util/files.js";
import { createRequestRedactor } from "../util/redact.js";
import { recordingLimits, type resolveRecordOptions } from "./options.js";
import { RecordFileError } from "./own-files.js";
import {
  isRecordingLine,
  type RecordedCredential,
  type RecordedExchange,
  recordedExchangeOf,
  recordingVersion,
} from "./recording-line.js";

interface RecorderOptions {
  /** Accepted client keys, to tell a valid credential from a wrong one. */
  readonly apiKeys: readonly string[];
  /** Every key to redact from the lines (the client keys, the proxy key). */
  readonly secrets: readonly string[];
  /** Where the recorder says that it stopped or skipped an exchange. */
  readonly log: (line: string) => void;
  /** The server's state file: the recording may not be the same file. */
  readonly stateFile?: string | undefined;
}

function credentialOf(request: CoreRequest, apiKeys: readonly string[]): RecordedCredential {
  const authorization = request.header("authorization");
  if (authorization === undefined) return "missing";
  return checkCredential(authorization, apiKeys).ok ? "valid" : "wrong";
}

function exchangeLine(
  request: CoreRequest,
  response: CoreResponse,
  apiKeys: readonly string[],
): RecordedExchange {
  // Absent fields are undefined here, and left out of the line by JSON.stringify.
  return {
    v: recordingVersion,
    at: new Date().toISOString(),
    request: {
      method: request.method,
      path: request.path,
      query: request.query,
      credential: credentialOf(request, apiKeys),
      contentType: request.header("content-type"),
      body: request.body,
    },
    response: {
      status: response.dropped ? 0 : response.status,
      contentType: response.headers["content-type"],
      location: response.headers.location,
      body: response.body,
    },
  };
}

/** The first line of an open file, read from its start (at most one recording line's worth). */
async function firstLine(file: FileHandle, size: number): Promise<string> {
  const buffer = Buffer.alloc(Math.min(size, recordingLimits.maxLineBytes + 1));
  const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
  const text = buffer.subarray(0, bytesRead).toString("utf8");
  const end = text.indexOf("\n");
  return end < 0 ? text : text.slice(0, end);
}

/**
 * Opens the recording for appending, or throws RecordFileError naming why
 * the file is not the recorder's to write: a symbolic link, not a regular
 * file, another user's, hard-linked elsewhere, the state file, or an
 * existing file that is not a recording. A refused file is left untouched.
 */
async function openRecordFile(file: string, stateFile?: string): Promise<FileHandle> {
  const refuse = (why: string) =>
    new RecordFileError(`recording ${file}: ${why} It was left untouched; choose another file.`);
  const link = await lstat(file).catch(() => undefined);
  if (link?.isSymbolicLink()) throw refuse(symlinkRefused);
  let output: FileHandle;
  try {
    output = await open(
      file,
      constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | noFollow | nonBlocking,
      ownFileMode,
    );
  } catch (error) {
    throw refuse(openFailure(error));
  }
  try {
    const info = await output.stat();
    if (!info.isFile()) throw refuse("is not a regular file.");
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid)
      throw refuse(`belongs to another user (uid ${info.uid}).`);
    if (info.nlink > 1) throw refuse("has other hard links: it may be another file's content.");
    const state =
      stateFile === undefined ? undefined : await stat(stateFile).catch(() => undefined);
    if (state && state.dev === info.dev && state.ino === info.ino) {
      throw refuse("is the state file; --record and --state-file need two different files.");
    }
    if (info.size > 0 && !isRecordingLine(await firstLine(output, info.size))) {
      throw refuse(
        "exists and is not a recording (its first line is no petstore-mock --record line): the recorder appends only to recordings.",
      );
    }
  } catch (error) {
    await output.close();
    throw error;
  }
  return output;
}

export async function openRecording(
  settings: ReturnType<typeof resolveRecordOptions>,
  options: RecorderOptions,
) {
  const { file, maxBytes } = settings;
  const { log } = options;
  const output = await openRecordFile(file, options.stateFile);
  let size = (await output.stat()).size;
  let count = 0;
  let stopped = false;
  let queue = Promise.resolve();
  const stop = (why: string) => {
    stopped = true;
    log(`petstore-mock: recording stopped: ${why}; ${file} keeps what it has`);
  };
  const redactorFor = createRequestRedactor(options.secrets);

  async function write(request: CoreRequest, response: CoreResponse): Promise<void> {
    if (stopped) return;
    const redact = redactorFor(request.header("authorization"));
    const skip = (why: string) =>
      log(
        redact(`petstore-mock: ${request.method} ${clip(request.path, 100)} not recorded: ${why}`),
      );
    const line = `${redact(JSON.stringify(exchangeLine(request, response, options.apiKeys)))}\n`;
    const bytes = Buffer.from(line);
    if (bytes.length > recordingLimits.maxLineBytes) {
      return skip(
        `${bytes.length} bytes, over the ${recordingLimits.maxLineBytes} a line may hold`,
      );
    }
    try {
      // Read back as the replay reads it: nothing is written that it would refuse.
      recordedExchangeOf(JSON.parse(line));
    } catch (error) {
      return skip(`${(error as Error).message}, which a recording line may not hold`);
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
    /** The handler that records every exchange of `handle`. */
    wrap:
      (handle: PetstoreCore): PetstoreCore =>
      async (request) => {
        const response = await handle(request);
        queue = queue.then(() => write(request, response));
        return response;
      },
    /** Waits for the lines under way, then closes the file. */
    async close() {
      await queue;
      stopped = true;
      await output.close();
    },
  };
}
