/**
 * The machine's Debian mirror and suite, read from its apt configuration
 * (`/etc/apt/sources.list` and `sources.list.d/*.list|*.sources`), so the
 * stand-in base image is bootstrapped from wherever this machine installs
 * packages from; no host is written down anywhere.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export interface AptSource {
  /** The archive's URI, e.g. `http://deb.debian.org/debian`. */
  readonly uri: string;
  /** A suite (distribution) of that archive, e.g. `bookworm`. */
  readonly suite: string;
}

export interface SourcesFile {
  readonly path: string;
  readonly text: string;
}

const uncommented = (line: string) => line.replace(/#.*/, "").trim();

/** `deb [signed-by=…] uri suite component…` lines. */
function oneLineSources(text: string): AptSource[] {
  const sources: AptSource[] = [];
  for (const line of text.split("\n").map(uncommented)) {
    const [type, ...rest] = line.replace(/\[[^\]]*\]/, " ").split(/\s+/);
    const [uri, suite] = rest;
    if (type === "deb" && uri && suite) sources.push({ uri, suite });
  }
  return sources;
}

/** deb822 stanzas: `Types:`, `URIs:`, `Suites:`, optionally `Enabled: no`. */
function deb822Sources(text: string): AptSource[] {
  const sources: AptSource[] = [];
  for (const stanza of text.split(/\n\s*\n/)) {
    const fields = new Map<string, string[]>();
    for (const line of stanza.split("\n")) {
      const field = /^([A-Za-z-]+):(.*)$/.exec(uncommented(line));
      if (field?.[1] && field[2] !== undefined) {
        fields.set(field[1].toLowerCase(), field[2].trim().split(/\s+/).filter(Boolean));
      }
    }
    if (!fields.get("types")?.includes("deb")) continue;
    if (fields.get("enabled")?.[0]?.toLowerCase() === "no") continue;
    for (const uri of fields.get("uris") ?? []) {
      for (const suite of fields.get("suites") ?? []) sources.push({ uri, suite });
    }
  }
  return sources;
}

/** Every binary-package source in the files, in the order apt reads them; other files are ignored. */
export function aptSources(files: readonly SourcesFile[]): AptSource[] {
  return files.flatMap(({ path, text }) => {
    if (path.endsWith(".sources")) return deb822Sources(text);
    if (path.endsWith(".list")) return oneLineSources(text);
    return [];
  });
}

/** Reads the machine's apt sources files (missing ones are skipped). */
export async function readAptSourcesFiles(aptDir = "/etc/apt"): Promise<SourcesFile[]> {
  const partsDir = join(aptDir, "sources.list.d");
  const parts = await readdir(partsDir).catch(() => [] as string[]);
  const paths = [join(aptDir, "sources.list"), ...parts.sort().map((name) => join(partsDir, name))];
  const files: SourcesFile[] = [];
  for (const path of paths) {
    const text = await readFile(path, "utf8").catch(() => undefined);
    if (text !== undefined) files.push({ path, text });
  }
  return files;
}

/**
 * The first source whose suite debootstrap knows (`isBootstrappable`): that
 * skips `-updates`, `-security` and third-party archives such as `nodistro`.
 */
export function bootstrapSource(
  sources: readonly AptSource[],
  isBootstrappable: (suite: string) => boolean,
): AptSource {
  const found = sources.find((source) => isBootstrappable(source.suite));
  if (!found) {
    const seen = sources.map((s) => `${s.uri} ${s.suite}`).join(", ") || "none";
    throw new Error(`no Debian suite debootstrap can install in the apt sources (seen: ${seen})`);
  }
  return found;
}
