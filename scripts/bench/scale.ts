/**
 * Bench section "scale": how the store and the handlers grow with the number
 * of pets (100, 1k, 10k, 100k): seed time and resident memory after a full GC,
 * each size in fresh `node --expose-gc` processes so the sizes do not colour
 * each other; and the mean latency of `getPet` and
 * `listPets?status=sold&limit=20` through the core handler and through msw
 * (`setupServer` + `fetch`), all sizes in one process with interleaved rounds
 * so they share the machine's conditions.
 *
 * `npm run bench -- scale`; the targets: seeding 100k pets within 2 s and 300 MiB, and
 * latency at 100k at most twice that at 100.
 */
import { execFile } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { fixed, median, printTable, verdict } from "./report.js";

const sizes = [100, 1_000, 10_000, 100_000] as const;
const apiKey = "scale-bench-key";

const targets = {
  seedMs: 2_000,
  rssMb: 300,
  /** Latency at the largest size over latency at the smallest. */
  latencyGrowth: 2,
};

interface Footprint {
  readonly seedMs: number;
  /** Resident memory after seeding and a full GC, MiB. */
  readonly rssMb: number;
  /** The same process before the store was created, MiB. */
  readonly baseRssMb: number;
  readonly heapMb: number;
}

interface Latencies {
  /** Mean microseconds per request. */
  readonly coreGetPetUs: number;
  readonly coreListSoldUs: number;
  readonly mswGetPetUs: number;
  readonly mswListSoldUs: number;
}

type Probe = { readonly pets: number } & Footprint & Latencies;

const run$ = promisify(execFile);
const lastJsonLine = <T>(stdout: string): T =>
  JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as T;

/**
 * Seed time and memory, in a plain `node --expose-gc` process that loads only
 * the compiled store (`dist/`, built by `npm run bench`): no loader, no msw.
 */
async function footprintInChild(pets: number): Promise<Footprint> {
  const storeUrl = new URL("../../dist/mocks/store/store.js", import.meta.url).href;
  const source = `
    const { createPetstoreStore } = await import(${JSON.stringify(storeUrl)});
    const mib = (bytes) => bytes / 2 ** 20;
    gc();
    const baseRssMb = mib(process.memoryUsage().rss);
    const started = performance.now();
    const store = await createPetstoreStore({ pets: ${pets} }, { pets: ${pets}, categories: 5 });
    const seedMs = performance.now() - started;
    gc();
    const { rss, heapUsed } = process.memoryUsage();
    if (store.snapshot().pets.length !== ${pets}) throw new Error("seeded the wrong count");
    console.log(JSON.stringify({ seedMs, rssMb: mib(rss), baseRssMb, heapMb: mib(heapUsed) }));
  `;
  const { stdout } = await run$(process.execPath, [
    "--expose-gc",
    "--input-type=module",
    "--eval",
    source,
  ]);
  return lastJsonLine<Footprint>(stdout);
}

/** Mean µs per call over `calls` sequential calls. */
async function meanMicros(
  calls: number,
  call: (index: number) => Promise<unknown>,
): Promise<number> {
  const started = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) await call(index);
  return Number(process.hrtime.bigint() - started) / 1_000 / calls;
}

/**
 * Runs in the child: one store per size, each behind the core handler and
 * behind msw (on its own origin), timed in rounds interleaved across the
 * sizes so every size sees the same machine conditions; each figure is the
 * mean of its best round (the one least disturbed by other processes).
 */
async function measureLatencies(storeSizes: readonly number[]): Promise<Record<number, Latencies>> {
  const { createPetstoreCore, createPetstoreStore, createPetstoreHandlers } = await import(
    "../../mocks/index.js"
  );
  const { setupServer } = await import("msw/node");
  const header = (name: string) => (name === "authorization" ? `Bearer ${apiKey}` : undefined);
  const init = { headers: { authorization: `Bearer ${apiKey}` } };
  const expectOk = async (response: Promise<{ status: number }>) => {
    const { status } = await response;
    if (status !== 200) throw new Error(`expected 200, got ${status}`);
  };

  const subjects = [];
  for (const pets of storeSizes) {
    const store = await createPetstoreStore({ pets }, { pets, categories: 5 });
    const handle = createPetstoreCore({ store, apiKeys: [apiKey] });
    const baseUrl = `http://pets-${pets}.test/v1`;
    // Ids spread over the whole store, the same sequence for every size.
    let state = 12345;
    const ids = Array.from({ length: 4096 }, () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return 1 + (state % pets);
    });
    const idAt = (index: number): number => ids[index % ids.length] ?? 1;
    const core = (path: string, query = "") =>
      expectOk(handle({ method: "GET", path, query, header, body: undefined }));
    const viaMsw = (path: string) =>
      expectOk(
        fetch(`${baseUrl}${path}`, init).then(async (response) => {
          await response.arrayBuffer();
          return response;
        }),
      );
    const rounds: Record<keyof Latencies, () => Promise<number>> = {
      coreGetPetUs: () => meanMicros(5_000, (i) => core(`/pets/${idAt(i)}`)),
      coreListSoldUs: () => meanMicros(2_000, () => core("/pets", "status=sold&limit=20")),
      mswGetPetUs: () => meanMicros(200, (i) => viaMsw(`/pets/${idAt(i)}`)),
      mswListSoldUs: () => meanMicros(200, () => viaMsw("/pets?status=sold&limit=20")),
    };
    const handlers = createPetstoreHandlers({ store, apiKeys: [apiKey], baseUrl });
    subjects.push({ pets, handlers, rounds });
  }
  const server = setupServer(...subjects.flatMap((subject) => subject.handlers));
  server.listen({ onUnhandledFrame: "error" });

  const best: Record<number, Record<string, number>> = {};
  try {
    // Round 0 warms every path up and is not counted.
    for (let round = 0; round < 8; round++) {
      for (const { pets, rounds } of subjects) {
        best[pets] ??= {};
        const figures = best[pets];
        for (const [name, time] of Object.entries(rounds)) {
          const mean = await time();
          if (round > 0) figures[name] = Math.min(figures[name] ?? Number.POSITIVE_INFINITY, mean);
        }
      }
    }
  } finally {
    server.close();
  }
  return best as unknown as Record<number, Latencies>;
}

