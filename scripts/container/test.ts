/**
 * The container test (a step of `.ci/run`; `npm run test:container`): builds
 * the repository's Dockerfile with podman as a user would, only `BASE`
 * swapped for the local stand-in of node:24-slim (./base-image.ts), then runs
 * the image as docs/container.md shows: health, the API with a configured key,
 * admin endpoints behind the admin key, data kept across a restart in a
 * volume, a graceful stop on SIGTERM, and `petstore-contract` from the same
 * image passing against it. Then the npm user's path: the package's
 * docs/container/Dockerfile built on the packed kit (`npm pack` into its
 * build context, `KIT=./<tarball>`), run: health, a non-root user,
 * `petstore-contract --version`, a graceful stop. Everything it creates (containers, volume,
 * images, temporary folders) is removed at the end, also after a failure or
 * a signal. Installs podman, runc and debootstrap with apt-get when missing.
 *
 * @example
 * npx tsx scripts/container/test.ts
 */
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { limitRule } from "../../mocks/interface/spec.js";
import { freePort } from "../../mocks/server/free-port.js";
import { pack } from "../smoke-package.js";
import { baseImage, ensureBaseImage, trustingMachineCa } from "./base-image.js";
import { run, stopAll, succeed, tail } from "./command.js";
import {
  contractRunArgs,
  mockRunArgs,
  packageDockerfile,
  stopArgs,
  stopGraceSeconds,
} from "./commands.js";
import { configuredPodman, type Podman } from "./podman.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const seconds = 1_000;
const minutes = 60 * seconds;
const apiKey = "ci-key";
const kitVersion = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }
).version;
const adminKey = "ci-admin-key";

const started = performance.now();
const tag = `ci-${process.pid}`;
const names = {
  image: `localhost/petstore-mock-kit:${tag}`,
  npmImage: `localhost/petstore-mock-kit-npm:${tag}`,
  caBase: `localhost/petstore-base:${tag}`,
  volume: `petstore-${tag}`,
  first: `petstore-${tag}-first`,
  second: `petstore-${tag}-second`,
  npm: `petstore-${tag}-npm`,
};
const elapsed = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const log = (line: string) => console.log(`container: ${line}`);

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Set by SIGINT or SIGTERM: the run stops after the running step. */
let interrupted: string | undefined;

async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  const since = performance.now();
  const result = await action();
  if (interrupted) throw new Error(`${interrupted} during: ${name}`);
  log(`ok ${name} (${elapsed(since)} s)`);
  return result;
}

/** apt-get installs what a fresh Debian machine lacks (as `.ci/run` does for Chromium). */
async function ensureTools(): Promise<void> {
  const missing = [];
  for (const tool of ["podman", "runc", "debootstrap"]) {
    const found = await run("sh", ["-c", `command -v ${tool}`], { timeoutMs: 10 * seconds });
    if (found.code !== 0) missing.push(tool);
  }
  if (missing.length === 0) return;
  log(`apt-get install ${missing.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await succeed("apt-get", ["update", "-qq"], { timeoutMs: 10 * minutes, env });
  await succeed("apt-get", ["install", "-y", "-qq", ...missing], { timeoutMs: 15 * minutes, env });
}

/** Polls until `probe` resolves true; rejects when it rejects, or with `what` after `timeoutMs`. */
async function waitFor(what: string, timeoutMs: number, probe: () => Promise<boolean>) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

function send(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(10 * seconds) });
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** The `docker run` of docs/container.md, then waits until it answers its health check. */
async function startMock(
  podman: Podman,
  name: string,
  port: number,
  image = names.image,
): Promise<string> {
  await podman.ok(
    mockRunArgs({
      name,
      port,
      apiKeys: apiKey,
      adminKey,
      volume: names.volume,
      image,
    }),
    2 * minutes,
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${name} healthy at ${origin}/__mock/health`, minutes, async () => {
    const running = await podman.run(["inspect", "--format", "{{.State.Running}}", name], minutes);
    if (running.stdout.trim() !== "true") {
      const logs = await podman.run(["logs", name], minutes);
      throw new Error(`${name} is not running:\n${tail(`${logs.stdout}${logs.stderr}`)}`);
    }
    const health = await send(`${origin}/__mock/health`).catch(() => undefined);
    return health?.ok === true;
  });
  return origin;
}

