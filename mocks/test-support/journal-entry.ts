/** A journal record as the core writes one: an answered listPets request (`/nowhere`: one no operation matched). */
import type { JournalRecord } from "../core/journal.js";

export const journalEntry = (path: string, durationMs = 1): JournalRecord => ({
  method: "GET",
  path,
  operationId: path === "/nowhere" ? null : "listPets",
  status: 200,
  durationMs,
  fault: null,
  problems: [],
});
