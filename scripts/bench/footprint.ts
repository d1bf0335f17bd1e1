/**
 * Bench section "footprint": what the kit costs a project that imports it,
 * beside plain msw, with the packed kit installed from the registry as a user
 * does (`installPackedKit`, next to msw@latest and vitest@latest):
 *
 * - a 20-file vitest suite, each file calling `setupPetstore` and making one
 *   request, against the same suite with msw's `setupServer` and one static
 *   handler;
 * - the cold import of `petstore-mock-kit/node` against `msw/node` (a fresh
 *   Node process each, timed around the `import()`), and how many module files
 *   each opens;
 * - the gzipped esbuild bundle (minified, code splitting) of a page calling
 *   `setupPetstoreWorker` against msw's own `setupWorker` + `http` +
 *   `HttpResponse`: the chunks the page loads up front, and beside them those
 *   it loads only on demand.
 *
 * `npm run bench -- footprint` (after `npm run build`).
 */
import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { installPackedKit, userEnv } from "../smoke-package.js";
import { fixed, median, printTable, verdict } from "./report.js";

const exec = promisify(execFile);

const suiteFiles = 20;
const suiteRounds = 3;
export const importRounds = 9;
const targets = { suite: 1.1, importTime: 1.5, bundle: 1.5 } as const;

/** One test file of the measured suites: its setup, then the same request and checks. */
const suiteTest = (
  setup: string,
  listed: number,
) => `import { afterAll, beforeAll, expect, it } from "vitest";
${setup}
it("lists pets", async () => {
  const response = await fetch("http://api.test/v1/pets?limit=5", {
    headers: { authorization: "Bearer petstore-dev-key" },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toHaveLength(${listed});
});
`;

const kitTest = suiteTest(
  `import { setupPetstore } from "petstore-mock-kit/node";

const petstore = await setupPetstore();
beforeAll(() => petstore.listen());
afterAll(() => petstore.close());
`,
  5,
);

const mswTest = suiteTest(
  `import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";

const server = setupServer(
  http.get("*/v1/pets", () => HttpResponse.json([{ id: 1, name: "Rex", categoryId: 1 }])),
);
beforeAll(() => server.listen());
afterAll(() => server.close());
`,
  1,
);

const kitPage = `import { setupPetstoreWorker } from "petstore-mock-kit/browser";
const petstore = await setupPetstoreWorker();
await petstore.start();
`;

const mswPage = `import { HttpResponse, http } from "msw";
import { setupWorker } from "msw/browser";
const worker = setupWorker(http.get("/v1/pets", () => HttpResponse.json([])));
await worker.start();
`;

/**
 * Prints the wall and CPU time of one `import()` in a fresh process, and the
 * module files it opened (counted in a separate run: the hook costs time).
 */
const importProbe = `import { registerHooks } from "node:module";
const count = process.argv[3] === "count";
let files = 0;
if (count) registerHooks({ load(url, context, next) { files++; return next(url, context); } });
const cpu = process.cpuUsage();
const started = performance.now();
await import(process.argv[2]);
const ms = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
console.log(JSON.stringify({ ms, cpuMs: (user + system) / 1000, files }));
`;

export interface Probe {
  readonly ms: number;
  readonly cpuMs: number;
  readonly files: number;
}

async function probeImport(dir: string, specifier: string, count: boolean): Promise<Probe> {
  const { stdout } = await exec(process.execPath, ["probe.mjs", specifier, count ? "count" : ""], {
    cwd: dir,
    env: userEnv,
  });
  return JSON.parse(stdout) as Probe;
}

export async function importFigures(dir: string, specifiers: readonly string[]) {
  const probes = new Map<string, Probe[]>(specifiers.map((specifier) => [specifier, []]));
  // Interleaved, so drift on the machine hits every entry alike.
  for (let round = 0; round < importRounds; round++) {
    for (const specifier of specifiers) {
      probes.get(specifier)?.push(await probeImport(dir, specifier, false));
    }
  }
  const figures = new Map<string, Probe>();
  for (const specifier of specifiers) {
    const { files } = await probeImport(dir, specifier, true);
    const runs = probes.get(specifier) ?? [];
    figures.set(specifier, {
      ms: median(runs.map((probe) => probe.ms)),
      cpuMs: median(runs.map((probe) => probe.cpuMs)),
      files,
    });
  }
  return figures;
}

async function suiteSeconds(dir: string, suite: string): Promise<number> {
  const started = performance.now();
  await exec(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--dir", suite], {
    cwd: dir,
    env: { ...userEnv, CI: "1" },
    timeout: 10 * 60_000,
  });
  return (performance.now() - started) / 1000;
}

export interface BundleSize {
  /** Gzipped bytes of the entry and every chunk it imports statically. */
  readonly upFront: number;
  /** Gzipped bytes of the chunks loaded only through `import()`. */
  readonly onDemand: number;
  readonly minified: number;
}

/** A page bundled as a user's bundler would (esbuild: minified, code splitting) into `dir/bundles/`. */
export interface PageBundle {
  /** The folder holding the page's files, relative to `dir`. */
  readonly outdir: string;
  /** Every JavaScript output, relative to `dir`. */
  readonly outputs: readonly string[];
  /** The entry and every chunk it imports statically: what the page loads before its own code runs. */
  readonly upFront: ReadonlySet<string>;
}

