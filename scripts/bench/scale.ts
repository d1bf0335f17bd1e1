/**
 * Bench section "scale": how the store and the handlers grow with the number
 * of pets (100, 1k, 10k, 100k). Each size is measured in a fresh child process
 * (`node --expose-gc`), so seeding time, memory and latency are not coloured by
 * the other sizes: seed time, resident memory after a full GC, and the mean
 * latency of `getPet` and `listPets?status=sold&limit=20` through the core
 * handler and through msw (`setupServer` + `fetch`).
 *
 * `npm run bench -- scale`; targets are issue 6's.
 */
import { execFile } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

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
  const storeUrl = new URL("../../dist/mocks/store.js", import.meta.url).href;
  const source = `
    const { createPetstoreStore } = await import(${JSON.stringify(storeUrl)});
    const mib = (bytes) => bytes / 2 ** 20;
    gc();
    const baseRssMb = mib(process.memoryUsage().rss);
    const started = performance.now();
    const store = await createPetstoreStore({ pets: ${pets} });
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

/**
 * Mean µs per call in the best of `rounds` rounds of `perRound` sequential
 * calls, after a warm-up round: the best round is the one least disturbed by
 * other processes on the machine.
 */
async function meanMicros(
  perRound: number,
  rounds: number,
  call: (index: number) => Promise<unknown>,
): Promise<number> {
  for (let index = 0; index < perRound; index++) await call(index);
  const means: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < perRound; index++) await call(round * perRound + index);
    means.push(Number(process.hrtime.bigint() - started) / 1_000 / perRound);
  }
  return Math.min(...means);
}

/** Runs in the child: seeds one store of `pets` pets and times requests against it. */
async function measureLatencies(pets: number): Promise<Latencies> {
  const { createPetstoreHandler, createPetstoreStore, createPetstoreHandlers } = await import(
    "../../mocks/index.js"
  );
  const { setupServer } = await import("msw/node");
  const store = await createPetstoreStore({ pets });

  // Ids spread over the whole store, the same sequence for every size.
  let state = 12345;
  const ids = Array.from({ length: 4096 }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return 1 + (state % pets);
  });
  const idAt = (index: number): number => ids[index % ids.length] ?? 1;

  const handle = createPetstoreHandler({ store, apiKeys: [apiKey] });
  const header = (name: string) => (name === "authorization" ? `Bearer ${apiKey}` : undefined);
  const core = (path: string, query = "") =>
    handle({ method: "GET", path, query, header, body: undefined });
  const expectStatus = async (response: Promise<{ status: number }>) => {
    const { status } = await response;
    if (status !== 200) throw new Error(`expected 200, got ${status}`);
  };

  const server = setupServer(...createPetstoreHandlers({ store, apiKeys: [apiKey] }));
  server.listen({ onUnhandledRequest: "error" });
  const init = { headers: { authorization: `Bearer ${apiKey}` } };
  const viaMsw = async (path: string) => {
    const response = await fetch(`http://petstore.test/v1${path}`, init);
    await response.arrayBuffer();
    return response;
  };

  try {
    return {
      coreGetPetUs: await meanMicros(5_000, 9, (i) => expectStatus(core(`/pets/${idAt(i)}`))),
      coreListSoldUs: await meanMicros(2_000, 9, () =>
        expectStatus(core("/pets", "status=sold&limit=20")),
      ),
      mswGetPetUs: await meanMicros(300, 7, (i) => expectStatus(viaMsw(`/pets/${idAt(i)}`))),
      mswListSoldUs: await meanMicros(300, 7, () =>
        expectStatus(viaMsw("/pets?status=sold&limit=20")),
      ),
    };
  } finally {
    server.close();
  }
}

const thisFile = fileURLToPath(import.meta.url);

