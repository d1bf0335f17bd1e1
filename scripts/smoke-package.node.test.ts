/**
 * The package as other projects get it: the packed tarball installed into a
 * fresh temporary project (offline), then every entry point imported, the
 * type declarations checked, both bins run (the CI conformance command against
 * the installed mock included), and the README's vitest example run on the
 * Node entry. Needs `dist/` (built by `npm test` before the tests).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledKit, installPackedKit, linkTools, repositoryRoot } from "./smoke-package.js";

const run = promisify(execFile);
const devKey = "petstore-dev-key";

/** The environment of a user's shell: none of this test runner's variables. */
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(VITEST|TEST$|NODE_OPTIONS$|TSX|PETSTORE_|PORT$)/.test(name),
  ),
);

let kit: InstalledKit;
const inApp = (...parts: string[]) => join(kit.dir, ...parts);
const bin = (name: string) => inApp("node_modules", ".bin", name);

beforeAll(async () => {
  kit = await installPackedKit();
}, 120_000);
afterAll(() => kit?.remove());

describe("the packed tarball, installed into a fresh project", () => {
  it("contains dist, openapi.yaml and the README, and no sources, tests or maps", async () => {
    const { stdout } = await run("tar", ["-tzf", kit.tarball]);
    const files = stdout.trim().split("\n");
    expect(files).toContain("package/openapi.yaml");
    expect(files).toContain("package/README.md");
    expect(files).toContain("package/dist/mocks/index.d.ts");
    expect(
      files.filter(
        (file) =>
          !/^package\/(dist\/|openapi\.yaml$|README\.md$|package\.json$|LICENSE)/.test(file),
      ),
    ).toEqual([]);
    expect(files.filter((file) => /\.test\.|test-support|\.map$|tsbuildinfo/.test(file))).toEqual(
      [],
    );
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
        "createPetstoreHandler",
      ]),
    );
    expect(found.node).toContain("setupPetstore");
    expect(found.server).toContain("startPetstoreServer");
    expect(found.name).toBe("petstore-mock-kit");
    expect(found.openapi).toMatch(/^3\.1/);
    expect(found.browser).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED");
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

  it("ships type declarations every entry resolves to (strict, NodeNext)", async () => {
    await linkTools(kit.dir, ["@types/node"]);
    await writeFile(
      inApp("consumer.ts"),
      `import { createPetstoreStore, type Pet } from "petstore-mock-kit";
import { setupPetstoreWorker } from "petstore-mock-kit/browser";
import { setupPetstore } from "petstore-mock-kit/node";
import { startPetstoreServer } from "petstore-mock-kit/server";

const store = await createPetstoreStore({ seed: 1 });
const pet: Pet | undefined = store.getPet(1);
const petstore = await setupPetstore({ apiKeys: ["k"] });
const server = await startPetstoreServer({ port: 0 });
const url: string = server.url;
// @ts-expect-error: seed is a number
await setupPetstore({ seed: "7" });
export { pet, petstore, setupPetstoreWorker, url };
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
          skipLibCheck: true,
          lib: ["ES2023", "DOM"],
          types: ["node"],
        },
        files: ["consumer.ts"],
      }),
    );
    const tsc = join(repositoryRoot, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", kit.dir]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(result.stdout).toBe("");
  }, 30_000);

  it("runs petstore-mock: --version, then serves requests", async () => {
    const manifest = JSON.parse(await readFile(join(repositoryRoot, "package.json"), "utf8"));
    const { stdout } = await run(bin("petstore-mock"), ["--version"], { env: cleanEnv });
    expect(stdout.trim()).toBe(manifest.version);

    const mock = await serve(bin("petstore-mock"), ["--port", "0"]);
    try {
      const response = await fetch(`${mock.url}/pets?limit=5`, {
        headers: { Authorization: `Bearer ${devKey}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toHaveLength(5);
    } finally {
      await mock.stop();
    }
  }, 30_000);

  it("runs petstore-contract: --help, and the CI conformance run against the installed mock", async () => {
    const help = await run(bin("petstore-contract"), ["--help"], { env: cleanEnv });
    expect(help.stdout).toMatch(/Usage: petstore-contract --url URL --key KEY/);

    const mock = await serve(bin("petstore-mock"), ["--port", "0", "--quiet"]);
    try {
      const conformance = await run(
        bin("petstore-contract"),
        ["--url", mock.url, "--key", devKey],
        {
          env: cleanEnv,
        },
      );
      expect(conformance.stdout).toMatch(/PASSED/);
    } finally {
      await mock.stop();
    }
  }, 60_000);

  it("runs the README's vitest example on the Node entry", async () => {
    await linkTools(kit.dir, ["vitest"]);
    const readme = await readFile(join(repositoryRoot, "README.md"), "utf8");
    const section = /<!-- section:node -->([\s\S]*?)<!-- \/section:node -->/.exec(readme)?.[1];
    const example = /```ts\n([\s\S]*?)```/.exec(section ?? "")?.[1];
    expect(example, "README section:node has a ts example").toMatch(/petstore-mock-kit\/node/);
    await writeFile(
      inApp("readme.test.ts"),
      `import { afterAll, afterEach, beforeAll, expect, test } from "vitest";\n${example}`,
    );
    const { stdout } = await run(
      process.execPath,
      [inApp("node_modules", "vitest", "vitest.mjs"), "run", "--root", kit.dir],
      { cwd: kit.dir, env: { ...cleanEnv, CI: "" } },
    );
    expect(stdout).toMatch(/1 passed/);
  }, 60_000);
});

interface Serving {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts a bin that prints its base URL, and resolves once it has. */
function serve(command: string, args: readonly string[]): Promise<Serving> {
  const child: ChildProcess = spawn(command, args, {
    env: cleanEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  let output = "";
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /(http:\/\/\S+\/v1)\b/.exec(output)?.[1];
      if (url) resolve({ url, stop });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then(() => reject(new Error(`${command} exited early: ${output}`)));
  });
}
