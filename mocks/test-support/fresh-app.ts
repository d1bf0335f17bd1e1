/**
 * A newcomer's fresh app in a temp dir, with the kit "installed" offline: the
 * kit (built to dist/) and the tools the README names are linked into its
 * node_modules, so `npx msw`, `npx esbuild` and `petstore-mock-kit/browser`
 * (through the kit's export map) resolve as after `npm install`.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { repositoryRoot } from "./repository.js";

const builtBrowserEntry = join(repositoryRoot, "dist/mocks/browser.js");

const linkedPackages = ["msw", "esbuild", "vite"] as const;
const linkedBins: Readonly<Record<string, string>> = {
  msw: "../msw/cli/index.js",
  esbuild: "../esbuild/bin/esbuild",
};

/** Writes the files into a new temp dir with a package.json and the linked node_modules. */
export async function createFreshApp(files: Readonly<Record<string, string>>): Promise<string> {
  if (!existsSync(builtBrowserEntry)) {
    throw new Error(`${builtBrowserEntry} is missing: run npm run build first`);
  }
  const dir = await mkdtemp(join(tmpdir(), "petstore-fresh-app-"));
  const all = {
    "package.json": `${JSON.stringify({ name: "my-app", private: true, type: "module" }, null, 2)}\n`,
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  await mkdir(join(dir, "node_modules/.bin"), { recursive: true });
  await symlink(repositoryRoot, join(dir, "node_modules/petstore-mock-kit"), "dir");
  for (const name of linkedPackages) {
    await symlink(
      join(repositoryRoot, "node_modules", name),
      join(dir, "node_modules", name),
      "dir",
    );
  }
  for (const [name, target] of Object.entries(linkedBins)) {
    await symlink(target, join(dir, "node_modules/.bin", name));
  }
  return dir;
}

/**
 * Runs one README shell command in the app, `npx tool` taken from the app's own
 * node_modules/.bin (as npx does when the tool is installed; never a download).
 */
export async function runCommand(dir: string, command: string): Promise<void> {
  const local = command.replace(/^npx (--yes )?/, "");
  await promisify(execFile)("bash", ["-c", local], {
    cwd: dir,
    env: { ...process.env, PATH: `${join(dir, "node_modules/.bin")}:${process.env.PATH ?? ""}` },
  });
}
