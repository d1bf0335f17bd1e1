/**
 * The compatibility run: the behavioural case table through msw/node, the
 * standalone server and the browser worker, under a given msw major on a given
 * Node. msw (and playwright-core) are installed into a fresh temporary folder,
 * never into this repository's node_modules; the cases and the kit's sources
 * are bundled there with esbuild, the page against that folder's msw, and the
 * worker script is that msw's own.
 *
 * @example
 * npx tsx scripts/compat.ts --msw 2 --node /usr/bin/node
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { type BuildOptions, build, type Plugin } from "esbuild";
import { repositoryRoot } from "../mocks/test-support/repository.js";
import { installedVersion, isolatedBase } from "./smoke-package.js";

const run = promisify(execFile);
const installTimeoutMs = 5 * 60_000;
const runTimeoutMs = 10 * 60_000;

const { values } = parseArgs({
  options: {
    msw: { type: "string", default: "3" },
    node: { type: "string", default: process.execPath },
    keep: { type: "boolean", default: false },
  },
});

/** Resolves `msw` and its subpaths from the compatibility folder instead of this repository. */
function mswFrom(dir: string): Plugin {
  return {
    name: "msw-from-compat-folder",
    setup(bundle) {
      bundle.onResolve({ filter: /^msw(\/.*)?$/ }, (args) =>
        args.resolveDir === dir
          ? undefined
          : bundle.resolve(args.path, { kind: args.kind, resolveDir: dir }),
      );
    },
  };
}

/** Bundles a repository file into one ES module at `outfile`. */
async function bundle(entry: string, outfile: string, options: BuildOptions): Promise<void> {
  await build({
    entryPoints: [join(repositoryRoot, entry)],
    outfile,
    bundle: true,
    format: "esm",
    logLevel: "warning",
    ...options,
  });
}

const started = performance.now();
const dir = await mkdtemp(join(isolatedBase(), "petstore-kit-compat-"));
try {
  await writeFile(join(dir, "package.json"), '{ "private": true, "type": "module" }\n');
  await run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      `msw@${values.msw}`,
      `playwright-core@${await installedVersion(repositoryRoot, "playwright-core")}`,
    ],
    { cwd: dir, timeout: installTimeoutMs },
  );
  const installed = performance.now();

  const nodeVersion = (await run(values.node, ["--version"])).stdout.trim();
  const target = `node${nodeVersion.replace(/^v/, "").split(".")[0]}`;
  await bundle("scripts/compat/run-cases.ts", join(dir, "run-cases.mjs"), {
    platform: "node",
    target,
    external: ["msw", "msw/*", "playwright-core"],
  });
  const publicDir = join(dir, "public");
  await mkdir(publicDir);
  await bundle("scripts/compat/page.ts", join(publicDir, "page.js"), {
    platform: "browser",
    target: "es2022",
    plugins: [mswFrom(dir)],
  });
  await copyFile(
    join(dir, "node_modules/msw/lib/mockServiceWorker.js"),
    join(publicDir, "mockServiceWorker.js"),
  );
  await writeFile(
    join(publicDir, "index.html"),
    '<!doctype html>\n<html lang="en"><body><script type="module" src="/page.js"></script></body></html>\n',
  );

  const result = await run(values.node, ["run-cases.mjs"], {
    cwd: dir,
    timeout: runTimeoutMs,
  }).catch((error: { stdout?: string; stderr?: string; code?: number }) => {
    process.stderr.write(error.stderr ?? "");
    return { stdout: error.stdout ?? "", failed: true };
  });
  const lastLine = result.stdout.trim().split("\n").at(-1) ?? "";
  const report = (lastLine.startsWith("{") ? JSON.parse(lastLine) : {}) as {
    msw?: string;
    node?: string;
    counts?: Record<string, number>;
    failures?: string[];
  };
  const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  for (const failure of report.failures ?? []) console.error(`  ✗ ${failure}`);
  const cases = Object.entries(report.counts ?? {})
    .map(([transport, count]) => `${transport} ${count}`)
    .join(", ");
  const ok = !("failed" in result) && (report.failures?.length ?? 1) === 0;
  console.log(
    `compat: msw ${report.msw ?? values.msw} on Node ${report.node ?? nodeVersion}: ${ok ? "passed" : "FAILED"} (${cases}; install ${seconds(installed - started)}, total ${seconds(performance.now() - started)})`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  if (!values.keep) await rm(dir, { recursive: true, force: true });
}
