/**
 * The package as other projects get it: the packed tarball installed into a
 * fresh temporary project per msw major (msw 2 and msw 3, next to vitest and
 * TypeScript), then, under each, the public types compiled with
 * `skipLibCheck: false`, the README's vitest example and the vitest
 * fixture's (`petstore-mock-kit/vitest`) run as written, and an unhandled request to a live local server shown to be
 * an error. Under msw 3 also: every entry point imported and bundled,
 * both bins run, and the README's commands run as written (server: `npm start
 * -- …`, `npx petstore-mock`, its `curl` line, the in-process example;
 * contract: the CI commands against the installed mock). Needs `dist/` (built
 * by `npm test` first). In `npm test` every package is the version
 * package-lock.json pins (./smoke-package.ts); `npm run smoke:latest` runs
 * the same tests on the registry's newest msw, vitest and TypeScript.
 */
import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingWorkerMessage } from "../mocks/runtime/worker-hint.js";
import { launchChromium, skipBrowserTests } from "../mocks/test-support/chromium.js";
import { docSection, fencedBlocks } from "../mocks/test-support/docs.js";
import { repositoryRoot } from "../mocks/test-support/repository.js";
import { serveStatic } from "../mocks/test-support/static-server.js";
import {
  type InstalledKit,
  installPackedKit,
  kitLockPath,
  msw2LockPath,
  readLockedTree,
  type SmokeVersions,
  userEnv,
} from "./smoke-package.js";
import { startServer } from "./snippets/run.js";

const run = promisify(execFile);
const devKey = "petstore-dev-key";
const installTimeoutMs = 300_000;

/** A user's shell; npx finds the installed bins and must never reach for the registry. */
const cleanEnv = { ...userEnv, npm_config_offline: "true" };

const versions: SmokeVersions = process.env.PETSTORE_SMOKE === "latest" ? "latest" : "pinned";
const companions =
  versions === "pinned"
    ? "vitest and TypeScript as package-lock.json pins them"
    : "vitest@latest and typescript@latest";

/** One install per msw major, shared by the describes that need it. */
const installs = new Map<2 | 3, Promise<InstalledKit>>();
const kitWith = (major: 2 | 3) => {
  const install = installs.get(major) ?? installPackedKit(major, versions);
  installs.set(major, install);
  return install;
};
afterAll(async () => {
  for (const install of installs.values()) await (await install.catch(() => undefined))?.remove();
});

