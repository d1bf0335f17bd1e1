/** The fault and journal case table through the standalone server's admin endpoints. */
import { afterAll, describe, expect, it } from "vitest";
import { sendCase } from "../test-support/cases.js";
import { type ControlDriver, controlCases, runControlCase } from "../test-support/control-cases.js";
import { connectPetstoreMock } from "./client.js";
import { startPetstoreServer } from "./server.js";

const server = await startPetstoreServer({ port: 0 });
afterAll(() => server.close());
const mock = connectPetstoreMock(server.url);

const overHttp: ControlDriver = {
  reset: async () => {
    await mock.reset();
  },
  addFault: async (input) => {
    await mock.faults.add(input);
  },
  faultCount: async () => (await mock.faults.list()).length,
  journal: () => mock.journal.all(),
  send: (request) => sendCase(server.url, request),
};

describe("faults and the journal behave as the table says (standalone server)", () => {
  it.each(controlCases.map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    expect(await runControlCase(testCase, overHttp)).toEqual([]);
  });
});
