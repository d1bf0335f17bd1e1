/**
 * Installs the packed tarball into a fresh temporary project the way a user
 * does, next to msw (3 or 2), vitest, TypeScript and `@types/node`, with no
 * `--force` or `--legacy-peer-deps`, so a peer range that excludes the chosen
 * msw fails here as it would for them. Two sets of versions:
 *
 * - `pinned` (`npm test`): every package, transitive ones included, at the
 *   version package-lock.json pins (msw 2's, which it lacks, from
 *   `scripts/smoke-msw2.lock.json`, written by `npm run smoke:lock`): the
 *   project gets a lock cut from the kit's own and `npm ci`, so the result
 *   never depends on what the registry or the npm cache holds today;
 * - `latest` (`npm run smoke:latest`): `npm install` of `msw@latest` (or
 *   `msw@2`), `vitest@latest`, `typescript@latest` and `@types/node` from the
 *   registry, as a user who installs today gets them.
 *
 * `installKitWith` installs the packages a docs snippet names, from the
 * registry.
 *
 * @example
 * const app = await installPackedKit(2, "pinned");
 * // app.dir/node_modules/petstore-mock-kit is the installed package
 * await app.remove();
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
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

/** Which versions a smoke install takes: package-lock.json's (`npm test`) or the registry's newest. */
export type SmokeVersions = "pinned" | "latest";

/** Packs the kit and installs it into a new project next to msw `major`, vitest and TypeScript. */
export async function installPackedKit(
  major: 2 | 3,
  versions: SmokeVersions = "pinned",
): Promise<InstalledKit> {
  const app =
    versions === "pinned"
      ? await installPinnedKit(major)
      : await installKitWith(
          [
            `msw@${major === 2 ? "2" : "latest"}`,
            "vitest@latest",
            "typescript@latest",
            "@types/node",
          ],
          { manifest: { type: "module" } },
        );
  try {
    return { ...app, mswVersion: await installedVersion(app.dir, "msw") };
  } catch (error) {
    await app.remove();
    throw error;
  }
}

/** One package as a lockfile holds it: its version and what it needs (the rest is copied as it is). */
export interface LockedPackage {
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly [field: string]: unknown;
}

/** A lockfile's packages by where they are installed (`node_modules/a/node_modules/b`; "" the project). */
export type LockedTree = Record<string, LockedPackage>;

export const kitLockPath = join(repositoryRoot, "package-lock.json");
/** msw 2's part of a smoke project's lock, which package-lock.json lacks (`npm run smoke:lock`). */
export const msw2LockPath = join(repositoryRoot, "scripts", "smoke-msw2.lock.json");

export async function readLockedTree(path: string): Promise<LockedTree> {
  return (JSON.parse(await readFile(path, "utf8")) as { packages: LockedTree }).packages;
}

/** Where the package installed at `path` is itself found from: its parent's path, "" at the top. */
const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/node_modules/")));

/**
 * The part of `tree` the packages `roots` need, each found as Node finds it
 * (the needing package's own node_modules first, then each one above): their
 * dependencies, the optional ones the tree holds and the peers that are not
 * optional, transitively.
 */
export function lockedClosure(tree: LockedTree, roots: readonly string[]): LockedTree {
  const needed: LockedTree = {};
  const visit = (from: string, name: string, optional: boolean): void => {
    for (let at = from; ; at = parentOf(at)) {
      const path = `${at === "" ? "" : `${at}/`}node_modules/${name}`;
      const entry = tree[path];
      if (entry !== undefined) {
        if (path in needed) return;
        needed[path] = entry;
        const peers = Object.keys(entry.peerDependencies ?? {});
        for (const dep of Object.keys(entry.dependencies ?? {})) visit(path, dep, false);
        for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(path, dep, true);
        for (const dep of peers.filter((peer) => !entry.peerDependenciesMeta?.[peer]?.optional))
          visit(path, dep, false);
        return;
      }
      if (at === "") {
        if (optional) return;
        throw new Error(`the lockfile holds no ${name} for ${from || "the project"}`);
      }
    }
  };
  for (const root of roots) visit("", root, false);
  return needed;
}

/** What a smoke project installs next to the kit, besides msw. */
const companions = ["vitest", "typescript", "@types/node"];

/**
 * The kit's dependencies and the companions (`roots`), as package-lock.json
 * pins them (`tree`), and that lock (`locked`).
 */
async function pinnedBase() {
  const locked = await readLockedTree(kitLockPath);
  const kit = locked[""] as LockedPackage;
  const roots = [...Object.keys(kit.dependencies ?? {}), ...companions];
  return { kit, locked, roots, tree: lockedClosure(locked, roots) };
}

