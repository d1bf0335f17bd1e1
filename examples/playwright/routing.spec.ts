/**
 * How a request from the page reaches the core through Playwright's routing:
 * method, path, query, headers and body as sent, the body limit, HEAD, and
 * each kind of fault as the page sees it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./app.js";

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  text?: string;
  error?: string;
}

/** Sends one request from the page (after the app's own first load) and reads the answer. */
async function send(
  page: Page,
  path: string,
  init: RequestInit = {},
  timeoutMs = 20_000,
): Promise<Answer> {
  return page.evaluate(
    async ({ path, init, timeoutMs }) => {
      try {
        const response = await fetch(path, {
          ...init,
          headers: { Authorization: "Bearer petstore-dev-key", ...init.headers },
          signal: AbortSignal.timeout(timeoutMs),
        });
        return {
          status: response.status,
          headers: Object.fromEntries(response.headers),
          text: await response.text(),
        };
      } catch (error) {
        return { error: (error as Error).name };
      }
    },
    { path, init, timeoutMs },
  );
}

test.beforeEach(async ({ page, petstore }) => {
  await page.goto("/");
  await expect(page.getByRole("status")).toHaveText("20 pets");
  petstore.journal.clear();
});

test("passes the path, query and headers as sent", async ({ page, petstore }) => {
  const sold = await send(page, "/v1/pets?status=sold&limit=2");
  expect(JSON.parse(sold.text ?? "")).toEqual(
    petstore.store.listPets({ status: "sold", limit: 2 }),
  );
  expect(sold.headers?.["content-type"]).toBe("application/json");
  const preferred = await send(page, "/v1/pets", { headers: { Prefer: "code=429" } });
  expect(preferred.status).toBe(429);
  const badKey = await send(page, "/v1/pets", { headers: { Authorization: "Bearer nope" } });
  expect(badKey).toMatchObject({ status: 401, headers: { "www-authenticate": "Bearer" } });
  expect((await send(page, "/v1/pets/%ZZ")).status).toBe(400);
  expect((await send(page, "/v1/store/orders")).status).toBe(404);
  expect(petstore.journal.all().map((entry) => entry.path)).toEqual([
    "/pets?status=sold&limit=2",
    "/pets",
    "/pets",
    "/pets/%ZZ",
    "/store/orders",
  ]);
});

test("reads the body, up to the 1 MiB limit", async ({ page, petstore }) => {
  const json = { "Content-Type": "application/json" };
  const created = await send(page, "/v1/categories", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "ferret", description: "ünïcode ✓" }),
  });
  expect(created.status).toBe(201);
  expect(petstore.store.getCategory(6)).toEqual({
    id: 6,
    name: "ferret",
    description: "ünïcode ✓",
  });
  const padding = "x".repeat(1024 * 1024);
  const tooLarge = await send(page, "/v1/pets", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: padding, categoryId: 1 }),
  });
  expect(tooLarge.status).toBe(413);
  expect(JSON.parse(tooLarge.text ?? "")).toMatchObject({ code: "payload_too_large" });
  const noType = await send(page, "/v1/pets", { method: "POST", body: "{}" });
  expect(noType.status).toBe(415);
});

test("answers HEAD like GET without the body", async ({ page }) => {
  const get = await send(page, "/v1/pets/1");
  const head = await send(page, "/v1/pets/1", { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.text).toBe("");
  expect(head.headers?.sunset).toBe(get.headers?.sunset);
});

test("carries out each kind of fault", async ({ page, petstore }) => {
  petstore.faults.add({ operation: "getPet", status: 502, times: 1 });
  expect((await send(page, "/v1/pets/1")).status).toBe(502);

  petstore.faults.add({ operation: "getPet", delayMs: 600, times: 1 });
  const started = Date.now();
  expect((await send(page, "/v1/pets/1")).status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(550);

  petstore.faults.add({ operation: "getPet", network: "reset", times: 1 });
  expect(await send(page, "/v1/pets/1")).toEqual({ error: "TypeError" });

  petstore.faults.add({ operation: "getPet", network: "hang", times: 1 });
  // The page giving up is what ends the hang in the fixture: Playwright reports it.
  const gaveUp = page.waitForEvent("requestfailed", (request) =>
    /ABORTED/.test(request.failure()?.errorText ?? ""),
  );
  expect(await send(page, "/v1/pets/1", {}, 1500)).toEqual({ error: "TimeoutError" });
  expect((await gaveUp).url()).toMatch(/\/v1\/pets\/1$/);

  petstore.faults.add({ operation: "listCategories", body: "malformed", times: 1 });
  const malformed = await send(page, "/v1/categories");
  expect(malformed.status).toBe(200);
  expect(() => JSON.parse(malformed.text ?? "")).toThrow();

  expect(petstore.journal.all().map((entry) => [entry.status, entry.fault?.id ?? null])).toEqual([
    [502, "f1"],
    [200, "f2"],
    [0, "f3"],
    [0, "f4"],
    [200, "f5"],
  ]);
});
