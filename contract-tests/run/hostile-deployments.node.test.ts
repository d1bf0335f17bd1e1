/**
 * The contract suite against hostile deployments: each run stays within its
 * time bound, exits as documented, and no report shows the key or a raw
 * control character or markup. Apart from proof-of-power.test.ts because it
 * proves the bounds of the HTTP layer (timeouts, body caps, retries), not
 * the suite's checks, and takes about 20 s (the mutation run leaves it out).
 */
import { describe, expect, it } from "vitest";
import { startMock } from "../../mocks/test-support/faulty-servers.js";
import { frontOf, hostileKey, hostileServers } from "../../mocks/test-support/hostile-servers.js";
import { secretPieces } from "../../mocks/test-support/secret-encodings.js";
import { startTinyServer } from "../../mocks/test-support/servers.js";
import { closedAfter, runCliWithReports } from "../test-support/runs.js";

describe("the contract suite against hostile deployments", () => {
  /** Every 10-character piece of every form of the key: none may appear in any output. */
  const keyPieces = secretPieces(hostileKey);

  it.each(hostileServers)(
    "stays bounded and safe: $name ($threat)",
    async (hostile) => {
      const mock = await startMock(undefined, hostileKey);
      const front = await startTinyServer(frontOf(mock.url, hostile));
      const args = ["--url", front.url, ...hostile.args];
      const started = performance.now();
      const { code, out, err, ...run } = await closedAfter(mock, () =>
        closedAfter(front, () => runCliWithReports(args, { PETSTORE_API_KEY: hostileKey })),
      );
      expect(code).toBe(hostile.exitCode);
      if (hostile.stderr) expect(err).toMatch(hostile.stderr);
      else expect(err).toBe("");
      expect((performance.now() - started) / 1000).toBeLessThan(hostile.maxSeconds);
      const reports = { console: out, ...run.reports };
      const result = JSON.parse(reports.json) as {
        checks: Array<{ id: string; outcome: string }>;
        stoppedEarly: string | null;
        diagnoses: Array<{ cause: string; hint: string }>;
      };
      const failed = result.checks.filter((check) => check.outcome === "failed").map((c) => c.id);
      expect(failed).toEqual(expect.arrayContaining([...hostile.caughtBy]));
      expect(result.stoppedEarly !== null).toBe([3, 4].includes(hostile.exitCode));
      if (hostile.diagnosis) {
        const { cause, hint } = hostile.diagnosis;
        expect(result.diagnoses.find((named) => named.cause === cause)?.hint).toMatch(hint);
      }
      for (const [name, text] of Object.entries(reports)) {
        const leaked = keyPieces.filter((piece) => text.includes(piece));
        expect(leaked, `${name} shows part of the key`).toEqual([]);
      }
      for (const raw of ["\u0007", "\u001b", "\u202e"]) expect(reports.console).not.toContain(raw);
      for (const text of [reports.markdown, reports.html]) {
        expect(text).not.toMatch(/<img|<script|<\/details><img/i);
      }
      // The slowest (a deployment that stops answering) takes about 12 s; each has its own bound above.
    },
    40_000,
  );
});
