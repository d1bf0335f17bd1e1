/**
 * The fixture's types, checked by `npm run typecheck`: `test.use` takes the
 * mock's options under `petstore` (and `petstoreOptions`), also after
 * `extend`, and refuses anything else there.
 */
import { test } from "./playwright.js";

export function typeChecks(): void {
  test.use({ petstore: { seed: 7, counts: { pets: 3 }, preset: "flaky-writes" } });
  test.use({ petstoreOptions: { baseUrl: "http://localhost:4000/v1" } });
  const extended = test.extend<{ greeting: string }>({ greeting: "hi" });
  extended.use({ petstore: { latency: [10, 50] }, greeting: "hello" });
  // @ts-expect-error a seed is a number
  test.use({ petstore: { seed: "seven" } });
  // @ts-expect-error not a preset
  test.use({ petstore: { preset: "fast-network" } });
  // @ts-expect-error not an option of the mock
  test.use({ petstore: { sed: 7 } });
  test("the fixture's members", async ({ petstore }) => {
    petstore.faults.add({ operation: "createPet", status: 503 });
    const statuses: number[] = petstore.journal.all().map((entry) => entry.status);
    // @ts-expect-error not a field of a fault
    petstore.faults.add({ operation: "createPet", code: 503 });
    await petstore.reset();
    void statuses;
  });
}
