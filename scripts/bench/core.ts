/**
 * Bench section "core": the cost of `reset()`, and of `snapshot()` plus
 * `restore()`, on the default store (what a test pays between tests), and the
 * added cost of the kit's msw handlers over a trivial msw handler that returns
 * the same JSON, both through msw/node and `fetch` in this process.
 */
import { HttpResponse, http, type RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { createPetstoreHandlers } from "../../mocks/runtime/msw.js";
import { createPetstoreStore, type PetstoreStore } from "../../mocks/store/store.js";
import { fixed, median, percentile, printTable, verdict } from "./report.js";

const url = "http://bench.test/v1/pets?limit=20";
const headers = { authorization: "Bearer petstore-dev-key" };

/** Milliseconds `back` takes to return a changed default store to a clean state, per round. */
async function cleanUpCost(back: (store: PetstoreStore) => Promise<void>): Promise<number[]> {
  const store = await createPetstoreStore();
  const samples: number[] = [];
  for (let round = 0; round < 200; round++) {
    await store.createPet({ name: "Dirty", categoryId: 1 });
    const started = performance.now();
    await back(store);
    samples.push(performance.now() - started);
  }
  return samples.slice(20);
}

/** Median microseconds per request over batches, for one set of handlers. */
async function perRequest(
  handlers: RequestHandler[],
  batches: number,
  size: number,
): Promise<number> {
  const server = setupServer(...handlers);
  server.listen({ onUnhandledFrame: "error" });
  try {
    const samples: number[] = [];
    for (let batch = 0; batch < batches; batch++) {
      const started = performance.now();
      for (let i = 0; i < size; i++) {
        const response = await fetch(url, { headers });
        await response.text();
      }
      samples.push(((performance.now() - started) * 1000) / size);
    }
    return median(samples.slice(2));
  } finally {
    server.close();
  }
}

export async function run(): Promise<void> {
  const reset = await cleanUpCost((store) => store.reset());
  const clean = (await createPetstoreStore()).snapshot();
  const restore = await cleanUpCost((store) => {
    store.snapshot(); // what a test takes before it changes the store
    return store.restore(clean);
  });

  const store = await createPetstoreStore();
  const listed = JSON.stringify(store.listPets({ limit: 20 }));
  const trivial = [
    http.get(
      "*/v1/pets",
      () => new HttpResponse(listed, { headers: { "content-type": "application/json" } }),
    ),
  ];
  const kit = createPetstoreHandlers({ store });

  // Alternate the two so drift on the machine hits both alike.
  const trivialRuns: number[] = [];
  const kitRuns: number[] = [];
  for (let round = 0; round < 3; round++) {
    trivialRuns.push(await perRequest(trivial, 12, 300));
    kitRuns.push(await perRequest(kit, 12, 300));
  }
  const trivialUs = median(trivialRuns);
  const kitUs = median(kitRuns);
  const ratio = kitUs / trivialUs;

  const ms = (value: number) => `${fixed(value, 2)} ms`;
  const cleanUps = [
    ["reset()", reset],
    ["snapshot() + restore()", restore],
  ] as const;
  printTable(
    ["measure", "value", "target", "met"],
    [
      ...cleanUps.flatMap(([name, samples]) => {
        const middle = median(samples);
        return [
          [`${name} of the default store, median`, ms(middle), "≤ 5 ms", verdict(middle <= 5)],
          [`${name} of the default store, p95`, ms(percentile(samples, 95)), "", ""],
        ];
      }),
      ["trivial msw handler, GET /v1/pets?limit=20", `${fixed(trivialUs, 1)} µs/req`, "", ""],
      ["kit handlers, GET /v1/pets?limit=20", `${fixed(kitUs, 1)} µs/req`, "", ""],
      ["kit / trivial", `${fixed(ratio, 2)}×`, "≤ 1.25×", verdict(ratio <= 1.25)],
    ],
  );
}
