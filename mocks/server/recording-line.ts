/**
 * A recording's line (`petstore-mock --record`), defined once for the one
 * who writes it (./recording.ts) and the one who reads it back
 * (`petstore-contract --replay`): its shape, what makes a line a recording
 * line, and which recorded requests a replay sends. Whatever the recorder
 * writes is a recording line, so a replay never refuses a file the kit
 * wrote; a line whose request the replay does not send (a path or query over
 * the cap or beyond printable ASCII, a body over the mock's cap; and, by the
 * replay's own tests, a method other than GET and POST or a path no
 * operation has) is skipped with a counted reason, never refused.
 *
 * @example
 * const exchange = recordedExchangeOf(JSON.parse(line)); // throws an Error naming the field
 * const why = notReplayedBecause(exchange.request); // undefined: the replay sends it
 */
import { maxBodyBytes } from "../core/exchange.js";
import { isObject } from "../util/json.js";
import { type CredentialVerdict, credentialVerdicts } from "../util/redact.js";

/** The recording format's version, the `v` of every line. */
export const recordingVersion = 1;

/** How the request's credential was, without the credential itself. */
export type RecordedCredential = CredentialVerdict;

/** One line of a recording. */
export interface RecordedExchange {
  readonly v: typeof recordingVersion;
  /** When the answer was sent (ISO 8601). */
  readonly at: string;
  readonly request: {
    readonly method: string;
    /** Below the API base, percent-encoded as received, e.g. `/pets/3` (`""` for the base itself). */
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

/** What a replay sends at most: longer paths or queries, and bigger bodies, are skipped with a note. */
export const replayLimits = {
  /** The longest path, and the longest query, in characters. */
  maxPathChars: 2048,
  /** The biggest body, in characters: the mock's own body cap. */
  maxBodyChars: maxBodyBytes,
} as const;

type Fields = Readonly<Record<string, unknown>>;

/** An HTTP method as Node's parser hands it over (`GET`, `M-SEARCH`): upper-case letters and hyphens. */
const methodPattern = /^[A-Z][A-Z-]{0,19}$/;

function text(object: Fields, where: string, name: string): string {
  const value = object[name];
  if (typeof value !== "string") throw new Error(`${where}.${name} must be a string`);
  return value;
}

/** `{ [name]: text }` when the field is there, else nothing. */
const optional = (object: Fields, where: string, name: string) =>
  object[name] === undefined ? {} : { [name]: text(object, where, name) };

/**
 * The exchange a parsed line holds, or an Error naming what makes it no
 * recording line: not an object, another `v`, a field of another type, a
 * method no HTTP parser hands over, a credential other than valid, missing
 * or wrong, a status outside 0-599. Lengths are the line cap's
 * (`recordingLimits.maxLineBytes`).
 */
export function recordedExchangeOf(value: unknown): RecordedExchange {
  if (!isObject(value)) throw new Error("not a JSON object");
  if (value.v !== recordingVersion) {
    throw new Error(`v must be ${recordingVersion} (a petstore-mock --record line)`);
  }
  const { request, response } = value;
  if (!isObject(request)) throw new Error("request must be an object");
  if (!isObject(response)) throw new Error("response must be an object");
  const method = text(request, "request", "method");
  if (!methodPattern.test(method)) {
    throw new Error("request.method must be an upper-case method (letters and hyphens)");
  }
  const credential = request.credential as RecordedCredential;
  if (!credentialVerdicts.includes(credential)) {
    throw new Error(`request.credential must be one of ${credentialVerdicts.join(", ")}`);
  }
  const status = response.status;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 0 || status > 599) {
    throw new Error("response.status must be an integer from 0 to 599");
  }
  return {
    v: recordingVersion,
    at: typeof value.at === "string" ? value.at.slice(0, 40) : "",
    request: {
      method,
      path: text(request, "request", "path"),
      query: text(request, "request", "query"),
      credential,
      ...optional(request, "request", "contentType"),
      ...optional(request, "request", "body"),
    },
    response: {
      status,
      ...optional(response, "response", "contentType"),
      ...optional(response, "response", "location"),
      ...optional(response, "response", "body"),
    },
  };
}

/** Whether a line of a file is a recording line (the recorder appends only to a file whose first line is). */
export function isRecordingLine(line: string): boolean {
  try {
    recordedExchangeOf(JSON.parse(line));
    return true;
  } catch {
    return false;
  }
}

/** Printable ASCII, no space: what a replayed path or query may hold (the recorder keeps them percent-encoded). */
const sendable = /^[\x21-\x7e]*$/;

/**
 * Why a replay does not send a recorded request, or undefined when its
 * shape lets it (the replay then looks for its operation): one of a few fixed reasons (never the recorded text but the method, a
 * checked token), so the replay counts them in its notes.
 */
export function notReplayedBecause(request: RecordedExchange["request"]): string | undefined {
  const { path, query, body } = request;
  if (path.length > replayLimits.maxPathChars || query.length > replayLimits.maxPathChars) {
    return `its path or query is longer than ${replayLimits.maxPathChars} characters`;
  }
  if (!sendable.test(path) || !sendable.test(query)) {
    return "its path or query holds characters other than printable ASCII";
  }
  if (body !== undefined && body.length > replayLimits.maxBodyChars) {
    return `its body is longer than ${replayLimits.maxBodyChars} characters`;
  }
  return undefined;
}
