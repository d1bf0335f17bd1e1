/** What the state-file suites share: reading a saved file back, and a create through a running server. */
import { readFile } from "node:fs/promises";
import { expect } from "vitest";
import { checkSnapshot } from "../store/state.js";
import { devAuth, send } from "./http.js";

/** The state file at `path`, parsed and checked as a snapshot. */
export const readState = async (path: string) =>
  checkSnapshot(JSON.parse(await readFile(path, "utf8")));

/** Creates a pet through the server at `url` (a 201 expected); its id. */
export async function createPet(url: string, name: string): Promise<number> {
  const reply = await send(`${url}/pets`, {
    method: "POST",
    headers: { ...devAuth, "content-type": "application/json" },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  expect(reply.status).toBe(201);
  return (JSON.parse(reply.text) as { id: number }).id;
}
