/**
 * What a fuzz run counts, for the report's status matrix: every answer it
 * judged per operation and status (read-backs included), and for each cause
 * of failure the statuses of the answers that failed that way.
 */
import { describe, expect, it } from "vitest";
import { createPetstoreCore } from "../../mocks/core/create-core.js";
import type { PetstoreCore } from "../../mocks/core/petstore-core.js";
import { interfaceOperations } from "../../mocks/interface/operations.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { createPetstoreStore } from "../../mocks/store/store.js";
import { fault, withoutLocation } from "../../mocks/test-support/faulty-servers.js";
import { describeResponse } from "../suite/context.js";
import { coreTransport } from "../test-support/core-transport.js";
import type { ContractRequest } from "../transport/http.js";
import { runFuzz } from "./run.js";

const apiKey = "fuzz-counts-key-0123456789";

/** A fuzz run against the mock wrapped by `wrap`, with every request it sent. */
async function fuzzWrapped(
  wrap: (core: PetstoreCore) => PetstoreCore,
  { count = 300, seed = 1, writeBudget = 60, only = [] as OperationId[] } = {},
) {
  const core = wrap(createPetstoreCore({ store: await createPetstoreStore(), apiKeys: [apiKey] }));
  const transport = coreTransport(core, { apiKey, wrongKey: "wrong-counts-key" });
  const sent: ContractRequest[] = [];
  const result = await runFuzz({
    count,
    seed,
    tag: "ct-counts",
    readOnly: false,
    writeBudget,
    only,
    send: (request) => {
      sent.push(request);
      return transport(request);
    },
    curl: (request) => `curl ${request.path}`,
    describe: (exchange) => describeResponse(exchange),
  });
  return { result, sent };
}

const fuzzFaulty = async (name: string) => (await fuzzWrapped(fault(name))).result;

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

describe("a fuzz run's creates", () => {
  /** The POSTs shrinking sent: every POST beyond the generated ones (a create's read-back is a GET). */
  const shrinkingPosts = ({ result, sent }: Awaited<ReturnType<typeof fuzzWrapped>>) =>
    sent.filter((request) => request.method === "POST").length -
    interfaceOperations
      .filter((operation) => operation.method === "POST")
      .reduce((sum, operation) => sum + (result.perOperation[operation.id] ?? 0), 0);

  it.each([1, 2, 3])(
    "shrinks an advisory cause (no Location header) without a single create, seed %i",
    async (seed) => {
      const run = await fuzzWrapped(withoutLocation, { count: 150, seed });
      expect(run.result.failures.map((failure) => [failure.key, failure.kind])).toEqual([
        ["createPet header-Location", "advisory"],
      ]);
      expect(shrinkingPosts(run)).toBe(0);
    },
  );

  it.each([1, 2, 3])(
    "names only categories the run has seen, and keeps the creates for the generation, seed %i",
    async (seed) => {
      const run = await fuzzWrapped(fault("500-for-sold-without-location"), { count: 150, seed });
      const { result, sent } = run;
      // The deployment's category ids start at 2^52: any smaller integer was guessed.
      const guessed = sent.flatMap((request) => {
        const id = (request.json as { categoryId?: unknown } | undefined)?.categoryId;
        return Number.isInteger(id) && (id as number) < 2 ** 52 ? [id] : [];
      });
      expect(guessed).toEqual([]);
      expect(result.failures.find((failure) => failure.key === "createPet no-5xx")?.kind).toBe(
        "documented",
      );
      // Shrinking sends at most the 10 creates kept back; the generated ones name known categories.
      expect(result.writes).toBeLessThanOrEqual(60);
      expect(shrinkingPosts(run)).toBeLessThanOrEqual(10);
      const { createPet = {} } = result.statuses;
      expect((createPet["201"] ?? 0) + (createPet["500"] ?? 0)).toBeGreaterThanOrEqual(20);
    },
  );

  // --fuzz-writes 12 keeps 3 back: seeds whose generation finds the crash with creates to spare.
  it.each([3, 4, 5])(
    "shrinks from the creates kept back only, never from the generation's (--fuzz-writes 12: 3), seed %i",
    async (seed) => {
      const run = await fuzzWrapped(fault("500-for-sold-without-location"), {
        count: 150,
        seed,
        writeBudget: 12,
      });
      expect(run.result.failures.map((failure) => failure.key)).toContain("createPet no-5xx");
      expect(run.result.writes).toBeLessThanOrEqual(12);
      expect(shrinkingPosts(run)).toBeLessThanOrEqual(3);
      expect(run.result.writes - shrinkingPosts(run)).toBeGreaterThanOrEqual(9);
    },
  );

  it("leaves the creates kept back unspent when nothing fails, even fuzzing createPet alone", async () => {
    const run = await fuzzWrapped((core) => core, {
      count: 100,
      writeBudget: 20,
      only: ["createPet"],
    });
    expect(run.result.failures).toEqual([]);
    expect(run.result.writes).toBe(15);
  });
});
