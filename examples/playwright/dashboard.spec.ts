/**
 * `petstore.dashboardUrl`: the standalone server's dashboard for the test's
 * own mock, opened in a second page of the test's context.
 */
import { expect, test } from "./app.js";

test("the dashboard shows the app's requests and flips a fault for it", async ({
  page,
  context,
  petstore,
}) => {
  await page.goto("/");
  await expect(page.getByRole("status")).toHaveText("20 pets");

  const dashboard = await context.newPage();
  await dashboard.goto(petstore.dashboardUrl);
  const requests = dashboard.getByRole("region", { name: "Requests" });
  await expect(requests.locator('tr[data-id="1"]')).toContainText("GET /pets");

  const faults = dashboard.getByRole("region", { name: "Faults" });
  await faults.getByRole("button", { name: "Apply preset server-down" }).click();
  await expect.poll(() => petstore.faults.list()).toHaveLength(1);
  await page.reload();
  await expect(requests.locator('tr[data-id="2"]')).toContainText("GET /pets");
  await expect(requests.locator('tr[data-id="2"]')).toContainText("503");
  await expect(requests.locator('tr[data-id="2"]')).toContainText("(preset server-down)");
  expect(petstore.journal.all().map((entry) => entry.status)).toEqual([200, 503]);
});
