/**
 * The behaviour and control case tables through the Playwright routing
 * adapter, in-process: the fourth way in is held to the same answers as
 * msw/node, the standalone server and the browser worker.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { behaviourCases, checkCase } from "../test-support/cases.js";
import { controlCases, runControlCase } from "../test-support/control-cases.js";
import { routeDriver } from "../test-support/route-driver.js";

const baseUrl = "http://app.test/v1";
const driver = await routeDriver(baseUrl);
afterAll(() => driver.stop());

describe("the routing adapter answers every behavioural case", () => {
  beforeEach(() => driver.reset());
  it.each(behaviourCases.map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    expect(checkCase(testCase.expect, await driver.send(testCase.request))).toEqual([]);
  });
});

describe("faults and the journal behave as the table says (routing adapter)", () => {
  it.each(controlCases.map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    expect(await runControlCase(testCase, driver)).toEqual([]);
  });
});
