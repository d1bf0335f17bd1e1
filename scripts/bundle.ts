/**
 * Bundles the package's entries after `tsc` (the `postbuild` script): every
 * JavaScript file named in package.json's `exports`, and the `petstore-mock`
 * bin, replaced by an esbuild bundle of its TypeScript source, with code
 * splitting so entries share one copy of the core (`dist/mocks/chunks/`).
 * An importer then opens a handful of files instead of hundreds.
 *
 * What is inlined is a fixed list: `@msw/data` and the dependencies it would
 * otherwise load as hundreds of per-function modules (es-toolkit) or that
 * only its updates need (mutative). Every other package stays an import:
 * msw (a peer; never bundled), faker (loaded only for non-default seeds),
 * `@msw/data`'s `rettime` and `outvariant` (msw imports them too: a page's
 * bundler then keeps one copy of each, not the kit's beside msw's; the kit
 * depends on them itself), Node's built-ins. The build fails when anything
 * else would be inlined.
 *
 * It also writes the dashboard (`dist/mocks/dashboard/`): its page, style and
 * icon copied, its script bundled for browsers from `mocks/dashboard/main.ts`.
 *
 * `tsx scripts/bundle.ts` (run by `npm run build`).
 */
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import {
  buildDashboardScript,
  copiedDashboardFiles,
  dashboardDir,
} from "../mocks/dashboard/assets.js";

// The build's own root: the image build's context holds no test-support/ (.dockerignore).
const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));

/** Packages inlined into the bundles; every other bare import stays external. */
const inlined = ["@msw/data", "es-toolkit", "mutative"] as const;
/** Bins that are not bundled here (the contract CLI reads files beside itself). */
const unbundledBins = new Set(["petstore-contract"]);

interface Manifest {
  readonly exports: Record<string, string | { readonly default?: string }>;
  readonly bin: Record<string, string>;
}

/** `./dist/mocks/node.js` → `mocks/node.ts`. */
function sourceOf(output: string): string {
  const source = output
    .replace(/^\.\//, "")
    .replace(/^dist\//, "")
    .replace(/\.js$/, ".ts");
  if (source === output) throw new Error(`not a dist/ JavaScript path: ${output}`);
  return source;
}

async function entryPoints(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(`${repositoryRoot}package.json`, "utf8")) as Manifest;
  const outputs = Object.values(manifest.exports)
    .map((target) => (typeof target === "string" ? target : target.default))
    .filter((target): target is string => target?.endsWith(".js") === true);
  for (const [name, target] of Object.entries(manifest.bin)) {
    if (!unbundledBins.has(name)) outputs.push(target);
  }
  return [...new Set(outputs)].map(sourceOf);
}

const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * `@msw/data` needs `mutative` only to update a record: it gets
 * `mocks/store/mutative-on-demand.ts` instead, which loads the library (its
 * own chunk) on the first update, so no entry carries it up front.
 */
const mutativeOnDemand: Plugin = {
  name: "mutative-on-demand",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^mutative$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]@msw[\\/]data[\\/]/.test(args.importer)) return undefined;
      return { path: `${repositoryRoot}mocks/store/mutative-on-demand.ts` };
    });
  },
};

/**
 * `@msw/data` needs es-toolkit's `isEqual`, `set` and `unset` only for
 * relations (the kit's collections define none): it gets
 * `mocks/store/es-toolkit-on-demand.ts`, which keeps `get` and
 * `isPlainObject` and loads those three as a chunk of their own.
 */
const esToolkitInPart: Plugin = {
  name: "es-toolkit-in-part",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^es-toolkit(?:\/compat)?$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]@msw[\\/]data[\\/]/.test(args.importer)) return undefined;
      return { path: `${repositoryRoot}mocks/store/es-toolkit-on-demand.ts` };
    });
  },
};

/** Keeps every bare import external except the inlined packages. */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      const name = packageName(args.path);
      if ((inlined as readonly string[]).includes(name)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// Chunk names carry a content hash: drop the previous build's.
await rm(`${repositoryRoot}dist/mocks/chunks`, { recursive: true, force: true });

const result = await build({
  absWorkingDir: repositoryRoot,
  entryPoints: await entryPoints(),
  outbase: ".",
  outdir: "dist",
  chunkNames: "mocks/chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: ["es2022", "node20"],
  sourcemap: true,
  metafile: true,
  allowOverwrite: true,
  logLevel: "warning",
  plugins: [mutativeOnDemand, esToolkitInPart, externalPackages],
});

const strays = Object.keys(result.metafile.inputs).filter((input) => {
  const at = input.lastIndexOf("node_modules/");
  return at >= 0 && !(inlined as readonly string[]).includes(packageName(input.slice(at + 13)));
});
if (strays.length > 0) {
  throw new Error(`Bundled from packages outside the inlined list: ${strays.join(", ")}`);
}

// Beside tsc's output of the folder: the unbundled contract CLI imports its assets module.
const dashboardOut = `${repositoryRoot}dist/mocks/dashboard/`;
await mkdir(dashboardOut, { recursive: true });
await writeFile(`${dashboardOut}dashboard.js`, await buildDashboardScript(dashboardDir));
for (const file of copiedDashboardFiles) {
  await copyFile(`${dashboardDir}${file}`, `${dashboardOut}${file}`);
}
