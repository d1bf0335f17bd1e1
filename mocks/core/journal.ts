/**
 * The request journal: what the mock was asked and what it answered, the last
 * N requests (default 1,000), oldest first. Entries hold no header and no
 * body, so no credential reaches them (only whether it was valid, missing or
 * wrong, masked); configured keys are also blanked out of the recorded path.
 *
 * @example
 * const journal = createJournal({ size: 100 });
 * journal.forOperation("createPet").length; // how many createPet requests came in
 */

import type { ChoiceId } from "../interface/behaviour-profile.js";
import type { CheckKind } from "../interface/checks.js";
import type { OperationId } from "../interface/spec.js";
import type { SentCredential } from "./auth.js";
import { coreDefaults } from "./defaults.js";
import type { AppliedFault } from "./faults.js";

/**
 * Where an exchange broke the interface: the failure class and the reason.
 * `by` says whose the problem is: the client's request, or (behind `--proxy`)
 * the deployment's answer, whose `code` is then the contract check it failed
 * (e.g. `at-most-limit`), `kind` whether the interface demands it, and
 * `rules` the interface statements behind it.
 */
export interface Problem {
  /** Absent in entries recorded before `by` existed: the client's. */
  readonly by?: "client" | "deployment";
  readonly code: string;
  readonly message: string;
  /**
   * A contract check the deployment's answer failed: `documented` (the
   * interface states it; a contract run fails) or `advisory` (the kit's
   * advice where the interface is silent; a contract run warns). Absent on
   * the client's problems and on the proxy's own (`no_answer`, `proxy_key_rejected`).
   */
  readonly kind?: CheckKind;
  /** The interface statements behind the problem (docs/contract-rules.md): those the request broke, or those the check rests on. */
  readonly rules?: readonly string[];
}

/** The behaviour profile's choices that shaped an answer, each with its alternative: `{ "limitBelowMinimum": "clamped" }`. */
export type ShapedChoices = Readonly<Partial<Record<ChoiceId, string>>>;

/** Choices as the banner and the dashboard write them: `limitBelowMinimum: clamped, petsOrder: descending`. */
export const choicesText = (choices: ShapedChoices): string =>
  Object.entries(choices)
    .map(([choice, alternative]) => `${choice}: ${alternative}`)
    .join(", ");

export interface JournalEntry {
  /** The entry's number: 1 for the first request the mock saw, never reused (a clear keeps counting). */
  readonly seq: number;
  /** Upper-case method. */
  readonly method: string;
  /** The path below the API base with its query, e.g. `/pets?limit=5` (cut at 2,048 characters). */
  readonly path: string;
  /** The operation the request matched; null when none did. */
  readonly operationId: OperationId | null;
  /** The status sent; 0 when no answer was sent (a dropped or hung connection). */
  readonly status: number;
  readonly durationMs: number;
  /** The fault that shaped the answer, or null. */
  readonly fault: AppliedFault | null;
  /** Where the request (or, behind `--proxy`, the deployment's answer) broke the interface. */
  readonly problems: readonly Problem[];
  /**
   * Behind `--proxy` only: who answered: the deployment, the mock (a request
   * the proxy keeps: a bad key, an oversized body, no operation of the
   * interface) or the mock as the fallback for a deployment that gave no
   * usable answer (`--fallback mock`). Absent: the proxy itself.
   */
  readonly answeredBy?: "deployment" | "mock" | "fallback";
  /**
   * The credential the request sent: `valid` (a key the mock takes),
   * `missing` or `wrong`. Never its value: a wrong one's `sentAs` has every
   * token masked (mocks/core/auth.ts `sentCredential`).
   */
  readonly credential?: SentCredential["credential"];
  /** A wrong credential's Authorization value, masked: `Bearer [redacted]`, `Bearer`, `Basic [redacted]`, `[redacted]`. */
  readonly sentAs?: string;
  /** The status a `Prefer: code=NNN` scenario answered, when one did. */
  readonly scenario?: number;
  /**
   * The behaviour profile's choices whose alternative shaped the answer
   * (only alternatives that are not the kit's); absent when none did.
   */
  readonly choices?: ShapedChoices;
}

