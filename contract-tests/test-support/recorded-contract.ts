/**
 * A consumer contract the kit's own recorder writes from real requests to its
 * mock (in process, the default seed), each named after a test: what an app's
 * tests would leave behind, without writing the JSON by hand.
 *
 * @example
 * const contract = await recordContract("web-app", [
 *   { test: "lists pets", method: "GET", target: "/pets?limit=2" },
 * ]);
 */
import type { PactContract } from "../../mocks/contract/pact.js";
import type { ResolvedBehaviour } from "../../mocks/interface/behaviours.js";
import { createPetstore } from "../../mocks/runtime/lifecycle.js";
import { coreRequest } from "../../mocks/test-support/core-request.js";

export interface RecordedStep {
  /** The test name, as `file > test`. */
  readonly test: string;
  readonly method: "GET" | "POST";
  /** Below `/v1`, with the query: `/pets?limit=0`. */
  readonly target: string;
  /** Sent as JSON. */
  readonly json?: unknown;
  /** The credential: the mock's key (default), another one, or none. */
  readonly key?: string | null;
}

export const recordingKey = "petstore-dev-key";

/**
 * An app's requests, some relying on the mock's own choices: a 400 for an
 * empty page or a bad link, a 401 on the categories for an old key, a 400 for
 * an empty name. Its tests are named `<file> > …`.
 */
export const sloppySteps = (file: string): RecordedStep[] =>
  sloppy.map((step) => ({ ...step, test: `${file} > ${step.test}` }));

const sloppy: readonly RecordedStep[] = [
  { test: "lists the available pets", method: "GET", target: "/pets?status=available&limit=2" },
  { test: "shows an error for an empty page", method: "GET", target: "/pets?limit=0" },
  { test: "shows a pet's page", method: "GET", target: "/pets/7" },
  { test: "shows an error for a bad link", method: "GET", target: "/pets/abc" },
  { test: "asks for a key on the categories", method: "GET", target: "/categories", key: "old" },
  {
    test: "refuses an empty name",
    method: "POST",
    target: "/pets",
    json: { name: "", categoryId: 1 },
  },
];

/**
 * The contract the recorder writes for these requests, answered by a fresh
 * mock (under `behaviour`, a profile, when given).
 */
export async function recordContract(
  consumer: string,
  steps: readonly RecordedStep[],
  behaviour?: ResolvedBehaviour,
): Promise<PactContract> {
  let test = "";
  const petstore = await createPetstore({
    testName: () => test,
    contract: { consumer },
    ...(behaviour ? { behaviour } : {}),
  });
  for (const step of steps) {
    test = step.test;
    const key = step.key === undefined ? recordingKey : step.key;
    const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
    if (step.json !== undefined) headers["content-type"] = "application/json";
    const body = step.json === undefined ? undefined : JSON.stringify(step.json);
    await petstore.handle(
      coreRequest(step.method, step.target, { headers, ...(body ? { body } : {}) }),
    );
  }
  return petstore.contract();
}