export async function bundlePage(dir: string, page: string): Promise<PageBundle> {
  const outdir = join("bundles", page.replace(/\W/g, "-"));
  const { metafile } = await build({
    entryPoints: [join(dir, page)],
    absWorkingDir: dir,
    bundle: true,
    minify: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outdir: join(dir, outdir),
    metafile: true,
    logLevel: "silent",
  });
  const outputs = (metafile as Metafile).outputs;
  // The page's own output: a chunk loaded through `import()` names its module as an entry point too.
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === page);
  const upFront = new Set<string>();
  const visit = (path: string) => {
    if (upFront.has(path)) return;
    upFront.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
    }
  };
  if (entry) visit(entry);
  return { outdir, outputs: Object.keys(outputs).filter((path) => path.endsWith(".js")), upFront };
}

export async function bundleSize(dir: string, page: string): Promise<BundleSize> {
  const { outputs, upFront } = await bundlePage(dir, page);
  const sizes = { upFront: 0, onDemand: 0, minified: 0 };
  for (const path of outputs) {
    const code = await readFile(join(dir, path));
    const gzipped = gzipSync(code, { level: 9 }).length;
    if (upFront.has(path)) {
      sizes.upFront += gzipped;
      sizes.minified += code.length;
    } else sizes.onDemand += gzipped;
  }
  return sizes;
}

async function writeProject(dir: string): Promise<void> {
  for (const [suite, source] of [
    ["kit-suite", kitTest],
    ["msw-suite", mswTest],
  ] as const) {
    await mkdir(join(dir, suite), { recursive: true });
    for (let file = 1; file <= suiteFiles; file++) {
      await writeFile(join(dir, suite, `file-${String(file).padStart(2, "0")}.test.ts`), source);
    }
  }
  await writePages(dir);
}

/** The two measured pages (the kit's importing `kitEntry`) and the import probe, into `dir`. */
export async function writePages(dir: string, kitEntry = "petstore-mock-kit/browser") {
  await writeFile(join(dir, "kit-page.js"), kitPage.replace("petstore-mock-kit/browser", kitEntry));
  await writeFile(join(dir, "msw-page.js"), mswPage);
  await writeFile(join(dir, "probe.mjs"), importProbe);
}

const kb = (bytes: number) => `${fixed(bytes / 1024, 1)} KB`;

export async function run(): Promise<void> {
  const kit = await installPackedKit(3, "latest");
  try {
    await writeProject(kit.dir);
    console.log(`packed kit installed beside msw ${kit.mswVersion} in ${kit.dir}\n`);

    const imports = await importFigures(kit.dir, [
      "msw/node",
      "petstore-mock-kit/node",
      "msw",
      "petstore-mock-kit",
    ]);
    const kitBundle = await bundleSize(kit.dir, "kit-page.js");
    const mswBundle = await bundleSize(kit.dir, "msw-page.js");

    const kitRuns: number[] = [];
    const mswRuns: number[] = [];
    for (let round = 0; round < suiteRounds; round++) {
      mswRuns.push(await suiteSeconds(kit.dir, "msw-suite"));
      kitRuns.push(await suiteSeconds(kit.dir, "kit-suite"));
    }
    const kitSuite = median(kitRuns);
    const mswSuite = median(mswRuns);

    const figure = (measure: string, value: string) => [measure, value, "", ""];
    const ratio = (measure: string, value: number, target: number) => [
      measure,
      `${fixed(value, 2)}×`,
      `≤ ${target}×`,
      verdict(value <= target),
    ];
    const rows = [...imports].map(([specifier, { ms, cpuMs, files }]) =>
      figure(
        `import("${specifier}"), median of ${importRounds}`,
        `${fixed(ms)} ms (CPU ${fixed(cpuMs)} ms), ${files} files`,
      ),
    );
    const kitImport = imports.get("petstore-mock-kit/node");
    const mswImport = imports.get("msw/node");
    for (const [label, key] of [
      ["wall", "ms"],
      ["CPU", "cpuMs"],
    ] as const) {
      const value = (kitImport?.[key] ?? Number.NaN) / (mswImport?.[key] ?? Number.NaN);
      rows.push(ratio(`import kit/node ÷ msw/node, ${label} time`, value, targets.importTime));
    }
    rows.push(
      figure(
        `vitest, ${suiteFiles} files, plain msw, median of ${suiteRounds}`,
        `${fixed(mswSuite, 1)} s`,
      ),
      figure(`vitest, ${suiteFiles} files, setupPetstore`, `${fixed(kitSuite, 1)} s`),
      ratio("suite kit ÷ msw", kitSuite / mswSuite, targets.suite),
    );
    for (const [label, size] of [
      ["page with msw setupWorker", mswBundle],
      ["page with setupPetstoreWorker", kitBundle],
    ] as const) {
      rows.push(
        figure(
          `${label}, gzipped up front (minified)`,
          `${kb(size.upFront)} (${kb(size.minified)})`,
        ),
      );
      if (size.onDemand > 0) rows.push(figure(`${label}, gzipped on demand`, kb(size.onDemand)));
    }
    rows.push(
      ratio("bundle kit ÷ msw, up front", kitBundle.upFront / mswBundle.upFront, targets.bundle),
    );
    printTable(["measure", "value", "target", "met"], rows);
  } finally {
    await kit.remove();
  }
}