describe.each([2, 3] as const)(`installed next to msw %i, ${companions}`, (major) => {
  let kit: InstalledKit;
  const inApp = (...parts: string[]) => join(kit.dir, ...parts);
  beforeAll(async () => {
    kit = await kitWith(major);
  }, installTimeoutMs);

  it(`installed msw ${major} without --force or --legacy-peer-deps`, () => {
    expect(kit.mswVersion.split(".")[0]).toBe(String(major));
  });

  it.skipIf(versions === "latest")(
    "installed every package, transitive ones included, at the version package-lock.json pins",
    async () => {
      const pins =
        major === 3
          ? await readLockedTree(kitLockPath)
          : {
              ...(await readLockedTree(kitLockPath)),
              ...(await readLockedTree(msw2LockPath)),
            };
      const installed = await readLockedTree(inApp("node_modules", ".package-lock.json"));
      const paths = Object.keys(installed).filter(
        (path) => path !== "node_modules/petstore-mock-kit",
      );
      expect(paths.length).toBeGreaterThan(50);
      const unpinned = paths.filter((path) => installed[path]?.version !== pins[path]?.version);
      expect(unpinned).toEqual([]);
      // Nothing missing, nothing outside a range that needs it.
      await run("npm", ["ls", "--all"], { cwd: kit.dir, env: cleanEnv });
    },
    60_000,
  );

  it("compiles a consumer of every entry with skipLibCheck: false", async () => {
    await writeFile(
      inApp("consumer.ts"),
      `import { createPetstoreStore, type Pet } from "petstore-mock-kit";
import { type PetstoreWorker, setupPetstoreWorker } from "petstore-mock-kit/browser";
import { setupPetstore } from "petstore-mock-kit/node";
import { startPetstoreServer } from "petstore-mock-kit/server";
import { type PetstoreTestFixture, test } from "petstore-mock-kit/vitest";

const store = await createPetstoreStore({ seed: 1 });
const pet: Pet | undefined = store.getPet(1);
const petstore = await setupPetstore({ apiKeys: ["k"] });
petstore.listen();
const server = await startPetstoreServer({ port: 0 });
const url: string = server.url;
const stop = (worker: PetstoreWorker): void | Promise<void> => worker.stop();
const fixtureTest = test.override({ petstoreOptions: { seed: 7 } });
const seedOf = (fixture: PetstoreTestFixture): number | undefined => fixture.options.seed;
// @ts-expect-error: seed is a number
await setupPetstore({ seed: "7" });
export { fixtureTest, pet, petstore, seedOf, setupPetstoreWorker, stop, url };
`,
    );
    await writeFile(
      inApp("tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ["ES2023", "DOM"],
          types: ["node"],
        },
        files: ["consumer.ts"],
      }),
    );
    const result = await run(inApp("node_modules", ".bin", "tsc"), ["-p", kit.dir], {
      cwd: kit.dir,
      env: cleanEnv,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(result.stdout).toBe("");
  }, 120_000);

  it.each([
    { name: "the README's vitest example", section: "node", imports: "node", passed: 1 },
    {
      name: "docs/testing.md's vitest-fixture example (petstore-mock-kit/vitest)",
      section: "vitest",
      imports: "vitest",
      passed: 2,
    },
  ])(
    "runs $name as written",
    async ({ section, imports, passed }) => {
      const example = codeBlocks(docSection("testing.md", section))[0];
      expect(example, `docs/testing.md section:${section} has a ts example`).toContain(
        `petstore-mock-kit/${imports}`,
      );
      await writeFile(inApp(`${section}.test.ts`), example ?? "");
      const { stdout } = await run(
        inApp("node_modules", ".bin", "vitest"),
        ["run", "--root", kit.dir, `${section}.test.ts`],
        { cwd: kit.dir, env: { ...cleanEnv, CI: "" } },
      );
      expect(stdout).toMatch(`${passed} passed`);
    },
    120_000,
  );

  it.skipIf(skipBrowserTests)(
    `says in Chromium how msw ${major}'s missing worker script is copied and kept in step`,
    async () => {
      const site = inApp(`site-msw-${major}`);
      await mkdir(site, { recursive: true });
      await build({
        stdin: {
          contents: `import { setupPetstoreWorker } from "petstore-mock-kit/browser";
            const petstore = await setupPetstoreWorker();
            petstore.start({ quiet: true }).then(() => console.log("started"), (error) => console.log(error.message));`,
          resolveDir: kit.dir,
        },
        bundle: true,
        platform: "browser",
        format: "esm",
        outfile: join(site, "app.js"),
        logLevel: "silent",
      });
      await writeFile(join(site, "index.html"), '<script type="module" src="/app.js"></script>\n');
      const server = await serveStatic(site);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const said: string[] = [];
        page.on("console", (message) => said.push(message.text()));
        await page.goto(`${server.url}/`);
        await expect
          .poll(() => said.find((text) => text.startsWith("[petstore-mock-kit] The msw worker")))
          .toBe(missingWorkerMessage(`${server.url}/mockServiceWorker.js`, major));
      } finally {
        await browser.close();
        await server.close();
      }
    },
    60_000,
  );

  it("makes a request no handler matches an error, even to a live local server", async () => {
    const script = `
      import { createServer } from "node:http";
      import { setupPetstore } from "petstore-mock-kit/node";
      const live = createServer((_request, response) => response.end("real network"));
      await new Promise((resolve) => live.listen(0, "127.0.0.1", resolve));
      const url = \`http://127.0.0.1:\${live.address().port}/other\`;
      const before = await (await fetch(url)).text();
      const petstore = await setupPetstore();
      petstore.listen();
      const after = await fetch(url).then((response) => response.text(), () => "error");
      petstore.close();
      live.close();
      console.log(JSON.stringify({ before, after }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "--eval", script], {
      cwd: kit.dir,
      env: cleanEnv,
      timeout: 30_000,
    });
    expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "")).toEqual({
      before: "real network",
      after: "error",
    });
  }, 60_000);
});

let kit: InstalledKit;
const inApp = (...parts: string[]) => join(kit.dir, ...parts);
const bin = (name: string) => inApp("node_modules", ".bin", name);

beforeAll(async () => {
  kit = await kitWith(3);
}, installTimeoutMs);

describe("the packed tarball, installed next to msw 3", () => {
  it("contains dist, openapi.yaml, the README and its docs (the container's Dockerfile among them), and no sources, tests, maps or dev-only tools", async () => {
    const { stdout } = await run("tar", ["-tzf", kit.tarball]);
    const files = stdout.trim().split("\n");
    expect(files).toContain("package/openapi.yaml");
    expect(files).toContain("package/README.md");
    expect(files).toContain("package/LICENSE");
    expect(files).toContain("package/docs/server.md");
    // docs/container.md: an npm user builds the image from these two (scripts/container/test.ts does).
    expect(files).toContain("package/docs/container/Dockerfile");
    expect(files).toContain("package/docs/container/entrypoint.sh");
    expect(files).toContain("package/dist/mocks/index.d.ts");
    // The dashboard ships prebuilt: its page, style, icon and one bundled script, no sources;
    // and the module that finds them, which the unbundled contract CLI imports.
    expect(files.filter((file) => file.startsWith("package/dist/mocks/dashboard/")).sort()).toEqual(
      [
        "package/dist/mocks/dashboard/assets.d.ts",
        "package/dist/mocks/dashboard/assets.js",
        "package/dist/mocks/dashboard/dashboard.css",
        "package/dist/mocks/dashboard/dashboard.js",
        "package/dist/mocks/dashboard/favicon.svg",
        "package/dist/mocks/dashboard/index.html",
      ],
    );
    expect(
      files.filter(
        (file) =>
          !/^package\/(dist\/|docs\/[\w-]+\.md$|docs\/container\/(Dockerfile|entrypoint\.sh)$|openapi\.yaml$|README\.md$|package\.json$|LICENSE)/.test(
            file,
          ),
      ),
    ).toEqual([]);
    expect(files.filter((file) => /\.test\.|test-support|\.map$|tsbuildinfo/.test(file))).toEqual(
      [],
    );
    // The Prism proxy needs @stoplight/prism-cli, a dev dependency: it runs from a clone only.
    expect(files.filter((file) => /prism-proxy|proxy-cli/.test(file))).toEqual([]);
  });

  it("installs without an install-script warning and names its repository, homepage and issues", async () => {
    // npm 11 lists every dependency with an install-time script it has not been allowed to run.
    expect(kit.installOutput).not.toMatch(/install-scripts[^\n]*petstore-mock-kit/);
    const installed = JSON.parse(
      await readFile(inApp("node_modules", "petstore-mock-kit", "package.json"), "utf8"),
    ) as {
      scripts?: Record<string, string>;
      repository?: { url?: string };
      homepage?: string;
      bugs?: { url?: string };
    };
    const installTime = ["preinstall", "install", "postinstall", "prepare"];
    expect(
      Object.keys(installed.scripts ?? {}).filter((name) => installTime.includes(name)),
    ).toEqual([]);
    const repository = "https://github.com/petstore-mock-kit/petstore-mock-kit";
    expect(installed.repository?.url).toBe(`git+${repository}.git`);
    expect(installed.homepage).toBe(`${repository}#readme`);
    expect(installed.bugs?.url).toBe(`${repository}/issues`);
  });

  it("imports every Node entry point; ./browser is refused in Node", async () => {
    const script = `
      const root = await import("petstore-mock-kit");
      const node = await import("petstore-mock-kit/node");
      const server = await import("petstore-mock-kit/server");
      const manifest = await import("petstore-mock-kit/package.json", { with: { type: "json" } });
      const { readFileSync } = await import("node:fs");
      const yaml = readFileSync(new URL(import.meta.resolve("petstore-mock-kit/openapi.yaml")), "utf8");
      let browser = "loaded";
      try { await import("petstore-mock-kit/browser"); } catch (error) { browser = error.code; }
      console.log(JSON.stringify({
        root: Object.keys(root).sort(),
        node: Object.keys(node).sort(),
        server: Object.keys(server).sort(),
        name: manifest.default.name,
        openapi: yaml.match(/^openapi: (.+)$/m)?.[1],
        browser,
      }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "--eval", script], {
      cwd: kit.dir,
      env: cleanEnv,
    });
    const found = JSON.parse(stdout) as Record<string, unknown>;
    expect(found.root).toEqual(
      expect.arrayContaining([
        "createPetstoreHandlers",
        "createPetstoreStore",
        "createPetstoreCore",
      ]),
    );
    expect(found.node).toContain("setupPetstore");
    expect(found.server).toContain("startPetstoreServer");
    expect(found.name).toBe("petstore-mock-kit");
    expect(found.openapi).toMatch(/^3\.1/);
    expect(found.browser).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED");
  });

  it("imports the root and ./pactum without pactum installed (an optional peer), and requires ./pactum", async () => {
    const script = `
      const { existsSync } = require("node:fs");
      const required = require("petstore-mock-kit/pactum");
      Promise.all([import("petstore-mock-kit"), import("petstore-mock-kit/pactum")]).then(async ([root, imported]) => {
        const refused = await imported.usePetstore({}, {}).then(() => "opened", (error) => error.message);
        console.log(JSON.stringify({
          pactum: existsSync("node_modules/pactum"),
          root: typeof root.createPetstoreStore,
          usePetstore: typeof imported.usePetstore,
          same: required.usePetstore === imported.usePetstore,
          refused,
        }));
      });
    `;
    const { stdout } = await run(process.execPath, ["--eval", script], {
      cwd: kit.dir,
      env: cleanEnv,
    });
    expect(JSON.parse(stdout)).toEqual({
      pactum: false,
      root: "function",
      usePetstore: "function",
      same: true,
      refused: expect.stringMatching(/usePetstore needs pactum itself, its default export/),
    });
  });

  it("requires the root, ./node and ./server from CommonJS, the same modules import gives", async () => {
    const script = `
      const { setupPetstore } = require("petstore-mock-kit/node");
      const server = require("petstore-mock-kit/server");
      const root = require("petstore-mock-kit");
      import("petstore-mock-kit/node").then((imported) => console.log(JSON.stringify({
        node: typeof setupPetstore,
        same: imported.setupPetstore === setupPetstore,
        server: typeof server.startPetstoreServer,
        root: typeof root.createPetstoreStore,
      })));
    `;
    const { stdout } = await run(process.execPath, ["--eval", script], {
      cwd: kit.dir,
      env: cleanEnv,
    });
    expect(JSON.parse(stdout)).toEqual({
      node: "function",
      same: true,
      server: "function",
      root: "function",
    });
  });

  it("loads faker only for a seed other than the default, and no @msw/data or es-toolkit files", async () => {
    const script = `
      import { registerHooks } from "node:module";
      const opened = [];
      registerHooks({ load(url, context, next) { opened.push(url); return next(url, context); } });
      const from = (name) => opened.filter((url) => url.includes("/node_modules/" + name + "/")).length;
      const { setupPetstore } = await import("petstore-mock-kit/node");
      const byDefault = await setupPetstore();
      const atDefault = { faker: from("@faker-js/faker"), data: from("@msw/data"), toolkit: from("es-toolkit") };
      const seeded = await setupPetstore({ seed: 7 });
      console.log(JSON.stringify({
        atDefault,
        fakerAtSeed7: from("@faker-js/faker") > 0,
        pets: [byDefault.store.count().pets, seeded.store.count().pets],
        differ: byDefault.store.getPet(1)?.name !== seeded.store.getPet(1)?.name
          || byDefault.store.getPet(2)?.name !== seeded.store.getPet(2)?.name,
      }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "--eval", script], {
      cwd: kit.dir,
      env: cleanEnv,
    });
    expect(JSON.parse(stdout)).toEqual({
      atDefault: { faker: 0, data: 0, toolkit: 0 },
      fakerAtSeed7: true,
      pets: [50, 50],
      differ: true,
    });
  });

  it("bundles ./browser and the root for browsers, and refuses ./node and ./server there", async () => {
    const bundle = (specifier: string) =>
      build({
        stdin: { contents: `export * from "${specifier}";`, resolveDir: kit.dir },
        bundle: true,
        platform: "browser",
        format: "esm",
        write: false,
        logLevel: "silent",
      });
    await expect(bundle("petstore-mock-kit/browser")).resolves.toBeDefined();
    await expect(bundle("petstore-mock-kit")).resolves.toBeDefined();
    await expect(bundle("petstore-mock-kit/node")).rejects.toThrow();
    await expect(bundle("petstore-mock-kit/server")).rejects.toThrow();
  }, 30_000);

  it("runs petstore-mock --version and petstore-contract --version", async () => {
    const manifest = JSON.parse(await readFile(join(repositoryRoot, "package.json"), "utf8"));
    for (const name of ["petstore-mock", "petstore-contract"]) {
      const { stdout } = await run(bin(name), ["--version"], { env: cleanEnv });
      expect(stdout, name).toBe(`${manifest.version}\n`);
    }
  });

  it("runs the README server section's npx command and answers its curl line", async () => {
    const section = docSection("server.md", "server");
    const command = /^(npx petstore-mock [^#\n]*?)\s*(?:#.*)?$/m.exec(section)?.[1];
    const curl = /^curl -H "([^"]+)" "http:\/\/[^/]+\/v1([^"]+)"/m.exec(section);
    expect(command, "README section:server has an npx petstore-mock line").toBeDefined();
    expect(curl, "README section:server has a curl line").not.toBeNull();
    const [name = "", value = ""] = (curl?.[1] ?? "").split(/:\s*/);
    // PORT=0 (the --port variable): the README's default 4000 may be taken on a shared machine.
    const mock = await serve(command ?? "", kit.dir, { PORT: "0" });
    try {
      const response = await fetch(`${mock.url}${curl?.[2]}`, { headers: { [name]: value } });
      expect(response.status).toBe(200);
      expect(await response.json()).toHaveLength(5);
      // The installed package serves its prebuilt dashboard (no esbuild in a user's install).
      const origin = new URL(mock.url).origin;
      for (const path of [
        "/__mock/",
        "/__mock/dashboard/dashboard.js",
        "/__mock/dashboard/dashboard.css",
        "/__mock/dashboard/favicon.svg",
        "/favicon.ico",
      ]) {
        expect((await fetch(`${origin}${path}`)).status, path).toBe(200);
      }
    } finally {
      await mock.stop();
    }
  }, 30_000);

  it("runs the README server section's npm start line in this repository", async () => {
    const section = docSection("server.md", "server");
    const line = /^(npm start -- [^#\n]*?)\s*(?:#.*)?$/m.exec(section)?.[1];
    expect(line, "README section:server has an npm start line with flags").toBeDefined();
    const key = /--api-key (\S+)/.exec(line ?? "")?.[1] ?? devKey;
    // Port 0 instead of the README's fixed port; prestart's build already ran in npm test.
    const command = `${(line ?? "").replace(/--port \d+/, "--port 0").replace(/^npm start/, "npm start --ignore-scripts")}`;
    const mock = await serve(command, repositoryRoot);
    try {
      const response = await fetch(`${mock.url}/pets?limit=1`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
    } finally {
      await mock.stop();
    }
  }, 30_000);

  it("runs the README server section's in-process example", async () => {
    const example = codeBlocks(docSection("server.md", "server")).find((block) =>
      block.includes("petstore-mock-kit/server"),
    );
    expect(example, "README section:server has an in-process example").toBeDefined();
    await writeFile(inApp("server-example.mjs"), example ?? "");
    await expect(
      run(process.execPath, ["server-example.mjs"], {
        cwd: kit.dir,
        env: cleanEnv,
        timeout: 20_000,
      }),
    ).resolves.toBeDefined();
  }, 30_000);

  it("runs petstore-contract --help and the README contract section's CI commands", async () => {
    const help = await run(bin("petstore-contract"), ["--help"], { env: cleanEnv });
    expect(help.stdout).toMatch(/Usage: petstore-contract --url URL \[--key KEY\]/);

    const section = docSection("contract.md", "contract");
    const fromCi = /^npx --package petstore-mock-kit petstore-contract .*$/m.exec(section)?.[0];
    const actions = /run: >\n\s*(npx [^\n]+)\n\s*(--[^\n]+)/.exec(section);
    expect(fromCi, "README section:contract has the npx command for CI").toBeDefined();
    expect(actions, "README section:contract has the GitHub Actions run step").not.toBeNull();

    const mock = await serve(`${bin("petstore-mock")} --port 0 --quiet`);
    try {
      // The docs lead with the key in PETSTORE_API_KEY (KEY for a command that still names it).
      const env = { ...cleanEnv, KEY: devKey, PETSTORE_API_KEY: devKey };
      const direct = await run(
        "sh",
        ["-c", (fromCi ?? "").replace(/https:\/\/\S+\/v1/, mock.url)],
        { cwd: kit.dir, env },
      );
      expect(direct.stdout).toMatch(/PASSED/);

      // The commands that load the mock's own code beside the CLI (a trace, a local mock).
      const checks = await run(bin("petstore-contract"), ["--list-checks"], { env: cleanEnv });
      expect(checks.stdout).toMatch(/^# Contract suite: interface rules/);
      const compared = await run(
        bin("petstore-contract"),
        ["--url", mock.url, "--key", devKey, "--compare-mock"],
        { env: cleanEnv },
      );
      expect(compared.stdout).toMatch(/PASSED/);

      const step = await run("sh", ["-c", `${actions?.[1]} ${actions?.[2]}`], {
        cwd: kit.dir,
        env: {
          ...env,
          PETSTORE_URL: mock.url,
          PETSTORE_API_KEY: devKey,
          GITHUB_STEP_SUMMARY: inApp("summary.md"),
        },
      });
      expect(step.stdout).toMatch(/PASSED/);
      expect(await readFile(inApp("contract-junit.xml"), "utf8")).toMatch(/<testsuites/);
      expect(await readFile(inApp("summary.md"), "utf8")).not.toBe("");
    } finally {
      await mock.stop();
    }
  }, 60_000);
});

/** The ts/js code blocks of a documented section, in order. */
const codeBlocks = (section: string): string[] => fencedBlocks(section, ["ts", "js"]);

/** Starts a server command in the user's shell; resolves with the first URL it prints. */
const serve = (line: string, cwd = kit.dir, env: NodeJS.ProcessEnv = {}) =>
  startServer(line, cwd, { ...cleanEnv, ...env });
