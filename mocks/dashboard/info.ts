/** What `GET /__mock/info` answers: the server as the page shows it (never a key). */

import type { PublicOptions } from "../admin/dashboard.js";
import type { FaultInput, FaultPreset } from "../core/faults.js";
import type { JournalEntry } from "../core/journal.js";

export interface ServerInfo {
  readonly version: string;
  readonly interfaceVersion: string;
  readonly apiBase: string;
  readonly seedOptions: {
    readonly seed: number;
    readonly pets: number;
    readonly categories: number;
  };
  readonly counts: { readonly pets: number; readonly categories: number };
  readonly options: PublicOptions;
  readonly operations: readonly string[];
  readonly presets: Readonly<Record<string, readonly FaultInput[]>>;
}

/** A fault's effect in a few words, e.g. `503`, `delay 1500 ms`, `reset`. */
export function effectOf(fault: FaultInput): string {
  const parts: string[] = [];
  if (fault.status !== undefined) parts.push(String(fault.status));
  if (fault.delayMs !== undefined) parts.push(`delay ${fault.delayMs} ms`);
  if (fault.network) parts.push(fault.network);
  if (fault.body) parts.push(`${fault.body} body`);
  return parts.join(", ");
}

/** A fault's id, with the preset that added it: `f3` or `f3 (preset flaky-writes)`. */
export function faultName(fault: { readonly id: string; readonly preset?: FaultPreset }): string {
  return fault.preset ? `${fault.id} (preset ${fault.preset})` : fault.id;
}

/** The deployment behind `--proxy`, or null when the mock answers everything itself. */
export function upstreamOf(info: Pick<ServerInfo, "options">): string | null {
  const { proxy } = info.options;
  return typeof proxy === "string" ? proxy : null;
}

/**
 * Who answered a request behind `--proxy`, in a word or two: the deployment,
 * the local mock (a request the proxy keeps, or `--fallback mock`), or the
 * proxy itself (refused before forwarding, or a 502 with no usable answer).
 */
export function answeredBy(entry: Pick<JournalEntry, "answeredBy">): string {
  if (entry.answeredBy === "deployment") return "deployment";
  return entry.answeredBy === "mock" ? "local mock" : "proxy";
}