/**
 * An entry as the core hands it over: the journal copies its fields and
 * numbers the copy (a `seq` given here is ignored), so the object may be
 * dropped or reused once recorded.
 */
export type JournalRecord = Omit<JournalEntry, "seq"> & { seq?: number };

export const journalLimits = {
  /** Entries kept by default. */
  defaultSize: coreDefaults.journalSize,
  /** The largest configurable size. */
  maxSize: 10_000,
  /** Recorded path length, in characters. */
  path: 2048,
  /** Recorded problem message length, in characters. */
  message: 300,
  /** Entries one page of `GET /__mock/requests` holds by default. */
  defaultPage: 100,
  /** The largest page, in entries. */
  maxPage: 1_000,
  /** A page also ends once its entries hold about this many characters: serializing it stays within a few ms. */
  maxPageChars: 256 * 1024,
} as const;

export interface Journal {
  /** Every kept entry, oldest first. */
  all(): JournalEntry[];
  /** The kept entries of one operation (null: the requests that matched none), oldest first. */
  forOperation(operationId: OperationId | null): JournalEntry[];
  /**
   * At most `limit` kept entries whose `seq` is above `after` (without
   * `after`: the newest `limit`), oldest first, ending early once they hold
   * about `maxChars` characters (at least one entry); costs the page, not the journal.
   */
  since(after: number | undefined, limit: number, maxChars?: number): JournalEntry[];
  clear(): void;
  /** How many entries are kept at most. */
  readonly size: number;
  /**
   * How many entries were ever recorded (`clear` does not lower it): the
   * newest kept entry is number `recorded`, the oldest `recorded - all().length + 1`.
   */
  readonly recorded: number;
  record(entry: JournalRecord): void;
}

interface JournalOptions {
  /** Entries kept (the oldest go first); default 1,000, at most 10,000. */
  readonly size?: number | undefined;
}

/** About how many characters an entry takes as JSON. */
function entrySize(entry: JournalEntry): number {
  let size = 200 + entry.path.length;
  for (const problem of entry.problems) size += problem.message.length;
  // `"choice":"alternative",` each.
  for (const [choice, alternative] of Object.entries(entry.choices ?? {})) {
    size += choice.length + alternative.length + 6;
  }
  return size;
}

/** Cuts text to `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The problems of an entry that has none: one frozen list for them all. */
export const noProblems: readonly Problem[] = Object.freeze([]);

/**
 * The kept entries, field by field in parallel arrays: recording one
 * writes numbers into typed arrays and references into arrays allocated
 * once, so nothing a request leaves behind stays alive until it is
 * overwritten. (Kept as objects, a busy server's last thousand entries
 * survived each young collection and were promoted, then marked and swept
 * by the old generation's: about a microsecond a request over a socket,
 * issue 45's eighth look, docs/benchmarks.md as of commit 8956628.) An
 * entry becomes an object again when it is read.
 */
