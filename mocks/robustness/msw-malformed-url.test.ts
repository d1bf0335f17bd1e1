/**
 * Malformed percent-escapes in the path must reach the core (400 `invalid_path`
 * or 404), never msw's own URL matching, which answers 500 when it cannot
 * decode a captured segment. Found by the fuzzer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupPetstore } from "../node.js";

const key = "malformed-url-key";
const headers = { authorization: `Bearer ${key}` };

describe.each([
  ["any origin", undefined, "http://petstore.test/v1"],
  ["a fixed baseUrl", "https://api.example.com/api/v1", "https://api.example.com/api/v1"],
])("msw handlers with %s", (_name, baseUrl, base) => {
  let petstore: Awaited<ReturnType<typeof setupPetstore>>;
  beforeAll(async () => {
    petstore = await setupPetstore({ apiKeys: [key], ...(baseUrl ? { baseUrl } : {}) });
    petstore.listen();
  });
  afterAll(() => petstore.close());

  it.each([
    ["/pets/%ZZ", 400, "invalid_path"],
    ["/pets/%E0%A4%A", 400, "invalid_path"],
    ["/%ZZ", 404, "not_found"],
  ])("GET %s → %i %s", async (path, status, code) => {
    const response = await fetch(`${base}${path}`, { headers });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code, status });
  });

  it("still answers the base itself and leaves other paths alone", async () => {
    expect((await fetch(`${base}/pets?limit=1`, { headers })).status).toBe(200);
    expect((await fetch(`${base}`, { headers })).status).toBe(404);
    await expect(fetch(`${base}x/pets`, { headers })).rejects.toThrow();
  });
});