/**
 * `docker stop` (SIGTERM, SIGKILL after the grace period). Resolves to how
 * long `podman stop` took and, of that, the server's own part: from its
 * "SIGTERM, finishing in-flight requests" line to the process's exit.
 */
async function stopGracefully(podman: Podman, name: string): Promise<string> {
  const since = performance.now();
  await podman.ok(stopArgs(name), minutes);
  const took = elapsed(since);
  const state = await podman.ok(
    ["inspect", "--format", "{{.State.ExitCode}} {{.State.FinishedAt.UnixMilli}}", name],
    minutes,
  );
  const [exitCode, finishedAt] = state.stdout.trim().split(" ");
  const logs = await podman.ok(["logs", "--timestamps", name], minutes);
  check(
    exitCode === "0",
    `${name} exited ${exitCode} after SIGTERM (137: killed at the end of the ${stopGraceSeconds} s grace period)\n${tail(logs.stdout)}`,
  );
  const signalled = /^(\S+) .*SIGTERM, finishing/m.exec(logs.stdout)?.[1];
  check(signalled, `${name}'s log does not show the SIGTERM it stopped on`);
  const serverMs = Number(finishedAt) - Date.parse(`${signalled.slice(0, 23)}Z`);
  return `${took} s (server ${serverMs} ms)`;
}

/** The kit inside the image: no devDependency, none of its TypeScript sources. */
async function checkLean(podman: Podman): Promise<void> {
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  const listing = await podman.ok(
    [
      "run",
      "--rm",
      "--entrypoint",
      "sh",
      names.image,
      "-c",
      "cd /usr/local/lib/node_modules/petstore-mock-kit && ls -d node_modules/* node_modules/@*/* && find . -path ./node_modules -prune -o -name '*.ts' ! -name '*.d.ts' -print",
    ],
    2 * minutes,
  );
  const paths = listing.stdout.split("\n").filter(Boolean);
  const devInstalled = Object.keys(manifest.devDependencies).filter((name) =>
    paths.includes(`node_modules/${name}`),
  );
  check(devInstalled.length === 0, `devDependencies in the image: ${devInstalled.join(", ")}`);
  const sources = paths.filter((path) => path.endsWith(".ts"));
  check(sources.length === 0, `TypeScript sources in the image: ${sources.slice(0, 5).join(", ")}`);
}

/**
 * Packs the kit (`npm pack`, as `npm test` left `dist/`) into a build context
 * of its own and builds the package's Dockerfile on it with `build`.
 */
async function packageImage(
  scratch: string,
  build: (context: string, tarball: string) => Promise<unknown>,
): Promise<{ packSeconds: string; buildSeconds: string }> {
  check(
    existsSync(join(root, "dist/mocks/server/cli.js")),
    "no dist/: run npm run build (npm test does) before the container test",
  );
  const context = await mkdtemp(join(scratch, "package-context-"));
  const packSince = performance.now();
  const tarball = await step("npm pack into the package image's build context", () =>
    pack(context),
  );
  const packSeconds = elapsed(packSince);
  const buildSince = performance.now();
  await step(
    `podman build --file ${packageDockerfile} --build-arg KIT=./${basename(tarball)}`,
    () => build(context, basename(tarball)),
  );
  return { packSeconds, buildSeconds: elapsed(buildSince) };
}

async function megabytes(podman: Podman, image: string): Promise<number> {
  const size = await podman.ok(["image", "inspect", "--format", "{{.Size}}", image], minutes);
  return Math.round(Number(size.stdout.trim()) / 1e6);
}

