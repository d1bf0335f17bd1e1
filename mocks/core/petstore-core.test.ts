/**
 * The core's request pipeline as a client and a test see it, word for word:
 * `Prefer` scenarios, faults, refused writes, latency, the journal, the
 * secrets it masks and a failure of the mock itself.
 */
import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { interfaceOperations } from "../interface/operations.js";
import { createPetstoreStore } from "../store/store.js";
import { type CoreRequestInit, coreRequest } from "../test-support/core-request.js";
import { redactedMark } from "../util/redact.js";
import { createPetstoreCore, type PetstoreCoreOptions } from "./create-core.js";
import { defaultApiKey } from "./defaults.js";
import { type CoreResponse, errorResponse } from "./exchange.js";
import { createFaultRegistry } from "./faults.js";
import { createJournal } from "./journal.js";

const auth = { authorization: `Bearer ${defaultApiKey}` };

async function setup(options: Omit<Partial<PetstoreCoreOptions>, "store"> = {}, pets = 3) {
  const store = await createPetstoreStore({ pets, categories: 2 });
  const faults = createFaultRegistry();
  const journal = createJournal();
  const core = createPetstoreCore({ faults, journal, ...options, store });
  const send = (method: string, target: string, init: CoreRequestInit = {}) =>
    core(coreRequest(method, target, { headers: auth, ...init }));
  return { store, faults, journal, send };
}

const bodyOf = (response: CoreResponse): unknown => JSON.parse(response.body ?? "null");

/** The answer's promise, and whether it has settled yet (a rejection still shows where it is awaited). */
function watched(answer: Promise<CoreResponse>) {
  const state = { settled: false, answer };
  const settle = () => {
    state.settled = true;
  };
  answer.then(settle, settle);
  return state;
}

describe("Prefer: code=NNN", () => {
  it.each([
    ["code=400", 400, "bad_request"],
    ["code=599", 599, "simulated_error"],
    ["return=minimal, code=503", 503, "service_unavailable"],
    ["respond-async;code=500", 500, "internal_error"],
    ["code = 429", 429, "rate_limited"],
    ['code="404"', 404, "not_found"],
  ])("%s: that status with the scenario's Error", async (prefer, status, code) => {
    const { send } = await setup();
    const response = await send("GET", "/pets", { headers: { ...auth, prefer } });
    expect(response.status).toBe(status);
    expect(bodyOf(response)).toEqual({
      code,
      message: `Simulated ${status} response requested with the Prefer header.`,
      status,
    });
  });

  it.each(["code=600", "code=399", "xcode=503", "return=minimal"])(
    "%s is no scenario: the normal answer",
    async (prefer) => {
      const { send } = await setup();
      const response = await send("GET", "/pets", { headers: { ...auth, prefer } });
      expect(response.status).toBe(200);
      expect(bodyOf(response)).toHaveLength(3);
    },
  );

  it("code=401 asks for Bearer credentials as a real 401 does; another status does not", async () => {
    const { send } = await setup();
    const unauthorized = await send("GET", "/pets", { headers: { ...auth, prefer: "code=401" } });
    expect(unauthorized.headers["www-authenticate"]).toBe("Bearer");
    const unavailable = await send("GET", "/pets", { headers: { ...auth, prefer: "code=503" } });
    expect(unavailable.headers).not.toHaveProperty("www-authenticate");
  });
});

describe("status and body faults", () => {
  it("a 401 fault asks for Bearer credentials; a 503 fault does not", async () => {
    const { faults, send } = await setup();
    faults.add({ operation: "listPets", status: 401, times: 1 });
    const unauthorized = await send("GET", "/pets");
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers["www-authenticate"]).toBe("Bearer");
    expect(bodyOf(unauthorized)).toEqual({
      code: "unauthorized",
      message: "Simulated 401 response: fault f1 is active.",
      status: 401,
    });
    faults.add({ operation: "listPets", status: 503, times: 1 });
    const unavailable = await send("GET", "/pets");
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers).not.toHaveProperty("www-authenticate");
  });

  it("a malformed body is the first half of the normal answer", async () => {
    const { faults, journal, send } = await setup();
    const normal = (await send("GET", "/pets/1")).body ?? "";
    const fault = faults.add({ operation: "getPet", body: "malformed" });
    const spoiled = await send("GET", "/pets/1");
    expect(spoiled.status).toBe(200);
    expect(spoiled.body).toBe(normal.slice(0, Math.floor(normal.length / 2)));
    expect(journal.all().at(-1)?.fault).toEqual({
      id: fault.id,
      operation: "getPet",
      body: "malformed",
    });
  });

  it("a malformed empty list is `[`", async () => {
    const { faults, send } = await setup({}, 0);
    faults.add({ operation: "listPets", body: "malformed" });
    expect((await send("GET", "/pets")).body).toBe("[");
  });
});

