/**
 * Installs the packed tarball into a fresh temporary project the way a user
 * does: `npm pack`, then `npm install -D <tarball> msw@<major> vitest@latest
 * typescript@latest @types/node` (or the packages a docs snippet names:
 * `installKitWith`) from the registry, with no `--force` or
 * `--legacy-peer-deps`, so a peer range that excludes the chosen msw fails
 * here as it would for them. Nothing depends on what the npm cache holds
 * (`--prefer-offline` only saves downloads it already has).
 *
 * @example
 * const app = await installPackedKit("2");
 * // app.dir/node_modules/petstore-mock-kit is the installed package
 * await app.remove();
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { repositoryRoot } from "../mocks/test-support/repository.js";

const run = promisify(execFile);
const installTimeoutMs = 5 * 60_000;

/** The environment of a user's shell: none of a test runner's or an npm script's variables. */
export const userEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(VITEST|TEST$|NODE_OPTIONS$|TSX|PETSTORE_|PORT$|npm_)/i.test(name),
  ),
);

export interface InstalledKit {
  /** The temporary project; the kit is in `node_modules/petstore-mock-kit`. */
  readonly dir: string;
  readonly tarball: string;
  /** The msw version npm chose for the requested range. */
  readonly mswVersion: string;
  /** Milliseconds spent packing and installing. */
  readonly packMs: number;
  readonly installMs: number;
  /** What `npm install` printed (stdout, then stderr): its warnings, as a user sees them. */
  readonly installOutput: string;
  remove(): Promise<void>;
}

/** `npm pack` into `dir` (scripts skipped: `npm test` has just built `dist/`). */
export async function pack(dir: string): Promise<string> {
  const { stdout } = await run(
    "npm",
    ["pack", "--ignore-scripts", "--silent", "--pack-destination", dir],
    { cwd: repositoryRoot },
  );
  const name = stdout.trim().split("\n").at(-1);
  if (!name) throw new Error("npm pack printed no file name");
  return join(dir, name);
}

/**
 * A temporary directory with no `node_modules` above it, so the project sees
 * only what it installed (a stray `/tmp/node_modules` would hide a missing
 * dependency).
 */
export function isolatedBase(): string {
  const seesNodeModules = (dir: string): boolean => {
    for (let at = resolve(dir); ; at = dirname(at)) {
      if (existsSync(join(at, "node_modules"))) return true;
      if (dirname(at) === at) return false;
    }
  };
  const base = [tmpdir(), "/var/tmp", homedir()].find((dir) => !seesNodeModules(dir));
  if (!base) throw new Error("no temporary directory without a node_modules above it");
  return base;
}

/** Packs the kit and installs it with `msw@<msw>` (e.g. "2", "latest") into a new project. */
export async function installPackedKit(msw: string): Promise<InstalledKit> {
  const app = await installKitWith(
    [`msw@${msw}`, "vitest@latest", "typescript@latest", "@types/node"],
    {
      manifest: { type: "module" },
    },
  );
  try {
    return { ...app, mswVersion: await installedVersion(app.dir, "msw") };
  } catch (error) {
    await app.remove();
    throw error;
  }
}

/** The version of `name` installed in the project `dir`. */
export async function installedVersion(dir: string, name: string): Promise<string> {
  const manifest = JSON.parse(
    await readFile(join(dir, "node_modules", name, "package.json"), "utf8"),
  ) as { version: string };
  return manifest.version;
}

export interface KitInstallOptions {
  /** A tarball packed before (shared by several installs); packed anew when absent. */
  readonly tarball?: string;
  /** Fields of the project's package.json besides its name (e.g. `type`). */
  readonly manifest?: Readonly<Record<string, unknown>>;
}

/**
 * A new project with the packed kit and `packages` (registry specifiers, e.g.
 * `msw@2`, `vitest`) installed with one `npm install --save-dev`, as a user
 * runs it.
 */
export async function installKitWith(
  packages: readonly string[],
  options: KitInstallOptions = {},
): Promise<Omit<InstalledKit, "mswVersion">> {
  const dir = await mkdtemp(join(isolatedBase(), "petstore-kit-smoke-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const packStarted = performance.now();
    const tarball = options.tarball ?? (await pack(dir));
    const packMs = performance.now() - packStarted;
    const app = {
      name: "petstore-kit-smoke-app",
      version: "1.0.0",
      private: true,
      ...options.manifest,
    };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(app, null, 2)}\n`);

    const installStarted = performance.now();
    const { stdout, stderr } = await run(
      "npm",
      [
        "install",
        "--save-dev",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        tarball,
        ...packages,
      ],
      { cwd: dir, env: userEnv, timeout: installTimeoutMs },
    );
    const installMs = performance.now() - installStarted;
    return { dir, tarball, packMs, installMs, installOutput: `${stdout}${stderr}`, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
