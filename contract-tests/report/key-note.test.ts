/**
 * The note on setting `$PETSTORE_API_KEY` (the run's key came from `--key`)
 * stands where a curl line reads that variable: on the console only when it
 * printed one, in the report files when they carry one.
 */
import { describe, expect, it } from "vitest";
import { startPetstoreServer } from "../../mocks/server/server.js";
import { testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { closedAfter, runCliWithReports } from "../test-support/runs.js";
import { keyNote } from "./key-note.js";

describe("the key note", () => {
  it("is not on a console that printed no curl line (only advisory warnings), and is in the files that carry one", async () => {
    // A deployment that clamps `limit`: the advisory 400s for limit=0 and 101 fail, nothing documented does.
    const clamping = await startPetstoreServer({
      port: 0,
      apiKeys: [testApiKey],
      quiet: true,
      behaviour: { version: 1, choices: { limitOutOfRange: "clamped" } },
    });
    const run = await closedAfter(clamping, () =>
      runCliWithReports(["--url", clamping.url, "--key", testApiKey, "--only", "listPets"]),
    );
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^ {2}! listPets\.\S+\.status-400 \[advisory\]: HTTP 200$/m);
    expect(run.out).not.toContain("$PETSTORE_API_KEY");
    expect(run.out).not.toContain(keyNote);
    // The files list advisory warnings with their curl lines, and the note.
    expect(run.reports.markdown).toContain("$PETSTORE_API_KEY");
    expect(JSON.parse(run.reports.json).notes).toEqual([keyNote]);
  });

  it("is on a console that printed a curl line reading the key", async () => {
    const broken = await startPetstoreServer({ port: 0, apiKeys: [testApiKey], quiet: true });
    broken.faults.add({ operation: "listCategories", status: 500 });
    const run = await closedAfter(broken, () =>
      runCliWithReports(["--url", broken.url, "--key", testApiKey, "--only", "listCategories"]),
    );
    expect(run.code).toBe(1);
    expect(run.out).toContain(`-H "Authorization: Bearer $PETSTORE_API_KEY"`);
    expect(run.out).toContain(`note: ${keyNote}`);
  });
});
