/**
 * What a fuzz run counts, for the report's status matrix: every answer it
 * judged per operation and status (read-backs included), and for each cause
 * of failure the statuses of the answers that failed that way.
 */
import { describe, expect, it } from "vitest";
import { createPetstoreCore } from "../../mocks/core/petstore-core.js";
import { createPetstoreStore } from "../../mocks/store/store.js";
import { fault } from "../../mocks/test-support/faulty-servers.js";
import { describeResponse } from "../suite/context.js";
import { coreTransport } from "../test-support/core-transport.js";
import { runFuzz } from "./run.js";

const apiKey = "fuzz-counts-key-0123456789";

async function fuzzFaulty(name: string) {
  const core = fault(name)(
    createPetstoreCore({ store: await createPetstoreStore(), apiKeys: [apiKey] }),
  );
  return runFuzz({
    count: 300,
    seed: 1,
    tag: "ct-counts",
    readOnly: false,
    writeBudget: 60,
    send: coreTransport(core, { apiKey, wrongKey: "wrong-counts-key" }),
    curl: (request) => `curl ${request.path}`,
    describe: (exchange) => describeResponse(exchange),
  });
}

const total = (counts: Readonly<Record<string, number>> | undefined) =>
  Object.values(counts ?? {}).reduce((sum, n) => sum + n, 0);

describe("a fuzz run's counts", async () => {
  const result = await fuzzFaulty("500-for-a-limit-band");

  it("keeps the statuses of the answers behind each cause of failure", () => {
    const crash = result.failures.find((failure) => failure.key === "listPets no-5xx");
    expect(crash?.statuses).toEqual({ "500": crash?.count });
    for (const failure of result.failures) {
      expect(total(failure.statuses), failure.key).toBe(failure.count);
      for (const [status, count] of Object.entries(failure.statuses)) {
        expect(result.statuses[failure.operation]?.[status]).toBeGreaterThanOrEqual(count);
      }
    }
  });

  it("counts the read-backs of created records among the statuses", () => {
    const pets = result.created.filter((record) => record.collection === "pets").length;
    expect(pets).toBeGreaterThan(0);
    // No getPet request failed, so none was shrunk: every getPet answer beyond the generated ones is a read-back.
    expect(result.failures.filter((failure) => failure.operation === "getPet")).toEqual([]);
    expect(total(result.statuses.getPet)).toBeGreaterThan(result.perOperation.getPet ?? 0);
  });
});
