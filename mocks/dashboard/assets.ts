/**
 * The dashboard's files: `index.html`, `dashboard.css`, `dashboard.js` and
 * its icon, `favicon.svg`, read from this folder. The package ships them
 * prebuilt (`npm run build` writes `dist/mocks/dashboard/`); run from source
 * (tests, tsx) the script is bundled from `main.ts` with esbuild on first use.
 * The admin routes serve what the server or fixture passes them from here.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { DashboardAssets } from "../admin/dashboard.js";

/**
 * The dashboard's folder: `mocks/dashboard/` in source, `dist/mocks/dashboard/`
 * in the package, whether this module runs from there, from a chunk in
 * `dist/mocks/chunks/` or `dist/mocks/server/`, or bundled into an entry at `dist/mocks/`.
 */
export const dashboardDir =
  ["./", "../dashboard/", "./dashboard/"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((dir) => existsSync(`${dir}index.html`)) ?? fileURLToPath(new URL("./", import.meta.url));

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

/** The files the build copies as they are (the script is bundled): the page, its style, its icon. */
export const copiedDashboardFiles = ["index.html", "dashboard.css", "favicon.svg"] as const;

let loaded: Promise<DashboardAssets> | undefined;

/** The dashboard's files, read once per process. */
export function loadDashboardAssets(): Promise<DashboardAssets> {
  loaded ??= (async () => {
    const [html, css, icon] = (await Promise.all(
      copiedDashboardFiles.map((file) => readFile(`${dashboardDir}${file}`, "utf8")),
    )) as [string, string, string];
    const built = `${dashboardDir}dashboard.js`;
    const js = existsSync(built) ? await readFile(built, "utf8") : await buildDashboardScript();
    return { html, css, js, icon };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
