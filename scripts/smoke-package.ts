/**
 * Installs the packed tarball into a fresh temporary project, the way another
 * project gets the kit, without the network: `npm pack`, then `npm ci
 * --offline` from a lockfile that pins the kit's dependencies (and msw, its
 * peer) to the versions and integrity hashes of this repository's lockfile, so
 * every tarball comes from the npm cache `npm ci` filled here.
 *
 * @example
 * const app = await installPackedKit();
 * // app.dir/node_modules/petstore-mock-kit is the installed package
 * await app.remove();
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);

interface LockEntry {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

interface Manifest {
  name: string;
  version: string;
  license?: string;
  engines?: Record<string, string>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface InstalledKit {
  /** The temporary project; the kit is in `node_modules/petstore-mock-kit`. */
  readonly dir: string;
  readonly tarball: string;
  /** Milliseconds spent packing and installing. */
  readonly packMs: number;
  readonly installMs: number;
  remove(): Promise<void>;
}

/** Where node would find `name` when required from the lock path `from`. */
function resolveIn(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === "") return undefined;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

/** The lock entries of `roots` and everything they need, at this repository's lock paths. */
function closure(packages: Record<string, LockEntry>, roots: readonly string[]) {
  const picked: Record<string, LockEntry> = {};
  const queue = roots.map((name) => resolveIn(packages, "", name));
  while (queue.length > 0) {
    const path = queue.pop();
    if (path === undefined || picked[path]) continue;
    const entry = packages[path];
    if (!entry) continue;
    // In the new project these are production packages, whatever they were here.
    const { dev, devOptional, peer, ...production } = entry;
    picked[path] = production;
    const needed = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter(
        (name) => !entry.peerDependenciesMeta?.[name]?.optional,
      ),
    ];
    for (const name of needed) queue.push(resolveIn(packages, path, name));
  }
  return picked;
}

/** `npm pack` into `dir` (scripts skipped: `npm test` has just built `dist/`). */
async function pack(dir: string): Promise<string> {
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

export async function installPackedKit(): Promise<InstalledKit> {
  const dir = await mkdtemp(join(isolatedBase(), "petstore-kit-smoke-"));
  const packStarted = performance.now();
  const tarball = await pack(dir);
  const packMs = performance.now() - packStarted;

  const manifest = JSON.parse(
    await readFile(join(repositoryRoot, "package.json"), "utf8"),
  ) as Manifest;
  const lock = JSON.parse(await readFile(join(repositoryRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const peers = Object.keys(manifest.peerDependencies ?? {});
  const picked = closure(lock.packages, [...Object.keys(manifest.dependencies ?? {}), ...peers]);
  const dependencies: Record<string, string> = { [manifest.name]: `file:${tarball}` };
  for (const peer of peers) {
    const version = lock.packages[`node_modules/${peer}`]?.version;
    if (!version) throw new Error(`package-lock.json has no ${peer} to install as the peer`);
    dependencies[peer] = version;
  }
  const app = { name: "petstore-kit-smoke-app", version: "1.0.0", private: true, type: "module" };
  const integrity = `sha512-${createHash("sha512")
    .update(await readFile(tarball))
    .digest("base64")}`;
  const kitEntry = {
    version: manifest.version,
    resolved: `file:${tarball}`,
    integrity,
    license: manifest.license,
    dependencies: manifest.dependencies,
    bin: manifest.bin,
    peerDependencies: manifest.peerDependencies,
    peerDependenciesMeta: manifest.peerDependenciesMeta,
    engines: manifest.engines,
  };
  await writeFile(join(dir, "package.json"), JSON.stringify({ ...app, dependencies }, null, 2));
  await writeFile(
    join(dir, "package-lock.json"),
    JSON.stringify(
      {
        name: app.name,
        version: app.version,
        lockfileVersion: 3,
        requires: true,
        packages: {
          "": { name: app.name, version: app.version, dependencies },
          [`node_modules/${manifest.name}`]: kitEntry,
          ...picked,
        },
      },
      null,
      2,
    ),
  );

  const installStarted = performance.now();
  await run("npm", ["ci", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: dir,
  });
  const installMs = performance.now() - installStarted;
  return {
    dir,
    tarball,
    packMs,
    installMs,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Makes tools of this repository (e.g. vitest, @types/node) available to the
 * temporary project as if it had installed them (unless it has), without
 * touching the kit.
 */
export async function linkTools(dir: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const target = join(dir, "node_modules", name);
    if (existsSync(target)) continue;
    await mkdir(join(target, ".."), { recursive: true });
    await symlink(join(repositoryRoot, "node_modules", name), target, "dir");
  }
}
