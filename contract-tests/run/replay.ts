/**
 * `petstore-contract --replay <file>`: the requests of a recording (`petstore-mock
 * --record`), sent in order to a deployment, each answer judged by the
 * interface's rules (judge.ts), not compared with the recorded answer. Ids the
 * deployment assigns on create replace the recorded ones in later paths
 * (`/pets/{id}`, which must then read back) and bodies (`categoryId`). Only
 * GET and POST are sent.
 *
 * A recording is untrusted input: its size, line length and count are
 * bounded (mocks/store/options.ts `recordingLimits`), every line's shape is
 * validated (mocks/server/recording-line.ts, the recorder's own definition),
 * and a file that is no recording is a usage error (exit 2) naming the line.
 * A recording line whose request the replay does not send is skipped and
 * counted in a note: a file the kit wrote is never refused.
 *
 * @example
 * const recording = await readRecording("session.jsonl");
 * const result = await runReplay({ baseUrl, apiKey }, recording);
 */
import { readFile, stat } from "node:fs/promises";
import { matchRoute } from "../../mocks/core/router.js";
import {
  type Collection,
  interfaceOperation,
  interfaceOperations,
  isSuccessStatus,
  referencedCollection,
} from "../../mocks/interface/operations.js";
import { operationIds } from "../../mocks/interface/spec.js";
import { recordingLimits } from "../../mocks/server/options.js";
import {
  notReplayedBecause,
  type RecordedExchange,
  recordedExchangeOf,
} from "../../mocks/server/recording-line.js";
import {
  type Id,
  idFrom,
  idOf,
  idOfText,
  memberOf,
  parseJsonExact,
  toJson,
} from "../../mocks/util/exact-json.js";
import { isObject } from "../../mocks/util/json.js";
import { printable } from "../../mocks/util/text.js";
import { urlUnder } from "../../mocks/util/url-under.js";
import { recordIn, type SuiteContext } from "../suite/context.js";
import { UsageError } from "../suite/settings.js";
import type { ContractRequest } from "../transport/http.js";
import { untaggableName } from "../transport/run-tag.js";
import { runCases, type SuiteOptions, type SuiteRun } from "./runner.js";

