/**
 * The dashboard's files: `index.html`, `dashboard.css` and `dashboard.js`,
 * read from `mocks/dashboard/` beside the server code. The package ships them
 * prebuilt (`npm run build` writes `dist/mocks/dashboard/`); run from source
 * (tests, tsx) the script is bundled from `main.ts` with esbuild on first use.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export interface DashboardAssets {
  readonly html: string;
  readonly css: string;
  readonly js: string;
}

/**
 * The dashboard's folder: `mocks/dashboard/` in source, `dist/mocks/dashboard/`
 * in the package, whether this module runs from `dist/mocks/<folder>/` or is
 * bundled into an entry at `dist/mocks/`.
 */
export const dashboardDir =
  ["../dashboard/", "./dashboard/"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((dir) => existsSync(`${dir}index.html`)) ??
  fileURLToPath(new URL("../dashboard/", import.meta.url));

/** Bundles the page's script from its TypeScript source (needs esbuild, a development dependency). */
export async function buildDashboardScript(sourceDir = dashboardDir): Promise<string> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [`${sourceDir}main.ts`],
    bundle: true,
    write: false,
    minify: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    legalComments: "none",
    logLevel: "warning",
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild produced no dashboard script");
  return output.text;
}

let loaded: Promise<DashboardAssets> | undefined;

/** The dashboard's files, read once per process. */
export function loadDashboardAssets(): Promise<DashboardAssets> {
  loaded ??= (async () => {
    const [html, css] = await Promise.all([
      readFile(`${dashboardDir}index.html`, "utf8"),
      readFile(`${dashboardDir}dashboard.css`, "utf8"),
    ]);
    const built = `${dashboardDir}dashboard.js`;
    const js = existsSync(built) ? await readFile(built, "utf8") : await buildDashboardScript();
    return { html, css, js };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