describe("time: delay faults and latency", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The clock starts at 0; a duration must not depend on that.
    vi.advanceTimersByTime(1000);
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    ["a delay fault answers after the delay", 250, undefined],
    ["latency delays every answer", 40, 40],
  ] as const)("%s; the journal gives the time taken", async (_what, ms, latency) => {
    const { faults, journal, send } = await setup({ latency });
    // Without latency, the delay is a fault's.
    if (latency === undefined) faults.add({ operation: "listPets", delayMs: ms });
    const request = watched(send("GET", "/pets"));
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(request.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await request.answer).status).toBe(200);
    expect(journal.all()).toMatchObject([{ status: 200, durationMs: ms }]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a delay that runs out leaves no listener on the client's signal", async () => {
    const { faults, send } = await setup();
    faults.add({ operation: "listPets", delayMs: 250 });
    const { signal } = new AbortController();
    const request = watched(send("GET", "/pets", { headers: auth, signal }));
    await vi.advanceTimersByTimeAsync(250);
    expect(request.settled).toBe(true);
    expect(getEventListeners(signal, "abort")).toEqual([]);
  });

  it("a delay ends when the client gives up, and leaves no timer behind", async () => {
    const { faults, journal, send } = await setup();
    faults.add({ operation: "listPets", delayMs: 60_000 });
    const client = new AbortController();
    const request = watched(send("GET", "/pets", { headers: auth, signal: client.signal }));
    await vi.advanceTimersByTimeAsync(100);
    client.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(request.settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(journal.all()).toMatchObject([{ durationMs: 100 }]);
  });

  it("a client that gave up before the request is not delayed", async () => {
    const { faults, send } = await setup();
    faults.add({ operation: "listPets", delayMs: 60_000 });
    const request = watched(send("GET", "/pets", { headers: auth, signal: AbortSignal.abort() }));
    await vi.advanceTimersByTimeAsync(0);
    expect(request.settled).toBe(true);
  });

  it("a fault without a delay sets no timer: it answers under a test's fake timers", async () => {
    const { faults, send } = await setup();
    faults.add({ operation: "listPets", status: 503 });
    const answer = send("GET", "/pets");
    expect(vi.getTimerCount()).toBe(0);
    expect((await answer).status).toBe(503);
  });
});

describe("refused writes", () => {
  it("while writes are refused, a create gets the refusal and a read its normal answer", async () => {
    const refusal = errorResponse("state_not_saved", "The state file cannot be written.");
    let refusing = true;
    const { send } = await setup({ refuseWrites: () => (refusing ? refusal : undefined) });
    const pet = JSON.stringify({ name: "Rex", categoryId: 1 });
    const headers = { ...auth, "content-type": "application/json" };
    expect(await send("POST", "/pets", { headers, body: pet })).toBe(refusal);
    expect((await send("GET", "/pets")).status).toBe(200);
    refusing = false;
    expect((await send("POST", "/pets", { headers, body: pet })).status).toBe(201);
  });
});

