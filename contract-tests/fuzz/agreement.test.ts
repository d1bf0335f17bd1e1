/**
 * openapi.yaml and the kit's mock agree: requests generated from the
 * document (valid ones across every documented combination, and ones with a
 * single mistake) go straight into the mock's core; every answer's status
 * must be one the document lists for the operation, with the listed body,
 * and every rule of the contract suite must hold (the same generator and
 * judge as `petstore-contract --fuzz`).
 */
import { describe, expect, it } from "vitest";
import { createPetstoreCore } from "../../mocks/core/create-core.js";
import { interfaceOperations } from "../../mocks/interface/operations.js";
import { createPetstoreStore } from "../../mocks/store/store.js";
import { describeResponse } from "../suite/context.js";
import { coreTransport } from "../test-support/core-transport.js";
import { curlLine } from "../transport/http.js";
import { runFuzz } from "./run.js";

const apiKey = "agreement-key-0123456789";
const target = { apiKey, wrongKey: "wrong-agreement-key" };

async function fuzzTheCore(seed: number, count: number) {
  const core = createPetstoreCore({ store: await createPetstoreStore(), apiKeys: [apiKey] });
  return runFuzz({
    count,
    seed,
    tag: "ct-agreement",
    readOnly: false,
    writeBudget: count,
    checkDocument: true,
    send: coreTransport(core, target),
    curl: (request) =>
      curlLine(
        {
          ...target,
          baseUrl: "http://127.0.0.1:4000/v1",
          timeoutMs: 0,
          maxRetries: 0,
          maxRetryWaitMs: 0,
          tag: "ct-agreement",
        },
        request,
      ),
    describe: (exchange) => describeResponse(exchange),
  });
}

describe("openapi.yaml and the kit's mock agree on generated requests", () => {
  it.each([1, 2, 3])(
    "seed %i: 1,500 requests, every answer listed and every rule kept",
    async (seed) => {
      const result = await fuzzTheCore(seed, 1500);
      expect(result.failures.map((f) => `${f.key}: ${f.actual}\n  ${f.curl}`)).toEqual([]);
      expect(result.generated).toBe(1500);
      expect(result.created.length).toBeGreaterThan(100);
    },
  );

  it("reaches every status the document lists that a request alone can provoke", async () => {
    const result = await fuzzTheCore(4, 1500);
    const provocable = [200, 201, 400, 401, 404, 415];
    for (const operation of interfaceOperations) {
      const listed = [...operation.responses.keys()].filter((s) => provocable.includes(s));
      const seen = Object.keys(result.statuses[operation.id] ?? {}).map(Number);
      expect({ operation: operation.id, missing: listed.filter((s) => !seen.includes(s)) }).toEqual(
        {
          operation: operation.id,
          missing: [],
        },
      );
    }
  });
});
