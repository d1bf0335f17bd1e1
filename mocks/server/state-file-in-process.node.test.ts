/**
 * `stateFile` in-process: the data survives a restart and follows every
 * change soon after (the CLI's signals and kills: state-file.node.test.ts).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSnapshot } from "../state.js";
import { startPetstoreServer } from "./server.js";
import { devAuth, send } from "./test-support/http.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-state-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let files = 0;
const freshPath = () => join(dir, `state-${++files}.json`);
const readState = async (path: string) => checkSnapshot(JSON.parse(await readFile(path, "utf8")));

async function createPet(url: string, name: string): Promise<number> {
  const reply = await send(`${url}/pets`, {
    method: "POST",
    headers: { ...devAuth, "content-type": "application/json" },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  expect(reply.status).toBe(201);
  return (JSON.parse(reply.text) as { id: number }).id;
}

describe("the state file in-process", () => {
  it("is created from the seed, follows changes soon after, and is loaded at the next start", async () => {
    const path = freshPath();
    const first = await startPetstoreServer({ port: 0, seed: 9, stateFile: path });
    expect(first.stateFile).toEqual({ path, loaded: false });
    expect((await readState(path)).pets).toHaveLength(50);
    const id = await createPet(first.url, "Kept");
    await expect
      .poll(async () => (await readState(path)).pets.at(-1)?.name, { timeout: 5_000 })
      .toBe("Kept");
    await first.close();

    const second = await startPetstoreServer({ port: 0, seed: 1, stateFile: path });
    expect(second.stateFile?.loaded).toBe(true);
    expect(second.store.getPet(id)?.name).toBe("Kept");
    expect(second.store.seedOptions.seed).toBe(9);
    expect(await createPet(second.url, "Next")).toBe(id + 1);

    const reset = await send(`${second.origin}/__mock/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    await second.close();
    const seeded = await startPetstoreServer({ port: 0, seed: 9 });
    expect(await readState(path)).toEqual(seeded.store.snapshot());
    await seeded.close();
  });

  it("holds every change of a concurrent burst soon after", async () => {
    const path = freshPath();
    const server = await startPetstoreServer({ port: 0, stateFile: path });
    await Promise.all(Array.from({ length: 20 }, (_, n) => createPet(server.url, `Burst ${n}`)));
    await expect.poll(async () => (await readState(path)).pets.length, { timeout: 5_000 }).toBe(70);
    await server.close();
  });
});
