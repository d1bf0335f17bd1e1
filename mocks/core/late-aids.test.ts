/**
 * The pipeline with its aids promised (a page's core): answers below 400 go
 * out before the redactor arrives and are journaled, masked, on arrival; an
 * answer of 400 or more waits for it; nothing unredacted is ever written
 * down, and a redactor that never comes leaves the journal empty.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { coreAids } from "./aids.js";
import { createPetstoreCore } from "./create-core.js";
import { defaultApiKey } from "./defaults.js";
import type { CoreResponse } from "./exchange.js";
import { createJournal } from "./journal.js";
import { type CoreAids, createCorePipeline, type ObservedExchange } from "./petstore-core.js";

const auth = { authorization: `Bearer ${defaultApiKey}` };

async function setup(aids: Promise<CoreAids>) {
  const journal = createJournal();
  const observed: ObservedExchange[] = [];
  const core = createCorePipeline(
    {
      store: await createPetstoreStore({ pets: 3, categories: 2 }),
      journal,
      observe: (exchange) => observed.push(exchange),
    },
    aids,
  );
  const send = (method: string, target: string, headers: Record<string, string> = auth) =>
    core(coreRequest(method, target, { headers }));
  return { journal, observed, send };
}

/** Aids that arrive when `arrive` is called. */
function promised() {
  let arrive: () => void = () => undefined;
  const aids = new Promise<CoreAids>((resolve) => {
    arrive = () => resolve(coreAids);
  });
  return { aids, arrive: () => arrive() };
}

/** Whether a promise has settled after the pending callbacks ran. */
async function settled(answer: Promise<CoreResponse>): Promise<boolean> {
  let done = false;
  answer.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
}

afterEach(() => vi.restoreAllMocks());

describe("a core whose aids are promised", () => {
  it("answers a list before they arrive and journals it, masked, on arrival", async () => {
    const { aids, arrive } = promised();
    const { journal, observed, send } = await setup(aids);
    const response = await send("GET", `/pets?limit=2&token=${defaultApiKey}`);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body ?? "")).toHaveLength(2);
    expect(journal.all()).toEqual([]);
    expect(observed).toEqual([]);
    arrive();
    await aids;
    expect(journal.all().map(({ path, status }) => ({ path, status }))).toEqual([
      { path: "/pets?limit=2&token=[redacted]", status: 200 },
    ]);
    expect(observed.map((exchange) => exchange.operationId)).toEqual(["listPets"]);
  });

  it("holds an answer of 400 or more until they arrive: its words masked, its rules named", async () => {
    const { aids, arrive } = promised();
    const { journal, send } = await setup(aids);
    const first = send("GET", "/pets?limit=1");
    const refused = send("GET", "/pets?limit=0", { authorization: "Bearer not-the-key-at-all" });
    expect(await settled(refused)).toBe(false);
    arrive();
    const response = await refused;
    expect(response.status).toBe(401);
    expect(response.body).not.toContain("not-the-key-at-all");
    expect((await first).status).toBe(200);
    const entries = journal.all();
    expect(entries.map(({ path, status }) => ({ path, status }))).toEqual([
      { path: "/pets?limit=1", status: 200 },
      { path: "/pets?limit=0", status: 401 },
    ]);
    // The same problem, rules included, as a core with its aids from the start writes down.
    const journaled = createJournal();
    const store = await createPetstoreStore({ pets: 3, categories: 2 });
    await createPetstoreCore({ store, journal: journaled })(
      coreRequest("GET", "/pets?limit=0", {
        headers: { authorization: "Bearer not-the-key-at-all" },
      }),
    );
    expect(entries[1]?.problems[0]?.rules?.length).toBeGreaterThan(0);
    expect(entries[1]?.problems).toEqual(journaled.all()[0]?.problems);
  });

  it("answers as the static core does once they are here", async () => {
    const { aids, arrive } = promised();
    const { journal, send } = await setup(aids);
    arrive();
    await aids;
    const response = await send("GET", "/pets/999");
    expect(response.status).toBe(404);
    expect(journal.all()).toHaveLength(1);
  });

  it("journals nothing when they cannot load, and answers 500 where it would mask", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { journal, send } = await setup(Promise.reject(new Error("chunk refused")));
    expect((await send("GET", "/pets?limit=1")).status).toBe(200);
    const refused = await send("GET", "/pets", { authorization: "Bearer wrong-key-here" });
    expect(refused.status).toBe(500);
    expect(refused.body).not.toContain("wrong-key-here");
    expect(journal.all()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("chunk refused"));
  });
});
