/** The kit's own files (package.json, openapi.yaml), found from this module in source or dist. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageName = "petstore-mock-kit";

/** The folder of the kit's package.json above this module, or undefined when there is none. */
function packageRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && packageJson(manifest).name === packageName) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function packageJson(path: string): { name?: string; version?: string } {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as { name?: string; version?: string };
  } catch {
    return {};
  }
}

/** This kit's version, or "unknown". */
export function kitVersion(): string {
  const root = packageRoot();
  return (root && packageJson(join(root, "package.json")).version) || "unknown";
}

/** A file at the kit's root, e.g. `openapi.yaml`. */
export function kitFile(name: string): string {
  const root = packageRoot();
  if (!root) throw new Error(`${name} not found: no ${packageName} package.json above this module`);
  return join(root, name);
}
