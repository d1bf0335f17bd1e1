/**
 * The admin endpoints' table in-process (no socket): the trust check, the
 * journal's pages, every refusal's code and message, health, and a store that
 * refuses writes. Over HTTP: admin-over-http.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { CoreResponse } from "../core/exchange.js";
import { faultLimits } from "../core/faults.js";
import { journalLimits } from "../core/journal.js";
import { createPetstore } from "../runtime/lifecycle.js";
import { journalEntry } from "../test-support/journal-entry.js";
import {
  type AdminContext,
  type AdminRequest,
  type AdminTrust,
  adminRoutes,
  createAdminEndpoints,
  refuseAdmin,
} from "./admin.js";

type Call = Partial<Omit<AdminRequest, "header">> & { headers?: Record<string, string> };

type Petstore = AdminContext["petstore"];

async function setup(
  context: Partial<Omit<AdminContext, "petstore">> = {},
  trust?: AdminTrust,
  alter: (petstore: Petstore) => Petstore = (petstore) => petstore,
) {
  const petstore = alter(await createPetstore());
  const endpoints = createAdminEndpoints(
    trust ?? { loopback: true },
    adminRoutes({ petstore, state: petstore.store, ...context }),
  );
  const call = async ({ headers = {}, ...request }: Call) => {
    const response = await endpoints({
      method: "GET",
      path: "/__mock/health",
      query: "",
      body: undefined,
      ...request,
      header: (name) => headers[name],
    });
    return {
      ...response,
      json: response.body === undefined ? undefined : JSON.parse(response.body),
    };
  };
  return { petstore, call };
}

const errorOf = (response: CoreResponse & { json: unknown }) =>
  response.json as { code: string; message: string; status: number };

describe("refuseAdmin", () => {
  it("lets everyone in on loopback without a key, and no one beyond it", () => {
    expect(refuseAdmin({ loopback: true }, undefined)).toBeUndefined();
    const off = refuseAdmin({ loopback: false }, "Bearer anything");
    expect(off?.status).toBe(403);
    expect(JSON.parse(off?.body ?? "").message).toContain("--admin-key or PETSTORE_ADMIN_KEY");
  });

  it.each(["Bearer s3cret", "bearer   s3cret  ", "BEARER s3cret"])(
    "takes the admin key as %j",
    (authorization) => {
      expect(refuseAdmin({ loopback: false, adminKey: "s3cret" }, authorization)).toBeUndefined();
      expect(refuseAdmin({ loopback: true, adminKey: "s3cret" }, authorization)).toBeUndefined();
    },
  );

  it.each([
    undefined,
    "",
    "Bearer",
    "Bearer s3cre",
    "Bearer s3cret2",
    "Basic s3cret",
    "s3cret",
    "Bearer s3cret extra",
    "xBearer s3cret",
    "Basic bearer s3cret",
  ])("refuses %j with 403 forbidden, on loopback too", (authorization) => {
    const refusal = refuseAdmin({ loopback: true, adminKey: "s3cret" }, authorization);
    expect(refusal?.status).toBe(403);
    expect(JSON.parse(refusal?.body ?? "")).toEqual({
      code: "forbidden",
      message: "The admin endpoints need the admin key: send Authorization: Bearer <admin key>.",
      status: 403,
    });
  });
});

it.each(["Bearer my admin key", "bearer \t my admin key  "])(
  "takes an admin key that holds spaces, as an API key may, from %j",
  (authorization) => {
    expect(
      refuseAdmin({ loopback: false, adminKey: "my admin key" }, authorization),
    ).toBeUndefined();
    expect(
      refuseAdmin({ loopback: false, adminKey: "my admin key" }, "Bearer my admin")?.status,
    ).toBe(403);
  },
);

describe("the routes", () => {
  it("answers health without the key, everything else only with it", async () => {
    const { call } = await setup({}, { loopback: true, adminKey: "k" });
    expect((await call({})).status).toBe(200);
    expect((await call({ path: "/__mock/faults" })).status).toBe(403);
    expect(
      (await call({ path: "/__mock/faults", headers: { authorization: "Bearer k" } })).status,
    ).toBe(200);
  });

  it("names every endpoint in the 404 for an unknown admin path, the path cut at 100 characters, the cut marked", async () => {
    const { call } = await setup({
      state: { snapshot: () => ({}) as never, restore: async () => {} },
    });
    const missing = await call({ path: `/__mock/${"x".repeat(300)}` });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: "not_found" });
    expect(errorOf(missing).message).toBe(
      `No admin endpoint at /__mock/${"x".repeat(91)}…; endpoints: /__mock/health, /__mock/reset, /__mock/faults, /__mock/requests, /__mock/behaviour, /__mock/contract, /__mock/provider-state, /__mock/state, /__mock/faults/{id}, /__mock/faults/presets/{name}.`,
    );
  });

  it("answers 405 with Allow naming the route's methods, and HEAD as GET", async () => {
    const { call } = await setup();
    const refused = await call({ method: "PATCH", path: "/__mock/faults" });
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe("GET, POST, DELETE");
    expect(errorOf(refused).message).toBe(
      "PATCH is not allowed on /__mock/faults; allowed: GET, POST, DELETE.",
    );
    expect((await call({ method: "HEAD" })).json).toEqual({ status: "ok" });
    const long = await call({ method: "X".repeat(40), path: "/__mock/health" });
    expect(errorOf(long).message).toBe(
      `${"X".repeat(16)} is not allowed on /__mock/health; allowed: GET.`,
    );
  });

  it("reports problems in health as 503 degraded", async () => {
    let problems: Record<string, string> | undefined;
    const { call } = await setup({ problems: () => problems });
    expect(await call({})).toMatchObject({ status: 200, json: { status: "ok" } });
    problems = { stateFile: "disk full" };
    expect(await call({})).toMatchObject({
      status: 503,
      json: { status: "degraded", stateFile: "disk full" },
    });
  });
});

describe("POST /__mock/reset", () => {
  it("reseeds with the body's options and answers them", async () => {
    const { call, petstore } = await setup();
    const reset = await call({
      method: "POST",
      path: "/__mock/reset",
      body: '{"seed":7,"pets":4}',
    });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ reset: true, ...petstore.store.seedOptions });
    expect(reset.json).toMatchObject({ seed: 7, pets: 4 });
    expect(petstore.store.count().pets).toBe(4);
  });

  it("refuses a bad body, an option beyond the caps, and a store that refuses writes", async () => {
    let refusing = false;
    const refusal: CoreResponse = { status: 503, headers: {}, body: '{"code":"x"}' };
    const { call, petstore } = await setup({
      refuseWrites: () => (refusing ? refusal : undefined),
    });
    const junk = await call({ method: "POST", path: "/__mock/reset", body: "{" });
    const notObject = await call({ method: "POST", path: "/__mock/reset", body: "[7]" });
    expect(errorOf(notObject).message).toBe(
      'The reset body must be a JSON object such as {"seed": 7}.',
    );
    expect(errorOf(junk)).toMatchObject({ status: 400, code: "invalid_body" });
    const wrong = await call({ method: "POST", path: "/__mock/reset", body: '{"pets":"many"}' });
    expect(errorOf(wrong)).toMatchObject({ status: 400, code: "invalid_body" });
    expect(errorOf(wrong).message).toMatch(/^pets must be a non-negative integer.*\.$/);
    const huge = await call({ method: "POST", path: "/__mock/reset", body: '{"pets":10001}' });
    expect(errorOf(huge)).toMatchObject({ status: 400, code: "invalid_body" });
    expect(errorOf(huge).message).toMatch(/at most 10000 pets.*\.$/);
    await call({ method: "POST", path: "/__mock/reset", body: '{"pets":4}' });
    refusing = true;
    expect(await call({ method: "POST", path: "/__mock/reset" })).toMatchObject({ status: 503 });
    expect(petstore.store.count().pets).toBe(4);
  });
});

describe("/__mock/faults", () => {
  it("answers 400 invalid_fault for a bad fault, 409 too_many_faults beyond the cap", async () => {
    const { call } = await setup();
    const bad = await call({ method: "POST", path: "/__mock/faults", body: '{"status":99}' });
    expect(errorOf(bad)).toMatchObject({ status: 400, code: "invalid_fault" });
    expect(errorOf(bad).message).toMatch(/\.$/);
    for (let n = 0; n < faultLimits.active; n++) {
      await call({ method: "POST", path: "/__mock/faults", body: '{"status":503}' });
    }
    const full = await call({ method: "POST", path: "/__mock/faults", body: '{"status":503}' });
    expect(errorOf(full)).toMatchObject({ status: 409, code: "too_many_faults" });
    expect(errorOf(full).message).toMatch(/\.$/);
    expect((await call({ method: "DELETE", path: "/__mock/faults" })).status).toBe(204);
    expect((await call({ path: "/__mock/faults" })).json).toEqual([]);
  });

  it("removes one fault by id, and says which id it did not find", async () => {
    const { call } = await setup();
    const added = await call({ method: "POST", path: "/__mock/faults", body: '{"status":503}' });
    const { id } = added.json as { id: string };
    expect((await call({ method: "DELETE", path: `/__mock/faults/${id}` })).status).toBe(204);
    const again = await call({ method: "DELETE", path: `/__mock/faults/${id}` });
    expect(again.status).toBe(404);
    expect(errorOf(again).message).toBe(
      `No active fault with id "${id}"; GET /__mock/faults lists them.`,
    );
  });
});

describe("GET /__mock/requests", () => {
  async function journalOf(entries: number) {
    const { call, petstore } = await setup();
    for (let n = 0; n < entries; n++) {
      petstore.journal.record(journalEntry(`/pets?n=${n + 1}`));
    }
    const page = async (query: string) => {
      const response = await call({ path: "/__mock/requests", query });
      return {
        status: response.status,
        seqs: (response.json as Array<{ seq: number }>).map((entry) => entry.seq),
        link: response.headers.link,
      };
    };
    return { call, page };
  }

  it(`pages ${journalLimits.defaultPage} entries by default, the newest, with no next page`, async () => {
    const { page } = await journalOf(journalLimits.defaultPage + 5);
    const newest = await page("");
    expect(newest.seqs).toHaveLength(journalLimits.defaultPage);
    expect(newest.seqs[0]).toBe(6);
    expect(newest.link).toBeUndefined();
  });

  it("pages with limit and after, linking the next page while there is one", async () => {
    const { page } = await journalOf(5);
    expect(await page("limit=2&after=0")).toEqual({
      status: 200,
      seqs: [1, 2],
      link: '</__mock/requests?after=2&limit=2>; rel="next"',
    });
    expect((await page("limit=2&after=2")).seqs).toEqual([3, 4]);
    expect(await page("limit=2&after=4")).toEqual({ status: 200, seqs: [5], link: undefined });
    expect(await page("after=5")).toEqual({ status: 200, seqs: [], link: undefined });
    expect((await page(`limit=${journalLimits.maxPage}&after=0`)).seqs).toHaveLength(5);
    expect((await page("limit=1")).seqs).toEqual([5]);
  });

  it.each([
    "limit=0",
    `limit=${journalLimits.maxPage + 1}`,
    "limit=1.5",
    "limit=",
    "limit=-1",
    "after=-1",
    "after=x",
    `after=${"9".repeat(17)}`,
  ])("refuses %s with 400 invalid_query", async (query) => {
    const { call } = await journalOf(1);
    const refused = await call({ path: "/__mock/requests", query });
    expect(errorOf(refused)).toEqual({
      status: 400,
      code: "invalid_query",
      message: `limit must be an integer from 1 to ${journalLimits.maxPage} and after an entry's seq (a non-negative integer).`,
    });
  });

  it("is emptied by DELETE", async () => {
    const { call, page } = await journalOf(3);
    expect((await call({ method: "DELETE", path: "/__mock/requests" })).status).toBe(204);
    expect((await page("")).seqs).toEqual([]);
  });
});

describe("/__mock/state", () => {
  it("exports the snapshot, and imports one unless the body is bad or writes are refused", async () => {
    let refusing = false;
    const refusal: CoreResponse = { status: 503, headers: {}, body: '{"code":"x"}' };
    const restored: unknown[] = [];
    const state = {
      snapshot: () => ({ marker: 1 }) as never,
      restore: async (snapshot: unknown) => {
        restored.push(snapshot);
      },
    };
    const { call } = await setup({ state, refuseWrites: () => (refusing ? refusal : undefined) });
    expect(await call({ path: "/__mock/state" })).toMatchObject({
      status: 200,
      json: { marker: 1 },
    });
    const junk = await call({ method: "PUT", path: "/__mock/state", body: "{" });
    expect(errorOf(junk)).toMatchObject({ status: 400, code: "invalid_body" });
    const empty = await call({ method: "PUT", path: "/__mock/state" });
    expect(errorOf(empty)).toMatchObject({ status: 400, code: "invalid_body" });
    refusing = true;
    expect(await call({ method: "PUT", path: "/__mock/state", body: "{}" })).toMatchObject({
      status: 503,
    });
    expect(restored).toEqual([]);
  });

  it("imports a snapshot without a write guard", async () => {
    const restored: unknown[] = [];
    const state = {
      snapshot: () => ({ pets: [], categories: [] }) as never,
      restore: async (snapshot: unknown) => {
        restored.push(snapshot);
      },
    };
    const { call } = await setup({ state });
    const imported = await call({ method: "PUT", path: "/__mock/state", body: '{"marker":2}' });
    expect(imported).toMatchObject({ status: 200, json: { restored: true } });
    expect(restored).toEqual([{ marker: 2 }]);
  });
});

describe("a failure that is not the client's", () => {
  it("is thrown, not answered as a bad request (the server answers 500 and logs it)", async () => {
    const { call } = await setup({}, undefined, (petstore) => ({
      ...petstore,
      reset: async () => {
        throw new Error("disk gone");
      },
      faults: {
        ...petstore.faults,
        add: () => {
          throw new Error("registry gone");
        },
      },
    }));
    await expect(call({ method: "POST", path: "/__mock/reset", body: "{}" })).rejects.toThrow(
      "disk gone",
    );
    await expect(
      call({ method: "POST", path: "/__mock/faults", body: '{"status":503}' }),
    ).rejects.toThrow("registry gone");
  });
});

describe("docs/faults-journal.md's admin-endpoint table", () => {
  const page = readFileSync(new URL("../../docs/faults-journal.md", import.meta.url), "utf8");
  const section = page.slice(page.indexOf("## Admin endpoints"));
  const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| ---")));
  // The first cell of each row: `METHOD /__mock/path`, a parameter spelled {name}.
  const rows = [...table.matchAll(/^\| `([A-Z]+ \/__mock\/[^`]*)`/gm)].map(([, cell]) => cell);

  it("has a row for every method of every route in adminRoutes", async () => {
    const petstore = await createPetstore();
    const missing: string[] = [];
    for (const { path, methods } of adminRoutes({ petstore, state: petstore.store })) {
      // A path as the docs spell it: a pattern's capture group is a {parameter}.
      const spelled =
        typeof path === "string"
          ? path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
          : path.source.replace(/^\^|\$$/g, "").replace(/\([^)]*\)/g, "\\{\\w+\\}");
      for (const method of Object.keys(methods)) {
        const row = new RegExp(`^${method} ${spelled}$`);
        if (!rows.some((cell) => row.test(cell ?? ""))) missing.push(`${method} ${spelled}`);
      }
    }
    expect(rows.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