/** Reads and validates a recording; a bad file throws a UsageError naming it and the line. */
export async function readRecording(file: string): Promise<RecordedExchange[]> {
  const named = `--replay ${printable(file.slice(0, 200))}`;
  let content: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UsageError(`${named}: not a regular file`);
    if (info.size > recordingLimits.maxBytes) {
      throw new UsageError(`${named}: larger than ${recordingLimits.maxBytes} bytes`);
    }
    content = await readFile(file, "utf8");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${named}: cannot read it (${(error as NodeJS.ErrnoException).code})`);
  }
  const exchanges: RecordedExchange[] = [];
  for (const [index, line] of content.split("\n").entries()) {
    if (line.trim() === "") continue;
    const at = `${named}: line ${index + 1}`;
    if (Buffer.byteLength(line) > recordingLimits.maxLineBytes) {
      throw new UsageError(`${at} is longer than ${recordingLimits.maxLineBytes} bytes`);
    }
    if (exchanges.length >= recordingLimits.maxExchanges) {
      throw new UsageError(`${named}: more than ${recordingLimits.maxExchanges} exchanges`);
    }
    try {
      exchanges.push(recordedExchangeOf(JSON.parse(line)));
    } catch (error) {
      const why = error instanceof SyntaxError ? "not JSON" : (error as Error).message;
      throw new UsageError(`${at}: ${why}`);
    }
  }
  if (exchanges.length === 0) throw new UsageError(`${named}: no recorded exchange in it`);
  return exchanges;
}

/** The id a recorded create answered with, if any. */
function recordedId(exchange: RecordedExchange): Id | undefined {
  const { status, body } = exchange.response;
  if (!isSuccessStatus(status) || body === undefined) return undefined;
  try {
    return idOf(parseJsonExact(body));
  } catch {
    return undefined;
  }
}

/** Recorded ids and the ids the deployment assigned in their place, by collection. */
type IdMaps = Map<Collection, Map<Id, Id>>;

const mapped = (ids: IdMaps, collection: Collection, id: Id) => ids.get(collection)?.get(id);

/** A recorded path with the ids the deployment assigned in place of the recorded ones. */
function mappedPath(path: string, ids: IdMaps): string {
  for (const operation of interfaceOperations) {
    if (operation.path.length === 0) continue;
    const pattern = new RegExp(`^${operation.template.replace(/\{[^}]+\}/g, "(\\d+)")}$`);
    const found = pattern.exec(path);
    if (!found) continue;
    let index = 1;
    return operation.template.replace(/\{[^}]+\}/g, () => {
      const recorded = found[index++] as string;
      const id = idOfText(recorded);
      return String(
        (id === undefined ? undefined : mapped(ids, operation.collection, id)) ?? recorded,
      );
    });
  }
  return path;
}

/**
 * A recorded body as the replay sends it: fields that name records created
 * earlier (a pet's `categoryId`) hold the new ids, and, given a `tag` (a
 * create), a non-empty `name` starts with the run tag, like every name the
 * suite creates (so clean-up by tag finds it), whatever the recording's
 * answer was (a fault or a `Prefer: code=` answered it there, not here).
 */
function mappedBody(body: string, ids: IdMaps, tag: string | undefined): string {
  let json: unknown;
  try {
    json = parseJsonExact(body);
  } catch {
    return body;
  }
  if (!isObject(json)) return body;
  const tagged = tag !== undefined && untaggableName(json) === undefined;
  let changed = false;
  const edited = Object.fromEntries(
    Object.keys(json).map((field) => {
      const value = memberOf(json, field);
      if (field === "name" && tagged) {
        changed = true;
        return [field, `${tag} ${value}`];
      }
      const collection = referencedCollection(field);
      const id = idFrom(value);
      const now = collection && id !== undefined ? mapped(ids, collection, id) : undefined;
      if (now === undefined) return [field, value];
      changed = true;
      return [field, now];
    }),
  );
  return changed ? toJson(edited) : body;
}

async function replayCases(ctx: SuiteContext, recording: readonly RecordedExchange[]) {
  const ids: IdMaps = new Map();
  const notReplayed = new Map<string, number>();
  const skip = (why: string) => notReplayed.set(why, (notReplayed.get(why) ?? 0) + 1);
  for (const [index, recorded] of recording.entries()) {
    const { method, query, credential } = recorded.request;
    if (method !== "GET" && method !== "POST") {
      skip(`${method} (the replay sends GET and POST only)`);
      continue;
    }
    const notSent = notReplayedBecause(recorded.request);
    if (notSent !== undefined) {
      skip(notSent);
      continue;
    }
    const path = mappedPath(recorded.request.path, ids);
    const match = matchRoute(method, path);
    if (match.kind !== "operation") {
      skip("no operation of the interface at that method and path");
      continue;
    }
    if (!urlUnder(ctx.options.target.baseUrl, path, query)) {
      skip("the path would leave the API base");
      continue;
    }
    const operation = match.operationId;
    const { creates, collection } = interfaceOperation(operation);
    const body = recorded.request.body;
    const request: ContractRequest = {
      method,
      path,
      ...(query ? { rawQuery: query } : {}),
      credential,
      ...(body !== undefined
        ? { rawBody: mappedBody(body, ids, creates ? ctx.tag : undefined) }
        : {}),
    };
    const exchange = await ctx.run(
      { id: `${operation}.replay-${String(index + 1).padStart(4, "0")}`, operation, request },
      creates ? operationIds : [],
    );
    const before = creates ? recordedId(recorded) : undefined;
    const now = recordIn(exchange?.response)?.id;
    if (before !== undefined && now !== undefined) {
      ids.set(collection, (ids.get(collection) ?? new Map()).set(before, now));
    }
  }
  for (const [why, count] of notReplayed) {
    ctx.notes.push(`${count} recorded exchange${count === 1 ? "" : "s"} not replayed: ${why}`);
  }
}

/** Replays a recording against the deployment in `options`; every report reads the result. */
export async function runReplay(
  options: SuiteOptions,
  recording: readonly RecordedExchange[],
  file = "(recording)",
): Promise<SuiteRun> {
  const result = await runCases(options, (ctx) => replayCases(ctx, recording));
  return { ...result, replayOf: printable(file.slice(0, 200)) };
}
