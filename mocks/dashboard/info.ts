/** What `GET /__mock/info` answers: the server as the page shows it (never a key). */
import type { FaultInput } from "../core/faults.js";
import type { PublicOptions } from "../server/dashboard.js";

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
