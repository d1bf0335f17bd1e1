/**
 * A tiny static file server on 127.0.0.1 and an ephemeral port: all the demo
 * needs, since every API answer comes from the service worker. With
 * `htmlFallback`, unknown paths get index.html, as dev servers answer.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

export interface StaticServer {
  /** The origin, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  close(): Promise<void>;
}

export async function serveStatic(
  root: string,
  options: { htmlFallback?: boolean } = {},
): Promise<StaticServer> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const relative = normalize(pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    const file = join(root, relative);
    const inside = file.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
    const candidates = inside ? [file] : [];
    if (options.htmlFallback) candidates.push(join(root, "index.html"));
    for (const candidate of candidates) {
      try {
        const body = await readFile(candidate);
        const type = contentTypes[extname(candidate)] ?? "application/octet-stream";
        response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
        response.end(body);
        return;
      } catch {
        // try the next candidate
      }
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