function entryColumns(size: number) {
  const column = <T>(empty: T) => new Array<T>(size).fill(empty);
  const status = new Float64Array(size);
  const durationMs = new Float64Array(size);
  const method = column("");
  const path = column("");
  const operationId = column<OperationId | null>(null);
  const fault = column<AppliedFault | null>(null);
  const problems = column<readonly Problem[]>(noProblems);
  const answeredBy = column<JournalEntry["answeredBy"]>(undefined);
  const credential = column<JournalEntry["credential"]>(undefined);
  const sentAs = column<string | undefined>(undefined);
  const scenario = column<number | undefined>(undefined);
  const choices = column<ShapedChoices | undefined>(undefined);
  return {
    operationId,
    write(slot: number, record: JournalRecord): void {
      method[slot] = record.method;
      path[slot] = record.path;
      operationId[slot] = record.operationId;
      status[slot] = record.status;
      durationMs[slot] = record.durationMs;
      fault[slot] = record.fault;
      problems[slot] = record.problems.length === 0 ? noProblems : record.problems;
      answeredBy[slot] = record.answeredBy;
      credential[slot] = record.credential;
      sentAs[slot] = record.sentAs;
      scenario[slot] = record.scenario;
      choices[slot] = record.choices;
    },
    /** The entry in `slot`, numbered `seq`, as a new object: its optional fields only where they were given. */
    read(slot: number, seq: number): JournalEntry {
      const entry: { -readonly [K in keyof JournalEntry]: JournalEntry[K] } = {
        seq,
        method: method[slot] as string,
        path: path[slot] as string,
        operationId: operationId[slot] as OperationId | null,
        status: status[slot] as number,
        durationMs: durationMs[slot] as number,
        fault: fault[slot] as AppliedFault | null,
        problems: problems[slot] as readonly Problem[],
      };
      const by = answeredBy[slot];
      if (by !== undefined) entry.answeredBy = by;
      const sent = credential[slot];
      if (sent !== undefined) entry.credential = sent;
      const masked = sentAs[slot];
      if (masked !== undefined) entry.sentAs = masked;
      const simulated = scenario[slot];
      if (simulated !== undefined) entry.scenario = simulated;
      const shapedBy = choices[slot];
      if (shapedBy !== undefined) entry.choices = shapedBy;
      return entry;
    },
    /** Lets go of what the entries refer to (a clear): the numbers are simply overwritten later. */
    forget(): void {
      path.fill("");
      fault.fill(null);
      problems.fill(noProblems);
      sentAs.fill(undefined);
      choices.fill(undefined);
    },
  };
}

export function createJournal(options: JournalOptions = {}): Journal {
  const size = options.size ?? journalLimits.defaultSize;
  if (!Number.isSafeInteger(size) || size < 1 || size > journalLimits.maxSize) {
    throw new RangeError(
      `journal size must be an integer from 1 to ${journalLimits.maxSize}, got ${size}`,
    );
  }
  const columns = entryColumns(size);
  // A ring: `start` is where the next entry goes, the `kept` entries end
  // just before it. Kept entries carry consecutive numbers, the newest `recorded`.
  let kept = 0;
  let start = 0;
  let recorded = 0;
  /** The slot of the `index`th kept entry, oldest first. */
  const slotOf = (index: number) => (start - kept + index + size) % size;
  /** The `index`th kept entry, oldest first. */
  const entryAt = (index: number) => columns.read(slotOf(index), recorded - kept + 1 + index);
  const ordered = () => {
    const entries: JournalEntry[] = new Array(kept);
    for (let index = 0; index < kept; index++) entries[index] = entryAt(index);
    return entries;
  };
  return {
    size,
    get recorded() {
      return recorded;
    },
    all: ordered,
    forOperation(operationId) {
      const entries: JournalEntry[] = [];
      for (let index = 0; index < kept; index++) {
        if (columns.operationId[slotOf(index)] === operationId) entries.push(entryAt(index));
      }
      return entries;
    },
    since(after, limit, maxChars = Number.POSITIVE_INFINITY) {
      // The page's first index is arithmetic: the numbers are consecutive.
      const oldest = recorded - kept + 1;
      const from = after === undefined ? kept - limit : Math.floor(after) + 1 - oldest;
      const first = Math.max(0, from);
      const page: JournalEntry[] = [];
      let chars = 0;
      for (let index = first; index < kept && page.length < limit; index++) {
        const entry = entryAt(index);
        chars += entrySize(entry);
        if (chars > maxChars && page.length > 0) break;
        page.push(entry);
      }
      return page;
    },
    clear() {
      columns.forget();
      kept = 0;
      start = 0;
    },
    record(record) {
      columns.write(start, record);
      recorded++;
      start = start + 1 === size ? 0 : start + 1;
      if (kept < size) kept++;
    },
  };
}