describe("the journal's problems", () => {
  it("name what a refused request broke, and the statements behind it; a 404 for an absent record and a success break nothing", async () => {
    const { journal, send } = await setup();
    await send("GET", "/pets?limit=0");
    await send("GET", "/pets/99");
    await send("GET", "/pets");
    expect(journal.all().map(({ status, problems }) => ({ status, problems }))).toEqual([
      {
        status: 400,
        problems: [
          {
            by: "client",
            code: "invalid_query",
            message: "limit must be >= 1 (got 0)",
            rules: ["§4.1.limit-range"],
          },
        ],
      },
      { status: 404, problems: [] },
      { status: 200, problems: [] },
    ]);
  });

  it("keep a refused request whose answer a fault spoiled as broken, by its status", async () => {
    const { journal, faults, send } = await setup();
    faults.add({ operation: "listPets", body: "malformed" });
    expect((await send("GET", "/pets?limit=0")).status).toBe(400);
    expect(journal.all().map(({ problems }) => problems)).toEqual([
      [{ by: "client", code: "unknown", message: "status 400" }],
    ]);
  });
});

/** Every path of openapi.yaml, in its order: what a 404 for an unknown path lists. */
const apiPaths = [...new Set(interfaceOperations.map((operation) => operation.template))].join(
  ", ",
);

describe("secrets in the journal and in Error messages", () => {
  const keys = ["first-key-123", "second-key-456"];
  const adminKey = "admin-secret-789";

  it("every configured key and secret is masked, not only the key the request presents", async () => {
    const { journal, send } = await setup({ apiKeys: keys, secrets: [adminKey] });
    const headers = { authorization: `Bearer ${keys[0]}` };
    await send("GET", `/pets?q=${keys[1]}&r=${adminKey}&s=${keys[0]}`, { headers });
    const unknown = await send("GET", `/${keys[1]}/${adminKey}`, { headers });
    const message = `No operation at GET /v1/${redactedMark}/${redactedMark}. Paths: ${apiPaths}.`;
    expect(bodyOf(unknown)).toEqual({ code: "not_found", message, status: 404 });
    expect(journal.all()).toMatchObject([
      { path: `/pets?q=${redactedMark}&r=${redactedMark}&s=${redactedMark}` },
      { path: `/${redactedMark}/${redactedMark}`, problems: [{ code: "not_found", message }] },
    ]);
  });

  it("text that is no key or secret is journaled as sent", async () => {
    const { journal, send } = await setup();
    // Any phrase; this one is what a mutation tool puts in an emptied list of secrets.
    const target = "/pets?note=Stryker+was+here&by=Stryker%20was%20here";
    await send("GET", target);
    expect(journal.all()).toMatchObject([{ path: target }]);
  });
});

describe("answers the core builds", () => {
  it("an unknown path: 404 naming every path of the API", async () => {
    const { send } = await setup();
    expect(bodyOf(await send("GET", "/owners"))).toEqual({
      code: "not_found",
      message: `No operation at GET /v1/owners. Paths: ${apiPaths}.`,
      status: 404,
    });
  });

  it("answers without headers of their own share one frozen headers object (the server merges its CORS headers once)", async () => {
    const { send } = await setup();
    const first = await send("GET", "/categories");
    const second = await send("GET", "/pets");
    expect(first.headers).toEqual({ "content-type": "application/json" });
    expect(second.headers).toBe(first.headers);
    expect(Object.isFrozen(first.headers)).toBe(true);
  });
});

describe("a failure of the mock itself", () => {
  const failure = new Error("disk on fire");
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ["a read that throws", "GET", "/pets", "listPets"],
    ["a create that rejects", "POST", "/categories", "createCategory"],
  ] as const)(
    "%s: 500 internal_error, the details in the log only",
    async (_what, method, target, operation) => {
      const { store, journal, send } = await setup();
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      if (operation === "listPets") {
        vi.spyOn(store, "listPets").mockImplementation(() => {
          throw failure;
        });
      } else vi.spyOn(store, "createCategory").mockRejectedValue(failure);
      const response = await send(method, target, {
        headers: { ...auth, "content-type": "application/json" },
        body: method === "POST" ? JSON.stringify({ name: "ferret" }) : undefined,
      });
      expect(response.status).toBe(500);
      expect(bodyOf(response)).toEqual({
        code: "internal_error",
        message: "The mock failed unexpectedly; see its log.",
        status: 500,
      });
      expect(log).toHaveBeenCalledWith("petstore-mock: unexpected error", failure);
      expect(journal.all()).toMatchObject([{ operationId: operation, status: 500, problems: [] }]);
    },
  );
});