/** Latencies for one size, in a fresh process running this file. */
async function latenciesInChild(pets: number): Promise<Latencies> {
  const { stdout } = await run$(process.execPath, [
    "--import",
    "tsx",
    thisFile,
    "--latencies",
    String(pets),
  ]);
  return lastJsonLine<Latencies>(stdout);
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Footprint: the median of three fresh processes; latencies: the best of two. */
async function probe(pets: number): Promise<Probe> {
  const footprints: Footprint[] = [];
  for (let run = 0; run < 3; run++) footprints.push(await footprintInChild(pets));
  const footprint = {
    seedMs: median(footprints.map((f) => f.seedMs)),
    rssMb: median(footprints.map((f) => f.rssMb)),
    baseRssMb: median(footprints.map((f) => f.baseRssMb)),
    heapMb: median(footprints.map((f) => f.heapMb)),
  };
  const [first, second] = [await latenciesInChild(pets), await latenciesInChild(pets)];
  const latencies = Object.fromEntries(
    Object.entries(first).map(([name, value]) => [
      name,
      Math.min(value, second[name as keyof Latencies]),
    ]),
  ) as unknown as Latencies;
  return { pets, ...footprint, ...latencies };
}

const verdict = (ok: boolean): string => (ok ? "pass" : "GAP");
const fixed = (value: number, digits = 0): string => value.toFixed(digits);

export async function run(): Promise<void> {
  const results: Probe[] = [];
  for (const pets of sizes) results.push(await probe(pets));
  const smallest = results[0];
  const largest = results.at(-1);
  if (!smallest || !largest) throw new Error("scale: no results");

  const rows = results.map((r) => [
    r.pets.toLocaleString("en"),
    fixed(r.seedMs),
    fixed(r.rssMb),
    fixed(r.rssMb - r.baseRssMb),
    fixed(r.heapMb),
    fixed(r.coreGetPetUs, 1),
    fixed(r.coreListSoldUs, 1),
    fixed(r.mswGetPetUs),
    fixed(r.mswListSoldUs),
  ]);
  const header = [
    "pets",
    "seed ms",
    "RSS MiB",
    "store MiB",
    "heap MiB",
    "core getPet µs",
    "core list sold µs",
    "msw getPet µs",
    "msw list sold µs",
  ];
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => " ---: ").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);

  const growth = (pick: (r: Probe) => number) => pick(largest) / pick(smallest);
  const checks: [string, string, string, boolean][] = [
    [
      "seed 100k pets",
      `≤ ${targets.seedMs} ms`,
      `${fixed(largest.seedMs)} ms`,
      largest.seedMs <= targets.seedMs,
    ],
    [
      "RSS at 100k pets",
      `≤ ${targets.rssMb} MiB`,
      `${fixed(largest.rssMb)} MiB`,
      largest.rssMb <= targets.rssMb,
    ],
    ...(
      [
        ["core getPet", (r: Probe) => r.coreGetPetUs],
        ["core listPets?status=sold&limit=20", (r: Probe) => r.coreListSoldUs],
        ["msw getPet", (r: Probe) => r.mswGetPetUs],
        ["msw listPets?status=sold&limit=20", (r: Probe) => r.mswListSoldUs],
      ] as const
    ).map(([name, pick]): [string, string, string, boolean] => [
      `${name} latency, 100k vs 100`,
      `≤ ${targets.latencyGrowth}×`,
      `${fixed(growth(pick), 2)}×`,
      growth(pick) <= targets.latencyGrowth,
    ]),
  ];
  console.log("\n| target | limit | measured | verdict |\n| --- | ---: | ---: | --- |");
  for (const [name, limit, measured, ok] of checks) {
    console.log(`| ${name} | ${limit} | ${measured} | ${verdict(ok)} |`);
  }
  console.log(
    "\nSeed time and memory: a fresh `node --expose-gc` process per size that loads only " +
      "the compiled store; RSS after seeding and a full GC (store MiB: RSS minus the same " +
      "process just before seeding); the median of three runs. Latency: two fresh processes " +
      "per size, mean of sequential requests in the best round of either, random ids over " +
      "the whole store.",
  );
}

const latenciesFlag = process.argv.indexOf("--latencies");
if (
  latenciesFlag >= 0 &&
  process.argv[1] &&
  pathToFileURL(process.argv[1]).href === import.meta.url
) {
  console.log(JSON.stringify(await measureLatencies(Number(process.argv[latenciesFlag + 1]))));
}
