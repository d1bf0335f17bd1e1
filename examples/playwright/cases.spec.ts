/**
 * The behavioural case table through the fixture's routing in Chromium: the
 * page's own `fetch` sends every case and the fixture answers, so the fourth
 * way in is held to the same answers as msw/node, the server and the worker.
 */
import { type BehaviourCase, behaviourCases, checkCase } from "../../mocks/test-support/cases.js";
import { sendCasesInPage } from "../../mocks/test-support/page-fetch.js";
import { appOrigin, expect, test } from "./app.js";

test("the routed mock answers every behavioural case", async ({ page }) => {
  await page.goto("/");
  const results = await sendCasesInPage(
    page,
    `${appOrigin}/v1`,
    behaviourCases.map((testCase) => testCase.request),
  );
  const failures = Object.fromEntries(
    behaviourCases
      .map((testCase: BehaviourCase, index) => {
        const result = results[index];
        const problems = result ? checkCase(testCase.expect, result) : ["no result"];
        return [testCase.name, problems] as const;
      })
      .filter(([, problems]) => problems.length > 0),
  );
  expect(results).toHaveLength(behaviourCases.length);
  expect(failures).toEqual({});
});