async function main(podman: Podman, scratch: string): Promise<string> {
  const cacheDir = join(
    process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"),
    "petstore-mock-kit/container-base",
  );
  const how = await step(`base image ${baseImage}`, () => ensureBaseImage(podman, cacheDir, log));
  const base = await trustingMachineCa(podman, baseImage, names.caBase, scratch);

  // With default_ulimits off (podman's nofile default exceeds this machine's hard limit),
  // RUN steps get a low open-files limit and npm ci fails with EMFILE: give them ours.
  const hardLimit = (await succeed("sh", ["-c", "ulimit -Hn"], { timeoutMs: 10 * seconds })).stdout;
  const openFiles = /^\d+$/.test(hardLimit.trim()) ? hardLimit.trim() : "1048576";
  /** `podman build` as docs/container.md's `docker build`, with this machine's base and limits. */
  const build = (image: string, context: string, extra: readonly string[]) =>
    // --layers=false: no cached intermediate images are left behind; npm's cache mount stays.
    podman.ok(
      [
        "build",
        "--layers=false",
        "--format",
        "docker",
        "--ulimit",
        `nofile=${openFiles}:${openFiles}`,
        "--build-arg",
        `BASE=${base}`,
        ...extra,
        "--tag",
        image,
        context,
      ],
      25 * minutes,
      { cwd: root },
    );
  const buildSince = performance.now();
  await step(`podman build --build-arg BASE=${base} (${names.image})`, () =>
    build(names.image, ".", []),
  );
  const buildSeconds = elapsed(buildSince);
  const [imageMb, baseMb] = [await megabytes(podman, names.image), await megabytes(podman, base)];
  await step("no devDependencies or sources in the image", () => checkLean(podman));

  await podman.ok(["volume", "create", names.volume], minutes);
  const port = await freePort();
  const origin = await step("starts and answers /__mock/health", () =>
    startMock(podman, names.first, port),
  );
  await step("HEALTHCHECK passes; runs as a non-root user", async () => {
    await podman.ok(["healthcheck", "run", names.first], minutes);
    const uid = await podman.ok(["exec", names.first, "id", "-u"], minutes);
    check(uid.stdout.trim() !== "0", "the mock runs as root");
  });
  const created = await step(
    "lists pets with the configured key; admin behind its key",
    async () => {
      const pets = await send(`${origin}/v1/pets`, { headers: bearer(apiKey) });
      check(pets.status === 200, `GET /v1/pets answered ${pets.status}`);
      const listed = ((await pets.json()) as unknown[]).length;
      check(listed === limitRule.default, `GET /v1/pets: ${listed} pets, not ${limitRule.default}`);
      const wrongKey = await send(`${origin}/v1/pets`, { headers: bearer("petstore-dev-key") });
      check(wrongKey.status === 401, `the default key answered ${wrongKey.status}, not 401`);
      const noAdminKey = await send(`${origin}/__mock/requests`);
      check(
        noAdminKey.status === 403,
        `/__mock/requests without the admin key: ${noAdminKey.status}`,
      );
      const admin = await send(`${origin}/__mock/requests`, { headers: bearer(adminKey) });
      check(admin.status === 200, `/__mock/requests with the admin key: ${admin.status}`);
      const create = await send(`${origin}/v1/pets`, {
        method: "POST",
        headers: { ...bearer(apiKey), "Content-Type": "application/json" },
        body: JSON.stringify({ name: `kept-${tag}`, categoryId: 1 }),
      });
      check(create.status === 201, `POST /v1/pets answered ${create.status}`);
      return (await create.json()) as { id: number; name: string };
    },
  );
  const firstStop = await step("stops on SIGTERM (exit 0)", () =>
    stopGracefully(podman, names.first),
  );
  await podman.ok(["rm", names.first], minutes);

  await step("a new container on the same volume keeps the data", async () => {
    await startMock(podman, names.second, port);
    const pet = await send(`${origin}/v1/pets/${created.id}`, { headers: bearer(apiKey) });
    check(pet.status === 200, `GET /v1/pets/${created.id} after the restart: ${pet.status}`);
    check(((await pet.json()) as { name: string }).name === created.name, "the pet changed");
  });
  const contract = await step("petstore-contract from the image passes against it", async () => {
    const reports = await mkdtemp(join(scratch, "reports-"));
    await chmod(reports, 0o755);
    const user = `${process.getuid?.() ?? 1000}:${process.getgid?.() ?? 1000}`;
    const ran = await podman.run(
      contractRunArgs({ user, reports, image: names.image, url: `${origin}/v1` }),
      5 * minutes,
      { env: { PETSTORE_API_KEY: apiKey } },
    );
    check(ran.code === 0, `petstore-contract exited ${ran.code}\n${tail(ran.stdout)}`);
    check(existsSync(join(reports, "contract.xml")), "no JUnit report in the mounted folder");
    return tail(ran.stdout, 1);
  });
  const secondStop = await step("stops on SIGTERM again", () =>
    stopGracefully(podman, names.second),
  );
  await podman.ok(["rm", names.second], minutes);

  // The npm user's path: the package's own Dockerfile, the kit from its packed tarball.
  const npm = await packageImage(scratch, (context, tarball) =>
    build(names.npmImage, context, [
      "--file",
      join(root, packageDockerfile),
      "--build-arg",
      `KIT=./${tarball}`,
    ]),
  );
  await step("the package's image: starts, HEALTHCHECK passes, non-root", async () => {
    await startMock(podman, names.npm, port, names.npmImage);
    await podman.ok(["healthcheck", "run", names.npm], minutes);
    const uid = await podman.ok(["exec", names.npm, "id", "-u"], minutes);
    check(uid.stdout.trim() !== "0", "the package's image runs the mock as root");
    const pets = await send(`${origin}/v1/pets`, { headers: bearer(apiKey) });
    check(pets.status === 200, `GET /v1/pets in the package's image answered ${pets.status}`);
  });
  await step(
    "the package's image: petstore-contract --version names the packed version",
    async () => {
      const printed = await podman.ok(
        ["run", "--rm", names.npmImage, "petstore-contract", "--version"],
        2 * minutes,
      );
      check(
        printed.stdout.trim() === kitVersion,
        `petstore-contract --version printed ${printed.stdout.trim()}, not ${kitVersion}`,
      );
    },
  );
  const npmStop = await step("the package's image stops on SIGTERM", () =>
    stopGracefully(podman, names.npm),
  );
  const npmMb = await megabytes(podman, names.npmImage);
  return [
    `image ${imageMb} MB (${imageMb - baseMb} MB over the ${baseMb} MB base, which was ${how})`,
    `build ${buildSeconds} s`,
    `the package's image ${npmMb} MB (${npmMb - baseMb} MB over the base), build ${npm.buildSeconds} s after npm pack ${npm.packSeconds} s, stop ${npmStop}`,
    `podman stop ${firstStop} and ${secondStop}, grace ${stopGraceSeconds} s`,
    `contract: ${contract}`,
  ].join("; ");
}

