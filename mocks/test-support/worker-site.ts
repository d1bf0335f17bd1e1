/**
 * A page for the browser tests: `entry` (TypeScript, bundled with esbuild)
 * as its only script, beside msw's worker script, served on 127.0.0.1 from a
 * temp dir that `close()` removes.
 */
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { type StaticServer, serveStatic } from "./static-server.js";

const workerScript = fileURLToPath(
  new URL("../../examples/browser/public/mockServiceWorker.js", import.meta.url),
);

export async function serveWorkerSite(entry: string): Promise<StaticServer> {
  const dir = await mkdtemp(join(tmpdir(), "petstore-worker-site-"));
  await writeFile(join(dir, "entry.ts"), entry);
  await build({
    entryPoints: [join(dir, "entry.ts")],
    bundle: true,
    format: "esm",
    outfile: join(dir, "app.js"),
    logLevel: "warning",
  });
  await writeFile(
    join(dir, "index.html"),
    '<!doctype html>\n<html lang="en"><body><script type="module" src="/app.js"></script></body></html>\n',
  );
  await copyFile(workerScript, join(dir, "mockServiceWorker.js"));
  const server = await serveStatic(dir);
  return {
    url: server.url,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
