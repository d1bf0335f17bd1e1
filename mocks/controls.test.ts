/** The fault and journal case table through msw/node and its in-process `faults` and `journal`. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupPetstore } from "./node.js";
import { sendCase } from "./test-support/cases.js";
import { type ControlDriver, controlCases, runControlCase } from "./test-support/control-cases.js";

const petstore = await setupPetstore();
beforeAll(() => petstore.listen());
afterAll(() => petstore.close());

const inProcess: ControlDriver = {
  reset: () => petstore.reset(),
  addFault: async (input) => {
    petstore.faults.add(input);
  },
  faultCount: async () => petstore.faults.list().length,
  journal: async () => petstore.journal.all(),
  send: (request) => sendCase("http://petstore.test/v1", request),
};

describe("faults and the journal behave as the table says (msw/node)", () => {
  it.each(controlCases.map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    expect(await runControlCase(testCase, inProcess)).toEqual([]);
  });
});