const thisFile = fileURLToPath(import.meta.url);

/** Latencies for every size, in one fresh process running this file. */
async function latenciesInChild(): Promise<Record<number, Latencies>> {
  const { stdout } = await run$(
    process.execPath,
    ["--import", "tsx", thisFile, "--latencies", sizes.join(",")],
    { maxBuffer: 1 << 20 },
  );
  return lastJsonLine<Record<number, Latencies>>(stdout);
}

/** Seed time and memory for one size: the median of three fresh processes. */
async function footprint(pets: number): Promise<Footprint> {
  const runs: Footprint[] = [];
  for (let run = 0; run < 3; run++) runs.push(await footprintInChild(pets));
  const of = (pick: (f: Footprint) => number) => median(runs.map(pick));
  return {
    seedMs: of((f) => f.seedMs),
    rssMb: of((f) => f.rssMb),
    baseRssMb: of((f) => f.baseRssMb),
    heapMb: of((f) => f.heapMb),
  };
}

export async function run(): Promise<void> {
  const timings = await latenciesInChild();
  const results: Probe[] = [];
  for (const pets of sizes) {
    const timed = timings[pets];
    if (!timed) throw new Error(`scale: no latencies for ${pets} pets`);
    results.push({ pets, ...(await footprint(pets)), ...timed });
  }
  const smallest = results[0];
  const largest = results.at(-1);
  if (!smallest || !largest) throw new Error("scale: no results");

  printTable(
    [
      "pets",
      "seed ms",
      "RSS MiB",
      "store MiB",
      "heap MiB",
      "core getPet µs",
      "core list sold µs",
      "msw getPet µs",
      "msw list sold µs",
    ],
    results.map((r) => [
      r.pets.toLocaleString("en"),
      fixed(r.seedMs),
      fixed(r.rssMb),
      fixed(r.rssMb - r.baseRssMb),
      fixed(r.heapMb),
      fixed(r.coreGetPetUs, 1),
      fixed(r.coreListSoldUs, 1),
      fixed(r.mswGetPetUs),
      fixed(r.mswListSoldUs),
    ]),
  );

  const check = (name: string, value: number, limit: number, unit: string, digits = 0) => [
    name,
    `≤ ${limit}${unit}`,
    `${fixed(value, digits)}${unit}`,
    verdict(value <= limit, "pass", "GAP"),
  ];
  const latencies = [
    ["core getPet", "coreGetPetUs"],
    ["core listPets?status=sold&limit=20", "coreListSoldUs"],
    ["msw getPet", "mswGetPetUs"],
    ["msw listPets?status=sold&limit=20", "mswListSoldUs"],
  ] as const;
  console.log("");
  printTable(
    ["target", "limit", "measured", "verdict"],
    [
      check("seed 100k pets", largest.seedMs, targets.seedMs, " ms"),
      check("RSS at 100k pets", largest.rssMb, targets.rssMb, " MiB"),
      ...latencies.map(([name, key]) =>
        check(
          `${name} latency, 100k vs 100`,
          largest[key] / smallest[key],
          targets.latencyGrowth,
          "×",
          2,
        ),
      ),
    ],
  );
  console.log(
    "\nSeed time and memory: a fresh `node --expose-gc` process per size that loads only " +
      "the compiled store; RSS after seeding and a full GC (store MiB: RSS minus the same " +
      "process just before seeding); the median of three runs. Latency: one fresh process " +
      "with a store of each size, rounds of sequential requests interleaved across the " +
      "sizes, the best round's mean; random ids over the whole store.",
  );
}

const latenciesFlag = process.argv.indexOf("--latencies");
if (
  latenciesFlag >= 0 &&
  process.argv[1] &&
  pathToFileURL(process.argv[1]).href === import.meta.url
) {
  const requested = (process.argv[latenciesFlag + 1] ?? "").split(",").map(Number);
  console.log(JSON.stringify(await measureLatencies(requested)));
}