/** Removes everything this run created; each removal on its own, so one failure skips none. */
async function cleanUp(podman: Podman, scratch: string): Promise<void> {
  const quietly = (args: string[]) => podman.run(args, 2 * minutes).catch(() => undefined);
  await quietly(["rm", "--force", "--time", "0", names.first, names.second, names.npm]);
  await quietly(["volume", "rm", "--force", names.volume]);
  await quietly(["rmi", "--force", names.image, names.npmImage, names.caBase]);
  await rm(scratch, { recursive: true, force: true });
}

await step("podman, runc, debootstrap installed", ensureTools);
const scratch = await mkdtemp(join(tmpdir(), "petstore-container-"));
const podman = await configuredPodman(scratch);
let cleaning: Promise<void> | undefined;
const cleanOnce = () => {
  cleaning ??= cleanUp(podman, scratch);
  return cleaning;
};
// A first signal lets the running command finish (each has a deadline; podman
// build, interrupted, leaves its RUN container behind), a second one stops it.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (!interrupted) {
      interrupted = signal;
      log(`${signal}: stopping after the running command (a second signal stops it)`);
      return;
    }
    log(`${signal} again: stopping the running command, then removing what this run created`);
    const bounded = new Promise((resolve) => setTimeout(resolve, 30 * seconds));
    void Promise.race([stopAll(), bounded])
      .then(cleanOnce)
      .finally(() => process.exit(1));
  });
}
try {
  const summary = await main(podman, scratch);
  log(`passed: ${summary}; ${elapsed(started)} s in all`);
} catch (error) {
  log(`FAILED: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await cleanOnce();
}
