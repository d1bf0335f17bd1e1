/**
 * podman as this machine needs it: the runc runtime (crun fails on hybrid
 * cgroups) and no default ulimits (containers.conf in `CONTAINERS_CONF`).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Ran, run, succeed } from "./command.js";

export interface Podman {
  /** Resolves with any exit code. */
  run(args: readonly string[], timeoutMs: number, cwd?: string): Promise<Ran>;
  /** Rejects unless the exit code is 0. */
  ok(args: readonly string[], timeoutMs: number, cwd?: string): Promise<Ran>;
}

/** Writes the containers.conf into `dir` and returns podman configured with it. */
export async function configuredPodman(dir: string): Promise<Podman> {
  const conf = join(dir, "containers.conf");
  await writeFile(conf, '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n');
  const env = { ...process.env, CONTAINERS_CONF: conf };
  const argv = (args: readonly string[]) => ["--runtime", "runc", ...args];
  return {
    run: (args, timeoutMs, cwd) => run("podman", argv(args), { timeoutMs, env, cwd }),
    ok: (args, timeoutMs, cwd) => succeed("podman", argv(args), { timeoutMs, env, cwd }),
  };
}
