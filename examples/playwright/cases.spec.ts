/**
 * The behavioural case table through the fixture's routing in Chromium: the
 * page's own `fetch` sends every case and the fixture answers, so the fourth
 * way in is held to the same answers as msw/node, the server and the worker.
 */
import { behaviourCases } from "../../mocks/test-support/cases.js";
import { behaviourCaseFailures } from "../../mocks/test-support/page-fetch.js";
import { appOrigin, expect, test } from "./app.js";

test("the routed mock answers every behavioural case", async ({ page }) => {
  await page.goto("/");
  const { results, failures } = await behaviourCaseFailures(page, `${appOrigin}/v1`);
  expect(results).toBe(behaviourCases.length);
  expect(failures).toEqual({});
});
