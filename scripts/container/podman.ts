/**
 * podman as this machine needs it: the runc runtime (crun fails on hybrid
 * cgroups) and no default ulimits (containers.conf in `CONTAINERS_CONF`).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Ran, run, succeed } from "./command.js";

export interface PodmanOptions {
  readonly cwd?: string;
  /** Variables added to podman's environment (for `--env NAME` without a value). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface Podman {
  /** Resolves with any exit code. */
  run(args: readonly string[], timeoutMs: number, options?: PodmanOptions): Promise<Ran>;
  /** Rejects unless the exit code is 0. */
  ok(args: readonly string[], timeoutMs: number, options?: PodmanOptions): Promise<Ran>;
}

/** Writes the containers.conf into `dir` and returns podman configured with it. */
export async function configuredPodman(dir: string): Promise<Podman> {
  const conf = join(dir, "containers.conf");
  await writeFile(conf, '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n');
  const argv = (args: readonly string[]) => ["--runtime", "runc", ...args];
  const runOptions = (timeoutMs: number, options: PodmanOptions = {}) => ({
    timeoutMs,
    cwd: options.cwd,
    env: { ...process.env, ...options.env, CONTAINERS_CONF: conf },
  });
  return {
    run: (args, timeoutMs, options) => run("podman", argv(args), runOptions(timeoutMs, options)),
    ok: (args, timeoutMs, options) => succeed("podman", argv(args), runOptions(timeoutMs, options)),
  };
}
