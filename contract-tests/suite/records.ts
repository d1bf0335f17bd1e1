/** Remembers what the run created, so the report can list it for clean-up. */
import type { Exchange } from "../http.js";
import type { SuiteContext } from "./context.js";
import type { CreatedRecord } from "./results.js";

export function recordCreation(
  ctx: SuiteContext,
  exchange: Exchange | undefined,
  collection: CreatedRecord["collection"],
): void {
  const { response } = exchange ?? {};
  if (!response || response.status < 200 || response.status >= 300) return;
  const body = response.json as { id?: unknown; name?: unknown } | undefined;
  if (body === null || typeof body !== "object") return;
  const id = Number(body.id);
  if (!Number.isSafeInteger(id)) return;
  ctx.noteCreated({ collection, id, name: typeof body.name === "string" ? body.name : "" });
}