/** The packed kit in a new project with msw `major` and the companions, by a lock cut from the kit's own, `npm ci`. */
async function installPinnedKit(major: 2 | 3): Promise<Omit<InstalledKit, "mswVersion">> {
  const { kit, locked, tree } = await pinnedBase();
  const msw = major === 3 ? lockedClosure(locked, ["msw"]) : await readLockedTree(msw2LockPath);
  const packages: LockedTree = { ...tree, ...msw };
  return installKit(async (dir, tarball) => {
    const resolved = `file:${basename(tarball)}`;
    const pinned = (name: string) => packages[`node_modules/${name}`]?.version ?? "";
    const devDependencies = Object.fromEntries([
      ["petstore-mock-kit", resolved],
      ...["msw", ...companions].map((name) => [name, pinned(name)]),
    ]);
    const { dependencies, peerDependencies, peerDependenciesMeta, bin, engines, license } = kit;
    packages["node_modules/petstore-mock-kit"] = {
      version: kit.version,
      resolved,
      dev: true,
      ...{ license, dependencies, bin, engines, peerDependencies, peerDependenciesMeta },
    };
    const app = { ...smokeApp, type: "module" };
    await writeJson(join(dir, "package.json"), { ...app, devDependencies });
    await writeJson(join(dir, "package-lock.json"), {
      name: app.name,
      version: app.version,
      lockfileVersion: 3,
      requires: true,
      packages: { "": { name: app.name, version: app.version, devDependencies }, ...packages },
    });
    return ["ci", "--no-audit", "--no-fund", "--prefer-offline"];
  });
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

const smokeApp = { name: "petstore-kit-smoke-app", version: "1.0.0", private: true };

/**
 * Writes `msw2LockPath` (`npm run smoke:lock`): the newest msw 2 and what it
 * needs beyond the kit's pinned packages, as npm resolves them from the
 * registry next to those; refused when msw 2 would move a package
 * package-lock.json pins.
 */
export async function writeMsw2Lock(): Promise<void> {
  const { roots, tree } = await pinnedBase();
  const dir = await mkdtemp(join(isolatedBase(), "petstore-kit-msw2-lock-"));
  try {
    const devDependencies = Object.fromEntries(
      roots.map((name) => [name, tree[`node_modules/${name}`]?.version]),
    );
    await writeJson(join(dir, "package.json"), { ...smokeApp, devDependencies });
    await writeJson(join(dir, "package-lock.json"), {
      lockfileVersion: 3,
      requires: true,
      packages: { "": { ...smokeApp, devDependencies }, ...tree },
    });
    const args = ["install", "--package-lock-only", "--save-dev", "--save-exact", "msw@2"];
    await run("npm", [...args, "--no-audit", "--no-fund"], { cwd: dir, env: userEnv });
    const resolved = await readLockedTree(join(dir, "package-lock.json"));
    const moved = Object.keys(tree).filter(
      (path) => resolved[path]?.version !== tree[path]?.version,
    );
    if (moved.length > 0) {
      throw new Error(
        `msw 2 needs other versions than package-lock.json pins: ${moved.join(", ")}`,
      );
    }
    const added = Object.entries(resolved).filter(([path]) => path !== "" && !(path in tree));
    await writeJson(msw2LockPath, { packages: Object.fromEntries(added) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const writeJson = (path: string, value: unknown) =>
  writeFile(path, `${JSON.stringify(value, null, 2)}\n`);

/**
 * A new project with the packed kit and `packages` (registry specifiers, e.g.
 * `msw@2`, `vitest`) installed with one `npm install --save-dev`, as a user
 * runs it.
 */
export function installKitWith(
  packages: readonly string[],
  options: KitInstallOptions = {},
): Promise<Omit<InstalledKit, "mswVersion">> {
  return installKit(async (dir, tarball) => {
    await writeJson(join(dir, "package.json"), { ...smokeApp, ...options.manifest });
    return [
      "install",
      "--save-dev",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      tarball,
      ...packages,
    ];
  }, options.tarball);
}

/** A new project in a fresh folder: `prepare` writes its files and says how npm installs it. */
async function installKit(
  prepare: (dir: string, tarball: string) => Promise<readonly string[]>,
  packed?: string,
): Promise<Omit<InstalledKit, "mswVersion">> {
  const dir = await mkdtemp(join(isolatedBase(), "petstore-kit-smoke-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const packStarted = performance.now();
    const tarball = packed ?? (await pack(dir));
    const packMs = performance.now() - packStarted;
    const npmArgs = await prepare(dir, tarball);
    const installStarted = performance.now();
    const { stdout, stderr } = await run("npm", [...npmArgs], {
      cwd: dir,
      env: userEnv,
      timeout: installTimeoutMs,
    });
    const installMs = performance.now() - installStarted;
    return { dir, tarball, packMs, installMs, installOutput: `${stdout}${stderr}`, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
