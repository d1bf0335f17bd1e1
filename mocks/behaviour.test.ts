/** Every case of the behavioural table, through msw/node and real `fetch`. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupPetstore } from "./node.js";
import { behaviourCases, checkCase, sendCase } from "./test-support/cases.js";

const petstore = await setupPetstore();
beforeAll(() => petstore.listen());
beforeEach(() => petstore.reset());
afterAll(() => petstore.close());

describe("the mock answers every behavioural case (msw/node)", () => {
  it.each(behaviourCases.map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    const result = await sendCase("http://petstore.test/v1", testCase.request);
    expect(checkCase(testCase.expect, result)).toEqual([]);
  });
});
