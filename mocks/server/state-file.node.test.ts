/**
 * `--state-file` with the compiled CLI: a SIGTERM loses nothing that was
 * answered, a `kill -9` leaves a whole file, and a damaged or incompatible
 * file stops the start without being overwritten (in-process:
 * state-file-in-process.test.ts).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOnce, devAuth, runCli, send, serveCli } from "../test-support/http.js";
import { createPet, readState } from "../test-support/state-files.js";
import { startPetstoreServer } from "./server.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-state-"));
  await buildOnce();
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

let files = 0;
const freshPath = () => join(dir, `state-${++files}.json`);

describe("the state file with the CLI", () => {
  it("keeps every answered change after SIGTERM, and PETSTORE_STATE_FILE works too", async () => {
    const path = freshPath();
    const cli = await serveCli(["--port", "0", "--state-file", path]);
    expect(cli.stdout()).toContain(`state      ${path} (created from the seed`);
    const id = await createPet(cli.url, "Answered before SIGTERM");
    cli.child.kill("SIGTERM"); // well inside the write delay
    expect(await cli.exited).toBe(0);
    expect((await readState(path)).pets.find((pet) => pet.id === id)?.name).toBe(
      "Answered before SIGTERM",
    );

    const again = await serveCli(["--port", "0", "--quiet"], { PETSTORE_STATE_FILE: path });
    const reply = await send(`${again.url}/pets/${id}`, { headers: devAuth });
    expect(JSON.parse(reply.text).name).toBe("Answered before SIGTERM");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  it("leaves a whole file, old or new, when killed with SIGKILL mid-write", async () => {
    const path = freshPath();
    // A larger file takes longer to write, so the kill often lands during a write.
    const cli = await serveCli([
      "--port",
      "0",
      "--quiet",
      "--pets",
      "20000",
      "--max-pets",
      "40000",
      "--state-file",
      path,
    ]);
    let created = 0;
    const deadline = Date.now() + 1_500;
    const writes = (async () => {
      while (Date.now() < deadline) {
        await createPet(cli.url, `Pet ${created}`).catch(() => undefined);
        created++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 900));
    cli.child.kill("SIGKILL");
    await cli.exited;
    await writes;
    const state = await readState(path);
    expect(state.pets.length).toBeGreaterThanOrEqual(20_000);
    expect(state.pets.length).toBeLessThanOrEqual(20_000 + created);
  });

  it("refuses a file another server keeps with exit code 3, naming that process", async () => {
    const path = freshPath();
    const first = await startPetstoreServer({ port: 0, stateFile: path });
    const cli = await runCli(["--port", "0", "--state-file", path]);
    await first.close();
    expect(cli.code).toBe(3);
    expect(cli.stderr).toContain(`in use by process ${process.pid} (lock file ${path}.lock)`);
  });

  it("refuses a damaged or incompatible file with exit code 3 and leaves it as it was", async () => {
    const damaged = freshPath();
    await writeFile(damaged, '{"format": "petstore-mock-kit/state", "pets": [');
    const run = await runCli(["--port", "0", "--state-file", damaged]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`state file ${damaged}: is not valid JSON`);
    expect(run.stderr).toContain("left untouched");
    expect(await readFile(damaged, "utf8")).toBe('{"format": "petstore-mock-kit/state", "pets": [');

    const older = freshPath();
    const server = await startPetstoreServer({ port: 0 });
    const text = JSON.stringify({
      ...server.store.snapshot(),
      openapi: { version: "0.9.0", sha256: "0".repeat(64) },
    });
    await server.close();
    await writeFile(older, text);
    const refused = await runCli(["--port", "0", "--state-file", older]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("another interface version");
    expect(await readFile(older, "utf8")).toBe(text);
  });
});
