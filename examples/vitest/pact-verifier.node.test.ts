/**
 * The loop of docs/testing.md, end to end: the example app's own tests (this
 * folder's `*.spec.ts`, run by vitest in two workers) write a consumer
 * contract, and Pact's own verifier (`@pact-foundation/pact`) verifies it
 * against the kit's standalone mock on 127.0.0.1, setting each provider
 * state up through `POST /__mock/provider-state`. It passes; with faults
 * injected it fails, on exactly the interactions the faults touch.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeExampleContract } from "../../contract-tests/test-support/example-contract.js";
import type { PactContract } from "../../mocks/contract/pact.js";
import type { FaultInput } from "../../mocks/core/faults.js";
import { startPetstoreServer } from "../../mocks/server/server.js";

// Pact's core would otherwise report usage over the network.
process.env.PACT_DO_NOT_TRACK = "true";
const { Verifier } = await import("@pact-foundation/pact");

const apiKey = "petstore-dev-key";

interface VerifierResult {
  readonly interactionResults: readonly { readonly description: string; readonly result: string }[];
}

type Server = Awaited<ReturnType<typeof startPetstoreServer>>;

/**
 * Pact's verifier against a fresh standalone mock with these faults (and
 * what `prepare` adds to its data); its results, passed or not.
 */
async function verify(
  file: string,
  faults: readonly FaultInput[] = [],
  prepare?: (server: Server) => Promise<unknown>,
) {
  const server = await startPetstoreServer({ port: 0, faults: [...faults] });
  try {
    await prepare?.(server);
    const output = await new Verifier({
      provider: "petstore",
      providerBaseUrl: server.url,
      pactUrls: [file],
      providerStatesSetupUrl: `${server.origin}/__mock/provider-state`,
      // The contract carries a placeholder for the key; the verifier sends the real one.
      requestFilter: (request: IncomingMessage, _response: unknown, next: () => void) => {
        if (request.headers.authorization === "Bearer [redacted]") {
          request.headers.authorization = `Bearer ${apiKey}`;
        }
        next();
      },
      logLevel: "error",
    })
      .verifyProvider()
      .then(
        (results) => ({ passed: true, results }),
        (error: Error) => ({ passed: false, results: error.message }),
      );
    return {
      ...output,
      results: JSON.parse(output.results) as VerifierResult,
      journal: server.journal.all(),
    };
  } finally {
    await server.close();
  }
}

describe("a contract the example app's tests wrote, verified by Pact", () => {
  let dir: string;
  let file: string;
  let contract: PactContract;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "petstore-pact-"));
    file = join(dir, "pacts", "pet-app-petstore.json");
    contract = await writeExampleContract(file);
  }, 150_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("is Pact v4 with one interaction per request shape, from both test files", () => {
    expect(contract.metadata.pactSpecification.version).toBe("4.0");
    expect(contract.consumer.name).toBe("pet-app");
    const tests = new Set(contract.interactions.flatMap((i) => i.comments.petstoreMockKit.tests));
    expect([...tests].some((test) => test.startsWith("examples/vitest/pets.spec.ts > "))).toBe(
      true,
    );
    expect(
      [...tests].some((test) => test.startsWith("examples/vitest/categories.spec.ts > ")),
    ).toBe(true);
    const soldList = contract.interactions.find(
      (i) => i.providerStates?.[0]?.name === "pets exist with status sold",
    );
    expect(soldList?.comments.petstoreMockKit.tests).toEqual([
      "examples/vitest/categories.spec.ts > shows the sold pets beside the categories",
      "examples/vitest/pets.spec.ts > the pet list > shows the sold pets",
    ]);
    // The injected 503 is the test's doing, not something to ask of a provider.
    expect(contract.interactions.map((i) => i.response.status)).not.toContain(503);
    expect(JSON.stringify(contract)).not.toContain(apiKey);
    expect(JSON.stringify(contract)).not.toContain("an-old-key");
  });

  it("passes Pact's verifier against the kit's standalone mock", async () => {
    const { passed, results, journal } = await verify(file);
    expect(results.interactionResults.filter((r) => r.result !== "OK")).toEqual([]);
    expect(results.interactionResults).toHaveLength(contract.interactions.length);
    expect(passed).toBe(true);
    // The provider state "pet 7 exists …" and its generator sent the verifier to pet 7.
    expect(journal.map((entry) => `${entry.method} ${entry.path}`)).toContain("GET /pets/7");
  }, 60_000);

  it("passes where a category has no description: the contract expects only what openapi.yaml requires", async () => {
    const { passed, results } = await verify(file, [], (server) =>
      server.store.createCategory({ name: "Owls" }),
    );
    expect(results.interactionResults.filter((r) => r.result !== "OK")).toEqual([]);
    expect(passed).toBe(true);
  }, 60_000);

  it("fails exactly on the interactions a fault changes", async () => {
    const { passed, results } = await verify(file, [
      { operation: "getPet", status: 503 },
      { operation: "listCategories", body: "empty" },
    ]);
    expect(passed).toBe(false);
    const failed = results.interactionResults
      .filter((r) => r.result !== "OK")
      .map((r) => r.description);
    const touched = contract.interactions
      .filter(({ comments, response }) => {
        const { operationId } = comments.petstoreMockKit;
        // An empty list breaks only an answer that had items, and a fault never meets a 401.
        return (
          (operationId === "getPet" && response.status !== 401) ||
          (operationId === "listCategories" && response.status === 200)
        );
      })
      .map((i) => i.description);
    expect(touched.length).toBeGreaterThanOrEqual(3);
    expect(failed.sort()).toEqual(touched.sort());
  }, 60_000);
});
